/**
 * The panel benchmark's instrumentation inside the page: reads on the wire, long tasks, the time
 * from an input to the list's change, and when each live row appears. Every function passed to
 * Playwright here runs in the browser, so it uses nothing from this module's scope.
 */
import type { BrowserContext, CDPSession, Page } from 'playwright-core';

/** What the page-side instrumentation keeps on `window`. */
export interface BenchStats {
  listenDocs: number;
  aggregations: number;
  aggregationReads: number;
  /**
   * Each count aggregation answered (the first 60): ms after the page's start, the count, and its
   * filters as sent, so that a costly open says which of its counts cost.
   */
  countLog: string[];
  longTasks: [number, number][];
  urls: string[];
  /**
   * When (epoch ms) the panel's 'Sair' button and its first lead row were first in the document,
   * seen by a MutationObserver in the page: exact, where Playwright's waits poll (up to 500 ms
   * apart) and their queries take main-thread time of their own under CPU throttling.
   */
  firstSeen: { sair?: number; rows?: number };
  /**
   * The first click on a row's checkbox, or on a card's menu button (the board, 'Para hoje'): when
   * its change event ran (or its menu appeared) and the frame after it (epoch ms).
   */
  firstChange?: { handled: number; painted: number };
  /**
   * Layout shifts (PerformanceObserver 'layout-shift'): when (epoch ms), how much, and what moved
   * (a short name of each node, its top before and after, in viewport pixels).
   */
  layoutShifts: { at: number; value: number; moved: string[] }[];
  /** Where the first row's checkbox is just before the click, if it is still in the page. */
  checkboxBeforeClick?: { x: number; y: number } | null;
}
type BenchWindow = Window & {
  __bench: BenchStats;
  /** Resolved (with the epoch ms) when firstSeen's `sair` / `rows` is set. */
  __firstSeenAt: Record<keyof BenchStats['firstSeen'], Promise<number>>;
  /** The first row's checkbox centre, in viewport pixels, as the first row appeared. */
  __firstCheckboxAt: Promise<{ x: number; y: number }>;
  /** firstChange's `painted`. */
  __firstChangeAt: Promise<number>;
  __changed: Promise<number>;
  __inputAt: number | null;
  __seen: Record<string, number>;
};

/**
 * Instruments every page the context opens from now on, from before the app's first script.
 * tsx keeps function names (esbuild's keepNames wraps them in `__name(...)`), and functions sent to
 * the page carry those calls: the page gets a `__name` that returns its function.
 */
export async function instrumentContext(context: BrowserContext): Promise<void> {
  await context.addInitScript({ content: 'globalThis.__name = (fn) => fn;' });
  await context.addInitScript(recordReadsAndLongTasks);
  await context.addInitScript(recordCounts);
  await context.addInitScript(recordLayoutShifts);
}

