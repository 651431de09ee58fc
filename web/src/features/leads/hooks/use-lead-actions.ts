/**
 * The Leads tab's writes with their toasts: status, trash (with 'Desfazer', which marks the
 * restore for the timeline; a bulk move offers it too, for all it moved), the bulk versions,
 * assignment, and the contact offered after WhatsApp.
 */
import { useCallback } from 'react';
import { useFirestore } from 'reactfire';
import { showToast } from '@/components/toast';
import { showUndoToast } from '@/components/undo-toast';
import {
  changeLeads,
  moveLeadToTrash,
  PartialBatchError,
  setLeadStatus,
} from '@/data/lead-actions';
import type { Lead, LeadStatus } from '@/domain/lead';
import { usePendingIds } from '@/lib/use-pending-ids';
import {
  assignedToast,
  assignErrorToast,
  bulkStatusToast,
  contactedToast,
  contactErrorToast,
  contactOfferToast,
  bulkTrashedToast,
  clearUndoErrorToast,
  clearUndoneToast,
  leadsTexts,
  movedToTrashToast,
  moveErrorToast,
  partialToast,
  restoredToast,
  restoreErrorToast,
  statusErrorToast,
  statusUpdatedToast,
} from '../messages';

export interface LeadActions {
  /** Ids with a write in flight (their controls are disabled). */
  pending: ReadonlySet<string>;
  changeStatus: (lead: Lead, status: LeadStatus) => Promise<void>;
  trash: (lead: Lead) => Promise<void>;
  changeStatusOf: (ids: readonly string[], status: LeadStatus) => Promise<boolean>;
  trashAll: (ids: readonly string[]) => Promise<boolean>;
  assignAll: (ids: readonly string[], email: string | null) => Promise<boolean>;
  /** After the WhatsApp button: a toast that offers to record the contact. */
  offerContact: (lead: Lead) => void;
}

/**
 * The record's writes these actions share (assignment, contact, the undo of a trash): asked for
 * after a click, not on the panel's open (the record's code, which has them, loads once the first
 * rows show).
 */
const recordAccess = () => import('@/data/lead-record-access');

export function useLeadActions(): LeadActions {
  const db = useFirestore();
  const { pending, track } = usePendingIds();

  const undoTrash = useCallback(
    (id: string) => {
      recordAccess()
        .then(({ undoTrash: restore }) => restore(db, id))
        .then(
          () => showToast(restoredToast, 'success'),
          (error: unknown) => {
            console.error('Restore failed', error);
            showToast(restoreErrorToast, 'error');
          },
        );
    },
    [db],
  );

  const changeStatus = useCallback(
    (lead: Lead, status: LeadStatus) =>
      track([lead.id], async () => {
        try {
          await setLeadStatus(db, lead.id, status);
          showToast(statusUpdatedToast, 'success');
        } catch (error) {
          console.error('Status update failed', error);
          showToast(statusErrorToast, 'error');
        }
      }),
    [db, track],
  );

  const trash = useCallback(
    (lead: Lead) =>
      track([lead.id], async () => {
        try {
          await moveLeadToTrash(db, lead.id);
          showUndoToast(movedToTrashToast, leadsTexts.undo, () => undoTrash(lead.id));
        } catch (error) {
          console.error('Move to trash failed', error);
          showToast(moveErrorToast, 'error');
        }
      }),
    [db, track, undoTrash],
  );

  const bulk = useCallback(
    async (
      ids: readonly string[],
      change: Parameters<typeof changeLeads>[2],
      done: (count: number) => void,
      errorTitle: string,
    ): Promise<boolean> =>
      track(ids, async () => {
        try {
          done(await changeLeads(db, ids, change));
          return true;
        } catch (error) {
          console.error('Bulk change failed', error);
          const moved = error instanceof PartialBatchError ? error.done : 0;
          showToast(partialToast(errorTitle, moved, ids.length), 'error');
          return false;
        }
      }),
    [db, track],
  );

  const changeStatusOf = useCallback(
    (ids: readonly string[], status: LeadStatus) =>
      bulk(
        ids,
        { status },
        (count) => showToast(bulkStatusToast(count), 'success'),
        statusErrorToast.title,
      ),
    [bulk],
  );

  /** 'Desfazer' of a bulk move: every lead it moved back, each marked as undone. */
  const undoTrashAll = useCallback(
    (ids: readonly string[]) => {
      changeLeads(db, ids, { restore: true, undo: true }).then(
        (count) => showToast(clearUndoneToast(count), 'success'),
        (error: unknown) => {
          console.error('Undo of a bulk trash failed', error);
          const done = error instanceof PartialBatchError ? error.done : 0;
          showToast(clearUndoErrorToast(done, ids.length), 'error');
        },
      );
    },
    [db],
  );

  const trashAll = useCallback(
    (ids: readonly string[]) =>
      bulk(
        ids,
        { trash: true },
        (count) => showUndoToast(bulkTrashedToast(count), leadsTexts.undo, () => undoTrashAll(ids)),
        moveErrorToast.title,
      ),
    [bulk, undoTrashAll],
  );

  const assignAll = useCallback(
    async (ids: readonly string[], email: string | null): Promise<boolean> => {
      let ok = false;
      await track(ids, async () => {
        try {
          const { assignLeads } = await recordAccess();
          showToast(assignedToast(await assignLeads(db, ids, email)), 'success');
          ok = true;
        } catch (error) {
          console.error('Assignment failed', error);
          const done = error instanceof PartialBatchError ? error.done : 0;
          showToast(partialToast(assignErrorToast.title, done, ids.length), 'error');
        }
      });
      return ok;
    },
    [db, track],
  );

  const offerContact = useCallback(
    (lead: Lead) =>
      showUndoToast(contactOfferToast(lead.nome), leadsTexts.recordContact, () => {
        recordAccess()
          .then(({ recordContact }) => recordContact(db, lead.id))
          .then(
            () => showToast(contactedToast, 'success'),
            (error: unknown) => {
              console.error('Contact not recorded', error);
              showToast(contactErrorToast, 'error');
            },
          );
      }),
    [db],
  );

  return { pending, changeStatus, trash, changeStatusOf, trashAll, assignAll, offerContact };
}
