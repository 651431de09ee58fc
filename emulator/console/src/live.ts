/** Live updates from the emulator (server-sent events): a change counter per database, new requests. */
import { useEffect, useSyncExternalStore } from 'react';
import type { RequestEntry } from './api.ts';

type Listener = () => void;

const versions = new Map<string, number>();
let anyVersion = 0;
const changeListeners = new Set<Listener>();
const requestListeners = new Set<(entries: RequestEntry[]) => void>();
let source: EventSource | null = null;
let connected = false;

function connect(): void {
  if (source) return;
  source = new EventSource('/console/api/events');
  source.addEventListener('open', () => {
    connected = true;
    // Anything may have changed while disconnected.
    anyVersion++;
    for (const k of versions.keys()) versions.set(k, (versions.get(k) ?? 0) + 1);
    changeListeners.forEach((l) => l());
  });
  source.addEventListener('error', () => {
    connected = false;
    changeListeners.forEach((l) => l());
  });
  source.addEventListener('change', (e) => {
    const { database } = JSON.parse((e as MessageEvent<string>).data) as { database: string };
    versions.set(database, (versions.get(database) ?? 0) + 1);
    anyVersion++;
    changeListeners.forEach((l) => l());
  });
  source.addEventListener('requests', (e) => {
    const entries = JSON.parse((e as MessageEvent<string>).data) as RequestEntry[];
    requestListeners.forEach((l) => l(entries));
  });
}

function subscribe(l: Listener): () => void {
  connect();
  changeListeners.add(l);
  return () => changeListeners.delete(l);
}

/** Grows whenever a commit changes the database (or any database when `db` is null). */
export function useDataVersion(db: string | null): number {
  return useSyncExternalStore(subscribe, () =>
    db === null ? anyVersion : (versions.get(db) ?? 0),
  );
}

/** Whether the live connection is up. */
export function useConnected(): boolean {
  return useSyncExternalStore(subscribe, () => connected);
}

/** Calls `fn` with each batch of new requests. */
export function useNewRequests(fn: (entries: RequestEntry[]) => void): void {
  useEffect(() => {
    connect();
    requestListeners.add(fn);
    return () => {
      requestListeners.delete(fn);
    };
  }, [fn]);
}
