/** The Lixeira tab's writes with their toasts: restore and delete permanently. */
import { useCallback } from 'react';
import { useFirestore } from '@/lib/firebase/panel-sdk';
import { showToast } from '@/components/toast';
import { deleteLeadPermanently, restoreLead } from '@/data/lead-actions';
import type { Lead } from '@/domain/lead';
import { usePendingIds } from '@/lib/use-pending-ids';
import { deletedToast, deleteErrorToast, restoredToast, restoreErrorToast } from '../messages';

export function useTrashActions(onChanged?: () => void) {
  const db = useFirestore();
  const { pending, track } = usePendingIds();

  const run = useCallback(
    (
      lead: Lead,
      write: () => Promise<void>,
      ok: typeof deletedToast,
      failed: typeof deletedToast,
    ) =>
      track([lead.id], async () => {
        try {
          await write();
          showToast(ok, 'success');
          onChanged?.();
        } catch (error) {
          console.error(`${failed.title}`, error);
          showToast(failed, 'error');
        }
      }),
    [onChanged, track],
  );

  const restore = useCallback(
    (lead: Lead) => run(lead, () => restoreLead(db, lead.id), restoredToast, restoreErrorToast),
    [db, run],
  );
  const remove = useCallback(
    (lead: Lead) =>
      run(lead, () => deleteLeadPermanently(db, lead.id), deletedToast, deleteErrorToast),
    [db, run],
  );
  return { pending, restore, remove };
}
