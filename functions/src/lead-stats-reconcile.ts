/**
 * The counters recomputed from the leads: what corrects a dropped event, a write made with the
 * triggers off (the seeds) or the counters' first fill after a deploy. `stats/leads` from
 * aggregation queries (each status not in the trash, the trash, each job of the vacancies and of
 * the counters, each status of each job with leads), and the `stats_daily` documents of a window
 * of São Paulo days rebuilt from the leads created in it. Run daily by a schedule and on demand
 * by an admin (reconcileLeadStats); the seeds call it directly (it needs only the admin SDK). A
 * lead written while it runs may be off by one until the next run: the trigger's increment and
 * this overwrite do not serialize.
 */
import {
  FieldPath,
  FieldValue,
  Timestamp,
  type DocumentData,
  type Firestore,
  type Query,
} from 'firebase-admin/firestore';
import {
  collections,
  dailyStatsFields as daily,
  leadsStatsFields as leads,
  statsAddDays,
  statsDayKey,
  statsDayStart,
  statsJobKeyCap,
  statsMapKeyCap,
} from '@vagas/common';
import {
  countInDay,
  countedLead,
  countedStatuses,
  emptyDayDelta,
  isStorableKey,
  storable,
  type Counts,
  type DayDelta,
  type JobCounts,
} from './lead-stats.js';
import { dailyStatsRef, leadsStatsRef } from './lead-stats-writer.js';

/** Days rebuilt when none are asked for: yesterday's late events and today. */
export const defaultReconcileDays = 2;
/** Most days an admin may ask to rebuild in one call. */
export const maxReconcileDays = 400;

export interface ReconcileOptions {
  /** São Paulo days to rebuild, today included; 'all': back to the oldest lead's day. */
  days?: number | 'all';
  now?: Date;
}

export interface ReconcileResult {
  /**
   * Each counter of `stats/leads` that was wrong: 'trashed', 'active.novo', 'vaga_all_time.<job>',
   * 'active_by_vaga.<job>.<status>'.
   */
  corrected: Record<string, { was: number; now: number }>;
  /** Days rebuilt, and those whose document was wrong (or missing with leads that day). */
  days: number;
  daysCorrected: string[];
  /** Document reads Firestore bills for the run (an aggregation: 1 per 1,000 counted, at least 1). */
  reads: number;
}

/** The billed reads of a run, added up as it goes. */
type Reads = { total: number };

const pageSize = 5000;
const numberOf = (value: unknown) => (typeof value === 'number' ? value : 0);
const countsOf = (value: unknown): Counts =>
  value && typeof value === 'object'
    ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, numberOf(v)]))
    : {};
const jobCountsOf = (value: unknown): JobCounts =>
  value && typeof value === 'object'
    ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, countsOf(v)]))
    : {};

async function countOf(query: Query, reads: Reads): Promise<number> {
  const count = (await query.count().get()).data().count;
  reads.total += Math.max(1, Math.ceil(count / 1000));
  return count;
}

/** Every job value the vacancies name, open or closed. */
async function vacancyJobs(db: Firestore, reads: Reads): Promise<string[]> {
  const snapshot = await db.collection(collections.vacancies).where('kind', '==', 'job').get();
  reads.total += Math.max(1, snapshot.size);
  return snapshot.docs.map((d) => d.get('value')).filter((v): v is string => typeof v === 'string');
}

/**
 * `active_by_vaga` recomputed: each status of each job that has leads at all (`jobCounts`), a
 * count each; jobs without an active lead left out (the trigger adds a job at its first one).
 * Past `statsJobKeyCap` jobs, those with the most active leads keep their place.
 */
async function exactJobStatuses(
  db: Firestore,
  statuses: readonly string[],
  jobCounts: Counts,
  reads: Reads,
): Promise<JobCounts> {
  const active = db.collection(collections.leads).where('deleted_at', '==', null);
  const jobs = Object.keys(jobCounts).filter((vaga) => (jobCounts[vaga] ?? 0) > 0);
  const counted = await Promise.all(
    jobs.map(async (vaga) => {
      const byJob = active.where('vaga', '==', vaga);
      const n = await Promise.all(
        statuses.map((s) => countOf(byJob.where('status', '==', s), reads)),
      );
      const counts = Object.fromEntries(statuses.map((s, i) => [s, n[i]!]).filter(([, c]) => c));
      return [vaga, counts, n.reduce((sum, c) => sum + c, 0)] as const;
    }),
  );
  const kept = counted
    .filter(([, , total]) => total > 0)
    .sort(([a, , x], [b, , y]) => y - x || a.localeCompare(b))
    .slice(0, statsJobKeyCap);
  return Object.fromEntries(kept.map(([vaga, counts]) => [vaga, counts]));
}

