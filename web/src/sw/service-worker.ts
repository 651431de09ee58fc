/**
 * The service worker, built by vite-plugin-pwa (injectManifest) into /service-worker.js.
 * It precaches the public pages and what they load (vite.precache.ts picks them), so after a first
 * visit '/', the call-center page, the redirect page and the privacy page open without a
 * connection. Where the browser has Background Sync, it also sends the applications waiting in
 * the outbox once the connection returns, even with no page open; a page opened later tells the
 * candidate (the outbox keeps them as 'sent' until then).
 */
import { cleanupOutdatedCaches, precacheAndRoute, type PrecacheEntry } from 'workbox-precaching';
import { announceOutboxChange, backgroundSyncTag, deviceOutbox } from '@/lib/outbox/device-outbox';
import { appCheckReady, writeLead } from '@/lib/outbox/send-lead';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (PrecacheEntry | string)[] };

/** The event Background Sync fires (not in TypeScript's WebWorker lib yet). */
interface SyncEvent extends ExtendableEvent {
  readonly tag: string;
}

// The landing URL's utm_* and fbclid parameters do not change the page (Workbox's default too).
precacheAndRoute(self.__WB_MANIFEST, { ignoreURLParametersMatching: [/^utm_/, /^fbclid$/] });
cleanupOutdatedCaches();

// A new version takes over at once: the pages it caches link only files it caches too.
self.addEventListener('install', () => void self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

/** Sends what waits; rejects while some still wait, so the browser tries the sync again later. */
async function sendWaiting(): Promise<void> {
  const outbox = deviceOutbox(writeLead, appCheckReady);
  const outcomes = await outbox.sendDue({ force: true, keepWhenStored: true });
  if (outcomes.some((outcome) => outcome.kind !== 'skipped')) announceOutboxChange();
  // Held by the per-device limit, or with no App Check token from a page yet: a page sends it.
  const waiting = outcomes.filter((o) => o.kind === 'waiting' || o.kind === 'held').length;
  if (waiting) throw new Error(`${waiting} application(s) still waiting for the connection`);
}

self.addEventListener('sync', (event) => {
  const sync = event as SyncEvent;
  if (sync.tag === backgroundSyncTag) sync.waitUntil(sendWaiting());
});
