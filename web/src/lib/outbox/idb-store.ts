/**
 * The outbox's IndexedDB stores (idb-keyval): the applications (`vagas-outbox`, keyed by lead id)
 * and the device's id and slots (`vagas-device`, one entry).
 */
import { createStore, del, get, set, values, type UseStore } from 'idb-keyval';
import type { DeviceState, DeviceStore } from './device-slots';
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

let deviceDatabase: UseStore | undefined;

function device(): UseStore {
  deviceDatabase ??= createStore('vagas-device', 'state');
  return deviceDatabase;
}

export const idbDeviceStore: DeviceStore = {
  get: () => get<DeviceState>('device', device()),
  set: (state) => set('device', state, device()),
};

/** Tests: forget the open databases, so the next use opens the current `indexedDB`'s. */
export function forgetOutboxDatabase(): void {
  store = undefined;
  deviceDatabase = undefined;
}
