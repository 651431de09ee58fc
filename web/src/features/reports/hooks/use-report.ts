/** The report of a period: loading, the figures, or the error (with a retry). */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useFirestore } from '@/lib/firebase/panel-sdk';
import { loadReport } from '@/features/reports/api/report-queries';
import type { Period, Report } from '@/features/reports/model/report';

export type ReportState =
  { status: 'loading' } | { status: 'success'; data: Report } | { status: 'error'; error: Error };

export function useReport(period: Period | null): [ReportState, { retry: () => void }] {
  // The instance is the provider's (stable); a ref keeps a re-created one from reloading the report.
  const db = useRef(useFirestore());
  const [state, setState] = useState<ReportState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const from = period?.from.getTime();
  const to = period?.to.getTime();

  useEffect(() => {
    if (from === undefined || to === undefined) return;
    let active = true;
    setState({ status: 'loading' });
    loadReport(db.current, { from: new Date(from), to: new Date(to) }).then(
      (data) => active && setState({ status: 'success', data }),
      (error: unknown) =>
        active &&
        setState({
          status: 'error',
          error: error instanceof Error ? error : new Error(String(error)),
        }),
    );
    return () => {
      active = false;
    };
  }, [from, to, attempt]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return [state, { retry }];
}
