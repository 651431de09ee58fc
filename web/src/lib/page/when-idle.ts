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

/**
 * The admin panel's first content (web/README.md, "The panel's open on a slow phone"): code the
 * first rows do not need (the date picker, the confirm dialog, the toasts' container, the lead
 * record) waits until they are on screen, so its download and evaluation do not compete with them
 * on a slow phone. A page that shows content of its own says so with `firstContentShown`; a page
 * that never does is not held longer than `firstContentHoldMs`.
 */
export const firstContentHoldMs = 3_000;

let held: { promise: Promise<void>; release: () => void } | null = null;

/** Holds `afterFirstContent` tasks until `firstContentShown` (or `firstContentHoldMs`). */
export function holdUntilFirstContent(): void {
  if (held) return;
  let release = () => {};
  const promise = new Promise<void>((resolve) => (release = resolve));
  held = { promise, release };
  setTimeout(release, firstContentHoldMs);
}

/** The page's first content is on screen: held tasks may run. */
export function firstContentShown(): void {
  held?.release();
}

/** The idle time a held task waits for: the browser gives 50 ms when nothing else is due. */
const quietMs = 40;

/**
 * How long after the first content held tasks wait before looking for a quiet moment: the rows'
 * last answers (counts, duplicates) and the admin's first click come in that second, with short
 * idle gaps between them.
 */
export const settleMs = 1_000;

/**
 * Calls `task` once the held first content is shown, `settleMs` have passed, and the main thread
 * is then quiet: an idle period of at least `quietMs` (the browser's idle callbacks also come in
 * the few ms between two busy tasks), at the latest `firstContentHoldMs` after that. At once when
 * nothing holds it (the public pages).
 * Returns a function that cancels it if it has not run yet.
 */
export function afterFirstContent(task: () => void, win: Window = window): () => void {
  if (!held) {
    task();
    return () => {};
  }
  let cancelled = false;
  let idleId: number | undefined;
  let settleTimer: ReturnType<typeof setTimeout> | undefined;
  const waitQuiet = (deadlineAt: number) => {
    if (cancelled) return;
    if (typeof win.requestIdleCallback !== 'function') {
      task();
      return;
    }
    idleId = win.requestIdleCallback(
      (deadline) => {
        if (cancelled) return;
        if (deadline.didTimeout || deadline.timeRemaining() >= quietMs) task();
        else waitQuiet(deadlineAt);
      },
      { timeout: Math.max(1, deadlineAt - Date.now()) },
    );
  };
  void held.promise.then(() => {
    settleTimer = setTimeout(() => waitQuiet(Date.now() + firstContentHoldMs), settleMs);
  });
  return () => {
    cancelled = true;
    clearTimeout(settleTimer);
    if (idleId !== undefined) win.cancelIdleCallback(idleId);
  };
}

/** `load()` (an `import()`) as `afterFirstContent` runs a task: for React.lazy and preloads. */
export function loadAfterFirstContent<T>(load: () => Promise<T>): Promise<T> {
  return new Promise<void>((resolve) => afterFirstContent(resolve)).then(load);
}
