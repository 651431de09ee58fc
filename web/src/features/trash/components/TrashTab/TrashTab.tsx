/**
 * The Lixeira tab: the trashed leads, live while the tab is open (its listener closes with the tab,
 * so the 20,000 trashed documents are read only when an admin looks at them), newest deletion first.
 */
import { Alert, Center, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import type { FirestoreError } from 'firebase/firestore';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useFirestore } from 'reactfire';
import { ConfirmDialog } from '@/components/ConfirmDialog/ConfirmDialog';
import { ListPager } from '@/components/ListPager/ListPager';
import { usePaged } from '@/components/ListPager/use-paged';
import { showToast } from '@/components/toast';
import { trashedLeadsQuery } from '@/data/leads';
import { useLiveLeads } from '@/data/use-live-leads';
import type { Lead } from '@/domain/lead';
import { filterLeads, indexLeads, type IndexedLead } from '@/domain/lead-list';
import { useTrashActions } from '@/features/trash/hooks/use-trash-actions';
import { useTrashBulk } from '@/features/trash/hooks/use-trash-bulk';
import { loadErrorToast, trashTexts } from '@/features/trash/messages';
import { TrashList } from '../TrashList/TrashList';
import { TrashToolbar } from '../TrashToolbar/TrashToolbar';

export interface TrashTabProps {
  /** The trash changed (the panel re-counts 'Lixeira (N)'). */
  onChanged?: () => void;
  /** The listener was refused: the admin claim is gone. */
  onAccessLost?: () => void;
}

export function TrashTab({ onChanged, onAccessLost }: TrashTabProps) {
  const db = useFirestore();
  const query = useMemo(() => trashedLeadsQuery(db), [db]);
  const onError = useCallback(
    (error: FirestoreError) => {
      console.error('Trash listener failed', error);
      showToast(loadErrorToast, 'error');
      if (error.code === 'permission-denied') onAccessLost?.();
    },
    [onAccessLost],
  );
  const live = useLiveLeads(query, { onError });
  const { pending, restore, remove } = useTrashActions(onChanged);
  const bulk = useTrashBulk(onChanged);
  const [confirming, setConfirming] = useState<Lead | null>(null);
  const [search, setSearch] = useState('');
  // Search keys are computed once per lead object (use-live-leads keeps unchanged ones).
  const [cache] = useState(() => new WeakMap<Lead, IndexedLead>());
  const index = useMemo(() => indexLeads(live.data, cache), [live.data, cache]);
  const shown = useMemo(() => filterLeads(index, { search }), [index, search]);
  const paged = usePaged(shown, `trash:${search}`);

  const size = live.status === 'success' ? live.data.length : null;
  useEffect(() => {
    if (size !== null) onChanged?.();
  }, [size, onChanged]);

  return (
    <Paper withBorder p={{ base: 'xs', sm: 'md' }} radius="md">
      <Stack gap="sm">
        <Title order={2} size="h3">
          {trashTexts.title}
        </Title>
        {live.status === 'error' && live.data.length === 0 ? (
          <Alert color="red" title={trashTexts.loadFailed} />
        ) : live.status === 'loading' ? (
          <Center py="xl">
            <Loader aria-label={trashTexts.loading} />
          </Center>
        ) : live.data.length === 0 ? (
          <Text c="gray.7" ta="center" py="lg">
            {trashTexts.empty}
          </Text>
        ) : (
          <>
            <TrashToolbar search={search} onSearch={setSearch} shown={shown} bulk={bulk} />
            {shown.length === 0 && (
              <Text c="gray.7" ta="center" py="lg">
                {trashTexts.noMatch}
              </Text>
            )}
            <TrashList
              leads={paged.items}
              pending={pending}
              onRestore={(lead) => void restore(lead)}
              onDelete={setConfirming}
            />
            <ListPager paged={paged} label={trashTexts.pagination} showing={trashTexts.showing} />
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
    </Paper>
  );
}
