/**
 * 'Limpar Dados': after a confirmation that says how many, moves every active lead to the trash in
 * batches of 500, showing progress; a failure part-way says how many were moved.
 */
import { Button, Progress, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useFirestore } from 'reactfire';
import { ConfirmDialog } from '@/components/ConfirmDialog/ConfirmDialog';
import { showToast } from '@/components/toast';
import { changeLeads, PartialBatchError } from '@/data/lead-actions';
import type { Lead } from '@/domain/lead';
import { clearedToast, clearErrorToast, leadsTexts } from '@/features/leads/messages';

export function ClearDataButton({ leads }: { leads: readonly Lead[] }) {
  const db = useFirestore();
  const [opened, setOpened] = useState(false);
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);

  const clear = async () => {
    const ids = leads.map((lead) => lead.id);
    setProgress({ done: 0, total: ids.length });
    try {
      const moved = await changeLeads(db, ids, { trash: true }, (done, total) =>
        setProgress({ done, total }),
      );
      showToast(clearedToast(moved), 'success');
    } catch (error) {
      console.error('Clear data failed', error);
      const moved = error instanceof PartialBatchError ? error.done : 0;
      showToast(clearErrorToast(moved, ids.length), 'error');
    } finally {
      setProgress(null);
      setOpened(false);
    }
  };

  return (
    <>
      <Button
        color="red.9"
        variant="outline"
        disabled={leads.length === 0}
        onClick={() => setOpened(true)}
      >
        {leadsTexts.clear}
      </Button>
      <ConfirmDialog
        opened={opened}
        title={leadsTexts.clearConfirmTitle}
        confirmLabel={leadsTexts.clearConfirmButton}
        cancelLabel={leadsTexts.cancel}
        busy={progress !== null}
        onClose={() => setOpened(false)}
        onConfirm={() => void clear()}
      >
        <Stack gap="xs">
          <Text>{leadsTexts.clearConfirm(leads.length)}</Text>
          {progress && (
            <>
              <Progress
                value={progress.total ? (100 * progress.done) / progress.total : 0}
                aria-label={leadsTexts.progress(progress.done, progress.total)}
                animated
              />
              <Text size="sm" role="status">
                {leadsTexts.progress(progress.done, progress.total)}
              </Text>
            </>
          )}
        </Stack>
      </ConfirmDialog>
    </>
  );
}
