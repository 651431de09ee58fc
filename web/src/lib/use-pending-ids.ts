/** Ids with a write in flight (their controls are disabled while it runs). */
import { useCallback, useState } from 'react';

export interface PendingIds {
  pending: ReadonlySet<string>;
  /** Runs `work` with `ids` marked pending, and unmarks them when it settles. */
  track: <T>(ids: readonly string[], work: () => Promise<T>) => Promise<T>;
}

export function usePendingIds(): PendingIds {
  const [pending, setPending] = useState<ReadonlySet<string>>(new Set());
  const track = useCallback(async <T>(ids: readonly string[], work: () => Promise<T>) => {
    setPending((previous) => new Set([...previous, ...ids]));
    try {
      return await work();
    } finally {
      setPending((previous) => {
        const next = new Set(previous);
        for (const id of ids) next.delete(id);
        return next;
      });
    }
  }, []);
  return { pending, track };
}
