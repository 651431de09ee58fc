/**
 * The counters the functions keep from the leads (`stats/leads` and `stats_daily/{day}`), which the
 * panel and Relatórios read instead of counting leads: where they live, their field names, and
 * the calendar day a lead counts in. Days are São Paulo's: UTC-3 all year (Brazil has had no
 * daylight saving since 2019), so a day key needs no time-zone database.
 */

/** Where the counters live: `stats/leads`, `stats_daily/{YYYY-MM-DD}`, the ledger `stats_events/{event id}`. */
export const statsCollections = {
  stats: 'stats',
  leadsStats: 'leads',
  daily: 'stats_daily',
  events: 'stats_events',
} as const;

/** São Paulo's offset from UTC, in hours (no daylight saving since 2019). */
export const statsUtcOffsetHours = -3;

const hourMs = 60 * 60 * 1000;
const dayMs = 24 * hourMs;
const offsetMs = statsUtcOffsetHours * hourMs;

/** The São Paulo calendar day of `date`, as 'YYYY-MM-DD' (the id of its `stats_daily` document). */
export function statsDayKey(date: Date): string {
  return new Date(date.getTime() + offsetMs).toISOString().slice(0, 10);
}

/** 00:00 in São Paulo of the day `dayKey` ('YYYY-MM-DD'); a malformed key is a RangeError. */
export function statsDayStart(dayKey: string): Date {
  const midnightUtc = /^\d{4}-\d{2}-\d{2}$/.test(dayKey)
    ? Date.parse(`${dayKey}T00:00:00.000Z`)
    : Number.NaN;
  if (Number.isNaN(midnightUtc) || new Date(midnightUtc).toISOString().slice(0, 10) !== dayKey) {
    throw new RangeError(`Not a day key (YYYY-MM-DD): ${dayKey}`);
  }
  return new Date(midnightUtc - offsetMs);
}

/** The day key `days` calendar days after `dayKey` (before, when negative). */
export function statsAddDays(dayKey: string, days: number): string {
  return statsDayKey(new Date(statsDayStart(dayKey).getTime() + days * dayMs));
}

/** Every status a stored lead can have: the list's four and the screening's hold. */
export const statsLeadStatuses = [
  'novo',
  'principal',
  'separado',
  'descartado',
  'suspeito',
] as const;
export type StatsLeadStatus = (typeof statsLeadStatuses)[number];

/** The statuses the Leads list shows (and its total counts): all but the hold. */
export const statsListedStatuses = ['novo', 'principal', 'separado', 'descartado'] as const;

/** The fields of `stats/leads`. */
export const leadsStatsFields = {
  /** Map status -> leads not in the trash; every status of `statsLeadStatuses` present. */
  active: 'active',
  /** Leads in the trash ('Lixeira'). */
  trashed: 'trashed',
  /** Map vaga -> every stored lead of that job, trashed included. */
  vagaAllTime: 'vaga_all_time',
  /**
   * Map vaga -> map status -> leads of that job not in the trash: the panel's counts filtered by
   * job and status. At most `statsJobKeyCap` jobs; a job missing from it (past the cap, or no
   * reconcile since this field came) is counted by aggregation instead. A job present is exact,
   * its zero counts included; a status missing from a present job is 0.
   */
  activeByVaga: 'active_by_vaga',
  updatedAt: 'updated_at',
  reconciledAt: 'reconciled_at',
} as const;

/** The fields of `stats_daily/{day}`: every stored lead created that day, trashed included. */
export const dailyStatsFields = {
  day: 'day',
  start: 'start',
  total: 'total',
  vaga: 'vaga',
  cidade: 'cidade',
  status: 'status',
  /** Leads that carry a `source` object. */
  sourced: 'sourced',
  /** Map utm_source -> sourced leads (at most `statsMapKeyCap` keys; the rest in `sourceOther`). */
  source: 'source',
  sourceOther: 'source_other',
  /** Sourced leads without utm_source but with `fbclid === true`. */
  sourceFbclidOnly: 'source_fbclid_only',
  /** Sourced leads with neither. */
  sourceNoUtm: 'source_no_utm',
  /** Map utm_campaign -> sourced leads (capped as `source`). */
  campaign: 'campaign',
  campaignOther: 'campaign_other',
} as const;

/** Most distinct keys a day's `source` or `campaign` map holds; later ones count as 'other'. */
export const statsMapKeyCap = 500;

/**
 * Most jobs `stats/leads.active_by_vaga` holds (about 150 bytes each, far under the document's
 * 1 MiB). The map never loses a job between reconciles, so while it holds fewer every job with an
 * active lead is in it, and a job that arrives can start from its first lead.
 */
export const statsJobKeyCap = 500;
