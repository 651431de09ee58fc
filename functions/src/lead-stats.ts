/**
 * What one change of a lead does to the counters (`stats/leads`, `stats_daily/{day}`;
 * `@vagas/common` stats.ts): a lead before and after the write, as deltas. Pure, so every case (a
 * create, a status change, the trash, a restore, a delete, a new `created_at`, a held lead
 * released, a new job, a source) is tested without Firestore. A change is the lead after counted
 * +1 and the lead before counted -1, so deltas add up in any order.
 */
import { statsDayKey, statsJobKeyCap, statsLeadStatuses, statsMapKeyCap } from '@vagas/common';

/** Value -> count. */
export type Counts = Record<string, number>;

/** What a stored lead is counted by. */
export interface CountedLead {
  trashed: boolean;
  status: string | null;
  vaga: string | null;
  cidade: string | null;
  /** The São Paulo day of `created_at` (null without one). */
  day: string | null;
  /** Null when the lead carries no `source` object. */
  source: { utmSource: string | null; utmCampaign: string | null; fbclid: boolean } | null;
}

/** The change to `stats/leads`. */
export interface LeadsDelta {
  active: Counts;
  trashed: number;
  vagaAllTime: Counts;
}

/** The change to one day's document; `source` and `campaign` before the key cap is applied. */
export interface DayDelta {
  total: number;
  vaga: Counts;
  cidade: Counts;
  status: Counts;
  sourced: number;
  source: Counts;
  sourceFbclidOnly: number;
  sourceNoUtm: number;
  campaign: Counts;
}

/** A Firestore Timestamp (admin or client SDK) or a Date, as a Date; anything else null. */
function dateOf(value: unknown): Date | null {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value;
  if (value && typeof value === 'object' && 'toDate' in value) {
    const toDate = (value as { toDate: unknown }).toDate;
    if (typeof toDate === 'function') return dateOf(toDate.call(value));
  }
  return null;
}

const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);

/** The stored lead as the counters see it; null for no lead (before a create, after a delete). */
export function countedLead(data: Record<string, unknown> | undefined | null): CountedLead | null {
  if (!data) return null;
  const created = dateOf(data.created_at);
  const source = data.source;
  const sourceRecord =
    source && typeof source === 'object' ? (source as Record<string, unknown>) : null;
  return {
    trashed: data.deleted_at !== null && data.deleted_at !== undefined,
    status: text(data.status),
    vaga: text(data.vaga),
    cidade: text(data.cidade),
    day: created ? statsDayKey(created) : null,
    source: sourceRecord && {
      utmSource: text(sourceRecord.utm_source),
      utmCampaign: text(sourceRecord.utm_campaign),
      fbclid: sourceRecord.fbclid === true,
    },
  };
}

function bump(counts: Counts, key: string | null, by: number) {
  if (key === null) return;
  counts[key] = (counts[key] ?? 0) + by;
}

/** `counts` without its zero entries. */
function nonZero(counts: Counts): Counts {
  return Object.fromEntries(Object.entries(counts).filter(([, n]) => n !== 0));
}

/** The change to `stats/leads` from `before` to `after`; zero entries left out. */
export function leadsStatsDelta(before: CountedLead | null, after: CountedLead | null): LeadsDelta {
  const delta: LeadsDelta = { active: {}, trashed: 0, vagaAllTime: {} };
  for (const [lead, by] of [
    [after, 1],
    [before, -1],
  ] as const) {
    if (!lead) continue;
    if (lead.trashed) delta.trashed += by;
    else bump(delta.active, lead.status, by);
    bump(delta.vagaAllTime, lead.vaga, by);
  }
  return { ...delta, active: nonZero(delta.active), vagaAllTime: nonZero(delta.vagaAllTime) };
}

/** Job -> status -> count. */
export type JobCounts = Record<string, Counts>;

/**
 * The change to `stats/leads.active_by_vaga` from `before` to `after`: the lead not in the trash
 * counts in its job and status; jobs and statuses whose count does not change are left out.
 */
export function activeByJobDelta(before: CountedLead | null, after: CountedLead | null): JobCounts {
  const delta: JobCounts = {};
  for (const [lead, by] of [
    [after, 1],
    [before, -1],
  ] as const) {
    if (!lead || lead.trashed || lead.vaga === null || lead.status === null) continue;
    bump((delta[lead.vaga] ??= {}), lead.status, by);
  }
  return Object.fromEntries(
    Object.entries(delta)
      .map(([vaga, counts]) => [vaga, nonZero(counts)] as const)
      .filter(([, counts]) => Object.keys(counts).length > 0),
  );
}

/**
 * Which jobs of a delta the capped `active_by_vaga` map takes, given the jobs it holds: a job
 * there takes its change; a new job joins while the map has fewer than `cap` jobs (it had no
 * active lead: the map never loses a job, so while it has room it holds every job that has one),
 * a decrement too, which an increment delivered later brings back to 0; any other change is left
 * out, and that job is counted by the readers. So each job is in the map from its first delivered
 * event on, or never, whatever order the events come in.
 */
