// A browser's writes over WebChannel (the firebase 12 SDK in headless Chromium, streaming and
// long-polling) and over REST (`firebase/firestore/lite`) trigger functions like any other commit,
// with the signed-in user as the auth context. (Delivery in detail: triggers-delivery.test.ts.)
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  buildPages,
  launchChromium,
  openTestPage,
  servePages,
  type Served,
} from './browser/browser-harness.js';
import { OPEN_RULES, startTestEmulator, type TestEmulator } from './support/emulator.js';
import { startFakeFunctions, type FakeFunctions } from './support/fake-functions.js';
import { forKey, register, T } from './support/triggers.js';

const PROJECT = 'demo-trig-browser';

let browser: Browser;
let pages: Served;
let fake: FakeFunctions;
let emu: TestEmulator;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  fake = await startFakeFunctions();
  const [dir, launched, started] = await Promise.all([
    buildPages(),
    launchChromium(),
    startTestEmulator({ rules: OPEN_RULES, functionsEmulator: fake.target }),
  ]);
  browser = launched;
  emu = started;
  pages = await servePages(dir);
  await register(
    emu,
    PROJECT,
    'us-central1-browser-0',
    `${T}written.withAuthContext`,
    'notes/{id}',
  );
}, 120_000);

afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
  await pages?.stop();
  await emu?.stop();
  await fake?.stop();
});

it('WebChannel (streaming, long-polling) and Lite REST writes from a browser each trigger once, as their user', async () => {
  const open = async (kind: 'full' | 'lite', user: string, longPolling = false) => {
    const context = await browser.newContext();
    contexts.push(context);
    return openTestPage(context, pages.origin, kind, {
      port: emu.port,
      projectId: PROJECT,
      user,
      longPolling,
    });
  };
  const streaming = await open('full', 'ana');
  const polling = await open('full', 'bia', true);
  const lite = await open('lite', 'caio');
  await streaming.evaluate(() => window.api.set('notes/streaming', { by: 'ana' }));
  await polling.evaluate(() => window.api.set('notes/polling', { by: 'bia' }));
  await polling.evaluate(() => window.api.batch([{ op: 'delete', path: 'notes/streaming' }]));
  await lite.evaluate(() => window.lite.set('notes/lite', { by: 'caio' }));
  await fake.waitFor((events) => forKey('us-central1-browser-0')(events).length === 4);
  const seen = forKey('us-central1-browser-0')(fake.received)
    .map((e) => `${String(e.headers['ce-document'])} ${String(e.headers['ce-authid'])}`)
    .sort();
  expect(seen).toEqual([
    'notes/lite caio',
    'notes/polling bia',
    'notes/streaming ana',
    'notes/streaming bia',
  ]);
  expect(
    forKey('us-central1-browser-0')(fake.received).every(
      (e) => e.headers['ce-authtype'] === 'app_user',
    ),
  ).toBe(true);
}, 90_000);
