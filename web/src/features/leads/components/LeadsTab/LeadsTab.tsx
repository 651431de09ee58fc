/**
 * The Leads tab: counters, 'Lista de Leads' with search, filters, date range, paging, selection,
 * arrivals (held by the panel, see use-active-leads), export and 'Limpar Dados'. What is shown
 * comes from use-leads-view over the tab's source (the server, one page at a time: lead-source.ts),
 * the selection from use-selection, the writes from use-lead-actions; this file lays them out.
 */
import { Button, Center, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { lazy, memo, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import type { LeadSort } from '@/data/lead-list-reads';
import { columnLabel } from '@/domain/lead-columns';
import { counterClauses, withStatus, type LeadClause } from '@/domain/lead-query';
import { LightSwitch } from '@/components/LightControls/LightControls';
import { ListPager } from '@/components/ListPager/ListPager';
import { PanelCard } from '@/components/PanelCard/PanelCard';
import type { Lead, LeadStatus } from '@/domain/lead';
import type { ActiveLeads } from '@/features/leads/hooks/use-active-leads';
import { goneHookOf, useLeadSource, type LeadSource } from '@/features/leads/hooks/lead-source';
import { useLeadActions, type LeadActions } from '@/features/leads/hooks/use-lead-actions';
import { useLeadsView, type LeadsView } from '@/features/leads/hooks/use-leads-view';
import { useDropGone, useSelection, type Selection } from '@/features/leads/hooks/use-selection';
import { leadsTexts } from '@/features/leads/messages';
import { afterFirstContent, firstContentShown } from '@/lib/page/when-idle';
import { ArrivalNotificationSwitch } from '../ArrivalNotificationSwitch/ArrivalNotificationSwitch';
import { ClearDataButton } from '../ClearDataButton/ClearDataButton';
import { ExportButton, type ExportKind } from '../ExportButton/ExportButton';
import { LeadCounters } from '../LeadCounters/LeadCounters';
import { defaultListView, type ListView } from '@/features/leads/list-url';
import { LeadFilters, type FilterValues } from '../LeadFilters/LeadFilters';
import { LeadsList } from '../LeadsList/LeadsList';
import { SavedViews } from '../SavedViews/SavedViews';
import classes from './LeadsTab.module.css';

/**
 * The bar of the selected leads (its selects and buttons) is not on the panel's first load: its
 * code is fetched once the first rows are drawn, or at the first tick if that comes sooner (the
 * bar then shows a moment after the tick; nothing of it is a control before it shows).
 */
const loadBulkBar = () => import('../BulkBar/BulkBar');
const BulkBar = lazy(() => loadBulkBar().then((module) => ({ default: module.BulkBar })));

/** The list's failure in words only: while its alert loads, or if it cannot (offline). */
function PlainLoadFailed() {
  return (
    <Text c="red.8" fw={700} role="alert">
      {leadsTexts.loadFailed}
    </Text>
  );
}

/** The alert of a list that failed to load: its code (Mantine's Alert) loads only then. */
const LoadFailed = lazy(() => import('./LoadFailed').catch(() => ({ default: PlainLoadFailed })));

export interface LeadsTabProps {
  live: ActiveLeads;
  /** The signed-in admin's email, lowercase ('Meus leads'). */
  me?: string | null;
  /**
   * What the list shows (the panel keeps it in the address: list-url.ts) and how to change it.
   * Without them the tab keeps its own.
   */
  view?: ListView;
  /** `replace`: a correction, not a step of the admin's (no history entry). */
  onViewChange?: (view: ListView, how?: { replace: boolean }) => void;
}

/** The list's title: one element for the module's life, so the tab's renders skip it. */
const listTitle = (
  <Title order={2} size="h3">
    {leadsTexts.listTitle}
  </Title>
);

/**
 * The exports and 'Limpar Dados'. Memoised, like the other parts of the tab: a tick, an arrival or
 * a count re-renders only what shows it: the admin's first click waited on whole-tab renders
 * (web/README.md, "The panel's open on a slow phone").
 */
const ExportAndClear = memo(function ExportAndClear({
  source,
  clauses,
  sort,
  listed,
  qualified,
  total,
  loading,
}: {
  source: LeadSource;
  clauses: LeadClause[] | null;
  sort: LeadSort;
  listed: number | null;
  qualified: number | null;
  /** Every active lead (null: counting). */
  total: number | null;
  loading: boolean;
}) {
  // What an export reads: the filtered list, or its principal leads.
  const load = useCallback(
    async (kind: ExportKind): Promise<readonly Lead[]> => {
      const chosen = clauses && (kind === 'qualified' ? withStatus(clauses, 'principal') : clauses);
      return chosen ? source.fetch(chosen, sort) : [];
    },
    [source, clauses, sort],
  );
  const loadAll = useCallback(() => source.fetch(counterClauses.total), [source]);
  return (
    <Group gap="xs">
      <ExportButton listed={listed} qualified={qualified} load={load} disabled={loading} />
      <ClearDataButton count={total} load={loadAll} />
    </Group>
  );
});

/** The arrival sound and notification switches. */
const ArrivalSwitches = memo(function ArrivalSwitches({
  sound,
  setSound,
  notifications,
}: Pick<ActiveLeads, 'sound' | 'setSound' | 'notifications'>) {
  return (
    <Group gap="lg" align="flex-start">
      <LightSwitch label={leadsTexts.sound} checked={sound} onChange={setSound} />
      <ArrivalNotificationSwitch notifications={notifications} />
    </Group>
  );
});

/** 'Marcar como vistos (N)', while some arrivals are not seen yet. */
const MarkSeen = memo(function MarkSeen({
  unseenCount,
  markSeen,
}: Pick<ActiveLeads, 'markSeen'> & { unseenCount: number }) {
  if (unseenCount === 0) return null;
  return (
    <Button size="xs" variant="default" onClick={() => markSeen()}>
      {leadsTexts.markSeen(unseenCount)}
    </Button>
  );
});

/** The tab's view and its changes: the one given, or the tab's own. */
function useListView(given?: ListView, onGiven?: LeadsTabProps['onViewChange']) {
  const [own, setOwn] = useState<ListView>(defaultListView);
  const current = given ?? own;
  const change = useMemo(() => onGiven ?? ((view: ListView) => setOwn(view)), [onGiven]);
  // A new filter or order starts from page 1.
  const setFilters = useCallback(
    (filters: FilterValues) => change({ filters, sort: current.sort, page: 1 }),
    [change, current.sort],
  );
  const setSort = useCallback(
    (sort: LeadSort) => change({ filters: current.filters, sort, page: 1 }),
    [change, current.filters],
  );
  const setPage = useCallback(
    (page: number) => change({ filters: current.filters, sort: current.sort, page }),
    [change, current.filters, current.sort],
  );
  const correctPage = useCallback(
    (page: number) =>
      change({ filters: current.filters, sort: current.sort, page }, { replace: true }),
    [change, current.filters, current.sort],
  );
  return { current, change, setFilters, setSort, setPage, correctPage };
}

export function LeadsTab({ live, me = null, view: given, onViewChange }: LeadsTabProps) {
  const { current, change, setFilters, setSort, setPage, correctPage } = useListView(
    given,
    onViewChange,
  );
  const { filters, sort, page } = current;
  const source = useLeadSource();
  const view = useLeadsView(source, live, filters, me, sort, {
    page,
    onPage: setPage,
    onPageCorrected: correctPage,
  });
  const selection = useSelection(JSON.stringify(filters));
  const useGone = goneHookOf(source);
  useDropGone(selection, useGone(selection.selectedIds, view.clauses));
  const actions = useLeadActions();
  const { selectedIds, clear } = selection;
  // The first rows (or 'Nenhum lead encontrado', or the error) are drawn: what waited loads now.
  useEffect(() => {
    if (!view.loading) firstContentShown();
  }, [view.loading]);
  useEffect(() => afterFirstContent(() => void loadBulkBar().catch(() => undefined)), []);

  // On a phone the search and the first leads come first; the saved views, export, 'Limpar Dados'
  // and the arrival switches go under the list (above it, they filled a 360 px screen before the
  // first lead).
  const phone = useMediaQuery('(max-width: 48em)') ?? false;
  const exportAndClear = (
    <ExportAndClear
      source={source}
      clauses={view.clauses}
      sort={view.sort}
      listed={view.listed}
      qualified={view.qualified}
      total={view.counts?.total ?? null}
      loading={view.loading}
    />
  );
  // One element while the view is the same: the filters, memoised, show it on their line.
  const savedViews = useMemo(
    () => <SavedViews view={current} onViewChange={change} />,
    [current, change],
  );
  const arrivalSwitches = (
    <ArrivalSwitches
      sound={live.sound}
      setSound={live.setSound}
      notifications={live.notifications}
    />
  );
  const markSeen = <MarkSeen unseenCount={live.unseen.size} markSeen={live.markSeen} />;

  // Above the list on a wide screen: the title line (with 'Marcar como vistos', which appears there
  // without moving anything), the filters and, on their switches' line, the saved views. The
  // arrival switches are set once and go under the list: above it they pushed the first rows
  // under a 1280 x 800 screen, where the first click missed them.
  return (
    <Stack gap="md">
      <LeadCounters counts={view.counts} />
      <PanelCard>
        <Stack gap="sm">
          <Group justify="space-between" gap="xs">
            <Group gap="md">
              {listTitle}
              {!phone && markSeen}
            </Group>
            {!phone && exportAndClear}
          </Group>
          <LeadFilters
            values={filters}
            jobs={view.jobs}
            onChange={setFilters}
            beside={phone ? undefined : savedViews}
          />
          <LeadsBody
            live={live}
            view={view}
            selection={selection}
            actions={actions}
            wanted={sort}
            onSort={setSort}
          />
          {/* Under the rows, held at the screen's foot while they scroll: appearing above them
              it moved every row down under the admin's next click. */}
          {selectedIds.length > 0 && (
            <div className={classes.bulk}>
              <Suspense fallback={null}>
                <BulkBar
                  count={selectedIds.length}
                  busy={selectedIds.some((id) => actions.pending.has(id))}
                  onStatus={(status) =>
                    void actions.changeStatusOf(selectedIds, status).then((ok) => ok && clear())
                  }
                  onTrash={() => void actions.trashAll(selectedIds).then((ok) => ok && clear())}
                  onAssign={(email) =>
                    void actions.assignAll(selectedIds, email).then((ok) => ok && clear())
                  }
                  onClear={clear}
                />
              </Suspense>
            </div>
          )}
          {phone && savedViews}
          {phone ? (
            <Group justify="space-between" gap="xs">
              {arrivalSwitches}
              {markSeen}
            </Group>
          ) : (
            arrivalSwitches
          )}
          {phone && exportAndClear}
        </Stack>
      </PanelCard>
    </Stack>
  );
}

/**
 * A row's status change, trash or WhatsApp also marks its lead seen (WhatsApp then offers to record
 * the contact). Stable: the rows are memoised on them.
 */
function useRowHandlers(markSeen: ActiveLeads['markSeen'], actions: LeadActions) {
  const { changeStatus, trash, offerContact } = actions;
  const onStatus = useCallback(
    (lead: Lead, status: LeadStatus) => {
      markSeen([lead.id]);
      void changeStatus(lead, status);
    },
    [markSeen, changeStatus],
  );
  const onTrash = useCallback(
    (lead: Lead) => {
      markSeen([lead.id]);
      void trash(lead);
    },
    [markSeen, trash],
  );
  const onWhatsapp = useCallback(
    (lead: Lead) => {
      markSeen([lead.id]);
      offerContact(lead);
    },
    [markSeen, offerContact],
  );
  return { onStatus, onTrash, onWhatsapp };
}

interface LeadsBodyProps {
  /** The order the admin asked for (the rows may be in another: view.sortRefused). */
  wanted: LeadSort;
  onSort: (sort: LeadSort) => void;
  live: ActiveLeads;
  view: LeadsView;
  selection: Selection;
  actions: LeadActions;
}

/** The list itself: an error, the loader, 'Nenhum lead encontrado', or the rows and the pager. */
function LeadsBody({ live, view, selection, actions, wanted, onSort }: LeadsBodyProps) {
  const { onStatus, onTrash, onWhatsapp } = useRowHandlers(live.markSeen, actions);
  const { rows } = view;
  const { select } = selection;
  const onSelectPage = useCallback(
    (on: boolean) =>
      select(
        rows.map((lead) => lead.id),
        on,
      ),
    [select, rows],
  );
  if (view.error && rows.length === 0) {
    return (
      <Suspense fallback={<PlainLoadFailed />}>
        <LoadFailed />
      </Suspense>
    );
  }
  if (view.loading) {
    return (
      <Center py="xl">
        <Loader aria-label={leadsTexts.loading} />
      </Center>
    );
  }
  if (rows.length === 0) {
    return (
      <Text c="gray.7" ta="center" py="lg">
        {leadsTexts.empty}
      </Text>
    );
  }
  return (
    <>
      {view.sortRefused && (
        <Text size="sm" c="gray.7" role="status">
          {leadsTexts.sortRefused(columnLabel(wanted.field))}
        </Text>
      )}
      <LeadsList
        leads={rows}
        unseen={live.unseen}
        duplicates={view.duplicates}
        selected={selection.selected}
        pending={actions.pending}
        onSelect={selection.onSelect}
        onSelectPage={onSelectPage}
        onStatus={onStatus}
        onTrash={onTrash}
        onWhatsapp={onWhatsapp}
        sort={view.sort}
        onSort={onSort}
        dateOnly={view.dateOnly}
      />
      <ListPager paged={view.paged} label={leadsTexts.pagination} showing={leadsTexts.showing} />
    </>
  );
}
