/**
 * The Lixeira's reads, sized to the screen instead of to the trash (20,000 trashed leads were once
 * read before the first row, 50 s on a busy machine): one live page ordered by deleted_at, newest
 * deletion first (data/lead-list-reads.ts `useLeadPage`, cursor paging), the search on the server
 * (`search_keys array-contains`), count aggregations for 'Restaurar todos (N)' and the found count,
 * and the matching leads' ids only when a bulk action is pressed. Indexes: deleted_at's automatic
 * one for the whole trash; `search_keys CONTAINS, deleted_at DESC` for a search
 * (firestore.indexes.json).
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

/**
 * The trashed leads whose search keys hold `key` (every trashed lead for null), newest deletion
 * first.
 */
export function trashListQuery(db: Firestore, key: string | null): Query<Lead> {
  const found = key === null ? [] : [where('search_keys', 'array-contains', key)];
  return query(
    leadsCollection(db),
    where('deleted_at', '!=', null),
    ...found,
    orderBy('deleted_at', 'desc'),
  );
}

/**
 * How many trashed leads a search finds: one aggregation (one read per 1,000 counted). Ordered as
 * the list is, so the list's index serves it.
 */
export async function countTrashMatching(db: Firestore, key: string | null): Promise<number> {
  return countOnServer(trashListQuery(db, key));
}

/** Leads read per request when a bulk action collects what it acts on. */
export const trashReadBatch = 1000;

/**
 * The ids of every trashed lead a search finds (an explicit action: restore or delete them all),
 * read `trashReadBatch` at a time from a cursor, newest deletion first.
 */
export async function fetchTrashIdsMatching(db: Firestore, key: string | null): Promise<string[]> {
  const base = trashListQuery(db, key);
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
