/**
 * What the panel changes on leads: only `status` and `deleted_at` (domain `managedLeadFields`; the
 * rules allow nothing else; data/lead-record-access.ts writes the follow-up fields), with the 'Desfazer'
 * mark `trash_undone_at` on a restore, and permanent deletion. Every write goes through
 * `panelWrite` (bounded in time, and leaving the page asks first while it is on its way).
 */
import {
  deleteDoc,
  doc,
  serverTimestamp,
  updateDoc,
  writeBatch,
  type Firestore,
} from 'firebase/firestore';
import type { LeadStatus } from '@/domain/lead';
import { leadsCollection } from './leads';
import { panelWrite } from './panel-write';
/** Firestore's limit of writes in one batch. */
export const batchLimit = 500;

const leadRef = (db: Firestore, id: string) => doc(leadsCollection(db), id);

export function setLeadStatus(db: Firestore, id: string, status: LeadStatus): Promise<void> {
  return panelWrite(db, updateDoc(leadRef(db, id), { status }), 'status update');
}

export function moveLeadToTrash(db: Firestore, id: string): Promise<void> {
  return panelWrite(
    db,
    updateDoc(leadRef(db, id), { deleted_at: serverTimestamp() }),
    'move to trash',
  );
}

export function restoreLead(db: Firestore, id: string): Promise<void> {
  return panelWrite(db, updateDoc(leadRef(db, id), { deleted_at: null }), 'restore');
}

export function deleteLeadPermanently(db: Firestore, id: string): Promise<void> {
  return panelWrite(db, deleteDoc(leadRef(db, id)), 'delete');
}

/** A batched change that failed part-way: `done` leads were changed before `cause`. */
export class PartialBatchError extends Error {
  constructor(
    readonly done: number,
    readonly total: number,
    cause: unknown,
  ) {
    super(`batch failed after ${done} of ${total} leads`, { cause });
    this.name = 'PartialBatchError';
  }
}

/**
 * A new status, to the trash, or back from it; `undo`: back by 'Desfazer', marked (the rules'
 * trash_undone_at) so each lead's timeline says "Restaurado por 'Desfazer'".
 */
export type BatchChange =
  { status: LeadStatus } | { trash: true } | { restore: true; undo?: boolean };

function batchData(change: BatchChange) {
  if ('status' in change) return { status: change.status };
  if ('trash' in change) return { deleted_at: serverTimestamp() };
  return change.undo
    ? { deleted_at: null, trash_undone_at: serverTimestamp() }
    : { deleted_at: null };
}

/**
 * Applies `change` to every lead in `ids`, in batches of at most 500 writes committed one after
 * another; `onProgress(done, total)` after each batch. Rejects with a PartialBatchError that says
 * how many leads were changed before the failure.
 */
export async function changeLeads(
  db: Firestore,
  ids: readonly string[],
  change: BatchChange,
  onProgress?: (done: number, total: number) => void,
): Promise<number> {
  let done = 0;
  for (let start = 0; start < ids.length; start += batchLimit) {
    const slice = ids.slice(start, start + batchLimit);
    const batch = writeBatch(db);
    const data = batchData(change);
    for (const id of slice) batch.update(leadRef(db, id), data);
    try {
      await panelWrite(db, batch.commit(), 'batch');
    } catch (error) {
      throw new PartialBatchError(done, ids.length, error);
    }
    done += slice.length;
    onProgress?.(done, ids.length);
  }
  return done;
}

/**
 * Deletes every lead in `ids` for good, in batches of at most 500 committed one after another
 * ('Esvaziar lixeira'); `onProgress(done, total)` after each batch. Rejects with a
 * PartialBatchError that says how many were deleted before the failure.
 */
export async function deleteLeadsPermanently(
  db: Firestore,
  ids: readonly string[],
  onProgress?: (done: number, total: number) => void,
): Promise<number> {
  let done = 0;
  for (let start = 0; start < ids.length; start += batchLimit) {
    const slice = ids.slice(start, start + batchLimit);
    const batch = writeBatch(db);
    for (const id of slice) batch.delete(leadRef(db, id));
    try {
      await panelWrite(db, batch.commit(), 'batch delete');
    } catch (error) {
      throw new PartialBatchError(done, ids.length, error);
    }
    done += slice.length;
    onProgress?.(done, ids.length);
  }
  return done;
}
