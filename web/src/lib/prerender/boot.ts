/**
 * The boot script: what a built page does before the app's modules have loaded. The site's
 * Content-Security-Policy (firebase.json) runs no inline script, so this code is a file of its
 * own: vite.boot-script.ts compiles boot-script.ts (which runs `boot`) to `assets/boot-<hash>.js`,
 * a deferred classic script at the end of every built page's <head> (run once the HTML is parsed,
 * before the app's modules; it never holds up the first paint). What
 * differs per page (file names) is data: a JSON block that is never executed,
 * `<script type="application/json" id="vagas-boot">`, placed before it. It reads nothing from
 * Firestore: with App Check enforced every request needs a token, which no script before the
 * app's can have.
 */

import type { LeadForm } from '@/domain/lead';
import type { OpenLists } from '@/domain/lead-form';

/** The id of the page's JSON block (BootData). */
export const bootDataId = 'vagas-boot';

/** What the page asks the boot script to do (vite.boot-script.ts and vite.prerender.ts write it). */
export interface BootData {
  /**
   * The shell (app.html): route path -> that route's chunks and styles beyond the main script's,
   * preloaded alongside it for the path being opened (one round trip less than the lazy import).
   */
  preload?: Record<string, string[]>;
  /**
   * A prerendered page: the main script and the route's chunks, requested once the first paint is
   * on screen, so on a slow connection or a slow phone they do not compete with the HTML and styles
   * that paint the page (loadAfterPaint).
   */
  afterPaint?: { entry: string; chunks: string[] };
  /**
   * An application page: the open jobs and localities its form was drawn with at build time, so
   * the browser's first render is the prerendered one (lib/prerender/page-lists.ts).
   */
  lists?: Partial<Record<LeadForm, OpenLists>>;
}

/** The page's BootData ({} when the block is missing or unreadable: the app still starts). */
export function readBootData(doc: Document): BootData {
  try {
    return JSON.parse(doc.getElementById(bootDataId)?.textContent || '{}') as BootData;
  } catch {
    return {};
  }
}

/** Where the boot script leaves the form whose submit it held, for the app to send once ready. */
const heldSubmitKey = '__vagasHeldSubmit';
type HeldSubmitWindow = Window & { [heldSubmitKey]?: HTMLFormElement };

/**
 * A prerendered form is on screen before the app's scripts have run: until React owns it
 * (App.tsx sets data-hydrated), its submit is held (the application forms are `method="dialog"`,
 * so a browser never sends them as a navigation either way) and remembered, so the candidate's
 * click is not lost: the app sends it once hydrated (`takeHeldSubmit`).
 */
export function holdEarlySubmits(win: Window): void {
  win.addEventListener(
    'submit',
    (event) => {
      if (win.document.documentElement.hasAttribute('data-hydrated')) return;
      event.preventDefault();
      if (event.target instanceof HTMLFormElement) {
        (win as HeldSubmitWindow)[heldSubmitKey] = event.target;
      }
    },
    true,
  );
}

/** The form whose submit was held before hydration, if any (taken once). */
export function takeHeldSubmit(win: Window): HTMLFormElement | null {
  const held = (win as HeldSubmitWindow)[heldSubmitKey] ?? null;
  delete (win as HeldSubmitWindow)[heldSubmitKey];
  return held;
}

function appendPreload(doc: Document, href: string): void {
  const link = doc.createElement('link');
  if (href.endsWith('.css')) {
    link.rel = 'preload';
    link.as = 'style';
  } else {
    link.rel = 'modulepreload';
    link.crossOrigin = '';
  }
  link.href = href;
  doc.head.appendChild(link);
}

/** Preloads the files `preload` lists for `pathname` (trailing slashes ignored), if any. */
export function preloadRoute(doc: Document, preload: Record<string, string[]>, pathname: string) {
  for (const href of preload[pathname.replace(/\/+$/, '') || '/'] ?? []) appendPreload(doc, href);
}

/** The longest the scripts wait for the first contentful paint (a page that paints nothing). */
export const paintWaitLimitMs = 3_000;

/**
 * Adds the main script and preloads the chunks once the first contentful paint has been presented
 * (its `paint` performance entry, which comes after the frame reached the screen: a frame callback
 * comes before it, and on a busy phone the frame can take a second more, which the scripts would
 * then delay). A tab opened in the background paints nothing until shown: it loads them at once.
 * Without paint entries (old browsers): after the next frame. At the latest after
 * `paintWaitLimitMs`.
 */
export function loadAfterPaint(win: Window, scripts: { entry: string; chunks: string[] }): void {
  let done = false;
  const load = () => {
    if (done) return;
    done = true;
    const doc = win.document;
    const script = doc.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = scripts.entry;
    doc.head.appendChild(script);
    for (const href of scripts.chunks) appendPreload(doc, href);
  };
  if (win.document.visibilityState === 'hidden') return load();
  win.setTimeout(load, paintWaitLimitMs);
  const Observer = (win as { PerformanceObserver?: typeof PerformanceObserver })
    .PerformanceObserver;
  if (Observer?.supportedEntryTypes?.includes('paint')) {
    const observer = new Observer((list) => {
      if (!list.getEntriesByName('first-contentful-paint').length) return;
      observer.disconnect();
      load();
    });
    observer.observe({ type: 'paint', buffered: true });
  } else {
    win.requestAnimationFrame(() => win.setTimeout(load, 0));
  }
}

export function boot(win: Window, data: BootData): void {
  holdEarlySubmits(win);
  if (data.preload) preloadRoute(win.document, data.preload, win.location.pathname);
  if (data.afterPaint) loadAfterPaint(win, data.afterPaint);
}
