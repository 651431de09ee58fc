/**
 * Each job's counts for Configurações ('Ativos', 'Principais', 'Últimos 7 dias') from the
 * counters the functions keep: active and principal from `stats/leads` (its map per job and
 * status, read by the panel's listener), the last 7 days from the 7 `stats_daily` documents of
 * today and the six São Paulo days before it (at most 7 reads, at any number of leads). A job the
 * map does not count, or a deployment without the counters, is counted with aggregations
 * (data/vacancies.ts countJobLeads, over the same days).
 */
import { collection, query, where, type Firestore } from 'firebase/firestore';
import { collections, statsAddDays, statsDayKey } from '@vagas/common';
import type { PanelCounts } from './lead-stats';
import { countOnServer } from './server-count';
import { readDailyStats, statsStatuses } from './stats-documents';

/** A job's active leads (the held ones included, as 'Ativos' always counted) and principal ones. */
export interface JobActiveCounts {
  active: number;
  principal: number;
}

/** `vaga`'s active and principal leads from `stats/leads`; null when its map does not count it. */
export function jobActiveFromStats(counts: PanelCounts, vaga: string): JobActiveCounts | null {
  const byStatus = counts.byJob?.get(vaga);
  if (!byStatus) return null;
  return {
    active: statsStatuses.reduce((sum, status) => sum + byStatus[status], 0),
    principal: byStatus.principal,
  };
}

/** The first and last São Paulo day of 'Últimos 7 dias' at `now`: today and the six before. */
export function lastWeekDays(now: Date): { first: string; last: string } {
  const last = statsDayKey(now);
  return { first: statsAddDays(last, -6), last };
}

/** The leads received in the last 7 days by job, trashed ones too, from the day documents. */
export async function readLastWeekByJob(
  db: Firestore,
  now: Date,
): Promise<ReadonlyMap<string, number>> {
  const { first, last } = lastWeekDays(now);
  const { days } = await readDailyStats(db, first, last);
  const byJob = new Map<string, number>();
  for (const day of days) {
    for (const [vaga, n] of day.vaga) byJob.set(vaga, (byJob.get(vaga) ?? 0) + n);
  }
  return byJob;
}

/** `vaga`'s active and principal leads counted on the server (two aggregations). */
export async function countJobActive(db: Firestore, vaga: string): Promise<JobActiveCounts> {
  const active = query(
    collection(db, collections.leads),
    where('vaga', '==', vaga),
    where('deleted_at', '==', null),
  );
  const [all, principal] = await Promise.all([
    countOnServer(active),
    countOnServer(query(active, where('status', '==', 'principal'))),
  ]);
  return { active: all, principal };
}
