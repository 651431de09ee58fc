/**
 * What the Leads tab shows under the filters, from its source (lead-source.ts: the server, one
 * page at a time): the counters, the jobs to filter by, the duplicate phones on screen, the page
 * and the pager, and how many leads the filters match (what the exports take). The filters are
 * deferred, so typing never waits on a query.
 */
import { useDeferredValue, useEffect, useMemo } from 'react';
import { pageSize, useServerPaged } from '@/components/ListPager/use-paged';
import type { Lead } from '@/domain/lead';
import { dayStart, type LeadCounts } from '@/domain/lead-list-view';
import { defaultSort, hasPeriod, servedSort, type LeadSort } from '@/data/lead-list-reads';
import { leadListClauses, type LeadClause } from '@/domain/lead-query';
import { useFilterJobs } from '@/data/vacancies';
import { noFilters, type FilterValues } from '../components/LeadFilters/LeadFilters';
import type { LeadSource } from './lead-source';
import type { ActiveLeads } from './use-active-leads';

/** The pager's view of the list (ListPager). */
export interface LeadPager {
  items: Lead[];
  page: number;
  pages: number;
  from: number;
  to: number;
  total: number;
  setPage: (page: number) => void;
}

export interface LeadsView {
  /** The first rows of these filters are not there yet. */
  loading: boolean;
  error: unknown;
  /** null while counting. */
  counts: LeadCounts | null;
  jobs: readonly string[];
  duplicates: ReadonlySet<string>;
  /** The rows on screen. */
  rows: Lead[];
  paged: LeadPager;
  /** How many leads the filters match, and how many of those are principal (null: counting). */
  listed: number | null;
  qualified: number | null;
  /** The filters as clauses (null: nothing matches), for the exports to read. */
  clauses: LeadClause[] | null;
  /** The order the rows are in (the one asked, or 'Data' when the filters refuse it). */
  sort: LeadSort;
  /** The order asked cannot be served with these filters ('Período' and another column). */
  sortRefused: boolean;
  /** Only 'Data' can order the list under these filters ('Período'). */
  dateOnly: boolean;
}

/** Built on first use: the locale's data is not loaded on the panel's open (tens of ms at 4x). */
let collator: Intl.Collator | undefined;
const ptCollator = () =>
  (collator ??= new Intl.Collator('pt-BR', { sensitivity: 'base', numeric: true }));

/**
 * The page in pt-BR order by a text column: the server orders strings by code point ('Érica' after
 * 'Zé', lower case after upper), so the rows it sent are put in pt-BR order on screen.
 */
function inLocaleOrder(rows: Lead[], sort: LeadSort): Lead[] {
  if (sort.field === 'created_at') return rows;
  const field = sort.field;
  const sign = sort.order === 'desc' ? -1 : 1;
  const { compare } = ptCollator();
  return [...rows].sort((a, b) => sign * compare(a[field] ?? '', b[field] ?? ''));
}

/** The filters as query clauses; 'Meus leads' without a known admin matches nothing. */
export function clausesOf(filters: FilterValues, me: string | null): LeadClause[] | null {
  if (filters.mine && !me) return null;
  return leadListClauses({
    search: filters.search,
    status: filters.status,
    vaga: filters.vaga,
    from: dayStart(filters.range[0]),
    until: dayStart(filters.range[1] ?? filters.range[0], true),
    assignedTo: filters.mine ? me : null,
    notContacted: filters.notContacted,
  });
}

/**
 * The clauses of the list the tab opens on (the address's filters, list-url.ts): the panel listens
 * to its first page early (app/admin-panel/first-page.ts) and the tab's own listener then shares
 * that target. null: nothing to listen to early ('Meus leads' before the admin is known).
 */
export function openingListClauses(filters: FilterValues = noFilters): LeadClause[] | null {
  return clausesOf(filters, null);
}

/** The page shown (1-based: the address holds it) and its changes. */
export interface PageChoice {
  page: number;
  /** Another page asked (the pager). */
  onPage: (page: number) => void;
  /** A page past the end taken back to the last one (leads left from under it). */
  onPageCorrected?: (page: number) => void;
}

const firstPage: PageChoice = { page: 1, onPage: () => {} };

/** `me`: the signed-in admin's email, for 'Meus leads'. */
export function useLeadsView(
  source: LeadSource,
  live: ActiveLeads,
  filters: FilterValues,
  me: string | null,
  wanted: LeadSort = defaultSort,
  { page, onPage, onPageCorrected }: PageChoice = firstPage,
): LeadsView {
  const deferred = useDeferredValue(filters);
  const filterKey = JSON.stringify([deferred, me]);
  const clauses = useMemo(
    () => clausesOf(deferred, me),
    // The key names the filters.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [filterKey],
  );
  const served = servedSort(clauses, wanted);
  const order = served.sort;
  const key = JSON.stringify([deferred, me, order]);
  const { changed, failed } = live;

  const data = source.useList({
    clauses,
    key,
    order,
    page,
    size: pageSize,
    epoch: live.epoch,
    onChange: changed,
    onError: failed,
  });
  const { status, error } = data.page;
  const rows = useMemo(() => inLocaleOrder(data.page.rows, order), [data.page.rows, order]);
  useEffect(() => {
    if (error) failed(error);
  }, [error, failed]);
  const { showing } = live;
  useEffect(() => showing(rows), [rows, showing]);

  const { listed } = data;
  const jobs = useFilterJobs();
  const paged: LeadPager = useServerPaged(
    rows,
    page,
    onPage,
    { total: listed, full: data.page.full, loading: status === 'loading' },
    onPageCorrected,
  );
  return {
    loading: status === 'loading' && rows.length === 0,
    error,
    counts: data.counts,
    jobs,
    duplicates: data.duplicates,
    rows,
    paged,
    listed,
    qualified: data.qualified,
    clauses,
    sort: order,
    sortRefused: served.refused,
    dateOnly: hasPeriod(clauses),
  };
}
