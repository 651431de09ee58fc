/**
 * The Suspeitos view's list and actions: the newest held leads, live (`pageSize` more at a time),
 * the admin's selection, a release (one click), and the selected sent to the trash (one click, in
 * batches of 500 as the panel's bulk trash). Each action tells the panel (`onChanged`), which
 * counts the list and the held leads again.
 */
import { useCallback, useMemo, useState } from 'react';
import { useFirestore } from '@/lib/firebase/panel-sdk';
import { showToast } from '@/components/toast';
import { heldLeadsQuery, releaseLead } from '@/data/held-leads';
import { changeLeads, PartialBatchError } from '@/data/lead-actions';
import { useLiveLeads } from '@/data/use-live-leads';
import type { Lead } from '@/domain/lead';
import {
  releasedToast,
  releaseErrorToast,
  trashedToast,
  trashErrorToast,
} from '@/features/suspects/messages';

/** How many held leads show at first, and how many more each 'Mostrar mais' adds. */
export const pageSize = 50;

export interface Suspects {
  status: 'loading' | 'success' | 'error';
  rows: Lead[];
  /** A full list may have more after it. */
  more: boolean;
  showMore: () => void;
  selected: ReadonlySet<string>;
  toggle: (id: string) => void;
  /** Ticks every row shown, or none when all are ticked. */
  toggleAll: () => void;
  /** Leads being released or trashed. */
  pending: ReadonlySet<string>;
  release: (lead: Lead) => Promise<void>;
  trashSelected: () => Promise<void>;
}

export function useSuspects(onChanged: () => void): Suspects {
  const db = useFirestore();
  const [size, setSize] = useState(pageSize);
  const query = useMemo(() => heldLeadsQuery(db, size), [db, size]);
  const live = useLiveLeads(query, { onAdded: onChanged, onRemoved: onChanged });
  const [ticked, setTicked] = useState<ReadonlySet<string>>(new Set());
  const [pending, setPending] = useState<ReadonlySet<string>>(new Set());
  const rows = live.data;
  // A lead that left the list (released or trashed, here or by a colleague) is no longer ticked.
  const selected = useMemo(() => {
    const shown = new Set(rows.map((lead) => lead.id));
    return new Set([...ticked].filter((id) => shown.has(id)));
  }, [rows, ticked]);

  const busy = (ids: readonly string[], on: boolean) =>
    setPending((previous) => {
      const next = new Set(previous);
      for (const id of ids) {
        if (on) next.add(id);
        else next.delete(id);
      }
      return next;
    });

  const release = async (lead: Lead) => {
    busy([lead.id], true);
    try {
      await releaseLead(db, lead.id);
      showToast(releasedToast, 'success');
      onChanged();
    } catch (error) {
      console.error('Release failed', error);
      showToast(releaseErrorToast, 'error');
    } finally {
      busy([lead.id], false);
    }
  };

  const trashSelected = async () => {
    const ids = [...selected];
    if (ids.length === 0) return;
    busy(ids, true);
    try {
      await changeLeads(db, ids, { trash: true });
      showToast(trashedToast(ids.length), 'success');
      setTicked(new Set());
    } catch (error) {
      console.error('Trash of suspects failed', error);
      const done = error instanceof PartialBatchError ? error.done : 0;
      showToast(trashErrorToast(done, ids.length), 'error');
    } finally {
      busy(ids, false);
      onChanged();
    }
  };

  const toggle = useCallback(
    (id: string) =>
      setTicked((previous) => {
        const next = new Set(previous);
        if (next.has(id)) next.delete(id);
        else next.add(id);
        return next;
      }),
    [],
  );
  const toggleAll = () =>
    setTicked(selected.size === rows.length ? new Set() : new Set(rows.map((lead) => lead.id)));

  return {
    status: live.status,
    rows,
    more: rows.length >= size,
    showMore: () => setSize((previous) => previous + pageSize),
    selected,
    toggle,
    toggleAll,
    pending,
    release,
    trashSelected,
  };
}
