/**
 * The Relatórios reads (full Firestore SDK). The functions keep one `stats_daily` document per São
 * Paulo day with leads and `stats/leads` (data/stats-documents.ts), so a report reads the period's
 * day documents (one read each), `stats/leads` (the call center's applications since the start),
 * the vacancy lists and the redirect settings: the same reads at 1,000 leads as at a million.
 *
 * A deployment where no function has written them yet (no day document in the period and no
 * `stats/leads`) is counted lead by lead instead (api/report-counting.ts), as are the call
 * center's applications while only `stats/leads` is missing.
 */
import { doc, getDoc, type Firestore } from 'firebase/firestore';
import { collections, settingsDocuments } from '@vagas/common';
import { readDailyStats, readLeadStats } from '@/data/stats-documents';
import { parseRedirectCount } from '@/domain/settings';
import { countCallCenterAllTime, countReport } from '@/features/reports/api/report-counting';
import { readReportLists } from '@/features/reports/api/report-lists';
import { callCenterApplicationsOf, reportFromDays } from '@/features/reports/model/daily-report';
import { periodDayKeys, type Period, type Report } from '@/features/reports/model/report';

/**
 * The period's day documents and `stats/leads`; null when the rules refuse them (a web app
 * deployed before the rules that let admins read them: the report is then counted).
 */
async function readStats(db: Firestore, period: Period) {
  const { first, last } = periodDayKeys(period);
  try {
    const [daily, stats] = await Promise.all([readDailyStats(db, first, last), readLeadStats(db)]);
    return { daily, stats };
  } catch (error) {
    if (error instanceof Error && 'code' in error && error.code === 'permission-denied') {
      console.error('Lead stats refused; counting the report instead', error);
      return null;
    }
    throw error;
  }
}

/** Every figure of the Relatórios tab for `period`. */
export async function loadReport(db: Firestore, period: Period): Promise<Report> {
  const reads = { total: 0 };
  // Read side by side: the lists and the settings are the report's whichever way it is made.
  const [found, lists, settings] = await Promise.all([
    readStats(db, period),
    readReportLists(db, reads),
    getDoc(doc(db, collections.settings, settingsDocuments.redirect)),
  ]);
  if (!found || (found.daily.days.length === 0 && !found.stats)) return countReport(db, period);
  const { daily, stats } = found;
  reads.total += daily.reads + 2;
  const callCenterApplications = stats
    ? callCenterApplicationsOf(stats.vagaAllTime, lists)
    : await countCallCenterAllTime(db, lists.callCenterVagas, reads);
  return reportFromDays({
    period,
    days: daily.days,
    lists,
    callCenterApplications,
    redirectCount: parseRedirectCount(settings.data()),
    reads: reads.total,
  });
}
