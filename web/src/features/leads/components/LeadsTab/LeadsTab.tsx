/**
 * The Leads tab over the live active list (held by the panel, see use-active-leads): counters,
 * 'Lista de Leads' with search, filters, date range, paging, selection, arrivals, export and
 * 'Limpar Dados'. Filtering runs on a deferred copy of the criteria so typing never waits for it.
 */
import {
  Alert,
  Button,
  Center,
  Group,
  Loader,
  Paper,
  Stack,
  Switch,
  Text,
  Title,
} from '@mantine/core';
import { useCallback, useDeferredValue, useMemo, useRef, useState } from 'react';
import { ListPager } from '@/components/ListPager/ListPager';
import { usePaged } from '@/components/ListPager/use-paged';
import type { Lead, LeadStatus } from '@/domain/lead';
import {
  countLeads,
  dayStart,
  distinctJobs,
  duplicatePhones,
  filterLeads,
  indexLeads,
  type IndexedLead,
} from '@/domain/lead-list';
import type { ActiveLeads } from '@/features/leads/hooks/use-active-leads';
import { useLeadActions } from '@/features/leads/hooks/use-lead-actions';
import { leadsTexts } from '@/features/leads/messages';
import { BulkBar } from '../BulkBar/BulkBar';
import { ClearDataButton } from '../ClearDataButton/ClearDataButton';
import { ExportButton } from '../ExportButton/ExportButton';
import { LeadCounters } from '../LeadCounters/LeadCounters';
import { LeadFilters, noFilters, type FilterValues } from '../LeadFilters/LeadFilters';
import { LeadsList } from '../LeadsList/LeadsList';

export interface LeadsTabProps {
  live: ActiveLeads;
  /** The signed-in admin's email, lowercase ('Meus leads'). */
  me?: string | null;
}

export function LeadsTab({ live, me = null }: LeadsTabProps) {
  const [filters, setFilters] = useState<FilterValues>(noFilters);
  const deferred = useDeferredValue(filters);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const actions = useLeadActions();
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
  const visible = useMemo(
    () =>
      // 'Meus leads' without a known admin shows nothing rather than everything.
      deferred.mine && !me
        ? []
        : filterLeads(index, {
            search: deferred.search,
            status: deferred.status,
            vaga: deferred.vaga,
            ...range,
            assignedTo: deferred.mine ? me : null,
            notContacted: deferred.notContacted,
          }),
    [
      index,
      deferred.search,
      deferred.status,
      deferred.vaga,
      range,
      deferred.mine,
      me,
      deferred.notContacted,
    ],
  );
  // The export follows the date range (and only it: it is the qualified leads of a period).
  const exportable = useMemo(
    () => (range.from || range.until ? filterLeads(index, range) : leads),
    [index, leads, range],
  );
  const paged = usePaged(visible, JSON.stringify(deferred));

  // Selection keeps only leads still in the list.
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
  // Stable handlers: the rows are memoised on them.
  const { markSeen } = live;
  const { changeStatus, trash, offerContact } = actions;
  const onSelect = useCallback((id: string, on: boolean) => select([id], on), [select]);
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

  const loading = live.status === 'loading';
  const unseenCount = live.unseen.size;
  // While the full list arrives, the newest page is shown as it is (filters need the full list).
  const unfiltered =
    !deferred.search.trim() &&
    deferred.status === noFilters.status &&
    deferred.vaga === noFilters.vaga &&
    !deferred.range[0] &&
    !deferred.range[1] &&
    !deferred.mine &&
    !deferred.notContacted;
  const preview =
    loading && unfiltered && live.preview && live.preview.length > 0 ? live.preview : null;

  const rows = preview ?? paged.items;

  return (
    <Stack gap="md">
      <LeadCounters counts={counts} loading={loading} />
      <Paper withBorder p={{ base: 'xs', sm: 'md' }} radius="md">
        <Stack gap="sm">
          <Group justify="space-between" gap="xs">
            <Title order={2} size="h3">
              {leadsTexts.listTitle}
            </Title>
            <Group gap="xs">
              <ExportButton leads={exportable} disabled={loading} />
              <ClearDataButton leads={leads} />
            </Group>
          </Group>
          <Group justify="space-between" gap="xs">
            <Switch
              label={leadsTexts.sound}
              checked={live.sound}
              onChange={(event) => live.setSound(event.currentTarget.checked)}
            />
            {unseenCount > 0 && (
              <Button size="xs" variant="default" onClick={() => live.markSeen()}>
                {leadsTexts.markSeen(unseenCount)}
              </Button>
            )}
          </Group>
          <LeadFilters values={filters} jobs={jobs} onChange={setFilters} />
          {selectedIds.length > 0 && (
            <BulkBar
              count={selectedIds.length}
              busy={selectedIds.some((id) => actions.pending.has(id))}
              onStatus={(status) =>
                void actions.changeStatusOf(selectedIds, status).then((ok) => {
                  if (ok) setSelected(new Set());
                })
              }
              onTrash={() =>
                void actions.trashAll(selectedIds).then((ok) => {
                  if (ok) setSelected(new Set());
                })
              }
              onAssign={(email) =>
                void actions.assignAll(selectedIds, email).then((ok) => {
                  if (ok) setSelected(new Set());
                })
              }
              onClear={() => setSelected(new Set())}
            />
          )}
          {live.status === 'error' && leads.length === 0 ? (
            <Alert color="red" title={leadsTexts.loadFailed} />
          ) : loading && !preview ? (
            <Center py="xl">
              <Loader aria-label={leadsTexts.loading} />
            </Center>
          ) : !preview && visible.length === 0 ? (
            <Text c="gray.7" ta="center" py="lg">
              {leadsTexts.empty}
            </Text>
          ) : (
            <>
              {preview && (
                <Group gap="xs" role="status">
                  <Loader size="xs" aria-hidden />
                  <Text size="sm" c="gray.7">
                    {leadsTexts.loadingAll}
                  </Text>
                </Group>
              )}
              <LeadsList
                leads={rows}
                unseen={live.unseen}
                duplicates={duplicates}
                selected={selected}
                pending={actions.pending}
                onSelect={onSelect}
                onSelectPage={(on) =>
                  select(
                    rows.map((lead) => lead.id),
                    on,
                  )
                }
                onStatus={onStatus}
                onTrash={onTrash}
                onWhatsapp={onWhatsapp}
              />
              {!preview && (
                <ListPager
                  paged={paged}
                  label={leadsTexts.pagination}
                  showing={leadsTexts.showing}
                />
              )}
            </>
          )}
        </Stack>
      </Paper>
    </Stack>
  );
}
