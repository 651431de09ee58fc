/**
 * Relatórios counted lead by lead, for a deployment whose functions have not written the day
 * documents yet (api/report-queries.ts reads those when they exist). Every figure is exact:
 * - counts (per day, per job, per locality, per status; the page follows from the job) are
 *   aggregation queries: Firestore bills 1 read per 1,000 matching index entries (at least 1 per
 *   query), so 20,000 leads over 30 days cost about 30 + 9 + 17 + 4 + 5 + 4 x 20 ≈ 145 reads;
 *   the job and locality lists are the vacancy lists (every vacancy, open or closed, read first:
 *   a read each), which firestore.rules holds new leads to, and the status list is the rules' own
 *   (an 'Outros' row would show anything beyond them);
 * - the sources are open-ended (utm values are free text), so the leads that carry a source are
 *   read, 500 per page: one read per such lead in the period;
 * - the redirect counter is one document read.
 * Indexes (firestore.indexes.json): vaga, cidade, status and source.fbclid, each with created_at.
 */
import {
  collection,
  doc,
  getDoc,
  getDocs,
  limit,
  orderBy,
  query,
  startAfter,
  where,
  type Firestore,
  type Query,
  type QueryDocumentSnapshot,
  type QueryFieldFilterConstraint,
} from 'firebase/firestore';
import { countOnServer } from '@/data/server-count';
import { leadStatuses } from '@/domain/options';
import { parseRedirectCount } from '@/domain/settings';
import { readReportLists } from '@/features/reports/api/report-lists';
import { reportsTexts } from '@/features/reports/messages';
import {
  aggregationReads,
  daysOf,
  readSource,
  SourceTally,
  topRows,
  type CountRow,
  type Period,
  type Report,
} from '@/features/reports/model/report';
import { assembleReport } from '@/features/reports/model/report-assembly';

const sourcePageSize = 500;

/** Counts what `filters` select in the period; adds the reads it costs to `reads`. */
function counter(db: Firestore, period: Period | null, reads: { total: number }) {
  const leads = collection(db, 'leads');
  return async (...filters: QueryFieldFilterConstraint[]): Promise<number> => {
    const range = period
      ? [where('created_at', '>=', period.from), where('created_at', '<', period.to)]
      : [];
    const count = await countOnServer(query(leads, ...filters, ...range));
    reads.total += aggregationReads(count);
    return count;
  };
}

/** Counts each value of `field` in the period, as rows labelled by `label`. */
async function countEach(
  count: (...filters: QueryFieldFilterConstraint[]) => Promise<number>,
  field: string,
  values: readonly string[],
  label: (value: string) => string = (value) => value,
): Promise<CountRow[]> {
  const counts = await Promise.all(values.map((value) => count(where(field, '==', value))));
  return values.map((value, i) => ({ label: label(value), value: counts[i] }));
}

/** Reads the period's leads that carry a source, page by page, into a tally. */
async function tallySources(db: Firestore, period: Period, reads: { total: number }) {
  const tally = new SourceTally({
    fbclidOnly: reportsTexts.fbclidOnly,
    noUtmSource: reportsTexts.noUtmSource,
  });
  const sourced: Query = query(
    collection(db, 'leads'),
    where('source.fbclid', 'in', [true, false]),
    where('created_at', '>=', period.from),
    where('created_at', '<', period.to),
    orderBy('created_at'),
    limit(sourcePageSize),
  );
  let last: QueryDocumentSnapshot | undefined;
  for (;;) {
    const page = await getDocs(last ? query(sourced, startAfter(last)) : sourced);
    reads.total += Math.max(1, page.size);
    for (const lead of page.docs) {
      const source = readSource(lead.get('source'));
      if (source) tally.add(source);
    }
    if (page.size < sourcePageSize) return tally;
    last = page.docs[page.docs.length - 1];
  }
}

/** Every lead ever stored of the call center's jobs: the redirect counter's denominator. */
export async function countCallCenterAllTime(
  db: Firestore,
  callCenterVagas: readonly string[],
  reads: { total: number },
): Promise<number> {
  const rows = await countEach(counter(db, null, reads), 'vaga', callCenterVagas);
  return rows.reduce((sum, row) => sum + row.value, 0);
}

/** Every figure of the Relatórios tab for `period`, counted. */
export async function countReport(db: Firestore, period: Period): Promise<Report> {
  const reads = { total: 0 };
  const count = counter(db, period, reads);
  const lists = await readReportLists(db, reads);

  const [perDay, jobs, byLocality, byStatus, callCenterApplications, tally, settings] =
    await Promise.all([
      Promise.all(
        daysOf(period).map(async ({ start, end, label }) => ({
          label,
          value: await count(where('created_at', '>=', start), where('created_at', '<', end)),
        })),
      ),
      countEach(count, 'vaga', [...lists.rootJobs, ...lists.callCenterVagas]),
      countEach(count, 'cidade', lists.localities),
      countEach(
        count,
        'status',
        leadStatuses,
        (status) => reportsTexts.statuses[status as keyof typeof reportsTexts.statuses],
      ),
      countCallCenterAllTime(db, lists.callCenterVagas, reads),
      tallySources(db, period, reads),
      getDoc(doc(db, 'settings', 'redirect')),
    ]);
  reads.total += 1;

  return assembleReport({
    perDay,
    jobs,
    rootJobs: lists.rootJobs.length,
    byLocality,
    byStatus,
    sources: topRows(tally.sources, 12, reportsTexts.others),
    sourced: tally.sourced,
    campaigns: topRows(tally.campaigns, 12, reportsTexts.otherCampaigns),
    callCenterApplications,
    redirectCount: parseRedirectCount(settings.data()),
    reads: reads.total,
  });
}
