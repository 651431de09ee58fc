/**
 * How many leads are held, for the 'Suspeitos (N)' entry: a count aggregation, not a listener on
 * every held lead (a flood can hold thousands). Counted again when `refreshKey` changes (the panel
 * passes the arrivals' held epoch: a lead set aside or released), on window focus and on
 * `refresh()`; bursts are coalesced.
 */
import { useCallback, useEffect, useReducer, useState } from 'react';
import { useFirestore } from 'reactfire';
import { countHeldLeads } from '@/data/held-leads';

const coalesceMs = 300;

/** `refreshKey` null: not yet. `count` is null until the first count has answered. */
export function useHeldCount(refreshKey: unknown): { count: number | null; refresh: () => void } {
  const db = useFirestore();
  const [count, setCount] = useState<number | null>(null);
  const [tick, bump] = useReducer((n: number) => n + 1, 0);
  const refresh = useCallback(() => bump(), []);

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
  }, [db, refreshKey, tick]);

  return { count, refresh };
}
