/**
 * The Lixeira's reads, sized to the screen instead of to the trash (20,000 trashed leads were once
 * read before the first row, 50 s on a busy machine): one live page ordered by deleted_at, newest
 * deletion first (data/lead-list-reads.ts `useLeadPage`, cursor paging), the search on the server
 * (`search_keys array-contains`), count aggregations for 'Restaurar todos (N)' and the found count,
 * and the matching leads' ids only when a bulk action is pressed; the batches bulk moves stamped
 * (`trash_batch`), newest first, each with its count. Indexes: deleted_at's automatic one for the
 * whole trash; `search_keys CONTAINS, deleted_at DESC` for a search; `trash_batch ASC, deleted_at
 * DESC` for a batch (firestore.indexes.json); trash_batch's automatic one to find the batches.
 */
import {
  getDocs,
  limit,
  orderBy,
  query,
  startAfter,
  where,
  type DocumentData,
  type Firestore,
  type Query,
  type QueryDocumentSnapshot,
} from 'firebase/firestore';
import { countOnServer } from './server-count';
import type { Lead } from '@/domain/lead';
import { leadsCollection } from './leads';

/** What the Lixeira shows: the leads of one batch, or those a search key finds (all for null). */
export type TrashFilter = { batch: string } | { search: string | null };

/** The trashed leads the filter finds, newest deletion first. */
export function trashListQuery(db: Firestore, filter: TrashFilter): Query<Lead> {
  const found =
    'batch' in filter
      ? [where('trash_batch', '==', filter.batch)]
      : filter.search === null
        ? []
        : [where('search_keys', 'array-contains', filter.search)];
  return query(
    leadsCollection(db),
    where('deleted_at', '!=', null),
    ...found,
    orderBy('deleted_at', 'desc'),
  );
}

/**
 * How many trashed leads a filter finds: one aggregation (one read per 1,000 counted). Ordered as
 * the list is, so the list's index serves it.
 */
export async function countTrashMatching(db: Firestore, filter: TrashFilter): Promise<number> {
  return countOnServer(trashListQuery(db, filter));
}

/** A batch of leads one bulk move put in the trash, as the Lixeira offers it. */
export interface TrashBatch {
  id: string;
  /** When the move was made: the server's time of its first lead read. */
  at: Date | null;
  /** How many of its leads are still in the trash. */
  count: number;
}

/**
 * The newest `max` batches with leads still in the trash, newest first: one lead read per batch
 * (each step asks for the next batch id below the last one), then a count of each. A batch whose
 * leads all left the trash (a restore clears the stamp; a lead put back by other means may keep
 * it) is passed over, within a bounded number of steps.
 */
export async function recentTrashBatches(db: Firestore, max = 5): Promise<TrashBatch[]> {
  const batches: TrashBatch[] = [];
  // Above any id the panel writes (they start with a digit): the first step finds the newest.
  let below = '\uf8ff';
  for (let step = 0; step < max * 3 && batches.length < max; step++) {
    const next = await getDocs(
      query(
        leadsCollection(db),
        where('trash_batch', '<', below),
        orderBy('trash_batch', 'desc'),
        limit(1),
      ),
    );
    const lead = next.docs[0]?.data();
    if (!lead?.trash_batch) break;
    below = lead.trash_batch;
    const count = await countTrashMatching(db, { batch: lead.trash_batch });
    if (count > 0) batches.push({ id: lead.trash_batch, at: lead.deleted_at, count });
  }
  return batches;
}

/** Leads read per request when a bulk action collects what it acts on. */
export const trashReadBatch = 1000;

/**
 * The ids of every trashed lead a filter finds (an explicit action: restore or delete them all,
 * tick a batch), read `trashReadBatch` at a time from a cursor, newest deletion first.
 */
export async function fetchTrashIdsMatching(db: Firestore, filter: TrashFilter): Promise<string[]> {
  const base = trashListQuery(db, filter);
  const ids: string[] = [];
  let cursor: QueryDocumentSnapshot<Lead, DocumentData> | undefined;
  for (;;) {
    const snapshot = await getDocs(
      cursor
        ? query(base, startAfter(cursor), limit(trashReadBatch))
        : query(base, limit(trashReadBatch)),
    );
    for (const doc of snapshot.docs) ids.push(doc.id);
    cursor = snapshot.docs.at(-1);
    if (!cursor || snapshot.size < trashReadBatch) return ids;
  }
}