/** `stats/leads` recomputed with aggregation queries (1 read per 1,000 leads counted). */
async function exactLeadsStats(db: Firestore, stored: DocumentData | undefined, reads: Reads) {
  const all = db.collection(collections.leads);
  const active = all.where('deleted_at', '==', null);
  const statuses = [...new Set([...countedStatuses, ...Object.keys(countsOf(stored?.active))])];
  const jobs = [
    ...new Set([
      ...(await vacancyJobs(db, reads)),
      ...Object.keys(countsOf(stored?.vaga_all_time)),
      ...Object.keys(jobCountsOf(stored?.active_by_vaga)),
    ]),
  ].filter(isStorableKey);
  const [activeCounts, trashed, jobCounts] = await Promise.all([
    Promise.all(statuses.map((s) => countOf(active.where('status', '==', s), reads))),
    countOf(all.where('deleted_at', '!=', null), reads),
    Promise.all(jobs.map((vaga) => countOf(all.where('vaga', '==', vaga), reads))),
  ]);
  const vagaAllTime = Object.fromEntries(jobs.map((vaga, i) => [vaga, jobCounts[i]!]));
  return {
    active: Object.fromEntries(statuses.map((s, i) => [s, activeCounts[i]!])),
    trashed,
    vagaAllTime,
    activeByVaga: await exactJobStatuses(db, statuses, vagaAllTime, reads),
  };
}

/** Each counter of `stats/leads` whose stored value differs from the exact one. */
function corrections(
  stored: DocumentData | undefined,
  exact: Awaited<ReturnType<typeof exactLeadsStats>>,
) {
  const corrected: ReconcileResult['corrected'] = {};
  const check = (label: string, was: number, now: number) => {
    if (was !== now) corrected[label] = { was, now };
  };
  check(leads.trashed, numberOf(stored?.trashed), exact.trashed);
  const storedActive = countsOf(stored?.active);
  for (const [status, n] of Object.entries(exact.active)) {
    check(`${leads.active}.${status}`, storedActive[status] ?? 0, n);
  }
  const storedJobs = countsOf(stored?.vaga_all_time);
  for (const [v, n] of Object.entries(exact.vagaAllTime)) {
    check(`${leads.vagaAllTime}.${v}`, storedJobs[v] ?? 0, n);
  }
  // A job the stored map does not hold was never shown from it (the panel counted it): only a
  // job it holds can have been wrong on screen.
  const storedByJob = jobCountsOf(stored?.active_by_vaga);
  for (const [v, counts] of Object.entries(storedByJob)) {
    const exactCounts = exact.activeByVaga[v] ?? {};
    for (const status of new Set([...Object.keys(counts), ...Object.keys(exactCounts)])) {
      check(`${leads.activeByVaga}.${v}.${status}`, counts[status] ?? 0, exactCounts[status] ?? 0);
    }
  }
  return corrected;
}

/** A capped map rebuilt: the `cap` largest counts keep their keys, the rest is 'other'. */
function capped(counts: Counts, cap = statsMapKeyCap): { counts: Counts; other: number } {
  const sorted = Object.entries(counts)
    .filter(([, n]) => n !== 0)
    .sort(([a, x], [b, y]) => y - x || a.localeCompare(b));
  const kept = sorted.filter(([key]) => isStorableKey(key)).slice(0, cap);
  const keptKeys = new Set(kept.map(([key]) => key));
  const other = sorted.filter(([key]) => !keptKeys.has(key)).reduce((sum, [, n]) => sum + n, 0);
  return { counts: Object.fromEntries(kept), other };
}

/** A day's document as the rebuild writes it (plain numbers). */
export function dayDocument(day: string, tally: DayDelta): DocumentData {
  const source = capped(tally.source);
  const campaign = capped(tally.campaign);
  return {
    [daily.day]: day,
    [daily.start]: Timestamp.fromDate(statsDayStart(day)),
    [daily.total]: tally.total,
    [daily.vaga]: storable(tally.vaga),
    [daily.cidade]: storable(tally.cidade),
    [daily.status]: storable(tally.status),
    [daily.sourced]: tally.sourced,
    [daily.source]: source.counts,
    [daily.sourceOther]: source.other,
    [daily.sourceFbclidOnly]: tally.sourceFbclidOnly,
    [daily.sourceNoUtm]: tally.sourceNoUtm,
    [daily.campaign]: campaign.counts,
    [daily.campaignOther]: campaign.other,
  };
}

