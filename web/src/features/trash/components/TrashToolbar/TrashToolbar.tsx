/**
 * Above the trashed leads: the search, 'Restaurar todos (N)' and 'Esvaziar lixeira' (or, with a
 * search, the same for the leads it finds). The leads a run takes are fixed when it starts (the
 * confirmation's count never changes under the admin), and the buttons show its progress.
 */
import { Button, Group, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/ConfirmDialog/ConfirmDialog';
import type { Lead } from '@/domain/lead';
import type { TrashBulk } from '@/features/trash/hooks/use-trash-bulk';
import { trashTexts as texts } from '@/features/trash/messages';

export interface TrashToolbarProps {
  search: string;
  onSearch: (search: string) => void;
  /** The leads the search shows (every trashed lead without a search). */
  shown: readonly Lead[];
  bulk: TrashBulk;
}

export function TrashToolbar({ search, onSearch, shown, bulk }: TrashToolbarProps) {
  const [confirming, setConfirming] = useState<string[] | null>(null);
  const searching = search.trim() !== '';
  const n = shown.length;
  const { running } = bulk;
  return (
    <>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <TextInput
          label={texts.search}
          type="search"
          value={search}
          onChange={(event) => onSearch(event.currentTarget.value)}
          style={{ flex: '1 1 16rem' }}
        />
        <Group gap="xs">
          <Button
            variant="light"
            disabled={n === 0 || running !== null}
            loading={running?.kind === 'restore'}
            onClick={() => void bulk.restoreAll(shown.map((lead) => lead.id))}
          >
            {texts.restoreAll(n, searching)}
          </Button>
          <Button
            color="red"
            variant="light"
            disabled={n === 0 || running !== null}
            loading={running?.kind === 'delete'}
            onClick={() => setConfirming(shown.map((lead) => lead.id))}
          >
            {texts.emptyAll(n, searching)}
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
