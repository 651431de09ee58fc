/**
 * The response headers the browser SDK reads cross-origin. Its WebChannel client asks each
 * handshake response for `X-Client-Wire-Protocol` and `X-HTTP-Session-Id` (and, in one mode,
 * `X-HTTP-Initial-Response`); Chromium refuses every header that `Access-Control-Expose-Headers`
 * does not name, and says so in the console ("Refused to get unsafe header"). Firebase 12 in
 * headless Chromium, from a page on another origin, over both WebChannel modes.
 */
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildPages,
  launchChromium,
  openTestPage,
  servePages,
  type Served,
} from './browser/browser-harness.js';
import { OPEN_RULES, startTestEmulator, type TestEmulator } from './support/emulator.js';

let browser: Browser;
let pages: Served;
let emulator: TestEmulator;

beforeAll(async () => {
  const [dir, launched, started] = await Promise.all([
    buildPages(),
    launchChromium(),
    startTestEmulator({ rules: OPEN_RULES }),
  ]);
  browser = launched;
  emulator = started;
  pages = await servePages(dir);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await pages?.stop();
  await emulator?.stop();
});

describe.each([
  { mode: 'auto-detected streaming', longPolling: false },
  { mode: 'forced long-polling', longPolling: true },
])('WebChannel response headers ($mode)', ({ longPolling }) => {
  it('are all readable by the SDK: no "Refused to get unsafe header" in the console', async () => {
    const context: BrowserContext = await browser.newContext();
    const console: string[] = [];
    context.on('console', (message) => console.push(message.text()));
    try {
      const page = await openTestPage(context, pages.origin, 'full', {
        port: emulator.port,
        projectId: `demo-cors-${longPolling ? 'lp' : 'stream'}`,
        longPolling,
        xhr: true,
      });
      // A write (the Write stream's handshake) and a server read (the Listen stream's).
      const read = await page.evaluate(async () => {
        await window.api.set('headers/a', { n: 1 });
        return window.api.get('headers/a', true);
      });
      expect(read).toEqual({ exists: true, data: { n: 1 } });
      // The SDK logged nothing about headers the browser would not let it read.
      expect(console.filter((line) => /unsafe header/i.test(line))).toEqual([]);
    } finally {
      await context.close();
    }
  }, 120_000);
});
