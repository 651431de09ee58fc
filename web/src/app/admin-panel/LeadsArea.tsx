/**
 * The Leads tab's area: the list ('Lista'), the board ('Quadro') and 'Para hoje', one at a time.
 * The view is in the address (`?vista=quadro`, `?vista=hoje`; none: the list), so Back, a reload
 * and a link keep it. The board shows the list's filters with the same values (the list's view, also
 * in the address: features/leads list-url.ts). The board and 'Para hoje' load their code when first
 * shown.
 */
import { Center, Loader } from '@mantine/core';
import { memo, Suspense, useCallback, useDeferredValue, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { ViewTabs } from '@/components/ViewTabs/ViewTabs';
import { filterJobs } from '@/domain/lead-query';
import { keptComponent, useKept } from '@/lib/page/kept-component';
import {
  filterClauses,
  LeadFilters,
  LeadsTab,
  type ActiveLeads,
  type FilterValues,
  type ListView,
} from '@/features/leads';
import { sameProps } from './same-props';

/** The Leads tab renders again only when its props change (see AdminPanelPage). */
const LeadsTabMemo = memo(LeadsTab, sameProps);

/** The board's and 'Para hoje''s code: fetched when first shown, then kept (kept-component.ts). */
const leadBoard = keptComponent(() =>
  import('@/features/board').then((module) => module.LeadBoard),
);
const todayView = keptComponent(() =>
  import('@/features/today').then((module) => module.TodayView),
);
type LeadBoardComponent = ReturnType<typeof leadBoard.current>;

/** The address's name for each view (the list has none). */
export const leadsViewParam = 'vista';

// The panel opened on a view (a link, a reload): its code downloads beside the panel's, not after
// the server has confirmed the admin (when the view first renders).
if (typeof window !== 'undefined') {
  const opening = new URLSearchParams(window.location.search).get(leadsViewParam);
  if (opening === 'quadro') void leadBoard.load().catch(() => undefined);
  if (opening === 'hoje') void todayView.load().catch(() => undefined);
}
const views = [
  { value: 'lista', label: 'Lista' },
  { value: 'quadro', label: 'Quadro' },
  { value: 'hoje', label: 'Para hoje' },
] as const;
export type LeadsViewName = (typeof views)[number]['value'];

function viewOf(param: string | null): LeadsViewName {
  return views.some((view) => view.value === param) ? (param as LeadsViewName) : 'lista';
}

function ViewLoading() {
  return (
    <Center py="xl">
      <Loader aria-label="Carregando" />
    </Center>
  );
}

function Board({
  LeadBoard,
  filters,
  onChange,
  me,
  onShown,
}: {
  LeadBoard: LeadBoardComponent;
  filters: FilterValues;
  onChange: (f: FilterValues) => void;
  me: string | null;
  onShown?: () => void;
}) {
  // Typing in the search never waits on the columns' queries.
  const deferred = useDeferredValue(filters);
  const filterKey = JSON.stringify([deferred, me]);
  const clauses = useMemo(
    () => filterClauses(deferred, me),
    // The key names the filters.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [filterKey],
  );
  return (
    <LeadBoard
      clauses={clauses}
      filterKey={filterKey}
      filters={<LeadFilters values={filters} jobs={filterJobs} onChange={onChange} />}
      onShown={onShown}
    />
  );
}

export interface LeadsAreaProps {
  live: ActiveLeads;
  me: string | null;
  /** The list's view (filters, order, page), which the panel keeps in the address. */
  listView: ListView;
  onListViewChange: (view: ListView, how?: { replace: boolean }) => void;
  /** The board's or 'Para hoje''s first answer is drawn. */
  onViewShown?: () => void;
}

export function LeadsArea({ live, me, listView, onListViewChange, onViewShown }: LeadsAreaProps) {
  const [params, setParams] = useSearchParams();
  const view = viewOf(params.get(leadsViewParam));
  // The board changes the filters only: the list then starts again from its first page.
  const setFilters = useCallback(
    (filters: FilterValues) => onListViewChange({ ...listView, filters, page: 1 }),
    [listView, onListViewChange],
  );
  const choose = useCallback(
    (next: LeadsViewName) =>
      setParams((previous) => {
        const changed = new URLSearchParams(previous);
        if (next === 'lista') changed.delete(leadsViewParam);
        else changed.set(leadsViewParam, next);
        return changed;
      }),
    [setParams],
  );
  // Chosen when the view opens: its code arriving while it shows does not mount it again.
  const LeadBoard = useKept(leadBoard, view);
  const TodayView = useKept(todayView, view);
  return (
    <ViewTabs label="Visualização dos leads" views={views} value={view} onChange={choose}>
      {view === 'lista' && (
        <LeadsTabMemo live={live} me={me} view={listView} onViewChange={onListViewChange} />
      )}
      {view !== 'lista' && (
        <Suspense fallback={<ViewLoading />}>
          {view === 'quadro' ? (
            <Board
              LeadBoard={LeadBoard}
              filters={listView.filters}
              onChange={setFilters}
              me={me}
              onShown={onViewShown}
            />
          ) : (
            <TodayView me={me} onShown={onViewShown} />
          )}
        </Suspense>
      )}
    </ViewTabs>
  );
}
