/**
 * What the panel changes on leads: only `status` and `deleted_at` (domain `managedLeadFields`; the
 * rules allow nothing else; data/lead-record-access.ts writes the follow-up fields), with the 'Desfazer'
 * mark `trash_undone_at` on a restore, the batch a bulk move to the trash stamps (`trash_batch`,
 * cleared by every restore), and permanent deletion. Every write goes through `panelWrite`
 * (bounded in time, and leaving the page asks first while it is on its way).
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
  return panelWrite(
    db,
    updateDoc(leadRef(db, id), { deleted_at: null, trash_batch: null }),
    'restore',
  );
}

/**
 * A new batch id for one bulk move to the trash: its ISO time first (batches sort by it, newest
 * last), then a random part so two admins' moves in the same millisecond stay apart.
 */
export function newTrashBatchId(now: Date = new Date()): string {
  return `${now.toISOString()}-${Math.random().toString(36).slice(2, 8)}`;
}

/** The moment a batch id names (its ISO time); null for an id of another shape. */
export function trashBatchTime(batch: string): Date | null {
  const time = new Date(batch.slice(0, 24));
  return Number.isNaN(time.getTime()) ? null : time;
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

/** The fields one change writes; a move to the trash stamps the run's batch. */
function batchData(change: BatchChange, batch: string) {
  if ('status' in change) return { status: change.status };
  if ('trash' in change) return { deleted_at: serverTimestamp(), trash_batch: batch };
  return change.undo
    ? { deleted_at: null, trash_batch: null, trash_undone_at: serverTimestamp() }
    : { deleted_at: null, trash_batch: null };
}

/**
 * Applies `change` to every lead in `ids`, in batches of at most 500 writes committed one after
 * another; `onProgress(done, total)` after each batch. A move to the trash stamps one batch id on
 * every lead it moves, whatever the number of writes (the Lixeira restores it as one). Rejects with
 * a PartialBatchError that says how many leads were changed before the failure.
 */
export async function changeLeads(
  db: Firestore,
  ids: readonly string[],
  change: BatchChange,
  onProgress?: (done: number, total: number) => void,
): Promise<number> {
  let done = 0;
  const data = batchData(change, newTrashBatchId());
  for (let start = 0; start < ids.length; start += batchLimit) {
    const slice = ids.slice(start, start + batchLimit);
    const batch = writeBatch(db);
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
