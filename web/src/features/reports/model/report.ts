/**
 * The Relatórios figures as plain data: the period's days, what each count query asks, and the
 * rows the charts show. No Firebase here (api/report-queries.ts runs the queries).
 */
import type { LeadSource } from '@/domain/lead';
/** A period of whole local days: `from` at 00:00, `to` at 00:00 of the day after the last. */
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

/** Longest period: one count query per day. */
export const maxPeriodDays = 92;

const dayMs = 24 * 60 * 60 * 1000;

/** Local midnight of `date`. */
export function startOfDay(date: Date): Date {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate());
}

/** Local midnight `days` days after `date`'s (calendar days: daylight saving safe). */
export function addDays(date: Date, days: number): Date {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate() + days);
}

/** The last 30 days, today included. */
export function defaultPeriod(now = new Date()): Period {
  const to = addDays(startOfDay(now), 1);
  return { from: addDays(to, -30), to };
}

/** The period from a first and a last day (both included). */
export function periodOf(first: Date, last: Date): Period {
  return { from: startOfDay(first), to: addDays(startOfDay(last), 1) };
}

/** Each day of the period: its start, its end (exclusive) and its label 'DD/MM'. */
export function daysOf({ from, to }: Period): { start: Date; end: Date; label: string }[] {
  const days = [];
  for (let start = from; start < to; start = addDays(start, 1)) {
    const label = `${String(start.getDate()).padStart(2, '0')}/${String(start.getMonth() + 1).padStart(2, '0')}`;
    days.push({ start, end: addDays(start, 1), label });
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

/** A tally as rows, largest first; beyond `limit` rows the rest are summed as `restLabel`. */
export function topRows(counts: Map<string, number>, limit: number, restLabel: string): CountRow[] {
  const rows = [...counts]
    .map(([label, value]) => ({ label, value }))
    .sort((a, b) => b.value - a.value || a.label.localeCompare(b.label, 'pt-BR'));
  if (rows.length <= limit) return rows;
  const rest = rows.slice(limit - 1).reduce((sum, row) => sum + row.value, 0);
  return [...rows.slice(0, limit - 1), { label: restLabel, value: rest }];
}
