/**
 * The counters' functions: the trigger that counts every write of a lead (once per event:
 * lead-stats-writer.ts), and what the reconcile's callable accepts.
 */
import type { Firestore } from 'firebase-admin/firestore';
import { onDocumentWritten } from 'firebase-functions/firestore';
import { logger } from 'firebase-functions/logger';
import { HttpsError } from 'firebase-functions/https';
import { collections } from '@vagas/common';
import { defaultReconcileDays, maxReconcileDays } from './lead-stats-reconcile.js';
import { applyLeadStatsEvent } from './lead-stats-writer.js';

/**
 * leads/{leadId}: every create, change and delete into `stats/leads` and its day's `stats_daily`.
 * Retried until it succeeds (the ledger makes a retry harmless); a bulk change of thousands of
 * leads all write the one `stats/leads` document, so their transactions queue on it.
 */
export function leadStatsTrigger(db: Firestore) {
  return onDocumentWritten(
    { document: `${collections.leads}/{leadId}`, retry: true, concurrency: 80, maxInstances: 20 },
    async (event) => {
      const outcome = await applyLeadStatsEvent(
        db,
        event.id,
        event.data?.before?.exists ? event.data.before.data() : undefined,
        event.data?.after?.exists ? event.data.after.data() : undefined,
      );
      if (outcome === 'duplicate') {
        logger.info('stats: event already counted', {
          eventId: event.id,
          leadId: event.params.leadId,
        });
      }
    },
  );
}

/** `reconcileLeadStats`'s input: nothing, `{}` or `{ days }` (a whole number, 1 to 400). */
export function reconcileInput(data: unknown): { days: number } {
  if (data === undefined || data === null) return { days: defaultReconcileDays };
  const days = (data as { days?: unknown }).days;
  if (
    typeof data !== 'object' ||
    Array.isArray(data) ||
    Object.keys(data).some((key) => key !== 'days') ||
    !(
      days === undefined ||
      (typeof days === 'number' && Number.isInteger(days) && days >= 1 && days <= maxReconcileDays)
    )
  ) {
    throw new HttpsError(
      'invalid-argument',
      `days is a whole number of days from 1 to ${maxReconcileDays} (default ${defaultReconcileDays}).`,
    );
  }
  return { days: days ?? defaultReconcileDays };
}
