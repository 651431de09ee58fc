/**
 * The record's writes with their toasts: status, trash ('Desfazer'), restore, contact, responsible,
 * notes, the next step.
 */
import { useCallback, useState } from 'react';
import { useFirestore } from '@/lib/firebase/panel-sdk';
import { useUser } from '@/lib/firebase/panel-user';
import { showToast } from '@/components/toast';
import { showUndoToast } from '@/components/undo-toast';
import { moveLeadToTrash, restoreLead, setLeadStatus } from '@/data/lead-actions';
import {
  addNote,
  assignLeads,
  clearNextStep,
  completeNextStep,
  deleteNote,
  editNote,
  recordContact,
  setNextStep,
  undoTrash,
  type NextStepInput,
} from '@/data/lead-record-access';
import type { LeadStatus } from '@/domain/lead';
import type { ToastText } from '@/domain/messages';
import {
  assignedToast,
  assignErrorToast,
  contactedToast,
  contactErrorToast,
  movedToTrashToast,
  moveErrorToast,
  nextStepDoneToast,
  nextStepErrorToast,
  nextStepRemovedToast,
  nextStepSavedToast,
  noteAddedToast,
  noteDeletedToast,
  noteDeleteErrorToast,
  noteErrorToast,
  noteSavedToast,
  recordTexts,
  restoredToast,
  restoreErrorToast,
  statusErrorToast,
  statusUpdatedToast,
} from '../messages';

export interface RecordActions {
  /** A write of the lead itself is in flight. */
  busy: boolean;
  /** The signed-in admin (notes are theirs; 'Atribuir a mim'). */
  me: { uid: string; email: string } | null;
  changeStatus: (status: LeadStatus) => Promise<boolean>;
  trash: () => Promise<boolean>;
  restore: () => Promise<boolean>;
  contact: () => Promise<boolean>;
  assign: (email: string | null) => Promise<boolean>;
  addNote: (text: string) => Promise<boolean>;
  editNote: (noteId: string, text: string) => Promise<boolean>;
  deleteNote: (noteId: string) => Promise<boolean>;
  /** Sets the next step; `assignToMe`: the signed-in admin becomes responsible in the same write. */
  setNextStep: (step: NextStepInput, assignToMe: boolean) => Promise<boolean>;
  completeNextStep: () => Promise<boolean>;
  clearNextStep: () => Promise<boolean>;
}

/** Runs `write`; toasts `ok` or logs and toasts `failed`; resolves whether it succeeded. */
async function attempt(
  write: () => Promise<unknown>,
  ok: ToastText | null,
  failed: ToastText,
): Promise<boolean> {
  try {
    await write();
    if (ok) showToast(ok, 'success');
    return true;
  } catch (error) {
    console.error(failed.title, error);
    showToast(failed, 'error');
    return false;
  }
}

export function useRecordActions(leadId: string): RecordActions {
  const db = useFirestore();
  const { data: user } = useUser();
  const me = user?.email ? { uid: user.uid, email: user.email } : null;
  const [busy, setBusy] = useState(false);

  const onLead = useCallback(
    async (write: () => Promise<unknown>, ok: ToastText | null, failed: ToastText) => {
      setBusy(true);
      try {
        return await attempt(write, ok, failed);
      } finally {
        setBusy(false);
      }
    },
    [],
  );

  const undo = useCallback(() => {
    void attempt(() => undoTrash(db, leadId), restoredToast, restoreErrorToast);
  }, [db, leadId]);

  return {
    busy,
    me,
    changeStatus: (status) =>
      onLead(() => setLeadStatus(db, leadId, status), statusUpdatedToast, statusErrorToast),
    trash: async () => {
      const ok = await onLead(() => moveLeadToTrash(db, leadId), null, moveErrorToast);
      if (ok) showUndoToast(movedToTrashToast, recordTexts.undo, undo);
      return ok;
    },
    restore: () => onLead(() => restoreLead(db, leadId), restoredToast, restoreErrorToast),
    contact: () => onLead(() => recordContact(db, leadId), contactedToast, contactErrorToast),
    assign: (email) =>
      onLead(() => assignLeads(db, [leadId], email), assignedToast, assignErrorToast),
    addNote: (text) =>
      me
        ? attempt(() => addNote(db, leadId, text, me), noteAddedToast, noteErrorToast)
        : Promise.resolve(false),
    editNote: (noteId, text) =>
      attempt(() => editNote(db, leadId, noteId, text), noteSavedToast, noteErrorToast),
    deleteNote: (noteId) =>
      attempt(() => deleteNote(db, leadId, noteId), noteDeletedToast, noteDeleteErrorToast),
    setNextStep: (step, assignToMe) =>
      onLead(
        () => setNextStep(db, leadId, step, assignToMe ? me?.email.toLowerCase() : undefined),
        nextStepSavedToast,
        nextStepErrorToast,
      ),
    completeNextStep: () =>
      onLead(() => completeNextStep(db, leadId), nextStepDoneToast, nextStepErrorToast),
    clearNextStep: () =>
      onLead(() => clearNextStep(db, leadId), nextStepRemovedToast, nextStepErrorToast),
  };
}
