/**
 * How many leads are held, for the 'Suspeitos (N)' entry: `stats/leads`' `active.suspeito`, live
 * (data/lead-stats.ts: one document, kept exact by the functions). Where that document does not
 * exist yet, a count aggregation, not a listener on every held lead (a flood can hold thousands),
 * counted again when the newest held lead changes (a lead set aside), when `refreshKey` changes
 * (the panel passes the arrivals' held epoch: a lead it saw released), on window focus and on
 * `refresh()`; bursts are coalesced.
 */
import { useCallback, useEffect, useMemo, useReducer, useState } from 'react';
import { useFirestore } from '@/lib/firebase/panel-sdk';
import { countHeldLeads, newestHeldQuery } from '@/data/held-leads';
import { usePanelCounts } from '@/data/lead-stats';
import { useLiveLeads } from '@/data/use-live-leads';

const coalesceMs = 300;

/** `refreshKey` null: not yet. `count` is null until the first count has answered. */
export function useHeldCount(refreshKey: unknown): { count: number | null; refresh: () => void } {
  const db = useFirestore();
  const [count, setCount] = useState<number | null>(null);
  const [tick, bump] = useReducer((n: number) => n + 1, 0);
  const refresh = useCallback(() => bump(), []);
  const stats = usePanelCounts(db);
  const counting = stats.status === 'missing';
  const newestQuery = useMemo(() => newestHeldQuery(db), [db]);
  const newest =
    useLiveLeads(refreshKey === null || !counting ? null : newestQuery).data[0]?.id ?? null;

  useEffect(() => {
    if (!counting) return;
    window.addEventListener('focus', refresh);
    return () => window.removeEventListener('focus', refresh);
  }, [refresh, counting]);

  useEffect(() => {
    if (refreshKey === null || !counting) return;
    let cancelled = false;
    const timer = setTimeout(() => {
      countHeldLeads(db).then(
        (n) => {
          if (!cancelled) setCount(n);
        },
        (error: unknown) => console.error('Held count failed', error),
      );
    }, coalesceMs);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [db, refreshKey, tick, newest, counting]);

  if (stats.status === 'present') return { count: stats.counts.held, refresh };
  return { count: counting ? count : null, refresh };
}
