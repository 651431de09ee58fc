/**
 * Under the Lixeira's search: the batches of bulk moves ('Lote'), each named by its moment and how
 * many of its leads are in the trash; the chosen one can be ticked whole ('Marcar o lote', then
 * some unticked) or restored at once ('Restaurar o lote de 26/11 16:02 (87)'). Then what is ticked:
 * 'Restaurar selecionados (N)'.
 */
import { Button, Group, NativeSelect, Paper, Text } from '@mantine/core';
import { trashBatchTime } from '@/data/lead-actions';
import type { TrashBatch } from '@/features/trash/hooks/trash-source';
import type { TrashBatches } from '@/features/trash/hooks/use-trash-batches';
import { batchMoment, trashTexts as texts } from '@/features/trash/messages';

const momentOf = (batch: TrashBatch) => {
  const at = batch.at ?? trashBatchTime(batch.id);
  return at ? batchMoment(at) : batch.id;
};

export interface TrashBatchBarProps {
  batches: TrashBatches;
  /** A bulk run or a read is under way: the buttons wait. */
  busy: boolean;
  onTickBatch: (batch: TrashBatch) => void;
  onRestoreBatch: (batch: TrashBatch) => void;
  onRestoreSelected: (ids: string[]) => void;
}

export function TrashBatchBar({
  batches,
  busy,
  onTickBatch,
  onRestoreBatch,
  onRestoreSelected,
}: TrashBatchBarProps) {
  const { chosen, selected } = batches;
  const listed = batches.batches ?? [];
  return (
    <>
      {(listed.length > 0 || chosen) && (
        <Group align="flex-end" gap="sm" wrap="wrap">
          <NativeSelect
            label={texts.batch}
            description={texts.batchHint}
            value={chosen?.id ?? ''}
            data={[
              { value: '', label: texts.allBatches },
              ...listed.map((batch) => ({
                value: batch.id,
                label: texts.batchOption(momentOf(batch), batch.count),
              })),
            ]}
            onChange={(event) => batches.choose(event.currentTarget.value || null)}
          />
          {chosen && (
            <Group gap="xs">
              <Button variant="default" disabled={busy} onClick={() => onTickBatch(chosen)}>
                {texts.tickBatch}
              </Button>
              <Button variant="light" disabled={busy} onClick={() => onRestoreBatch(chosen)}>
                {texts.restoreBatch(momentOf(chosen), chosen.count)}
              </Button>
            </Group>
          )}
        </Group>
      )}
      {selected.size > 0 && (
        <Paper
          withBorder
          p="xs"
          bg="gray.0"
          role="region"
          aria-label={texts.selected(selected.size)}
        >
          <Group gap="xs" wrap="wrap">
            <Text size="sm" fw={600}>
              {texts.selected(selected.size)}
            </Text>
            <Button size="xs" disabled={busy} onClick={() => onRestoreSelected([...selected])}>
              {texts.restoreSelected(selected.size)}
            </Button>
            <Button size="xs" variant="default" disabled={busy} onClick={batches.clear}>
              {texts.clearSelection}
            </Button>
          </Group>
        </Paper>
      )}
    </>
  );
}
