/** countRedirect: the transaction that adds one to settings/redirect.redirect_count. */
import type { DocumentData, Firestore } from 'firebase-admin/firestore';
import { logger } from 'firebase-functions/logger';
import { functionsConfig } from './config.js';

/** What one countRedirect call does with the settings it read. */
export type RedirectCountPlan = { write: true; count: number } | { write: false; count: number };

/**
 * A redirect is counted only when a link is configured: with no settings document or an empty
 * `whatsapp_link` the page has nowhere to send the visitor, so nothing is written.
 */
export function planRedirectCount(data: DocumentData | undefined): RedirectCountPlan {
  const current =
    typeof data?.redirect_count === 'number' && Number.isFinite(data.redirect_count)
      ? data.redirect_count
      : 0;
  const link = typeof data?.whatsapp_link === 'string' ? data.whatsapp_link.trim() : '';
  if (!data || link === '') return { write: false, count: current };
  return { write: true, count: current + 1 };
}

/** Runs the read-increment-write in one transaction; returns the count after this call. */
export async function countRedirect(db: Firestore): Promise<number> {
  const ref = db.doc(functionsConfig.redirectSettingsPath);
  const plan = await db.runTransaction(
    async (tx) => {
      const snap = await tx.get(ref);
      const next = planRedirectCount(snap.data());
      if (next.write) tx.update(ref, { redirect_count: next.count });
      return next;
    },
    // Every page load of a busy redirect page contends on this one document.
    { maxAttempts: 20 },
  );
  if (!plan.write) logger.info('countRedirect: no link configured, nothing counted');
  return plan.count;
}
