/**
 * The report from the functions' day documents (`stats_daily`, data/stats-documents.ts): each
 * figure is the sum of the period's days, so the report costs one read per day with leads,
 * however many leads there are. A day without a document had no lead.
 */
import type { DailyStats } from '@/data/stats-documents';
import { leadStatuses } from '@/domain/options';
import { reportsTexts } from '@/features/reports/messages';
import { assembleReport } from '@/features/reports/model/report-assembly';
import {
  daysOf,
  topRows,
  type CountRow,
  type Period,
  type Report,
} from '@/features/reports/model/report';

/** The stored values the report has a row for (the vacancy lists, closed ones included). */
export interface ReportLists {
  rootJobs: readonly string[];
  callCenterVagas: readonly string[];
  localities: readonly string[];
}

export interface DailyReportInput {
  period: Period;
  days: readonly DailyStats[];
  lists: ReportLists;
  /** Every call-center application ever stored (`callCenterApplicationsOf`). */
  callCenterApplications: number;
  redirectCount: number;
  reads: number;
}

/** The sum of each key's counts over the days. */
function merged(maps: readonly ReadonlyMap<string, number>[]): Map<string, number> {
  const all = new Map<string, number>();
  for (const map of maps) {
    for (const [key, count] of map) all.set(key, (all.get(key) ?? 0) + count);
  }
  return all;
}

const rowsOf = (
  counts: ReadonlyMap<string, number>,
  values: readonly string[],
  label: (value: string) => string = (value) => value,
): CountRow[] => values.map((value) => ({ label: label(value), value: counts.get(value) ?? 0 }));

const sumOf = (days: readonly DailyStats[], pick: (day: DailyStats) => number) =>
  days.reduce((sum, day) => sum + pick(day), 0);

/** The call center's applications since the start, from `stats/leads`' every lead by vaga. */
export function callCenterApplicationsOf(
  vagaAllTime: ReadonlyMap<string, number>,
  lists: ReportLists,
): number {
  return lists.callCenterVagas.reduce((sum, value) => sum + (vagaAllTime.get(value) ?? 0), 0);
}

export function reportFromDays(input: DailyReportInput): Report {
  const { days, lists } = input;
  const byKey = new Map(days.map((day) => [day.day, day]));
  const vaga = merged(days.map((day) => day.vaga));
  const sources = merged(days.map((day) => day.source));
  const fbclidOnly = sumOf(days, (day) => day.sourceFbclidOnly);
  const noUtm = sumOf(days, (day) => day.sourceNoUtm);
  // Sourced leads without a utm_source get the rows the counted report gives them (SourceTally).
  for (const [label, count] of [
    [reportsTexts.fbclidOnly, fbclidOnly],
    [reportsTexts.noUtmSource, noUtm],
  ] as const) {
    if (count > 0) sources.set(label, (sources.get(label) ?? 0) + count);
  }
  const statusLabel = (status: string) =>
    reportsTexts.statuses[status as keyof typeof reportsTexts.statuses];

  return assembleReport({
    perDay: daysOf(input.period).map(({ key, label }) => ({
      label,
      value: byKey.get(key)?.total ?? 0,
    })),
    jobs: rowsOf(vaga, [...lists.rootJobs, ...lists.callCenterVagas]),
    rootJobs: lists.rootJobs.length,
    byLocality: rowsOf(merged(days.map((day) => day.cidade)), lists.localities),
    byStatus: rowsOf(merged(days.map((day) => day.status)), leadStatuses, statusLabel),
    sources: topRows(
      sources,
      12,
      reportsTexts.others,
      sumOf(days, (day) => day.sourceOther),
    ),
    sourced: sumOf(days, (day) => day.sourced),
    campaigns: topRows(
      merged(days.map((day) => day.campaign)),
      12,
      reportsTexts.otherCampaigns,
      sumOf(days, (day) => day.campaignOther),
    ),
    callCenterApplications: input.callCenterApplications,
    redirectCount: input.redirectCount,
    reads: input.reads,
  });
}
