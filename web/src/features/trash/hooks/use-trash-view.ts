/**
 * What the Lixeira shows for a search or a batch, from its source (trash-source.ts: the server,
 * one page at a time): the page, the pager and how many leads it finds. The search is deferred, so
 * typing never waits on a query; a chosen batch replaces the search; a new filter starts from page 1.
 */
import { useCallback, useDeferredValue, useReducer, useState } from 'react';
import { pageSize, useServerPaged, type Paged } from '@/components/ListPager/use-paged';
import { searchKeyOf } from '@vagas/common';
import type { Lead } from '@/domain/lead';
import { filterKey, type TrashFilter, type TrashSource } from './trash-source';

export interface TrashView {
  /** What the rows answer: a search key (null: the whole trash), or a batch. */
  filter: TrashFilter;
  rows: Lead[];
  /** The first rows of this search are not there yet. */
  loading: boolean;
  error: unknown;
  /** How many trashed leads the filter finds (null: counting). */
  found: number | null;
  paged: Paged<Lead>;
  /** The trash changed here (a restore, a bulk run): count again. */
  changed: () => void;
}

export function useTrashView(
  source: TrashSource,
  typed: string,
  batch: string | null,
  onChanged: (() => void) | undefined,
  onError: (error: unknown) => void,
): TrashView {
  const search = searchKeyOf(useDeferredValue(typed));
  const filter: TrashFilter = batch === null ? { search } : { batch };
  const key = filterKey(filter);
  const [paging, setPaging] = useState({ key, page: 1 });
  const page = paging.key === key ? paging.page : 1;
  const setPage = useCallback((next: number) => setPaging({ key, page: next }), [key]);
  const [epoch, bump] = useReducer((n: number) => n + 1, 0);
  const changed = useCallback(() => {
    bump();
    onChanged?.();
  }, [onChanged]);

  const data = source.useList({
    filter,
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
    filter,
    rows,
    loading: status === 'loading' && rows.length === 0,
    error,
    found,
    paged,
    changed,
  };
}
