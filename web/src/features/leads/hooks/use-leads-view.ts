/**
 * What the Leads tab shows of the live list under the filters: counters, the jobs to filter by,
 * duplicate phones, the visible page, what the export covers, and the newest page while the full
 * list is still arriving. Filtering runs on a deferred copy of the filters, so typing never waits.
 */
import { useDeferredValue, useMemo, useRef } from 'react';
import { usePaged, type Paged } from '@/components/ListPager/use-paged';
import type { Lead } from '@/domain/lead';
import {
  countLeads,
  dayStart,
  distinctJobs,
  duplicatePhones,
  filterLeads,
  indexLeads,
  type IndexedLead,
  type LeadCounts,
} from '@/domain/lead-list';
import { noFilters, type FilterValues } from '../components/LeadFilters/LeadFilters';
import type { ActiveLeads } from './use-active-leads';

export interface LeadsView {
  loading: boolean;
  counts: LeadCounts;
  jobs: string[];
  duplicates: ReadonlySet<string>;
  /** The leads matching the filters (what the exports take), and their current page. */
  visible: Lead[];
  paged: Paged<Lead>;
  /** The newest page, shown as it is while the full list arrives and nothing is filtered. */
  preview: Lead[] | null;
  /** The rows on screen: the preview, or the current page. */
  rows: Lead[];
}

const isUnfiltered = (filters: FilterValues) =>
  !filters.search.trim() &&
  filters.status === noFilters.status &&
  filters.vaga === noFilters.vaga &&
  !filters.range[0] &&
  !filters.range[1] &&
  !filters.mine &&
  !filters.notContacted;

/** `me`: the signed-in admin's email, for 'Meus leads'. */
export function useLeadsView(
  live: ActiveLeads,
  filters: FilterValues,
  me: string | null,
): LeadsView {
  const deferred = useDeferredValue(filters);
  const cache = useRef(new WeakMap<Lead, IndexedLead>());
  const leads = live.data;
  const index = useMemo(() => indexLeads(leads, cache.current), [leads]);
  const counts = useMemo(() => countLeads(leads), [leads]);
  const jobs = useMemo(() => distinctJobs(leads), [leads]);
  const duplicates = useMemo(() => duplicatePhones(index), [index]);
  const range = useMemo(
    () => ({
      from: dayStart(deferred.range[0]),
      until: dayStart(deferred.range[1] ?? deferred.range[0], true),
    }),
    [deferred.range],
  );
  const { search, status, vaga, mine, notContacted } = deferred;
  const visible = useMemo(
    () =>
      // 'Meus leads' without a known admin shows nothing rather than everything.
      mine && !me
        ? []
        : filterLeads(index, {
            search,
            status,
            vaga,
            ...range,
            assignedTo: mine ? me : null,
            notContacted,
          }),
    [index, search, status, vaga, range, mine, me, notContacted],
  );
  const paged = usePaged(visible, JSON.stringify(deferred));

  const loading = live.status === 'loading';
  // Filters need the full list: while it arrives, the newest page is shown only when unfiltered.
  const preview =
    loading && isUnfiltered(deferred) && live.preview && live.preview.length > 0
      ? live.preview
      : null;
  const rows = preview ?? paged.items;
  return { loading, counts, jobs, duplicates, visible, paged, preview, rows };
}
