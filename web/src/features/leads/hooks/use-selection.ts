/** The Leads tab's selection: ids checked by the admin, kept only while their lead is in the list. */
import { useCallback, useMemo, useState } from 'react';
import type { Lead } from '@/domain/lead';

export interface Selection {
  selected: ReadonlySet<string>;
  /** The selected ids still in the list, in the list's order. */
  selectedIds: string[];
  select: (ids: readonly string[], on: boolean) => void;
  /** Stable (the rows are memoised on it). */
  onSelect: (id: string, on: boolean) => void;
  clear: () => void;
}

export function useSelection(leads: readonly Lead[]): Selection {
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const selectedIds = useMemo(
    () => leads.filter((lead) => selected.has(lead.id)).map((lead) => lead.id),
    [leads, selected],
  );
  const select = useCallback(
    (ids: readonly string[], on: boolean) =>
      setSelected((previous) => {
        const next = new Set(previous);
        for (const id of ids) {
          if (on) next.add(id);
          else next.delete(id);
        }
        return next;
      }),
    [],
  );
  const onSelect = useCallback((id: string, on: boolean) => select([id], on), [select]);
  const clear = useCallback(() => setSelected(new Set()), []);
  return { selected, selectedIds, select, onSelect, clear };
}
