/**
 * Each job's counts for Configurações (active, principal, the last 7 days). From the functions'
 * counters (data/job-counts.ts): active and principal live from `stats/leads`, the last 7 days
 * from the week's `stats_daily` documents, read when the section opens and again when a job is
 * added; the same few reads at any number of leads. A job those counters do not count is counted
 * with two aggregations, and a deployment without them with three per job (data/vacancies.ts
 * countJobLeads). Closed jobs are counted too: their leads stay.
 */
import { useEffect, useMemo, useState } from 'react';
import { useFirestore } from 'reactfire';
import {
  countJobActive,
  jobActiveFromStats,
  readLastWeekByJob,
  type JobActiveCounts,
} from '@/data/job-counts';
import { usePanelCounts } from '@/data/lead-stats';
import { countJobLeads, type JobCounts } from '@/data/vacancies';
import type { Vacancy } from '@/domain/vacancies';

export type JobCountsState =
  | { status: 'loading' }
  | { status: 'success'; byValue: ReadonlyMap<string, JobCounts> }
  | { status: 'error' };

/** What the effects read: the week by job, and the counts of the jobs counted over the leads. */
type Read =
  | { key: string; status: 'error' }
  | {
      key: string;
      status: 'success';
      lastWeek: ReadonlyMap<string, number> | null;
      counted: ReadonlyMap<string, JobCounts | JobActiveCounts>;
    };

/** Runs `read` for `key` (none when null) and keeps its answer, or that it failed. */
function useRead(
  key: string | null,
  read: (key: string) => Promise<Omit<Extract<Read, { status: 'success' }>, 'key' | 'status'>>,
): Read | null {
  const [state, setState] = useState<Read | null>(null);
  useEffect(() => {
    if (key === null) return;
    let active = true;
    read(key).then(
      (answer) => {
        if (active) setState({ key, status: 'success', ...answer });
      },
      (error: unknown) => {
        console.error('Job counts failed', error);
        if (active) setState({ key, status: 'error' });
      },
    );
    return () => {
      active = false;
    };
    // `read` is named by `key`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  return state && state.key === key ? state : null;
}

export function useJobCounts(vacancies: readonly Vacancy[] | undefined): JobCountsState {
  const db = useFirestore();
  const stats = usePanelCounts(db);
  const jobs = useMemo(
    () =>
      [...new Set((vacancies ?? []).filter((v) => v.kind === 'job').map((v) => v.value))].sort(),
    [vacancies],
  );
  const present = stats.status === 'present' ? stats.counts : null;
  const fromStats = new Map(
    jobs.map((vaga) => [vaga, present && jobActiveFromStats(present, vaga)]),
  );
  const uncounted = jobs.filter((vaga) => !fromStats.get(vaga));
  // The reads start once the document says which path: its counters, or counting every job.
  const key =
    jobs.length === 0 || stats.status === 'loading'
      ? null
      : `${stats.status}\n${jobs.join('\n')}\n\n${uncounted.join('\n')}`;
  const read = useRead(key, async () => {
    const now = new Date();
    if (!present) {
      const counts = await Promise.all(jobs.map((vaga) => countJobLeads(db, vaga, now.getTime())));
      return { lastWeek: null, counted: new Map(jobs.map((v, i) => [v, counts[i]!])) };
    }
    const [lastWeek, counts] = await Promise.all([
      readLastWeekByJob(db, now),
      Promise.all(uncounted.map((vaga) => countJobActive(db, vaga))),
    ]);
    return { lastWeek, counted: new Map(uncounted.map((v, i) => [v, counts[i]!])) };
  });
  if (read?.status === 'error') return { status: 'error' };
  if (!read) return { status: 'loading' };
  const byValue = new Map<string, JobCounts>();
  for (const vaga of jobs) {
    const counted = read.counted.get(vaga);
    const active = fromStats.get(vaga) ?? counted;
    if (!active) return { status: 'loading' };
    const lastWeek =
      read.lastWeek?.get(vaga) ?? (counted && 'lastWeek' in counted ? counted.lastWeek : 0);
    byValue.set(vaga, { active: active.active, principal: active.principal, lastWeek });
  }
  return { status: 'success', byValue };
}