/** The counts of a day's document, zeros left out, for comparing a stored day with a rebuilt one. */
function dayFigures(document: DocumentData | undefined): string {
  if (!document) return '{}';
  const figures: Record<string, unknown> = {};
  for (const field of Object.values(daily)) {
    if (field === daily.day || field === daily.start) continue;
    const value: unknown = document[field];
    if (typeof value === 'number') {
      if (value !== 0) figures[field] = value;
    } else if (value && typeof value === 'object') {
      const counts = Object.entries(countsOf(value)).filter(([, n]) => n !== 0);
      if (counts.length)
        figures[field] = Object.fromEntries(counts.sort(([a], [b]) => (a < b ? -1 : 1)));
    }
  }
  return JSON.stringify(figures);
}

/** How many São Paulo days, today included, reach back to the oldest lead's day. */
async function daysSinceOldestLead(db: Firestore, today: string): Promise<number> {
  const oldest = await db.collection(collections.leads).orderBy('created_at').limit(1).get();
  const created: unknown = oldest.docs[0]?.get('created_at');
  if (!(created instanceof Timestamp)) return 1;
  const first = statsDayKey(created.toDate());
  return Math.max(
    1,
    Math.round((statsDayStart(today).getTime() - statsDayStart(first).getTime()) / 86_400_000) + 1,
  );
}

/** The tallies of the leads created from `first` (a day key) to the end of `today`. */
async function tallyDays(db: Firestore, first: string, today: string, reads: Reads) {
  const tallies = new Map<string, DayDelta>();
  const base = db
    .collection(collections.leads)
    .where('created_at', '>=', statsDayStart(first))
    .where('created_at', '<', statsDayStart(statsAddDays(today, 1)))
    .orderBy('created_at')
    .orderBy(FieldPath.documentId())
    .select('created_at', 'deleted_at', 'status', 'vaga', 'cidade', 'source')
    .limit(pageSize);
  let page = await base.get();
  for (;;) {
    reads.total += Math.max(1, page.size);
    for (const snapshot of page.docs) {
      const lead = countedLead(snapshot.data());
      if (!lead?.day) continue;
      const tally = tallies.get(lead.day) ?? emptyDayDelta();
      countInDay(tally, lead, 1);
      tallies.set(lead.day, tally);
    }
    if (page.size < pageSize) return tallies;
    page = await base.startAfter(page.docs[page.docs.length - 1]!).get();
  }
}

/** Rebuilds the days' documents; returns the days whose stored document was wrong. */
async function rebuildDays(
  db: Firestore,
  days: number,
  today: string,
  reads: Reads,
): Promise<string[]> {
  const first = statsAddDays(today, -(days - 1));
  const keys = Array.from({ length: days }, (_, i) => statsAddDays(first, i));
  const [tallies, stored] = await Promise.all([
    tallyDays(db, first, today, reads),
    db.getAll(...keys.map((day) => dailyStatsRef(db, day))),
  ]);
  const wrong: string[] = [];
  for (let start = 0; start < keys.length; start += 400) {
    const batch = db.batch();
    keys.slice(start, start + 400).forEach((day, j) => {
      const rebuilt = dayDocument(day, tallies.get(day) ?? emptyDayDelta());
      if (dayFigures(stored[start + j]?.data()) !== dayFigures(rebuilt)) wrong.push(day);
      batch.set(dailyStatsRef(db, day), rebuilt);
    });
    await batch.commit();
  }
  return wrong;
}

/** Recomputes `stats/leads` and rebuilds the window's days; says what was wrong. */
export async function reconcileLeadStats(
  db: Firestore,
  options: ReconcileOptions = {},
): Promise<ReconcileResult> {
  const today = statsDayKey(options.now ?? new Date());
  const days =
    options.days === 'all'
      ? await daysSinceOldestLead(db, today)
      : (options.days ?? defaultReconcileDays);
  // The stored counters, the oldest lead when asked, and each stored day: a read each.
  const reads: Reads = { total: 1 + (options.days === 'all' ? 1 : 0) + days };
  const stored = (await leadsStatsRef(db).get()).data();
  const exact = await exactLeadsStats(db, stored, reads);
  const daysCorrected = await rebuildDays(db, days, today, reads);
  await leadsStatsRef(db).set({
    [leads.active]: exact.active,
    [leads.trashed]: exact.trashed,
    [leads.vagaAllTime]: exact.vagaAllTime,
    [leads.activeByVaga]: exact.activeByVaga,
    [leads.updatedAt]: FieldValue.serverTimestamp(),
    [leads.reconciledAt]: FieldValue.serverTimestamp(),
  });
  return { corrected: corrections(stored, exact), days, daysCorrected, reads: reads.total };
}
