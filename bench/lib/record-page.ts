/**
 * The record benchmark's timing inside the page: from the click (or the status change) to the
 * record's content, and to a new timeline entry. Functions passed to Playwright run in the
 * browser and use nothing from this module's scope.
 */
import type { BrowserContext, Page } from 'playwright-core';

type OpenTimes = {
  input: number;
  /** The drawer in the document, the lead's name in it, each section's loader gone. */
  dialog: number;
  content: number;
  notes: number;
  timeline: number;
  complete: number;
};
type RecordWindow = Window & {
  __recordAt: Promise<OpenTimes>;
  __entryAt: Promise<{ seen: number; input: number }>;
  /** Listen channel chunks as they arrive: [page ms, documentChange count, targetChange count]. */
  __listenChunks: [number, number, number][];
  __bench?: { longTasks: [number, number][] };
};

/**
 * Records, from before the app's first script, when each chunk of the Listen channel arrives (page
 * ms) and what it carries: where an open's time goes between the click and the server's answers.
 */
export async function instrumentListenChunks(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const chunks: [number, number, number][] = [];
    (window as unknown as RecordWindow).__listenChunks = chunks;
    const note = (text: string) => {
      const docs = (text.match(/documentChange/g) ?? []).length;
      const targets = (text.match(/targetChange/g) ?? []).length;
      if (docs || targets) chunks.push([performance.now(), docs, targets]);
    };
    const open = XMLHttpRequest.prototype.open;
    XMLHttpRequest.prototype.open = function (
      this: XMLHttpRequest,
      method: string,
      url: string | URL,
      ...rest: [boolean, string?, string?]
    ) {
      if (String(url).includes('/Listen/channel')) {
        let seen = 0;
        this.addEventListener('readystatechange', () => {
          if (this.readyState < 3 || (this.responseType !== '' && this.responseType !== 'text'))
            return;
          const text = this.responseText;
          note(text.slice(seen));
          seen = text.length;
        });
      }
      return open.call(this, method, url, ...rest);
    } as XMLHttpRequest['open'];
    // The channel may stream over fetch: read a clone of each response as it arrives.
    const fetchBefore = window.fetch;
    window.fetch = async function (this: Window, input: RequestInfo | URL, init?: RequestInit) {
      const target =
        typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      const response = await fetchBefore.call(this, input, init);
      const body = target.includes('/Listen/channel') ? response.clone().body : null;
      if (body) {
        const reader = body.getReader();
        const decoder = new TextDecoder();
        void (async () => {
          for (;;) {
            const { done, value } = await reader.read();
            if (done) return;
            note(decoder.decode(value, { stream: true }));
          }
        })().catch(() => undefined);
      }
      return response;
    } as typeof window.fetch;
  });
}

/**
 * Arms the timing of opening the record of `nome`: from the next mousedown to the drawer, to its
 * heading (content), to its notes and its timeline loaded, and to both (complete), in page ms.
 */
export function armRecordOpen(page: Page, nome: string): Promise<void> {
  return page.evaluate((nome) => {
    const w = window as unknown as RecordWindow;
    let input = Number.NaN;
    document.addEventListener('mousedown', () => (input = performance.now()), {
      capture: true,
      once: true,
    });
    w.__recordAt = new Promise((resolve) => {
      const at = { dialog: NaN, content: NaN, notes: NaN, timeline: NaN };
      const loaded = (dialog: Element, id: string) => {
        const section = dialog.querySelector(`section[aria-labelledby="${id}"]`);
        return section !== null && !section.querySelector('[aria-label="Carregando ficha..."]');
      };
      const check = () => {
        const dialog = document.querySelector('[role=dialog]');
        if (!dialog) return;
        const now = performance.now();
        if (Number.isNaN(at.dialog)) at.dialog = now;
        const heading = Array.from(dialog.querySelectorAll('h2')).some(
          (h) => h.textContent === nome,
        );
        if (heading && Number.isNaN(at.content)) at.content = now;
        if (Number.isNaN(at.notes) && loaded(dialog, 'record-notes')) at.notes = now;
        if (Number.isNaN(at.timeline) && loaded(dialog, 'record-timeline')) at.timeline = now;
        const loading = dialog.querySelector('[aria-label="Carregando ficha..."]');
        if (heading && dialog.querySelector('ol[aria-label="Histórico"]') && !loading) {
          observer.disconnect();
          resolve({ ...at, complete: now, input });
        }
      };
      const observer = new MutationObserver(check);
      observer.observe(document.body, { childList: true, subtree: true, characterData: true });
    });
  }, nome);
}

/** One open, in ms from the click, with what the page did meanwhile. */
export interface OpenBreakdown {
  dialog: number;
  content: number;
  notes: number;
  timeline: number;
  complete: number;
  /** Scripts fetched during the open (a chunk loaded on first open). */
  scripts: string[];
  /** Long tasks that overlapped the open: how many, their total and the longest, ms. */
  longTasks: { count: number; total: number; max: number };
  /** Listen chunks during the open: ms from the click, documentChange and targetChange counts. */
  listen: [number, number, number][];
}

export function recordOpenTimes(page: Page): Promise<OpenBreakdown> {
  return page.evaluate(async () => {
    const w = window as unknown as RecordWindow;
    const at = await w.__recordAt;
    const within = (start: number, end: number) => end >= at.input && start <= at.complete;
    const scripts = (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
      .filter((e) => e.name.endsWith('.js') && within(e.startTime, e.responseEnd))
      .map((e) => `${e.name.split('/').pop() ?? ''} ${(e.responseEnd - at.input).toFixed(0)} ms`);
    const tasks = (w.__bench?.longTasks ?? []).filter(([start, duration]) =>
      within(start, start + duration),
    );
    const listen = (w.__listenChunks ?? [])
      .filter(([t]) => within(t, t))
      .map(([t, docs, targets]): [number, number, number] => [t - at.input, docs, targets]);
    return {
      dialog: at.dialog - at.input,
      content: at.content - at.input,
      notes: at.notes - at.input,
      timeline: at.timeline - at.input,
      complete: at.complete - at.input,
      scripts,
      longTasks: {
        count: tasks.length,
        total: tasks.reduce((sum, [, d]) => sum + d, 0),
        max: Math.max(0, ...tasks.map(([, d]) => d)),
      },
      listen,
    };
  });
}

/** Arms the timing from the next input event to a timeline entry containing `text`. */
export function armTimelineEntry(page: Page, text: string): Promise<void> {
  return page.evaluate((text) => {
    const w = window as unknown as RecordWindow;
    let input = Number.NaN;
    document.addEventListener('input', () => (input = performance.now()), {
      capture: true,
      once: true,
    });
    w.__entryAt = new Promise((resolve) => {
      const observer = new MutationObserver(() => {
        const first = document.querySelector('ol[aria-label="Histórico"] li');
        if (first?.textContent?.includes(text)) {
          observer.disconnect();
          resolve({ seen: performance.now(), input });
        }
      });
      observer.observe(document.body, { childList: true, subtree: true, characterData: true });
    });
  }, text);
}

export function timelineEntryTime(page: Page, timeoutMs: number): Promise<number> {
  return page.evaluate(async (timeoutMs) => {
    const timeout = new Promise<null>((resolve) => setTimeout(() => resolve(null), timeoutMs));
    const at = await Promise.race([(window as unknown as RecordWindow).__entryAt, timeout]);
    return at ? at.seen - at.input : Number.NaN;
  }, timeoutMs);
}
