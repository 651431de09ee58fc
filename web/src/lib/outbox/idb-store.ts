/** The outbox's IndexedDB store (idb-keyval): one database, one object store, keyed by lead id. */
import { createStore, del, get, set, values, type UseStore } from 'idb-keyval';
import type { OutboxStore, QueuedApplication } from './outbox';

let store: UseStore | undefined;

/** `vagas-outbox` / `applications`, opened on first use (never while prerendering). */
function applications(): UseStore {
  store ??= createStore('vagas-outbox', 'applications');
  return store;
}

export const idbOutboxStore: OutboxStore = {
  get: (id) => get<QueuedApplication>(id, applications()),
  set: (entry) => set(entry.id, entry, applications()),
  delete: (id) => del(id, applications()),
  all: () => values<QueuedApplication>(applications()),
};

/** Tests: forget the open database, so the next use opens the current `indexedDB`'s. */
export function forgetOutboxDatabase(): void {
  store = undefined;
}
