/**
 * A live lead list over `onSnapshot`, in reactfire's `{status, data, error}` shape without Suspense
 * (a query swap under Suspense can resume with the previous query's value: reactfire issue #793). Each snapshot's changes are applied to the previous array, so a lead that
 * did not change keeps its object (memoised search keys stay valid) and an arrival costs no
 * conversion of the other 20,000 leads.
 */
import { onSnapshot, type FirestoreError, type Query } from 'firebase/firestore';
import { useEffect, useRef, useState } from 'react';
import type { Lead } from '@/domain/lead';

export type LiveStatus = 'loading' | 'success' | 'error';

export interface LiveLeads {
  status: LiveStatus;
  data: Lead[];
  error: FirestoreError | null;
}

export interface LiveLeadsEvents {
  /** Leads that entered the list after its first snapshot (new applications, restores). */
  onAdded?: (leads: Lead[]) => void;
  /** Ids of leads that left the list after its first snapshot (trashed, deleted). */
  onRemoved?: (ids: string[]) => void;
  /** The listener failed (it is then closed by the SDK). */
  onError?: (error: FirestoreError) => void;
}

const initial: LiveLeads = { status: 'loading', data: [], error: null };

/** Subscribes to `query` while mounted (null: no subscription). Memoise the query. */
export function useLiveLeads(query: Query<Lead> | null, events: LiveLeadsEvents = {}): LiveLeads {
  const [state, setState] = useState<LiveLeads>(initial);
  const eventsRef = useRef(events);
  useEffect(() => {
    eventsRef.current = events;
  });

  useEffect(() => {
    if (!query) return;
    setState(initial);
    let leads: Lead[] = [];
    let first = true;
    const unsubscribe = onSnapshot(
      query,
      (snapshot) => {
        const next = leads.slice();
        const added: Lead[] = [];
        const removed: string[] = [];
        for (const change of snapshot.docChanges()) {
          if (change.type === 'removed') {
            next.splice(change.oldIndex, 1);
            if (!first) removed.push(change.doc.id);
            continue;
          }
          const lead = change.doc.data();
          if (change.type === 'added') {
            next.splice(change.newIndex, 0, lead);
            if (!first) added.push(lead);
          } else {
            next.splice(change.oldIndex, 1);
            next.splice(change.newIndex, 0, lead);
          }
        }
        leads = next;
        first = false;
        setState({ status: 'success', data: next, error: null });
        if (added.length > 0) eventsRef.current.onAdded?.(added);
        if (removed.length > 0) eventsRef.current.onRemoved?.(removed);
      },
      (error) => {
        setState((previous) => ({ status: 'error', data: previous.data, error }));
        eventsRef.current.onError?.(error);
      },
    );
    return unsubscribe;
  }, [query]);

  return state;
}
