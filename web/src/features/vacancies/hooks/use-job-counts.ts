/**
 * Each job's counts for Configurações (active, principal, the last 7 days): three count
 * aggregations per job on the server (data/vacancies.ts countJobLeads), taken when the section
 * opens and again when a job is added. Closed jobs are counted too: their leads stay.
 */
import { useEffect, useMemo, useState } from 'react';
import { useFirestore } from '@/lib/firebase/panel-sdk';
import { countJobLeads, type JobCounts } from '@/data/vacancies';
import type { Vacancy } from '@/domain/vacancies';

export type JobCountsState =
  | { status: 'loading' }
  | { status: 'success'; byValue: ReadonlyMap<string, JobCounts> }
  | { status: 'error' };

export function useJobCounts(vacancies: readonly Vacancy[] | undefined): JobCountsState {
  const db = useFirestore();
  const [state, setState] = useState<JobCountsState>({ status: 'loading' });
  const values = useMemo(
    () =>
      [...new Set((vacancies ?? []).filter((v) => v.kind === 'job').map((v) => v.value))].sort(),
    [vacancies],
  );
  const key = values.join('\n');
  useEffect(() => {
    if (!key) return;
    let active = true;
    const jobs = key.split('\n');
    const now = Date.now();
    Promise.all(jobs.map((vaga) => countJobLeads(db, vaga, now))).then(
      (counts) => {
        if (active)
          setState({ status: 'success', byValue: new Map(jobs.map((v, i) => [v, counts[i]])) });
      },
      (error: unknown) => {
        console.error('Job counts failed', error);
        if (active) setState({ status: 'error' });
      },
    );
    return () => {
      active = false;
    };
  }, [db, key]);
  return state;
}
