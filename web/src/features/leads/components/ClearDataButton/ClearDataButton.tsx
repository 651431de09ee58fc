/**
 * 'Limpar Dados': reads the active leads when pressed (the list holds one page), then after a
 * confirmation that says how many, moves every one of them to the trash in
 * batches of 500, showing progress; a failure part-way says how many were moved. The dialog's
 * question is frozen when it opens (arrivals meanwhile neither change its wording nor get moved),
 * and 'Dados limpos' offers 'Desfazer', which puts back exactly the leads it moved.
 */
import { Button, Stack, Text } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { useFirestore } from 'reactfire';
import { ConfirmDialog } from '@/components/ConfirmDialog/ConfirmDialog';
import { showToast } from '@/components/toast';
import { showUndoToast } from '@/components/undo-toast';
import { changeLeads, PartialBatchError } from '@/data/lead-actions';
import type { Lead } from '@/domain/lead';
import {
  clearedToast,
  clearErrorToast,
  clearUndoErrorToast,
  clearUndoneToast,
  leadsTexts,
  loadErrorToast,
} from '@/features/leads/messages';

type Db = ReturnType<typeof useFirestore>;

/** The bar (Mantine's Progress) loads with the dialog, not with the panel's first screen. */
const ClearProgress = lazy(() =>
  import('./ClearProgress').then((module) => ({ default: module.ClearProgress })),
);

/** Puts the leads 'Limpar Dados' moved back in the list. */
async function undoClear(db: Db, ids: readonly string[]): Promise<void> {
  try {
    showToast(
      clearUndoneToast(await changeLeads(db, ids, { restore: true, undo: true })),
      'success',
    );
  } catch (error) {
    console.error('Undo of clear data failed', error);
    const done = error instanceof PartialBatchError ? error.done : 0;
    showToast(clearUndoErrorToast(done, ids.length), 'error');
  }
}

export function ClearDataButton({
  count,
  load,
}: {
  /** How many leads are active (null: counting). */
  count: number | null;
  /** Reads every active lead: what the dialog asks about. */
  load: () => Promise<readonly Lead[]>;
}) {
  const db = useFirestore();
  const [loading, setLoading] = useState(false);
  /** The leads the open dialog asks about (null: closed). */
  const [asked, setAsked] = useState<readonly string[] | null>(null);
  /** Its count, kept while the dialog closes (so it never reads 'Todos os 0 leads'). */
  const [askedCount, setAskedCount] = useState(0);
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);

  const clear = async (ids: readonly string[]) => {
    setProgress({ done: 0, total: ids.length });
    try {
      const moved = await changeLeads(db, ids, { trash: true }, (done, total) =>
        setProgress({ done, total }),
      );
      showUndoToast(clearedToast(moved), leadsTexts.undo, () => void undoClear(db, ids));
    } catch (error) {
      console.error('Clear data failed', error);
      const moved = error instanceof PartialBatchError ? error.done : 0;
      showToast(clearErrorToast(moved, ids.length), 'error');
    } finally {
      setProgress(null);
      setAsked(null);
    }
  };

  return (
    <>
      <Button
        color="red.9"
        variant="outline"
        disabled={!count}
        loading={loading}
        onClick={() => {
          setLoading(true);
          load()
            .then((leads) => {
              setAsked(leads.map((lead) => lead.id));
              setAskedCount(leads.length);
            })
            .catch((error: unknown) => {
              console.error('Reading the active leads failed', error);
              showToast(loadErrorToast, 'error');
            })
            .finally(() => setLoading(false));
        }}
      >
        {leadsTexts.clear}
      </Button>
      <ConfirmDialog
        opened={asked !== null}
        title={leadsTexts.clearConfirmTitle}
        confirmLabel={leadsTexts.clearConfirmButton}
        cancelLabel={leadsTexts.cancel}
        busy={progress !== null}
        onClose={() => setAsked(null)}
        onConfirm={() => asked && void clear(asked)}
      >
        <Stack gap="xs">
          <Text>{leadsTexts.clearConfirm(askedCount)}</Text>
          {asked !== null && (
            <Suspense fallback={null}>
              <ClearProgress progress={progress} />
            </Suspense>
          )}
        </Stack>
      </ConfirmDialog>
    </>
  );
}
