/**
 * What the Lixeira shows for a search, from its source (trash-source.ts: the server, one page at a
 * time): the page, the pager and how many leads the search finds. The search is deferred, so
 * typing never waits on a query; a new search starts from page 1.
 */
import { useCallback, useDeferredValue, useReducer, useState } from 'react';
import { pageSize, useServerPaged, type Paged } from '@/components/ListPager/use-paged';
import { searchKeyOf } from '@vagas/common';
import type { Lead } from '@/domain/lead';
import type { TrashSource } from './trash-source';

export interface TrashView {
  /** The search key the rows answer (null: the whole trash). */
  search: string | null;
  rows: Lead[];
  /** The first rows of this search are not there yet. */
  loading: boolean;
  error: unknown;
  /** How many trashed leads the search finds (null: counting). */
  found: number | null;
  paged: Paged<Lead>;
  /** The trash changed here (a restore, a bulk run): count again. */
  changed: () => void;
}

export function useTrashView(
  source: TrashSource,
  typed: string,
  onChanged: (() => void) | undefined,
  onError: (error: unknown) => void,
): TrashView {
  const search = searchKeyOf(useDeferredValue(typed));
  const key = search ?? '';
  const [paging, setPaging] = useState({ key, page: 1 });
  const page = paging.key === key ? paging.page : 1;
  const setPage = useCallback((next: number) => setPaging({ key, page: next }), [key]);
  const [epoch, bump] = useReducer((n: number) => n + 1, 0);
  const changed = useCallback(() => {
    bump();
    onChanged?.();
  }, [onChanged]);

  const data = source.useList({
    search,
    page,
    size: pageSize,
    epoch,
    onChange: changed,
    onError,
  });
  const { rows, status, error } = data.page;
  const { found } = data;
  const paged = useServerPaged(rows, page, setPage, {
    total: found,
    full: data.page.full,
    loading: status === 'loading',
  });
  return {
    search,
    rows,
    loading: status === 'loading' && rows.length === 0,
    error,
    found,
    paged,
    changed,
  };
}
