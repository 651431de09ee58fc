/**
 * How many leads are held, for the 'Suspeitos (N)' entry: a count aggregation, not a listener on
 * every held lead (a flood can hold thousands). Counted again when the newest held lead changes (a
 * lead set aside), when `refreshKey` changes (the panel passes the arrivals' held epoch: a lead it
 * saw released), on window focus and on `refresh()`; bursts are coalesced.
 */
import { useCallback, useEffect, useMemo, useReducer, useState } from 'react';
import { useFirestore } from 'reactfire';
import { countHeldLeads, newestHeldQuery } from '@/data/held-leads';
import { useLiveLeads } from '@/data/use-live-leads';

const coalesceMs = 300;

/** `refreshKey` null: not yet. `count` is null until the first count has answered. */
export function useHeldCount(refreshKey: unknown): { count: number | null; refresh: () => void } {
  const db = useFirestore();
  const [count, setCount] = useState<number | null>(null);
  const [tick, bump] = useReducer((n: number) => n + 1, 0);
  const refresh = useCallback(() => bump(), []);
  const newestQuery = useMemo(() => newestHeldQuery(db), [db]);
  const newest = useLiveLeads(refreshKey === null ? null : newestQuery).data[0]?.id ?? null;

  useEffect(() => {
    window.addEventListener('focus', refresh);
    return () => window.removeEventListener('focus', refresh);
  }, [refresh]);

  useEffect(() => {
    if (refreshKey === null) return;
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
  }, [db, refreshKey, tick, newest]);

  return { count, refresh };
}