export function placeJobs(
  existing: ReadonlySet<string>,
  delta: JobCounts,
  cap: number = statsJobKeyCap,
): JobCounts {
  const keys = new Set(existing);
  const placed: JobCounts = {};
  for (const [vaga, counts] of Object.entries(delta).sort(([a], [b]) => a.localeCompare(b))) {
    if (!keys.has(vaga) && !(keys.size < cap && isStorableKey(vaga))) continue;
    keys.add(vaga);
    placed[vaga] = counts;
  }
  return placed;
}

export function emptyDayDelta(): DayDelta {
  return {
    total: 0,
    vaga: {},
    cidade: {},
    status: {},
    sourced: 0,
    source: {},
    sourceFbclidOnly: 0,
    sourceNoUtm: 0,
    campaign: {},
  };
}

/** Adds `lead` (`by` = 1) or takes it away (-1) from its day's delta. */
export function countInDay(delta: DayDelta, lead: CountedLead, by: number): void {
  delta.total += by;
  bump(delta.vaga, lead.vaga, by);
  bump(delta.cidade, lead.cidade, by);
  bump(delta.status, lead.status, by);
  const source = lead.source;
  if (!source) return;
  delta.sourced += by;
  if (source.utmSource !== null) bump(delta.source, source.utmSource, by);
  else if (source.fbclid) delta.sourceFbclidOnly += by;
  else delta.sourceNoUtm += by;
  bump(delta.campaign, source.utmCampaign, by);
}

function withoutZeros(delta: DayDelta): DayDelta {
  return {
    ...delta,
    vaga: nonZero(delta.vaga),
    cidade: nonZero(delta.cidade),
    status: nonZero(delta.status),
    source: nonZero(delta.source),
    campaign: nonZero(delta.campaign),
  };
}

export function isEmptyDayDelta(delta: DayDelta): boolean {
  return (
    delta.total === 0 &&
    delta.sourced === 0 &&
    delta.sourceFbclidOnly === 0 &&
    delta.sourceNoUtm === 0 &&
    [delta.vaga, delta.cidade, delta.status, delta.source, delta.campaign].every(
      (counts) => Object.keys(counts).length === 0,
    )
  );
}

export function isEmptyLeadsDelta(delta: LeadsDelta): boolean {
  return (
    delta.trashed === 0 &&
    Object.keys(delta.active).length === 0 &&
    Object.keys(delta.vagaAllTime).length === 0
  );
}

/**
 * The change to each day's document from `before` to `after` (two days when `created_at` moved
 * to another day); days whose counts do not change are left out.
 */
export function dailyStatsDeltas(
  before: CountedLead | null,
  after: CountedLead | null,
): Map<string, DayDelta> {
  const days = new Map<string, DayDelta>();
  for (const [lead, by] of [
    [after, 1],
    [before, -1],
  ] as const) {
    if (!lead?.day) continue;
    const delta = days.get(lead.day) ?? emptyDayDelta();
    countInDay(delta, lead, by);
    days.set(lead.day, delta);
  }
  const changed = new Map<string, DayDelta>();
  for (const [day, delta] of days) {
    const clean = withoutZeros(delta);
    if (!isEmptyDayDelta(clean)) changed.set(day, clean);
  }
  return changed;
}

/** Whether Firestore takes `key` as a map key (not empty, not `__reserved__`, at most 1,500 bytes). */
export function isStorableKey(key: string): boolean {
  return key !== '' && !/^__.*__$/.test(key) && Buffer.byteLength(key, 'utf8') <= 1500;
}

/**
 * Where a delta of a capped map goes, given the keys the day's map already holds: a key already
 * there stays there; a new key joins while the map has fewer than `cap` keys; any other goes to
 * 'other'. A decrement of a key not in the map goes to 'other' too: the map never loses a key
 * (zero counts stay), so a key missing from it was counted in 'other' when it came.
 */
export function placeCapped(
  existing: ReadonlySet<string>,
  delta: Counts,
  cap: number = statsMapKeyCap,
): { counts: Counts; other: number } {
  const keys = new Set(existing);
  const counts: Counts = {};
  let other = 0;
  // New keys that arrive (increments) take the free places first, largest first, then by name.
  const entries = Object.entries(delta).sort(
    ([a, x], [b, y]) => Number(keys.has(b)) - Number(keys.has(a)) || y - x || a.localeCompare(b),
  );
  for (const [key, n] of entries) {
    if (keys.has(key)) {
      counts[key] = n;
    } else if (n > 0 && keys.size < cap && isStorableKey(key)) {
      keys.add(key);
      counts[key] = n;
    } else {
      other += n;
    }
  }
  return { counts, other };
}

/** Keeps only the storable keys of `counts` (a key Firestore refuses is not counted in a map). */
export function storable(counts: Counts): Counts {
  return Object.fromEntries(Object.entries(counts).filter(([key]) => isStorableKey(key)));
}

/** The status keys `stats/leads.active` always holds. */
export const countedStatuses: readonly string[] = statsLeadStatuses;
