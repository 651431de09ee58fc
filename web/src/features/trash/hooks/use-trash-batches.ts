/**
 * The Lixeira's batches and ticks: the newest batches of bulk moves (read when the tab opens and
 * again after each change here), the one chosen (the list then shows only its leads), and the
 * leads ticked, across pages, for 'Restaurar selecionados'. A batch that has left the trash is
 * dropped from the choice.
 */
import { useCallback, useEffect, useState } from 'react';
import type { TrashBatch, TrashSource } from './trash-source';

export interface TrashBatches {
  /** The newest batches with leads in the trash (null: reading). */
  batches: TrashBatch[] | null;
  /** The batch the list shows (null: the whole trash or the search). */
  chosen: TrashBatch | null;
  choose: (id: string | null) => void;
  selected: ReadonlySet<string>;
  select: (ids: readonly string[], on: boolean) => void;
  clear: () => void;
}

export function useTrashBatches(source: TrashSource, epoch: number): TrashBatches {
  const [batches, setBatches] = useState<TrashBatch[] | null>(null);
  const [chosenId, setChosenId] = useState<string | null>(null);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());

  useEffect(() => {
    let cancelled = false;
    source.fetchBatches().then(
      (read) => {
        if (cancelled) return;
        setBatches(read);
        setChosenId((id) => (id !== null && read.some((batch) => batch.id === id) ? id : null));
      },
      (error: unknown) => console.error('Trash batches could not be read', error),
    );
    return () => {
      cancelled = true;
    };
  }, [source, epoch]);

  const select = useCallback((ids: readonly string[], on: boolean) => {
    setSelected((previous) => {
      const next = new Set(previous);
      for (const id of ids) {
        if (on) next.add(id);
        else next.delete(id);
      }
      return next;
    });
  }, []);
  const clear = useCallback(() => setSelected(new Set()), []);
  const choose = useCallback((id: string | null) => {
    setChosenId(id);
    setSelected(new Set());
  }, []);

  const chosen = batches?.find((batch) => batch.id === chosenId) ?? null;
  return { batches, chosen, choose, selected, select, clear };
}
