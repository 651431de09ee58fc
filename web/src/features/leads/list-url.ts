/**
 * The Leads list's view (search, filters, order, page) as the address's query, so Back, a reload
 * and a link sent to a colleague keep it: `/admin?busca=fatima&status=principal&ordem=nome-asc`.
 * Defaults are left out (`/admin` is the list as it opens). A value the list cannot use (a status
 * that does not exist, a malformed date) is ignored, never an error. Saved views store the same
 * parameters (domain/saved-view.ts).
 */
import { sortFields, type LeadSort, type SortField } from '@/data/lead-list-reads';
import { leadStatuses } from '@/domain/options';
import { listParamNames, savedViewLimits, savedViewParamNames } from '@/domain/saved-view';
import { noFilters, type FilterValues } from './components/LeadFilters/LeadFilters';

/** What the list shows: its filters, order and page (1-based). */
export interface ListView {
  filters: FilterValues;
  sort: LeadSort;
  page: number;
}

export const defaultListView: ListView = {
  filters: noFilters,
  sort: { field: 'created_at', order: 'desc' },
  page: 1,
};

/** The query's parameter names, in the order they are written. */
export const listParams = listParamNames;

/** Longest text value kept from the address (a search, a job). */
const maxValueLength = savedViewLimits.value.max;

/** 'Data' is `created_at`; the other columns go by their field's name. */
const sortNames: Record<SortField, string> = {
  nome: 'nome',
  vaga: 'vaga',
  cidade: 'cidade',
  status: 'status',
  created_at: 'data',
};

const isDay = (value: string | null): value is string =>
  value !== null && /^\d{4}-\d{2}-\d{2}$/.test(value);

function sortOf(value: string | null): LeadSort {
  const match = value ? /^([a-z]+)-(asc|desc)$/.exec(value) : null;
  const field = match ? sortFields.find((name) => sortNames[name] === match[1]) : undefined;
  return field && match ? { field, order: match[2] as LeadSort['order'] } : defaultListView.sort;
}

const text = (value: string | null) => (value ?? '').slice(0, maxValueLength);

/** The list's view the query holds (what it does not say is the default). */
export function listViewOf(params: URLSearchParams): ListView {
  const status = params.get(listParams.status);
  const vaga = text(params.get(listParams.vaga));
  const from = params.get(listParams.from);
  const until = params.get(listParams.until);
  const page = Number(params.get(listParams.page));
  return {
    filters: {
      search: text(params.get(listParams.search)),
      status: (leadStatuses as readonly string[]).includes(status ?? '')
        ? (status as FilterValues['status'])
        : noFilters.status,
      vaga: vaga || noFilters.vaga,
      range: isDay(from) ? [from, isDay(until) ? until : null] : [null, null],
      mine: params.get(listParams.mine) === '1',
      notContacted: params.get(listParams.notContacted) === '1',
    },
    sort: sortOf(params.get(listParams.sort)),
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

/** `params` with the list's parameters replaced by `view`'s (the others, e.g. the tab, kept). */
export function withListView(params: URLSearchParams, view: ListView): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const name of Object.values(listParams)) next.delete(name);
  const { filters, sort, page } = view;
  const set = (name: string, value: string, unless: string) => {
    if (value !== unless) next.set(name, value);
  };
  set(listParams.search, filters.search, '');
  set(listParams.status, filters.status, noFilters.status);
  set(listParams.vaga, filters.vaga, noFilters.vaga);
  set(listParams.from, filters.range[0] ?? '', '');
  if (filters.range[0]) set(listParams.until, filters.range[1] ?? '', '');
  set(listParams.mine, filters.mine ? '1' : '', '');
  set(listParams.notContacted, filters.notContacted ? '1' : '', '');
  const { sort: defaultSort } = defaultListView;
  if (sort.field !== defaultSort.field || sort.order !== defaultSort.order) {
    next.set(listParams.sort, `${sortNames[sort.field]}-${sort.order}`);
  }
  set(listParams.page, String(page), '1');
  return next;
}

/** The list's parameters of `view` alone, as a saved view keeps them (no page). */
export function savedViewOf(view: ListView): Record<string, string> {
  return Object.fromEntries(withListView(new URLSearchParams(), { ...view, page: 1 }));
}

/** The query text of a saved view's parameters (only the ones a view keeps). */
export function paramsOfSavedView(saved: Readonly<Record<string, unknown>>): URLSearchParams {
  const params = new URLSearchParams();
  for (const name of savedViewParamNames) {
    const value = saved[name];
    if (typeof value === 'string' && value) params.set(name, value);
  }
  return params;
}

/** Whether two views show the same list. */
export function sameListView(a: ListView, b: ListView): boolean {
  return (
    withListView(new URLSearchParams(), a).toString() ===
    withListView(new URLSearchParams(), b).toString()
  );
}
