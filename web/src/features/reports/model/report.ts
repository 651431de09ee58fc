/**
 * The Relatórios figures as plain data: the period's days, what each count query asks, and the
 * rows the charts show. No Firebase here (api/report-queries.ts runs the queries).
 */
import { statsDayKey, statsDayStart } from '@vagas/common';
import type { LeadSource } from '@/domain/lead';
/**
 * A period of whole São Paulo days (the days the functions' `stats_daily` documents are kept by):
 * `from` at 00:00 of the first day, `to` at 00:00 of the day after the last, in São Paulo.
 */
export interface Period {
  from: Date;
  to: Date;
}

/** One bar, slice or point: a label and its exact count. */
export interface CountRow {
  label: string;
  value: number;
}

export interface Report {
  total: number;
  perDay: CountRow[];
  byJob: CountRow[];
  byLocality: CountRow[];
  byStatus: CountRow[];
  byPage: CountRow[];
  bySource: CountRow[];
  byCampaign: CountRow[];
  redirects: { count: number; callCenterApplications: number; perApplication: number | null };
  /** Document reads Firestore bills for this report (aggregations: 1 per 1,000 matches, at least 1). */
  reads: number;
}

/** Longest period: one day document (or, before the statistics, one count query) per day. */
export const maxPeriodDays = 92;

const dayMs = 24 * 60 * 60 * 1000;

/** The day key ('YYYY-MM-DD') `days` calendar days after `dayKey`. */
export function shiftDay(dayKey: string, days: number): string {
  const start = statsDayStart(dayKey);
  return statsDayKey(new Date(start.getTime() + days * dayMs));
}

/** The period from a first and a last São Paulo day ('YYYY-MM-DD', both included). */
export function periodOf(firstDay: string, lastDay: string): Period {
  return { from: statsDayStart(firstDay), to: statsDayStart(shiftDay(lastDay, 1)) };
}

/** The last 30 São Paulo days, today included. */
export function defaultPeriod(now = new Date()): Period {
  const today = statsDayKey(now);
  return periodOf(shiftDay(today, -29), today);
}

/** The first and the last day of the period ('YYYY-MM-DD'). */
export function periodDayKeys({ from, to }: Period): { first: string; last: string } {
  return { first: statsDayKey(from), last: statsDayKey(new Date(to.getTime() - 1)) };
}

/** Each day of the period: its key, its start, its end (exclusive) and its label 'DD/MM'. */
export function daysOf(period: Period): { key: string; start: Date; end: Date; label: string }[] {
  const days = [];
  for (let key = statsDayKey(period.from); statsDayStart(key) < period.to; key = shiftDay(key, 1)) {
    const [, month, day] = key.split('-');
    days.push({
      key,
      start: statsDayStart(key),
      end: statsDayStart(shiftDay(key, 1)),
      label: `${day}/${month}`,
    });
  }
  return days;
}

/** Whole days in the period. */
export function periodDays({ from, to }: Period): number {
  return Math.round((to.getTime() - from.getTime()) / dayMs);
}

/** What Firestore bills for one aggregation that matched `count` index entries. */
export function aggregationReads(count: number): number {
  return Math.max(1, Math.ceil(count / 1000));
}

/** The rows of a fixed list, plus 'Outros' for whatever the period holds beyond it (never negative). */
export function withRemainder(rows: CountRow[], total: number, othersLabel: string): CountRow[] {
  const rest = total - rows.reduce((sum, row) => sum + row.value, 0);
  return rest > 0 ? [...rows, { label: othersLabel, value: rest }] : rows;
}

/** What the report uses of a lead's visit source (domain/lead.ts LeadSource). */
export type SourceFields = Pick<LeadSource, 'utm_source' | 'utm_campaign' | 'fbclid'>;

/** The stored source read leniently: null when the lead has none. */
export function readSource(value: unknown): SourceFields | null {
  if (!value || typeof value !== 'object') return null;
  const record = value as Record<string, unknown>;
  const text = (key: string) => (typeof record[key] === 'string' ? record[key] : undefined);
  return {
    utm_source: text('utm_source'),
    utm_campaign: text('utm_campaign'),
    fbclid: record.fbclid === true,
  };
}

/** Counts sources and campaigns as the sourced leads arrive, page by page. */
export class SourceTally {
  readonly sources = new Map<string, number>();
  readonly campaigns = new Map<string, number>();
  sourced = 0;

  constructor(private readonly labels: { fbclidOnly: string; noUtmSource: string }) {}

  add(source: SourceFields) {
    this.sourced += 1;
    const label =
      source.utm_source ?? (source.fbclid ? this.labels.fbclidOnly : this.labels.noUtmSource);
    this.sources.set(label, (this.sources.get(label) ?? 0) + 1);
    if (source.utm_campaign) {
      this.campaigns.set(source.utm_campaign, (this.campaigns.get(source.utm_campaign) ?? 0) + 1);
    }
  }
}

/**
 * A tally as rows, largest first; beyond `limit` rows the rest are summed as `restLabel`. `rest`:
 * what was already counted apart under `restLabel` (values past a day document's cap of keys).
 */
export function topRows(
  counts: ReadonlyMap<string, number>,
  limit: number,
  restLabel: string,
  rest = 0,
): CountRow[] {
  const rows = [...counts]
    .map(([label, value]) => ({ label, value }))
    .sort((a, b) => b.value - a.value || a.label.localeCompare(b.label, 'pt-BR'));
  const restRow = (value: number) => (value > 0 ? [{ label: restLabel, value }] : []);
  if (rows.length + restRow(rest).length <= limit) return [...rows, ...restRow(rest)];
  const beyond = rows.slice(limit - 1).reduce((sum, row) => sum + row.value, 0);
  return [...rows.slice(0, limit - 1), ...restRow(beyond + rest)];
}
