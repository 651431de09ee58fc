/**
 * The Relatórios queries (full Firestore SDK). Every figure is exact and costs few reads:
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
import { routes } from '@/config/routes';
import { readVacancies } from '@/data/vacancies';
import type { LeadForm, VacancyKind } from '@/domain/lead';
import { leadStatuses } from '@/domain/options';
import { seedVacancies, vacancyList, type Vacancy } from '@/domain/vacancies';
import { parseRedirectCount } from '@/domain/settings';
import { reportsTexts } from '@/features/reports/messages';
import {
  aggregationReads,
  daysOf,
  readSource,
  SourceTally,
  topRows,
  withRemainder,
  type CountRow,
  type Period,
  type Report,
} from '@/features/reports/model/report';

const sourcePageSize = 500;

/**
 * The stored values of each form's `kind` list, open or closed (a closed job's leads are still
 * reported); the seed's when the deployment has no vacancy yet.
 */
async function listValues(db: Firestore, reads: { total: number }) {
  const stored = await readVacancies(db);
  reads.total += Math.max(1, stored.length);
  const all: Vacancy[] = stored.length
    ? stored
    : seedVacancies().map((v) => ({ ...v, closedAt: null }));
  return (form: LeadForm, kind: VacancyKind) => vacancyList(all, form, kind).map((v) => v.value);
}

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

/** Every figure of the Relatórios tab for `period`. */
export async function loadReport(db: Firestore, period: Period): Promise<Report> {
  const reads = { total: 0 };
  const count = counter(db, period, reads);
  const countAllTime = counter(db, null, reads);
  const days = daysOf(period);
  const values = await listValues(db, reads);
  const [rootJobs, callCenterVagas] = [values('root', 'job'), values('callCenter', 'job')];
  const localities = [
    ...new Set([...values('root', 'locality'), ...values('callCenter', 'locality')]),
  ];

  const [perDay, jobs, byLocality, byStatus, callCenterAllTime, tally, settings] =
    await Promise.all([
      Promise.all(
        days.map(async ({ start, end, label }) => ({
          label,
          value: await count(where('created_at', '>=', start), where('created_at', '<', end)),
        })),
      ),
      countEach(count, 'vaga', [...rootJobs, ...callCenterVagas]),
      countEach(count, 'cidade', localities),
      countEach(
        count,
        'status',
        leadStatuses,
        (status) => reportsTexts.statuses[status as keyof typeof reportsTexts.statuses],
      ),
      countEach(countAllTime, 'vaga', callCenterVagas),
      tallySources(db, period, reads),
      getDoc(doc(db, 'settings', 'redirect')),
    ]);
  reads.total += 1;

  const total = perDay.reduce((sum, day) => sum + day.value, 0);
  const sum = (rows: CountRow[]) => rows.reduce((s, row) => s + row.value, 0);
  const rootRows = jobs.slice(0, rootJobs.length);
  const callCenterRows = jobs.slice(rootJobs.length);
  const redirectCount = parseRedirectCount(settings.data());
  const callCenterApplications = sum(callCenterAllTime);
  const unsourced = total - tally.sourced;

  return {
    total,
    perDay,
    byJob: withRemainder(jobs, total, reportsTexts.others),
    byLocality: withRemainder(byLocality, total, reportsTexts.others),
    byStatus: withRemainder(byStatus, total, reportsTexts.others),
    byPage: withRemainder(
      [
        { label: reportsTexts.pages.root, value: sum(rootRows) },
        {
          label: reportsTexts.pages.callCenter(routes.callCenter),
          value: sum(callCenterRows),
        },
      ],
      total,
      reportsTexts.others,
    ),
    bySource: [
      ...topRows(tally.sources, 12, reportsTexts.others),
      ...(unsourced > 0 ? [{ label: reportsTexts.noSource, value: unsourced }] : []),
    ],
    byCampaign: topRows(tally.campaigns, 12, reportsTexts.otherCampaigns),
    redirects: {
      count: redirectCount,
      callCenterApplications,
      perApplication: callCenterApplications > 0 ? redirectCount / callCenterApplications : null,
    },
    reads: reads.total,
  };
}
