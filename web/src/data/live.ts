/**
 * The panel's one live-read path: `listen` is the app's only call of Firestore's `onSnapshot`
 * (ESLint refuses the import anywhere else), and each hook below holds one listener while mounted.
 * A listener costs the panel a target on the Firestore connection and a remote event for each
 * change, and with the live list open every remote event walks that whole list in the SDK: every
 * listener opens through here, so they can all be found from one place.
 *
 * The hooks return reactfire's `{status, data, error}` shape without Suspense: a query swap under
 * Suspense can resume with the previous query's value
 * (https://github.com/FirebaseExtended/reactfire/issues/793). Pass them a memoised query or
 * document reference (null: no listener).
 */
import {
  onSnapshot,
  type DocumentReference,
  type DocumentSnapshot,
  type FirestoreError,
  type Query,
  type QuerySnapshot,
  type Unsubscribe,
} from 'firebase/firestore';
import { useEffect, useRef, useState } from 'react';

/** Listens to a query until the returned function is called. */
export function listen<T>(
  target: Query<T>,
  onNext: (snapshot: QuerySnapshot<T>) => void,
  onError: (error: FirestoreError) => void,
): Unsubscribe;
/** Listens to a document until the returned function is called. */
export function listen<T>(
  target: DocumentReference<T>,
  onNext: (snapshot: DocumentSnapshot<T>) => void,
  onError: (error: FirestoreError) => void,
): Unsubscribe;
export function listen<T>(
  target: Query<T> | DocumentReference<T>,
  onNext: ((snapshot: QuerySnapshot<T>) => void) | ((snapshot: DocumentSnapshot<T>) => void),
  onError: (error: FirestoreError) => void,
): Unsubscribe {
  return target.type === 'document'
    ? onSnapshot(target, onNext as (snapshot: DocumentSnapshot<T>) => void, onError)
    : onSnapshot(target, onNext as (snapshot: QuerySnapshot<T>) => void, onError);
}

export type LiveState<T> =
  | { status: 'loading'; data: undefined; error: null }
  | { status: 'success'; data: T; error: null }
  | { status: 'error'; data: undefined; error: FirestoreError };

const loading = { status: 'loading', data: undefined, error: null } as const;

/** The documents of `query`, live, in its order. */
export function useLiveQuery<T>(query: Query<T> | null): LiveState<T[]> {
  const [state, setState] = useState<LiveState<T[]>>(loading);
  useEffect(() => {
    if (!query) return;
    setState(loading);
    return listen(
      query,
      (snapshot) =>
        setState({ status: 'success', data: snapshot.docs.map((d) => d.data()), error: null }),
      (error) => setState({ status: 'error', data: undefined, error }),
    );
  }, [query]);
  return state;
}

export interface LiveDocumentOptions {
  /**
   * `null` only once the server says the document does not exist: while the local cache alone
   * answers (the SDK reports itself offline when its first answer takes over 10 seconds, as on an
   * emulator busy with a million leads), a document it does not hold stays loading, not missing.
   */
  missingFromServerOnly?: boolean;
}

/** The document at `ref`, live; `null` while it does not exist. */
export function useLiveDocument<T>(
  ref: DocumentReference<T> | null,
  { missingFromServerOnly = false }: LiveDocumentOptions = {},
): LiveState<T | null> {
  const [state, setState] = useState<LiveState<T | null>>(loading);
  useEffect(() => {
    if (!ref) return;
    setState(loading);
    return listen(
      ref,
      (snapshot) => {
        if (missingFromServerOnly && !snapshot.exists() && snapshot.metadata.fromCache) {
          setState(loading);
          return;
        }
        setState({ status: 'success', data: snapshot.data() ?? null, error: null });
      },
      (error) => setState({ status: 'error', data: undefined, error }),
    );
  }, [ref, missingFromServerOnly]);
  return state;
}

/** A live list: empty while loading, and the last documents it had once its listener failed. */
export interface LiveList<T> {
  status: 'loading' | 'success' | 'error';
  data: T[];
  error: FirestoreError | null;
}

export interface LiveListEvents<T> {
  /** Documents that entered the list after its first snapshot (new applications, restores). */
  onAdded?: (items: T[]) => void;
  /** Ids of documents that left the list after its first snapshot (trashed, deleted). */
  onRemoved?: (ids: string[]) => void;
  /** Documents of the list that changed after its first snapshot (their new version). */
  onModified?: (items: T[]) => void;
  /** The listener failed (it is then closed by the SDK). */
  onError?: (error: FirestoreError) => void;
}

const loadingList: LiveList<never> = { status: 'loading', data: [], error: null };

/**
 * The documents of `query`, live, in its order. Each snapshot's changes are applied to the
 * previous array, so a document that did not change keeps its object (memoised search keys stay
 * valid) and an arrival costs no conversion of the other 20,000 leads.
 */
export function useLiveList<T>(
  query: Query<T> | null,
  events: LiveListEvents<T> = {},
): LiveList<T> {
  const [state, setState] = useState<LiveList<T>>(loadingList);
  const eventsRef = useRef(events);
  useEffect(() => {
    eventsRef.current = events;
  });

  useEffect(() => {
    if (!query) return;
    setState(loadingList);
    let items: T[] = [];
    let first = true;
    return listen(
      query,
      (snapshot) => {
        const next = items.slice();
        const added: T[] = [];
        const removed: string[] = [];
        const modified: T[] = [];
        for (const change of snapshot.docChanges()) {
          if (change.type === 'removed') {
            next.splice(change.oldIndex, 1);
            if (!first) removed.push(change.doc.id);
            continue;
          }
          const item = change.doc.data();
          if (change.type === 'added') {
            next.splice(change.newIndex, 0, item);
            if (!first) added.push(item);
          } else {
            next.splice(change.oldIndex, 1);
            next.splice(change.newIndex, 0, item);
            if (!first) modified.push(item);
          }
        }
        items = next;
        first = false;
        setState({ status: 'success', data: next, error: null });
        if (added.length > 0) eventsRef.current.onAdded?.(added);
        if (removed.length > 0) eventsRef.current.onRemoved?.(removed);
        if (modified.length > 0) eventsRef.current.onModified?.(modified);
      },
      (error) => {
        setState((previous) => ({ status: 'error', data: previous.data, error }));
        eventsRef.current.onError?.(error);
      },
    );
  }, [query]);

  return state;
}
