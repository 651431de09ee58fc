/**
 * The record benchmark's timing inside the page: from the click (or the status change) to the
 * record's content, and to a new timeline entry. Functions passed to Playwright run in the
 * browser and use nothing from this module's scope.
 */
import type { Page } from 'playwright-core';

type RecordWindow = Window & {
  __recordAt: Promise<{ content: number; complete: number; input: number }>;
  __entryAt: Promise<{ seen: number; input: number }>;
};

/**
 * Arms the timing of opening the record of `nome`: from the next mousedown to its heading in the
 * drawer (content) and to its notes and timeline loaded (complete), in page ms.
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
      let content = Number.NaN;
      const check = () => {
        const dialog = document.querySelector('[role=dialog]');
        if (!dialog) return;
        const heading = Array.from(dialog.querySelectorAll('h2')).some(
          (h) => h.textContent === nome,
        );
        if (heading && Number.isNaN(content)) content = performance.now();
        const timeline = dialog.querySelector('ol[aria-label="Histórico"]');
        const loading = dialog.querySelector('[aria-label="Carregando ficha..."]');
        if (heading && timeline && !loading) {
          observer.disconnect();
          resolve({ content, complete: performance.now(), input });
        }
      };
      const observer = new MutationObserver(check);
      observer.observe(document.body, { childList: true, subtree: true, characterData: true });
    });
  }, nome);
}

export function recordOpenTimes(page: Page) {
  return page.evaluate(async () => {
    const at = await (window as unknown as RecordWindow).__recordAt;
    return { content: at.content - at.input, complete: at.complete - at.input };
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