/** In the page: counts Listen documents and billed count reads (XHR and fetch), and long tasks. */
function recordReadsAndLongTasks() {
  const stats: BenchStats = {
    listenDocs: 0,
    aggregations: 0,
    aggregationReads: 0,
    countLog: [],
    longTasks: [],
    urls: [],
    firstSeen: {},
    layoutShifts: [],
  };
  const resolvers: Partial<Record<'sair' | 'rows', (at: number) => void>> = {};
  const firstSeenAt = {
    sair: new Promise<number>((resolve) => (resolvers.sair = resolve)),
    rows: new Promise<number>((resolve) => (resolvers.rows = resolve)),
  };
  let checkboxFound: (at: { x: number; y: number }) => void = () => {};
  const firstCheckboxAt = new Promise<{ x: number; y: number }>((r) => (checkboxFound = r));
  let changed: (at: number) => void = () => {};
  const firstChangeAt = new Promise<number>((r) => (changed = r));
  Object.assign(window, {
    __bench: stats,
    __firstSeenAt: firstSeenAt,
    __firstCheckboxAt: firstCheckboxAt,
    __firstChangeAt: firstChangeAt,
  });
  // The first row of the list (its checkbox), or the first card of the board or of 'Para hoje'
  // (its menu button: 'Mover', 'Adiar'); the page answers with the change, or with the menu.
  const rowCheckbox = 'tbody tr input[type="checkbox"]';
  const cardMenu = 'li[data-lead-id] button[aria-haspopup="menu"]';
  const firstItem = 'tbody tr, li[data-lead-id]';
  const answered = () => {
    if (stats.firstChange) return;
    const handled = performance.timeOrigin + performance.now();
    stats.firstChange = { handled, painted: handled };
    requestAnimationFrame(() => {
      const painted = performance.timeOrigin + performance.now();
      stats.firstChange = { handled, painted };
      changed(painted);
    });
  };
  document.addEventListener(
    'change',
    (event) => {
      if ((event.target as Element).matches(rowCheckbox)) answered();
    },
    true,
  );
  // Watched from the press on (not during the open, whose main thread it would share).
  document.addEventListener(
    'pointerdown',
    (event) => {
      if (stats.firstChange || !(event.target as Element).closest(cardMenu)) return;
      new MutationObserver((_, observer) => {
        if (!document.querySelector('[role="menu"]')) return;
        observer.disconnect();
        answered();
      }).observe(document, { childList: true, subtree: true });
    },
    true,
  );
  const firstSeen = new MutationObserver(() => {
    const now = performance.timeOrigin + performance.now();
    const seen = stats.firstSeen;
    if (seen.sair === undefined) {
      const buttons = Array.from(document.querySelectorAll('button'));
      if (buttons.some((b) => b.textContent?.trim() === 'Sair')) {
        seen.sair = now;
        resolvers.sair?.(now);
      }
    }
    if (seen.rows === undefined && document.querySelector(firstItem)) {
      seen.rows = now;
      resolvers.rows?.(now);
      const box = document
        .querySelector(firstItem)
        ?.querySelector(`input[type="checkbox"], ${cardMenu}`)
        ?.getBoundingClientRect();
      if (box) checkboxFound({ x: box.x + box.width / 2, y: box.y + box.height / 2 });
    }
    if (seen.sair !== undefined && seen.rows !== undefined) firstSeen.disconnect();
  });
  firstSeen.observe(document, { childList: true, subtree: true });
  const countListenDocs = (text: string) => {
    stats.listenDocs += (text.match(/documentChange/g) ?? []).length;
  };
  const open = XMLHttpRequest.prototype.open;
  XMLHttpRequest.prototype.open = function (
    this: XMLHttpRequest,
    method: string,
    url: string | URL,
    ...rest: [boolean, string?, string?]
  ) {
    const target = String(url);
    if (stats.urls.length < 40) stats.urls.push(`${method} ${target.split('?')[0]}`);
    if (target.includes('/Listen/channel')) {
      // Streaming responses are read as they grow; binary ones once complete.
      let seen = 0;
      this.addEventListener('readystatechange', () => {
        if (this.readyState < 3) return;
        if (this.responseType === '' || this.responseType === 'text') {
          const text = this.responseText;
          countListenDocs(text.slice(seen));
          seen = text.length;
        } else if (this.readyState === 4 && this.response) {
          const body = this.response;
          countListenDocs(typeof body === 'string' ? body : new TextDecoder().decode(body));
        }
      });
    }
    return open.call(this, method, url, ...rest);
  } as XMLHttpRequest['open'];
  // The SDK's Listen channel streams over fetch: read a clone of each response as it arrives.
  const fetchBefore = window.fetch;
  window.fetch = async function (this: Window, input: RequestInfo | URL, init?: RequestInit) {
    const target =
      typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const response = await fetchBefore.call(this, input, init);
    const body = response.clone().body;
    if (target.includes('/Listen/channel') && body) {
      const reader = body.getReader();
      const decoder = new TextDecoder();
      let tail = '';
      (async () => {
        for (;;) {
          const { done, value } = await reader.read();
          if (done) return;
          const text = tail + decoder.decode(value, { stream: true });
          countListenDocs(text);
          // Keep the end that could hold the start of a word cut by the chunk boundary.
          const cut = text.lastIndexOf('documentChange');
          tail = text.slice(Math.max(cut === -1 ? 0 : cut + 14, text.length - 13));
        }
      })().catch(() => undefined);
    }
    return response;
  } as typeof window.fetch;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) stats.longTasks.push([entry.startTime, entry.duration]);
  }).observe({ type: 'longtask', buffered: true });
}

/**
 * In the page, after recordReadsAndLongTasks: each count aggregation answered, its billed reads
 * (one per 1,000 counted, at least one) and, for the first 60, when it was sent and answered, what
 * it counted and its filters as sent.
 */
