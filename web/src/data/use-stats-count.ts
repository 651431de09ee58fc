/**
 * One of the panel's tab counts ('Lixeira (N)', 'Suspeitos (N)') from `stats/leads`, live
 * (data/lead-stats.ts: one document, kept exact by the functions). Where that document does not
 * exist yet, a count aggregation instead (billed one read per 1,000 leads counted, never a listener
 * on every lead), counted again when `refreshKey` or `changed` changes, on window focus and on
 * `refresh()`; bursts are coalesced.
 */
import { useCallback, useEffect, useReducer, useState } from 'react';
import type { Firestore } from 'firebase/firestore';
import { useFirestore } from 'reactfire';
import { usePanelCounts, type PanelCounts } from './lead-stats';

const coalesceMs = 300;

export interface StatsCount {
  /** null until known: the tab then shows '(…)', not a wrong 0. */
  count: number | null;
  refresh: () => void;
}

/**
 * `which`: the count of `stats/leads` to show; `countBy`: the aggregation that stands in for it.
 * `refreshKey` null: not yet (e.g. while the active list is still loading). `changed`: anything
 * else whose change means counting again (e.g. the newest held lead).
 */
export function useStatsCount(
  which: 'trashed' | 'held',
  countBy: (db: Firestore) => Promise<number>,
  refreshKey: unknown,
  changed?: unknown,
): StatsCount {
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
      countBy(db).then(
        (n) => {
          if (!cancelled) setCount(n);
        },
        (error: unknown) => console.error(`The ${which} count failed`, error),
      );
    }, coalesceMs);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [db, countBy, which, refreshKey, tick, changed, counting]);

  const counts: PanelCounts | null = stats.status === 'present' ? stats.counts : null;
  if (counts) return { count: counts[which], refresh };
  return { count: counting ? count : null, refresh };
}
