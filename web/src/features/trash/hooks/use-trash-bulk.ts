/**
 * The Lixeira's bulk writes (getting 2,005 leads back once took 2,005 clicks): restore, or delete
 * for good, every lead the search shows, in batches of 500 with progress and a toast that says how
 * many.
 */
import { useCallback, useState } from 'react';
import { useFirestore } from '@/lib/firebase/panel-sdk';
import { showToast } from '@/components/toast';
import { changeLeads, deleteLeadsPermanently, PartialBatchError } from '@/data/lead-actions';
import { emptiedToast, emptyErrorToast, restoreAllErrorToast, restoredAllToast } from '../messages';

export interface TrashBulk {
  /** The run in progress, if any. */
  running: { kind: 'restore' | 'delete'; done: number; total: number } | null;
  restoreAll: (ids: readonly string[]) => Promise<void>;
  deleteAll: (ids: readonly string[]) => Promise<void>;
}

export function useTrashBulk(onChanged?: () => void): TrashBulk {
  const db = useFirestore();
  const [running, setRunning] = useState<TrashBulk['running']>(null);

  const run = useCallback(
    async (kind: 'restore' | 'delete', ids: readonly string[]) => {
      const total = ids.length;
      if (total === 0) return;
      setRunning({ kind, done: 0, total });
      const progress = (done: number) => setRunning({ kind, done, total });
      try {
        if (kind === 'restore') await changeLeads(db, ids, { restore: true }, progress);
        else await deleteLeadsPermanently(db, ids, progress);
        showToast(kind === 'restore' ? restoredAllToast(total) : emptiedToast(total), 'success');
      } catch (error) {
        console.error(`Trash bulk ${kind} failed`, error);
        const done = error instanceof PartialBatchError ? error.done : 0;
        showToast(
          kind === 'restore' ? restoreAllErrorToast(done, total) : emptyErrorToast(done, total),
          'error',
        );
      } finally {
        setRunning(null);
        onChanged?.();
      }
    },
    [db, onChanged],
  );

  const restoreAll = useCallback((ids: readonly string[]) => run('restore', ids), [run]);
  const deleteAll = useCallback((ids: readonly string[]) => run('delete', ids), [run]);
  return { running, restoreAll, deleteAll };
}