function recordCounts() {
  const stats = (window as unknown as BenchWindow).__bench;
  const open = XMLHttpRequest.prototype.open;
  XMLHttpRequest.prototype.open = function (
    this: XMLHttpRequest & { __body?: string },
    method: string,
    url: string | URL,
    ...rest: [boolean, string?, string?]
  ) {
    if (String(url).includes(':runAggregationQuery')) {
      const sent = performance.now();
      this.addEventListener('load', () => {
        stats.aggregations += 1;
        const counted = Number(/"integerValue":\s*"?(\d+)/.exec(this.responseText)?.[1] ?? 0);
        stats.aggregationReads += Math.max(1, Math.ceil(counted / 1000));
        if (stats.countLog.length >= 60) return;
        const body = this.__body ?? '';
        const filters = [...body.matchAll(/"fieldPath":"([^"]+)"\}?(?:,"op":"([A-Z_]+)")?/g)]
          .map((m) => `${m[1]}${m[2] ? ` ${m[2]}` : ''}`)
          .join(', ');
        const values = [...body.matchAll(/"stringValue":"([^"]*)"/g)].map((m) => m[1]).join(',');
        const at = `${sent.toFixed(0)}-${performance.now().toFixed(0)} ms`;
        stats.countLog.push(`${at}: ${counted} [${filters}] (${values})`);
      });
    }
    return open.call(this, method, url, ...rest);
  } as XMLHttpRequest['open'];
  const send = XMLHttpRequest.prototype.send;
  XMLHttpRequest.prototype.send = function (
    this: XMLHttpRequest & { __body?: string },
    body?: Document | XMLHttpRequestBodyInit | null,
  ) {
    if (typeof body === 'string') this.__body = body;
    return send.call(this, body);
  };
}

/**
 * In the page, after recordReadsAndLongTasks: what moves on screen, and when (a shift after the
 * first rows moves the first click's target).
 */
function recordLayoutShifts() {
  const shifts: BenchStats['layoutShifts'] = [];
  (window as unknown as BenchWindow).__bench.layoutShifts = shifts;
  // What moves on screen, and when: a shift after the first rows moves the first click's target.
  type Shift = PerformanceEntry & {
    value: number;
    sources?: { node?: Node; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
  };
  const nameOf = (node: Node | undefined) => {
    if (!(node instanceof Element)) return node?.nodeName ?? '?';
    const label = node.getAttribute('aria-label') ?? node.className.toString().split(' ')[0];
    return `${node.tagName.toLowerCase()}${label ? `(${label.slice(0, 30)})` : ''}`;
  };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as Shift[]) {
      shifts.push({
        at: performance.timeOrigin + entry.startTime,
        value: entry.value,
        moved: (entry.sources ?? []).map(
          (s) =>
            `${nameOf(s.node)} y ${s.previousRect.y.toFixed(0)}->${s.currentRect.y.toFixed(0)} h ${s.previousRect.height.toFixed(0)}->${s.currentRect.height.toFixed(0)}`,
        ),
      });
    }
  }).observe({ type: 'layout-shift', buffered: true });
}

/**
 * Waits in the page (no polling) until 'Sair' or the first lead row is in the document; returns
 * when it was, in epoch ms. Playwright's own waits poll, up to 500 ms apart, and each poll's
 * query runs on the page's main thread, which a 4x-throttled open has none to spare of.
 */
export function firstSeen(page: Page, what: 'sair' | 'rows'): Promise<number> {
  return page.evaluate((what) => (window as unknown as BenchWindow).__firstSeenAt[what], what);
}

/** Where the first row's checkbox was as the first row appeared (ask before it appears). */
export function firstCheckbox(page: Page): Promise<{ x: number; y: number }> {
  return page.evaluate(() => (window as unknown as BenchWindow).__firstCheckboxAt);
}

/**
 * Clicks at `at` with real input events (CDP: the browser queues them for the page's main thread,
 * as it does a person's click) and returns when the page answered a row's checkbox: the frame after
 * its change event, in epoch ms; NaN when no row's checkbox changed within `timeoutMs` (the page
 * moved under the click). Unlike Playwright's check(), nothing runs in the page beforehand (its
 * actionability checks take 150-250 ms of a 4x-throttled main thread even on a settled page).
 */
export async function clickAndAwaitAnswer(
  page: Page,
  cdp: CDPSession,
  at: { x: number; y: number },
  timeoutMs = 10_000,
): Promise<number> {
  const answered = page.evaluate(
    (timeoutMs) =>
      Promise.race([
        (window as unknown as BenchWindow).__firstChangeAt,
        new Promise<number>((resolve) => setTimeout(() => resolve(Number.NaN), timeoutMs)),
      ]),
    timeoutMs,
  );
  if (process.env.VAGAS_BENCH_DEBUG) {
    await page.evaluate(() => {
      const box = document
        .querySelector('tbody tr, li[data-lead-id]')
        ?.querySelector('input[type="checkbox"], button[aria-haspopup="menu"]')
        ?.getBoundingClientRect();
      (window as unknown as BenchWindow).__bench.checkboxBeforeClick = box
        ? { x: box.x + box.width / 2, y: box.y + box.height / 2 }
        : null;
    });
  }
  for (const type of ['mousePressed', 'mouseReleased'] as const) {
    await cdp.send('Input.dispatchMouseEvent', { type, ...at, button: 'left', clickCount: 1 });
  }
  return answered;
}

