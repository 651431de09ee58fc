/**
 * Retention (LGPD: personal data is kept no longer than needed): leads that stayed in the trash longer than the configured number of
 * days are deleted for good, with their subcollections (notes, timeline). Off by default, as the
 * original app behaves (90 days suggested). Run daily by a scheduled function in production, and
 * by an admin's 'Aplicar agora' (locally, where the Pub/Sub emulator that runs schedules needs
 * Java). Each run adds an audit entry: when, how many, the setting, which admin ran it (or the
 * schedule): nothing about the leads. Admins read those entries live (firestore.rules).
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

/** Who runs it: the daily schedule, or an admin (their uid and e-mail, for the log). */
export type RetentionTrigger =
  { kind: 'schedule' } | { kind: 'admin'; uid: string; email: string | null };

/** Leads per query page: deletes go through the BulkWriter of recursiveDelete. */
const pageSize = 300;

const dayMs = 24 * 60 * 60 * 1000;

/** The moment before which a lead trashed then has stayed longer than `trashDays`. */
const cutoffOf = (now: Date, trashDays: number) => new Date(now.getTime() - trashDays * dayMs);

/** Leads trashed before `cutoff` (a range on deleted_at leaves out the active leads, deleted_at null). */
const dueQuery = (db: Firestore, cutoff: Date) =>
  db
    .collection(functionsConfig.leadsCollection)
    .where('deleted_at', '<', Timestamp.fromDate(cutoff))
    .orderBy('deleted_at');

/** What 'Aplicar agora' would delete now: the setting, the moment it counts from, how many. */
export interface RetentionPreview {
  trashDays: number | null;
  /** ISO; null when retention is off. */
  cutoff: string | null;
  /** Leads trashed before `cutoff`; 0 when off. */
  due: number;
}

/** The setting and how many leads a run would delete now (one count aggregation). */
export async function previewRetention(
  db: Firestore,
  now: Date = new Date(),
): Promise<RetentionPreview> {
  const { trashDays } = await readRetention(db);
  if (trashDays === null) return { trashDays, cutoff: null, due: 0 };
  const cutoff = cutoffOf(now, trashDays);
  const due = (await dueQuery(db, cutoff).count().get()).data().count;
  return { trashDays, cutoff: cutoff.toISOString(), due };
}

/**
 * 'Aplicar agora' takes no arguments, or `{ cutoff }`: the moment its confirmation counted from
 * (ISO), so it deletes the leads the admin was told about and not one that crossed the line while
 * the dialog was open.
 */
export function applyInput(data: unknown): { cutoff: Date | null } {
  if (data === null || data === undefined) return { cutoff: null };
  const keys = typeof data === 'object' && !Array.isArray(data) ? Object.keys(data) : null;
  const raw = (data as { cutoff?: unknown }).cutoff;
  if (keys?.length === 0) return { cutoff: null };
  const cutoff = typeof raw === 'string' ? new Date(raw) : null;
  if (keys?.join() !== 'cutoff' || !cutoff || Number.isNaN(cutoff.getTime())) {
    throw new HttpsError('invalid-argument', 'Send nothing, or { cutoff } as an ISO date.');
  }
  return { cutoff };
}

/**
 * Deletes every lead whose `deleted_at` is older than the setting allows (and than `before`, when
 * given: never a lead the setting keeps), then writes the audit entry: who ran it (the schedule, or
 * an admin's uid and e-mail), the setting and how many, nothing about the leads.
 */
export async function applyRetention(
  db: Firestore,
  trigger: RetentionTrigger,
  now: Date = new Date(),
  before: Date | null = null,
): Promise<RetentionRun> {
  const { trashDays } = await readRetention(db);
  if (trashDays === null) return { deleted: 0, trashDays: null, cutoff: null };
  const allowed = cutoffOf(now, trashDays);
  const cutoff = before && before < allowed ? before : allowed;
  let deleted = 0;
  for (;;) {
    const page = await dueQuery(db, cutoff).limit(pageSize).get();
    if (page.empty) break;
    for (const doc of page.docs) await db.recursiveDelete(doc.ref);
    deleted += page.size;
    if (page.size < pageSize) break;
  }
  await db.collection(functionsConfig.privacyAuditCollection).add({
    kind: 'retention',
    at: Timestamp.fromDate(now),
    by: trigger.kind === 'admin' ? trigger.uid : 'schedule',
    by_email: trigger.kind === 'admin' ? trigger.email : null,
    trash_days: trashDays,
    deleted,
  });
  return { deleted, trashDays, cutoff: cutoff.toISOString() };
}
