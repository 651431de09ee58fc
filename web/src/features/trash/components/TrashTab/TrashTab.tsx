/**
 * The Lixeira tab: the trashed leads one live page at a time, newest deletion first (it once
 * read every trashed lead before its first row), the search on the server, and the bulk actions,
 * which read the leads they act on only when pressed. What is shown comes from use-trash-view over
 * the tab's source (trash-source.ts); this file lays it out.
 */
import { Alert, Center, Loader, Stack, Text, Title } from '@mantine/core';
import type { FirestoreError } from 'firebase/firestore';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ConfirmDialog } from '@/components/ConfirmDialog/ConfirmDialog';
import { ListPager } from '@/components/ListPager/ListPager';
import { PanelCard } from '@/components/PanelCard/PanelCard';
import { showToast } from '@/components/toast';
import type { Lead } from '@/domain/lead';
import { useTrashSource } from '@/features/trash/hooks/trash-source';
import { useTrashActions } from '@/features/trash/hooks/use-trash-actions';
import { useTrashBulk } from '@/features/trash/hooks/use-trash-bulk';
import { useTrashView } from '@/features/trash/hooks/use-trash-view';
import { loadErrorToast, trashTexts } from '@/features/trash/messages';
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

export function TrashTab({ onChanged, onAccessLost }: TrashTabProps) {
  const source = useTrashSource();
  const failed = useLoadFailure(onAccessLost);
  const [search, setSearch] = useState('');
  const view = useTrashView(source, search, onChanged, failed);
  const { pending, restore, remove } = useTrashActions(view.changed);
  const bulk = useTrashBulk(view.changed);
  const [confirming, setConfirming] = useState<Lead | null>(null);
  useEffect(() => {
    if (view.error) failed(view.error);
  }, [view.error, failed]);
  const empty = !view.loading && view.rows.length === 0;

  return (
    <PanelCard>
      <Stack gap="sm">
        <Title order={2} size="h3">
          {trashTexts.title}
        </Title>
        {view.error !== null && view.rows.length === 0 ? (
          <Alert color="red" title={trashTexts.loadFailed} />
        ) : view.loading && search === '' ? (
          <Center py="xl">
            <Loader aria-label={trashTexts.loading} />
          </Center>
        ) : empty && search === '' && view.search === null ? (
          <Text c="gray.7" ta="center" py="lg">
            {trashTexts.empty}
          </Text>
        ) : (
          <>
            <TrashToolbar
              search={search}
              onSearch={setSearch}
              found={view.found}
              fetchIds={() => source.fetchIds(view.search)}
              bulk={bulk}
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
      <ConfirmDialog
        opened={confirming !== null}
        title={trashTexts.confirmTitle}
        confirmLabel={trashTexts.confirmButton}
        cancelLabel={trashTexts.cancel}
        busy={confirming !== null && pending.has(confirming.id)}
        onClose={() => setConfirming(null)}
        onConfirm={() => {
          const lead = confirming;
          if (!lead) return;
          void remove(lead).finally(() => setConfirming(null));
        }}
      >
        {confirming ? trashTexts.confirm(confirming.nome) : ''}
      </ConfirmDialog>
    </PanelCard>
  );
}