/** Signs an admin in on the panel's login page (each bench then waits for what it needs). */
export async function signInOnLoginPage(
  page: Page,
  webUrl: string | null,
  account: { email: string; password: string },
): Promise<void> {
  if (!webUrl) throw new Error('the local suite serves no web app (started without web)');
  await page.goto(`${webUrl}/admin/login`);
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Senha').fill(account.password);
  await page.getByRole('button', { name: 'Entrar' }).click();
}

/** The page's counters so far. */
export function statsOf(page: Page): Promise<BenchStats> {
  return page.evaluate(() => (window as unknown as BenchWindow).__bench);
}

/** ms from the input event `act` causes to the first change of the open tab's list, measured in the page. */
export async function timeChange(
  page: Page,
  act: () => Promise<unknown>,
  timeoutMs = 10_000,
): Promise<number> {
  await page.evaluate((timeoutMs) => {
    const w = window as unknown as BenchWindow;
    const list = document.querySelector('[role=tabpanel]');
    if (!list) throw new Error('no open tab panel');
    w.__changed = new Promise((resolve) => {
      const observer = new MutationObserver(() => {
        // A change before the input event is the tail of the previous one (a deferred render).
        if (w.__inputAt === null) return;
        observer.disconnect();
        resolve(performance.now());
      });
      setTimeout(() => {
        observer.disconnect();
        resolve(Number.NaN);
      }, timeoutMs);
      observer.observe(list, { childList: true, subtree: true, characterData: true });
    });
    w.__inputAt = null;
    const mark = () => {
      w.__inputAt ??= performance.now();
    };
    document.addEventListener('input', mark, { capture: true, once: true });
    document.addEventListener('mousedown', mark, { capture: true, once: true });
  }, timeoutMs);
  await act();
  const t = await page.evaluate(async () => {
    const w = window as unknown as BenchWindow;
    return (await w.__changed) - (w.__inputAt ?? Number.NaN);
  });
  if (Number.isNaN(t)) throw new Error('the list did not change');
  return t;
}

/** From now on, records when (epoch ms) each lead row first appears in the page. */
export function watchRows(page: Page): Promise<void> {
  return page.evaluate(() => {
    const w = window as unknown as BenchWindow;
    w.__seen = {};
    new MutationObserver(() => {
      for (const row of Array.from(document.querySelectorAll('tbody tr[data-lead-id]'))) {
        const id = row.getAttribute('data-lead-id');
        if (id && !(id in w.__seen)) w.__seen[id] = performance.timeOrigin + performance.now();
      }
    }).observe(document.body, { childList: true, subtree: true });
  });
}

/** When (epoch ms) the row of lead `id` appeared, waiting for it up to 30 s. */
export async function rowSeenAt(page: Page, id: string): Promise<number> {
  await page.waitForFunction((id) => id in (window as unknown as BenchWindow).__seen, id, {
    timeout: 30_000,
  });
  return page.evaluate((id) => (window as unknown as BenchWindow).__seen[id], id);
}

/** VAGAS_BENCH_SHOTS=<folder>: saves the page as `<folder>/<name>.png` (where a click aims). */
export async function screenshotIfAsked(page: Page, name: string): Promise<void> {
  const folder = process.env.VAGAS_BENCH_SHOTS;
  if (folder) await page.screenshot({ path: `${folder}/${name}.png` });
}

/**
 * VAGAS_BENCH_DEBUG: the open's requests, where the first row's checkbox was as the row appeared
 * and just before the click, and every layout shift (ms from `t0`, epoch ms) with what moved.
 */
export function printDebug(opened: BenchStats, checkboxAt: { x: number; y: number }, t0: number) {
  console.log(opened.urls);
  console.log('checkbox at first rows', checkboxAt, 'before the click', opened.checkboxBeforeClick);
  for (const shift of opened.layoutShifts) {
    const at = (shift.at - t0).toFixed(0);
    console.log(`  shift at ${at} ms (${shift.value.toFixed(3)}): ${shift.moved.join('; ')}`);
  }
}
