/**
 * The Leads tab's selection: ids checked by the admin, kept across pages (the list holds one page
 * at a time) and forgotten when the filters change (`resetKey`) or when the lead leaves the list
 * (`useDropGone`: trashed by a colleague, deleted, changed out of the filters), so the bulk bar's
 * count and actions take only leads still listed.
 */
import { useCallback, useEffect, useMemo, useState } from 'react';

export interface Selection {
  selected: ReadonlySet<string>;
  /** The selected ids, in the order they were checked. */
  selectedIds: string[];
  select: (ids: readonly string[], on: boolean) => void;
  /** Stable (the rows are memoised on it). */
  onSelect: (id: string, on: boolean) => void;
  clear: () => void;
}

export function useSelection(resetKey = ''): Selection {
  const [state, setState] = useState<{ key: string; ids: ReadonlySet<string> }>({
    key: resetKey,
    ids: new Set(),
  });
  const selected = useMemo(
    () => (state.key === resetKey ? state.ids : new Set<string>()),
    [state, resetKey],
  );
  const selectedIds = useMemo(() => [...selected], [selected]);
  const select = useCallback(
    (ids: readonly string[], on: boolean) =>
      setState((previous) => {
        const next = new Set(previous.key === resetKey ? previous.ids : []);
        for (const id of ids) {
          if (on) next.add(id);
          else next.delete(id);
        }
        return { key: resetKey, ids: next };
      }),
    [resetKey],
  );
  const onSelect = useCallback((id: string, on: boolean) => select([id], on), [select]);
  const clear = useCallback(() => setState({ key: resetKey, ids: new Set() }), [resetKey]);
  return { selected, selectedIds, select, onSelect, clear };
}

/**
 * Unticks the ids in `gone` (the source's `useGone` over `selection.selectedIds`): for good, so a
 * lead that comes back (restored) is not ticked again.
 */
export function useDropGone(selection: Selection, gone: ReadonlySet<string>): void {
  const { selected, select } = selection;
  useEffect(() => {
    const leaving = [...gone].filter((id) => selected.has(id));
    if (leaving.length > 0) select(leaving, false);
  }, [gone, selected, select]);
}
