/** Pages a long list (the panel renders at most one page of rows, so 20,000 leads never freeze a phone). */
import { useEffect, useMemo, useState } from 'react';

export const pageSize = 25;

export interface Paged<T> {
  items: T[];
  page: number;
  pages: number;
  from: number;
  to: number;
  total: number;
  setPage: (page: number) => void;
}

/** The current page of `list`; `resetKey` changing (a new filter) goes back to page 1. */
export function usePaged<T>(list: readonly T[], resetKey: string, size = pageSize): Paged<T> {
  const [state, setState] = useState({ page: 1, key: resetKey });
  let page = state.key === resetKey ? state.page : 1;
  if (state.key !== resetKey) setState({ page: 1, key: resetKey });
  const pages = Math.max(1, Math.ceil(list.length / size));
  page = Math.min(page, pages);
  const start = (page - 1) * size;
  const items = list.slice(start, start + size);
  return {
    items,
    page,
    pages,
    from: list.length === 0 ? 0 : start + 1,
    to: start + items.length,
    total: list.length,
    setPage: (next) => setState({ page: next, key: resetKey }),
  };
}

/**
 * The pager of a list the server pages (Leads, Lixeira): `rows` is page `page`; `total` is the
 * counted total, null while counting (then the pages seen so far, one more while a page is full).
 * A page left past the end (leads removed elsewhere) goes back to the last page.
 */
export function useServerPaged<T>(
  rows: T[],
  page: number,
  setPage: (page: number) => void,
  { total, full, loading }: { total: number | null; full: boolean; loading: boolean },
  /** How a page past the end is corrected (the Leads list replaces its address's page). */
  correctPage: (page: number) => void = setPage,
): Paged<T> {
  const last = total === null ? null : Math.max(1, Math.ceil(total / pageSize));
  useEffect(() => {
    if (last !== null && page > last && !loading) correctPage(last);
  }, [last, page, loading, correctPage]);
  const from = rows.length === 0 ? 0 : (page - 1) * pageSize + 1;
  const pages = last ?? (full ? page + 1 : page);
  const count = total ?? from + rows.length;
  // One object while nothing changes: the pager is memoised on it (a tick re-renders no pager).
  return useMemo(
    () => ({
      items: rows,
      page,
      pages,
      from,
      to: from === 0 ? 0 : from + rows.length - 1,
      total: count,
      setPage,
    }),
    [rows, page, pages, from, count, setPage],
  );
}
