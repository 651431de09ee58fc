/**
 * The outbox of this device: the IndexedDB stores (applications, the device's id and slots), the
 * Firestore Lite sender (loaded on first send), App Check's readiness, the Web Locks of the browser
 * and its idea of the connection. The page and the service worker both use it; a BroadcastChannel
 * tells every open page of the site when it changed.
 */
import { idbDeviceStore, idbOutboxStore } from './idb-store';
import { Outbox, type LeadSender, type LockManagerLike } from './outbox';

const channelName = 'vagas-outbox';

let outbox: Outbox | undefined;

/**
 * The device's outbox, created on first use with `send` and `ready` (resolves once an App Check
 * token is at hand): the page passes functions that load the Firestore Lite writer and App Check
 * on first use (use-outbox.ts), the service worker the modules themselves (a worker script cannot
 * hold a dynamic import).
 */
export function deviceOutbox(send: LeadSender, ready: () => Promise<void>): Outbox {
  outbox ??= new Outbox({
    store: idbOutboxStore,
    device: idbDeviceStore,
    send,
    ready,
    locks: (globalThis.navigator as { locks?: LockManagerLike } | undefined)?.locks,
    online: () => globalThis.navigator?.onLine ?? true,
  });
  return outbox;
}

/** Tells the site's other pages (and the service worker) that the outbox changed. */
export function announceOutboxChange(): void {
  if (typeof BroadcastChannel === 'undefined') return;
  const channel = new BroadcastChannel(channelName);
  channel.postMessage('changed');
  channel.close();
}

/** Calls `listener` whenever another page or the service worker changed the outbox. */
export function onOutboxChange(listener: () => void): () => void {
  if (typeof BroadcastChannel === 'undefined') return () => {};
  const channel = new BroadcastChannel(channelName);
  channel.onmessage = () => listener();
  return () => channel.close();
}

/** The Background Sync tag under which the service worker sends the outbox. */
export const backgroundSyncTag = 'vagas-outbox';

/** Asks the service worker, where the browser has Background Sync, to send when online again. */
export async function requestBackgroundSync(): Promise<void> {
  try {
    if (!('serviceWorker' in navigator) || !navigator.serviceWorker.controller) return;
    const registration = (await navigator.serviceWorker.ready) as ServiceWorkerRegistration & {
      sync?: { register: (tag: string) => Promise<void> };
    };
    await registration.sync?.register(backgroundSyncTag);
  } catch (error) {
    // No Background Sync (or not allowed): the page sends on `online` and on the next visit.
    console.info('Background Sync unavailable', error);
  }
}
