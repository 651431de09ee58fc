/**
 * The outbox's stores in memory: for a browser without IndexedDB (some private modes), where an
 * application gets one attempt from the page, and for the unit tests.
 */
import type { DeviceState, DeviceStore } from './device-slots';
import type { OutboxStore, QueuedApplication } from './outbox';

export function memoryOutboxStore(): OutboxStore & { map: Map<string, QueuedApplication> } {
  const map = new Map<string, QueuedApplication>();
  return {
    map,
    get: async (id) => map.get(id),
    // Copies in and out, as IndexedDB's structured clone does.
    set: async (entry) => void map.set(entry.id, structuredClone(entry)),
    delete: async (id) => void map.delete(id),
    all: async () => [...map.values()].map((entry) => structuredClone(entry)),
  };
}

export function memoryDeviceStore(initial?: DeviceState): DeviceStore & { state?: DeviceState } {
  const store: DeviceStore & { state?: DeviceState } = {
    state: initial,
    get: async () => store.state,
    set: async (state) => {
      store.state = { id: state.id, slots: [...state.slots] };
    },
  };
  return store;
}
