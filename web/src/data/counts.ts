/**
 * Counts the lists a tab shows totals of (count aggregations: one request each, billed a read per
 * 1,000 counted), kept current without counting on every change: counted at once when the lists
 * change, and again at most once per `debounceMs` when `epoch` changes (something in them changed).
 * The Leads tab's counters (data/lead-list-reads.ts) and the Lixeira's found count use it.
 */
import { useEffect, useRef, useState } from 'react';

/**
 * The count of each named list, by `count`; null while a new set of lists is first counted.
 * `lists` null: nothing is counted yet. `count` may change between renders (the latest is used).
 */
export function useCounts<K extends string, L>(
  lists: Readonly<Record<K, L>> | null,
  count: (list: L) => Promise<number>,
  epoch: number,
  debounceMs: number,
  onError?: (error: unknown) => void,
): Record<K, number> | null {
  const [counts, setCounts] = useState<{ lists: typeof lists; value: Record<K, number> } | null>(
    null,
  );
  const latest = useRef({ count, onError });
  latest.current = { count, onError };
  const firstRun = useRef(true);
  useEffect(() => {
    firstRun.current = true;
  }, [lists]);

  useEffect(() => {
    if (!lists) return;
    let cancelled = false;
    const run = async () => {
      const entries = await Promise.all(
        (Object.entries(lists) as [K, L][]).map(
          async ([name, list]) => [name, await latest.current.count(list)] as const,
        ),
      );
      if (cancelled) return;
      setCounts({ lists, value: Object.fromEntries(entries) as Record<K, number> });
    };
    const delay = firstRun.current ? 0 : debounceMs;
    firstRun.current = false;
    const timer = setTimeout(
      () => void run().catch((error: unknown) => latest.current.onError?.(error)),
      delay,
    );
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [lists, epoch, debounceMs]);

  return counts && lists && counts.lists === lists ? counts.value : null;
}
