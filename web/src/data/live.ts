/**
 * Live reads in reactfire's `{status, data, error}` shape without Suspense (reactfire issue #793):
 * one listener while mounted, on a memoised query or document reference (null: none).
 */
import {
  onSnapshot,
  type DocumentReference,
  type FirestoreError,
  type Query,
} from 'firebase/firestore';
import { useEffect, useState } from 'react';

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
    return onSnapshot(
      query,
      (snapshot) =>
        setState({ status: 'success', data: snapshot.docs.map((d) => d.data()), error: null }),
      (error) => setState({ status: 'error', data: undefined, error }),
    );
  }, [query]);
  return state;
}

/** The document at `ref`, live; `null` while it does not exist. */
export function useLiveDocument<T>(ref: DocumentReference<T> | null): LiveState<T | null> {
  const [state, setState] = useState<LiveState<T | null>>(loading);
  useEffect(() => {
    if (!ref) return;
    setState(loading);
    return onSnapshot(
      ref,
      (snapshot) => setState({ status: 'success', data: snapshot.data() ?? null, error: null }),
      (error) => setState({ status: 'error', data: undefined, error }),
    );
  }, [ref]);
  return state;
}
