/**
 * The report from its counted parts, whichever way they were counted (the functions' day
 * documents, or count aggregations before those exist): the same rows, labels and 'Outros' rules.
 */
import { routes } from '@/config/routes';
import { reportsTexts } from '@/features/reports/messages';
import { withRemainder, type CountRow, type Report } from '@/features/reports/model/report';

export interface ReportParts {
  perDay: CountRow[];
  /** Every job's row: the root form's first, then the call center's. */
  jobs: CountRow[];
  /** How many of `jobs` are the root form's. */
  rootJobs: number;
  byLocality: CountRow[];
  /** The rules' statuses, labelled (a held lead is in none: 'Outros'). */
  byStatus: CountRow[];
  /** The sourced leads' rows, ranked ('Sem origem' is added here). */
  sources: CountRow[];
  sourced: number;
  campaigns: CountRow[];
  /** Every call-center application ever stored (the redirect counter is not per period). */
  callCenterApplications: number;
  redirectCount: number;
  reads: number;
}

const sum = (rows: readonly CountRow[]) => rows.reduce((s, row) => s + row.value, 0);

export function assembleReport(parts: ReportParts): Report {
  const { perDay, jobs, rootJobs, callCenterApplications, redirectCount } = parts;
  const total = sum(perDay);
  const others = reportsTexts.others;
  const unsourced = total - parts.sourced;
  return {
    total,
    perDay,
    byJob: withRemainder(jobs, total, others),
    byLocality: withRemainder(parts.byLocality, total, others),
    byStatus: withRemainder(parts.byStatus, total, others),
    byPage: withRemainder(
      [
        { label: reportsTexts.pages.root, value: sum(jobs.slice(0, rootJobs)) },
        {
          label: reportsTexts.pages.callCenter(routes.callCenter),
          value: sum(jobs.slice(rootJobs)),
        },
      ],
      total,
      others,
    ),
    bySource: [
      ...parts.sources,
      ...(unsourced > 0 ? [{ label: reportsTexts.noSource, value: unsourced }] : []),
    ],
    byCampaign: parts.campaigns,
    redirects: {
      count: redirectCount,
      callCenterApplications,
      perApplication: callCenterApplications > 0 ? redirectCount / callCenterApplications : null,
    },
    reads: parts.reads,
  };
}
