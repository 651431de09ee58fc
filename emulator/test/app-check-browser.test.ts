/**
 * App Check enforced, in Chromium: the firebase 12 browser SDK with App Check's CustomProvider
 * fetching tokens from the emulator (test/browser/pages/app-check.ts). With a minted token the
 * WebChannel Write and Listen streams and a REST count are served; with no token, a tampered or an
 * expired one each is refused with permission-denied and the reason, in streaming and in
 * long-polling mode. With the mode off a page without App Check works as before.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildPages, launchChromium, servePages, type Served } from './browser/browser-harness.js';
import {
  OPEN_RULES,
  adminClient,
  startTestEmulator,
  type TestEmulator,
} from './support/emulator.js';

const PROJECT = 'demo-app-check-browser';
const APP_ID = '1:123456789:web:vagas';

let browser: Browser;
let pages: Served;
let enforced: TestEmulator;
let off: TestEmulator;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  const [dir, launched, on, plain] = await Promise.all([
    buildPages(),
    launchChromium(),
    startTestEmulator({ rules: OPEN_RULES, appCheck: { enforce: true, appIds: [APP_ID] } }),
    startTestEmulator({ rules: OPEN_RULES }),
  ]);
  browser = launched;
  enforced = on;
  off = plain;
  pages = await servePages(dir);
  const admin = adminClient(enforced, PROJECT);
  await admin.db.doc('vagas/v1').set({ titulo: 'Atendente' });
  await admin.close();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await pages?.stop();
  await enforced?.stop();
  await off?.stop();
});

afterEach(async () => {
  for (const context of contexts.splice(0)) await context.close();
});

type Outcome = { ok: true; value: unknown } | { ok: false; code: string; message: string };

async function openPage(
  target: TestEmulator,
  token: 'mint' | 'none' | 'tampered' | 'expired',
  longPolling = false,
): Promise<Page> {
  const context = await browser.newContext();
  contexts.push(context);
  const page = await context.newPage();
  const params = new URLSearchParams({
    host: target.host,
    port: String(target.port),
    project: PROJECT,
    appId: APP_ID,
    token,
  });
  if (longPolling) params.set('longPolling', '1');
  await page.goto(`${pages.origin}/app-check.html?${params.toString()}`);
  await page.waitForFunction('window.appCheckReady === true', null, { timeout: 30_000 });
  return page;
}

const call = (page: Page, method: 'set' | 'get' | 'count' | 'listen', ...args: unknown[]) =>
  page.evaluate(
    ([m, a]) => (window.appCheckApi[m] as (...x: unknown[]) => Promise<Outcome>)(...a),
    [method, args] as const,
  );

describe.each([
  ['streaming', false],
  ['long-polling', true],
])('WebChannel (%s)', (_mode, longPolling) => {
  it('with a minted token: writes, reads, listens and counts', async () => {
    const page = await openPage(enforced, 'mint', longPolling);
    const id = longPolling ? 'poll' : 'stream';
    expect(await call(page, 'set', `leads/${id}`, { nome: 'Ana' })).toMatchObject({ ok: true });
    expect(await call(page, 'get', `leads/${id}`)).toEqual({ ok: true, value: { nome: 'Ana' } });
    expect(await call(page, 'listen', 'vagas/v1')).toEqual({
      ok: true,
      value: { titulo: 'Atendente' },
    });
    expect(await call(page, 'count', 'vagas')).toEqual({ ok: true, value: 1 });
    expect(await page.evaluate(() => window.appCheckApi.minted())).toBeGreaterThan(0);
  });

  it.each([
    ['none', 'No App Check token was sent (no X-Firebase-AppCheck header).'],
    ['tampered', 'The App Check token has an invalid signature'],
    ['expired', 'The App Check token has expired: it expired at'],
  ] as const)('with token=%s: every request is refused, saying why', async (token, reason) => {
    const page = await openPage(enforced, token, longPolling);
    const refused = { ok: false, code: 'permission-denied' };
    for (const outcome of [
      await call(page, 'set', `leads/${token}`, { nome: 'Bot' }),
      await call(page, 'listen', 'vagas/v1'),
      await call(page, 'count', 'vagas'),
    ]) {
      expect(outcome).toMatchObject(refused);
      expect((outcome as { message: string }).message).toContain(reason);
    }
    const admin = adminClient(enforced, PROJECT);
    try {
      expect((await admin.db.doc(`leads/${token}`).get()).exists).toBe(false);
    } finally {
      await admin.close();
    }
  });
});

it('with the mode off, a page without App Check works as before', async () => {
  const page = await openPage(off, 'none');
  expect(await call(page, 'set', 'leads/plain', { nome: 'Bia' })).toMatchObject({ ok: true });
  expect(await call(page, 'get', 'leads/plain')).toEqual({ ok: true, value: { nome: 'Bia' } });
  expect(await call(page, 'count', 'leads')).toEqual({ ok: true, value: 1 });
});
