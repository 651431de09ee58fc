/**
 * Retention (LGPD: personal data is kept no longer than needed): leads that stayed in the trash longer than the configured number of
 * days are deleted for good, with their subcollections (notes, timeline). Off by default, as the
 * original app behaves (90 days suggested). Run daily by a scheduled function in production, and
 * by an admin's 'Aplicar agora' (locally, where the Pub/Sub emulator that runs schedules needs
 * Java). Each run adds an audit entry: when, how many, the setting: no personal data.
 */
import { Timestamp, type Firestore } from 'firebase-admin/firestore';
import { HttpsError } from 'firebase-functions/https';
import { functionsConfig } from './config.js';

/** Bounds of the setting (days); null turns retention off. */
export const retentionDayLimits = { min: 1, max: 3650, suggested: 90 } as const;

export interface RetentionSettings {
  trashDays: number | null;
}

/** The stored setting, read strictly: anything but a whole number of days in bounds is off. */
export function parseRetention(data: Record<string, unknown> | undefined): RetentionSettings {
  const days = data?.trash_days;
  return {
    trashDays:
      typeof days === 'number' &&
      Number.isInteger(days) &&
      days >= retentionDayLimits.min &&
      days <= retentionDayLimits.max
        ? days
        : null,
  };
}

/** A callable's `{ trashDays }`: a whole number of days in bounds, or null (off). */
export function retentionInput(data: unknown): RetentionSettings {
  const days = (data as { trashDays?: unknown } | null)?.trashDays;
  if (
    data === null ||
    typeof data !== 'object' ||
    Object.keys(data).some((key) => key !== 'trashDays') ||
    !(
      days === null ||
      (typeof days === 'number' &&
        Number.isInteger(days) &&
        days >= retentionDayLimits.min &&
        days <= retentionDayLimits.max)
    )
  ) {
    throw new HttpsError(
      'invalid-argument',
      `trashDays is null (off) or a whole number from ${retentionDayLimits.min} to ${retentionDayLimits.max}.`,
    );
  }
  return { trashDays: days as number | null };
}

export async function readRetention(db: Firestore): Promise<RetentionSettings> {
  const snap = await db.doc(functionsConfig.retentionSettingsPath).get();
  return parseRetention(snap.data());
}

export async function saveRetention(
  db: Firestore,
  settings: RetentionSettings,
  by: string,
): Promise<void> {
  await db.doc(functionsConfig.retentionSettingsPath).set({
    trash_days: settings.trashDays,
    updated_at: Timestamp.now(),
    updated_by: by,
  });
}

/** What one run did. */
export interface RetentionRun {
  /** Leads deleted for good (with their subcollections). */
  deleted: number;
  /** The setting it applied; null: retention is off and nothing was looked at. */
  trashDays: number | null;
  /** Trashed before this moment (ISO) were deleted. */
  cutoff: string | null;
}

/** Leads per query page: deletes go through the BulkWriter of recursiveDelete. */
const pageSize = 300;

/**
 * Deletes every lead whose `deleted_at` is older than the setting allows, then writes the audit
 * entry. `trigger` says who ran it: the schedule, or an admin (their uid).
 */
export async function applyRetention(
  db: Firestore,
  trigger: { kind: 'schedule' } | { kind: 'admin'; uid: string },
  now: Date = new Date(),
): Promise<RetentionRun> {
  const { trashDays } = await readRetention(db);
  if (trashDays === null) return { deleted: 0, trashDays: null, cutoff: null };
  const cutoff = new Date(now.getTime() - trashDays * 24 * 60 * 60 * 1000);
  const leads = db.collection(functionsConfig.leadsCollection);
  let deleted = 0;
  for (;;) {
    // A range on deleted_at leaves out the active leads (deleted_at null).
    const page = await leads
      .where('deleted_at', '<', Timestamp.fromDate(cutoff))
      .orderBy('deleted_at')
      .limit(pageSize)
      .get();
    if (page.empty) break;
    for (const doc of page.docs) await db.recursiveDelete(doc.ref);
    deleted += page.size;
    if (page.size < pageSize) break;
  }
  await db.collection(functionsConfig.privacyAuditCollection).add({
    kind: 'retention',
    at: Timestamp.fromDate(now),
    by: trigger.kind === 'admin' ? trigger.uid : 'schedule',
    trash_days: trashDays,
    deleted,
  });
  return { deleted, trashDays, cutoff: cutoff.toISOString() };
}

/** The latest audit entries (retention runs and erasures), newest first, as plain JSON. */
export async function recentAudit(db: Firestore, limit = 10) {
  const snap = await db
    .collection(functionsConfig.privacyAuditCollection)
    .orderBy('at', 'desc')
    .limit(limit)
    .get();
  return snap.docs.map((doc) => {
    const data = doc.data();
    return {
      kind: String(data.kind),
      at: data.at instanceof Timestamp ? data.at.toDate().toISOString() : null,
      by: String(data.by ?? ''),
      deleted: typeof data.deleted === 'number' ? data.deleted : 0,
      trashDays: typeof data.trash_days === 'number' ? data.trash_days : null,
    };
  });
}
