/**
 * Saved views (`saved_views/{id}`, domain/saved-view.ts): the team's named filters of the Leads
 * list, live by name. A save records who saved it and when (the rules pin both to the caller and
 * the request); any admin may delete one.
 */
import {
  addDoc,
  collection,
  deleteDoc,
  doc,
  orderBy,
  query,
  serverTimestamp,
  type DocumentData,
  type Firestore,
  type FirestoreDataConverter,
  type Query,
  type QueryDocumentSnapshot,
} from 'firebase/firestore';
import { useMemo } from 'react';
import { useFirestore } from '@/lib/firebase/panel-sdk';
import { collections } from '@vagas/common';
import type { SavedView } from '@/domain/saved-view';
import { panelWrite } from './panel-write';
import { useLiveQuery, type LiveState } from './live';

const viewConverter: FirestoreDataConverter<SavedView, DocumentData> = {
  toFirestore: () => {
    throw new Error('views are saved with saveView');
  },
  fromFirestore(snapshot: QueryDocumentSnapshot): SavedView {
    const data = snapshot.data();
    const params: Record<string, string> = {};
    const stored = (data.params ?? {}) as Record<string, unknown>;
    for (const [name, value] of Object.entries(stored)) {
      if (typeof value === 'string') params[name] = value;
    }
    return {
      id: snapshot.id,
      name: String(data.name ?? ''),
      params,
      createdBy: String(data.created_by ?? ''),
    };
  },
};

/** Every saved view, by name. */
export function savedViewsQuery(db: Firestore): Query<SavedView> {
  return query(
    collection(db, collections.savedViews).withConverter(viewConverter),
    orderBy('name'),
  );
}

/** The saved views, live; nothing is read while `enabled` is false. */
export function useSavedViews(enabled = true): LiveState<SavedView[]> {
  const db = useFirestore();
  const q = useMemo(() => (enabled ? savedViewsQuery(db) : null), [db, enabled]);
  return useLiveQuery(q);
}

/** Saves the list's parameters under `name`, as the signed-in admin `by` (uid and email). */
export async function saveView(
  db: Firestore,
  view: { name: string; params: Record<string, string> },
  by: { uid: string; email: string },
): Promise<void> {
  const write = addDoc(collection(db, collections.savedViews), {
    name: view.name,
    params: view.params,
    created_by: by.email,
    created_by_uid: by.uid,
    created_at: serverTimestamp(),
  });
  await panelWrite(db, write, 'save view');
}

export function deleteView(db: Firestore, id: string): Promise<void> {
  return panelWrite(db, deleteDoc(doc(db, collections.savedViews, id)), 'delete view');
}
