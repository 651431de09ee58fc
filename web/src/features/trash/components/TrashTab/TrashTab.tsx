/**
 * The Lixeira tab: the trashed leads one live page at a time, newest deletion first (it once
 * read every trashed lead before its first row), the search on the server, the batches of bulk
 * moves (one shown, ticked or restored on its own), ticks across pages, and the bulk actions,
 * which read the leads they act on only when pressed. What is shown comes from use-trash-view over
 * the tab's source (trash-source.ts); this file lays it out.
 */
import { Alert, Center, Loader, Stack, Text, Title } from '@mantine/core';
import type { FirestoreError } from 'firebase/firestore';
import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { ConfirmDialog } from '@/components/ConfirmDialog/ConfirmDialog';
import { ListPager } from '@/components/ListPager/ListPager';
import { PanelCard } from '@/components/PanelCard/PanelCard';
import { showToast } from '@/components/toast';
import type { Lead } from '@/domain/lead';
import {
  useTrashSource,
  type TrashBatch,
  type TrashSource,
} from '@/features/trash/hooks/trash-source';
import { useTrashActions } from '@/features/trash/hooks/use-trash-actions';
import { useTrashBatches, type TrashBatches } from '@/features/trash/hooks/use-trash-batches';
import { useTrashBulk, type TrashBulk } from '@/features/trash/hooks/use-trash-bulk';
import { useTrashView } from '@/features/trash/hooks/use-trash-view';
import { batchReadErrorToast, loadErrorToast, trashTexts } from '@/features/trash/messages';
import { TrashBatchBar } from '../TrashBatchBar/TrashBatchBar';
import { TrashList } from '../TrashList/TrashList';
import { TrashToolbar } from '../TrashToolbar/TrashToolbar';

export interface TrashTabProps {
  /** The trash changed (the panel re-counts 'Lixeira (N)'). */
  onChanged?: () => void;
  /** The listener was refused: the admin claim is gone. */
  onAccessLost?: () => void;
}

/** A failed read: the toast (once per tab), and signing out when access was lost. */
function useLoadFailure(onAccessLost: (() => void) | undefined) {
  const toasted = useRef(false);
  return useCallback(
    (error: unknown) => {
      console.error('Trash listener failed', error);
      if (!toasted.current) showToast(loadErrorToast, 'error');
      toasted.current = true;
      if ((error as Partial<FirestoreError> | null)?.code === 'permission-denied') {
        onAccessLost?.();
      }
    },
    [onAccessLost],
  );
}

/** What the batch bar's buttons do: tick a batch, restore it, restore what is ticked. */
function useBatchButtons(source: TrashSource, batches: TrashBatches, bulk: TrashBulk) {
  const [reading, setReading] = useState(false);
  const { select, clear } = batches;
  const idsOf = useCallback(
    async (batch: TrashBatch) => {
      setReading(true);
      try {
        return await source.fetchIds({ batch: batch.id });
      } catch (error) {
        console.error('Batch read failed', error);
        showToast(batchReadErrorToast, 'error');
        return null;
      } finally {
        setReading(false);
      }
    },
    [source],
  );
  const { restoreAll } = bulk;
  const restore = useCallback(
    async (ids: readonly string[]) => {
      await restoreAll(ids);
      select(ids, false);
    },
    [restoreAll, select],
  );
  return {
    busy: reading || bulk.running !== null,
    onTickBatch: (batch: TrashBatch) =>
      void idsOf(batch).then((ids) => {
        if (ids) select(ids, true);
      }),
    onRestoreBatch: (batch: TrashBatch) => void idsOf(batch).then((ids) => ids && restore(ids)),
    onRestoreSelected: (ids: string[]) => void restore(ids).then(clear),
  };
}

/** 'Deletar permanentemente' one lead, after this question. */
function DeleteDialog({
  lead,
  busy,
  onClose,
  onConfirm,
}: {
  lead: Lead | null;
  busy: boolean;
  onClose: () => void;
  onConfirm: (lead: Lead) => void;
}) {
  return (
    <ConfirmDialog
      opened={lead !== null}
      title={trashTexts.confirmTitle}
      confirmLabel={trashTexts.confirmButton}
      cancelLabel={trashTexts.cancel}
      busy={busy}
      onClose={onClose}
      onConfirm={() => lead && onConfirm(lead)}
    >
      {lead ? trashTexts.confirm(lead.nome) : ''}
    </ConfirmDialog>
  );
}

export function TrashTab({ onChanged, onAccessLost }: TrashTabProps) {
  const source = useTrashSource();
  const failed = useLoadFailure(onAccessLost);
  const [search, setSearch] = useState('');
  // Any change here also reads the batches again (their counts, the ones gone).
  const [batchEpoch, bumpBatches] = useReducer((n: number) => n + 1, 0);
  const tabChanged = useCallback(() => {
    bumpBatches();
    onChanged?.();
  }, [onChanged]);
  const batches = useTrashBatches(source, batchEpoch);
  const chosen = batches.chosen?.id ?? null;
  const view = useTrashView(source, search, chosen, tabChanged, failed);
  const { pending, restore, remove } = useTrashActions(view.changed);
  const bulk = useTrashBulk(view.changed);
  const batchActions = useBatchButtons(source, batches, bulk);
  const [confirming, setConfirming] = useState<Lead | null>(null);
  useEffect(() => {
    if (view.error) failed(view.error);
  }, [view.error, failed]);
  const empty = !view.loading && view.rows.length === 0;
  const narrowed = search !== '' || chosen !== null;
  const whole = 'search' in view.filter && view.filter.search === null;

  return (
    <PanelCard>
      <Stack gap="sm">
        <Title order={2} size="h3">
          {trashTexts.title}
        </Title>
        {view.error !== null && view.rows.length === 0 ? (
          <Alert color="red" title={trashTexts.loadFailed} />
        ) : view.loading && !narrowed ? (
          <Center py="xl">
            <Loader aria-label={trashTexts.loading} />
          </Center>
        ) : empty && !narrowed && whole ? (
          <Text c="gray.7" ta="center" py="lg">
            {trashTexts.empty}
          </Text>
        ) : (
          <>
            <TrashToolbar
              search={search}
              onSearch={setSearch}
              batchChosen={chosen !== null}
              found={view.found}
              fetchIds={() => source.fetchIds(view.filter)}
              bulk={bulk}
            />
            <TrashBatchBar
              batches={batches}
              busy={batchActions.busy}
              onTickBatch={batchActions.onTickBatch}
              onRestoreBatch={batchActions.onRestoreBatch}
              onRestoreSelected={batchActions.onRestoreSelected}
            />
            {view.loading ? (
              <Center py="xl">
                <Loader aria-label={trashTexts.loading} />
              </Center>
            ) : (
              empty && (
                <Text c="gray.7" ta="center" py="lg">
                  {trashTexts.noMatch}
                </Text>
              )
            )}
            <TrashList
              leads={view.rows}
              selected={batches.selected}
              onSelect={batches.select}
              pending={pending}
              onRestore={(lead) => void restore(lead)}
              onDelete={setConfirming}
            />
            <ListPager
              paged={view.paged}
              label={trashTexts.pagination}
              showing={trashTexts.showing}
            />
          </>
        )}
      </Stack>
      <DeleteDialog
        lead={confirming}
        busy={confirming !== null && pending.has(confirming.id)}
        onClose={() => setConfirming(null)}
        onConfirm={(lead) => void remove(lead).finally(() => setConfirming(null))}
      />
    </PanelCard>
  );
}
