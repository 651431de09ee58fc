/** The stored values the report has a row for: each form's jobs and localities, open or closed. */
import type { Firestore } from 'firebase/firestore';
import { readVacancies } from '@/data/vacancies';
import type { LeadForm, VacancyKind } from '@/domain/lead';
import { seedVacancies, vacancyList, type Vacancy } from '@/domain/vacancies';
import type { ReportLists } from '@/features/reports/model/daily-report';

/**
 * The vacancy lists (a closed job's leads are still reported), which firestore.rules holds new
 * leads to; the seed's when the deployment has no vacancy yet. Adds the reads to `reads`.
 */
export async function readReportLists(
  db: Firestore,
  reads: { total: number },
): Promise<ReportLists> {
  const stored = await readVacancies(db);
  reads.total += Math.max(1, stored.length);
  const all: Vacancy[] = stored.length
    ? stored
    : seedVacancies().map((v) => ({ ...v, closedAt: null }));
  const values = (form: LeadForm, kind: VacancyKind) =>
    vacancyList(all, form, kind).map((v) => v.value);
  return {
    rootJobs: values('root', 'job'),
    callCenterVagas: values('callCenter', 'job'),
    localities: [...new Set([...values('root', 'locality'), ...values('callCenter', 'locality')])],
  };
}
