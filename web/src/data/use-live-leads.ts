/**
 * The panel's live lists of leads (the active leads, the Lixeira's first page): data/live.ts's
 * `useLiveList` over a lead query. Component tests replace this module
 * (data/testing/fake-live-leads.ts).
 */
import type { Query } from 'firebase/firestore';
import type { Lead } from '@/domain/lead';
import { useLiveList, type LiveList, type LiveListEvents } from './live';

export type LiveLeads = LiveList<Lead>;
export type LiveLeadsEvents = LiveListEvents<Lead>;

/** Subscribes to `query` while mounted (null: no subscription). Memoise the query. */
export function useLiveLeads(query: Query<Lead> | null, events: LiveLeadsEvents = {}): LiveLeads {
  return useLiveList(query, events);
}
