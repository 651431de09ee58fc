/**
 * Above the trashed leads: the search, 'Restaurar todos (N)' and 'Esvaziar lixeira' (or, with a
 * search, the same for the leads it finds; N is a count on the server). A press reads the ids of
 * the leads it acts on (only then); they are fixed when the run starts (the confirmation's count
 * never changes under the admin), and the buttons show the reading and the run's progress.
 */
import { Button, Group, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/ConfirmDialog/ConfirmDialog';
import { showToast } from '@/components/toast';
import type { TrashBulk } from '@/features/trash/hooks/use-trash-bulk';
import {
  emptyErrorToast,
  restoreAllErrorToast,
  trashTexts as texts,
} from '@/features/trash/messages';

export interface TrashToolbarProps {
  search: string;
  onSearch: (search: string) => void;
  /** A batch is chosen: the list is narrowed to it, and the search waits. */
  batchChosen?: boolean;
  /** How many leads the search finds (every trashed lead without a search); null: counting. */
  found: number | null;
  /** Reads the ids of the leads the search finds. */
  fetchIds: () => Promise<string[]>;
  bulk: TrashBulk;
}

type Kind = 'restore' | 'delete';

export function TrashToolbar({
  search,
  onSearch,
  batchChosen = false,
  found,
  fetchIds,
  bulk,
}: TrashToolbarProps) {
  const [confirming, setConfirming] = useState<string[] | null>(null);
  const [reading, setReading] = useState<Kind | null>(null);
  const searching = batchChosen || search.trim() !== '';
  const { running } = bulk;
  const busy = running !== null || reading !== null;
  const off = found === null || found === 0 || busy;

  const read = async (kind: Kind): Promise<string[] | null> => {
    setReading(kind);
    try {
      return await fetchIds();
    } catch (error) {
      console.error('Trash bulk read failed', error);
      const total = found ?? 0;
      showToast(
        kind === 'restore' ? restoreAllErrorToast(0, total) : emptyErrorToast(0, total),
        'error',
      );
      return null;
    } finally {
      setReading(null);
    }
  };

  return (
    <>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <TextInput
          label={texts.search}
          type="search"
          value={batchChosen ? '' : search}
          disabled={batchChosen}
          onChange={(event) => onSearch(event.currentTarget.value)}
          style={{ flex: '1 1 16rem' }}
        />
        <Group gap="xs">
          <Button
            variant="light"
            disabled={off}
            loading={reading === 'restore' || running?.kind === 'restore'}
            onClick={() => void read('restore').then((ids) => ids && bulk.restoreAll(ids))}
          >
            {texts.restoreAll(found, searching)}
          </Button>
          <Button
            color="red"
            variant="light"
            disabled={off}
            loading={reading === 'delete' || running?.kind === 'delete'}
            onClick={() => void read('delete').then((ids) => ids && setConfirming(ids))}
          >
            {texts.emptyAll(found, searching)}
          </Button>
        </Group>
      </Group>
      {running && (
        <Text size="sm" c="gray.7" role="status">
          {texts.progress(running.done, running.total)}
        </Text>
      )}
      <ConfirmDialog
        opened={confirming !== null}
        title={texts.emptyTitle}
        confirmLabel={texts.emptyButton}
        cancelLabel={texts.cancel}
        busy={running?.kind === 'delete'}
        onClose={() => setConfirming(null)}
        onConfirm={() => {
          const ids = confirming;
          if (!ids) return;
          void bulk.deleteAll(ids).finally(() => setConfirming(null));
        }}
      >
        {confirming === null
          ? ''
          : searching
            ? texts.emptyConfirm(confirming.length)
            : texts.emptyConfirmAll(confirming.length)}
      </ConfirmDialog>
    </>
  );
}
