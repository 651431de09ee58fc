/**
 * Work a public page needs soon but not for its first paint or hydration (the outbox's first look
 * at IndexedDB, the pixel's settings read, the service worker's registration): run after the load
 * event, in an idle moment, so it never competes with what paints the page and makes it usable.
 */

/** The longest an idle callback may wait once the page has loaded (a busy page still gets it). */
export const idleTimeoutMs = 3_000;

/**
 * Calls `task` once the page has loaded and the main thread is idle (or after `idleTimeoutMs`).
 * Returns a function that cancels it if it has not run yet.
 */
export function afterLoadWhenIdle(task: () => void, win: Window = window): () => void {
  let cancelled = false;
  let cancelIdle = () => {};
  const run = () => {
    if (!cancelled) task();
  };
  const whenIdle = () => {
    if (cancelled) return;
    if (typeof win.requestIdleCallback === 'function') {
      const id = win.requestIdleCallback(run, { timeout: idleTimeoutMs });
      cancelIdle = () => win.cancelIdleCallback(id);
    } else {
      const id = win.setTimeout(run, 1);
      cancelIdle = () => win.clearTimeout(id);
    }
  };
  if (win.document.readyState === 'complete') whenIdle();
  else win.addEventListener('load', whenIdle, { once: true });
  return () => {
    cancelled = true;
    win.removeEventListener('load', whenIdle);
    cancelIdle();
  };
}
