/**
 * How many leads are in the trash, for the 'Lixeira (N)' label: `stats/leads`' `trashed`, live
 * (data/lead-stats.ts: one document, kept exact by the functions). Where that document does not
 * exist yet, a count aggregation (billed one read per 1,000 leads counted) instead, counted again
 * when `refreshKey` changes (the panel passes the active list, so another admin's trash/restore
 * shows), on window focus, and on `refresh()`; bursts are coalesced.
 */
import { useCallback, useEffect, useReducer, useState } from 'react';
import { useFirestore } from '@/lib/firebase/panel-sdk';
import { usePanelCounts } from '@/data/lead-stats';
import { countTrashedLeads } from '@/data/leads';

const coalesceMs = 300;

/**
 * `refreshKey` null: not yet (e.g. while the active list is still loading). `count` is null until
 * the first count has answered (the tab then shows 'Lixeira (…)', not a wrong 0).
 */
export function useTrashCount(refreshKey?: unknown): {
  count: number | null;
  refresh: () => void;
} {
  const db = useFirestore();
  const [count, setCount] = useState<number | null>(null);
  const [tick, bump] = useReducer((n: number) => n + 1, 0);
  const refresh = useCallback(() => bump(), []);
  const stats = usePanelCounts(db);
  const counting = stats.status === 'missing';

  useEffect(() => {
    if (!counting) return;
    window.addEventListener('focus', refresh);
    return () => window.removeEventListener('focus', refresh);
  }, [refresh, counting]);

  useEffect(() => {
    if (refreshKey === null || !counting) return;
    let cancelled = false;
    const timer = setTimeout(() => {
      countTrashedLeads(db).then(
        (n) => {
          if (!cancelled) setCount(n);
        },
        (error: unknown) => console.error('Trash count failed', error),
      );
    }, coalesceMs);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [db, refreshKey, tick, counting]);

  if (stats.status === 'present') return { count: stats.counts.trashed, refresh };
  return { count: counting ? count : null, refresh };
}
