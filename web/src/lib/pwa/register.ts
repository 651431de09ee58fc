/**
 * Registers the service worker (src/sw/service-worker.ts) once the page is interactive: after the
 * load event and an idle moment, so its registration and the precache downloads never compete with
 * what paints and hydrates the page (Lighthouse and the 200 KB budget hold: no library here).
 */
import { afterLoadWhenIdle } from '@/lib/page/when-idle';

/** The service worker's URL (vite-plugin-pwa writes it at the site's root: scope '/'). */
export const serviceWorkerUrl = '/service-worker.js';

export function registerServiceWorkerWhenIdle(win: Window = window): void {
  if (!('serviceWorker' in win.navigator)) return;
  afterLoadWhenIdle(() => {
    win.navigator.serviceWorker.register(serviceWorkerUrl).catch((error: unknown) => {
      // No service worker (blocked, private mode): the pages still work online.
      console.info('Service worker not registered', error);
    });
  }, win);
}
