// The site's response headers (firebase.json `hosting.headers`, served by firebase-tools' Hosting
// emulator from firebase.json as deployed) and the app working under them: every prerendered public page, the
// admin login and the panel load in Chromium with no Content-Security-Policy violation.
import path from 'node:path';
import { Timestamp } from 'firebase-admin/firestore';
import type { Browser, BrowserContext, Page, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import appConfig from '../web/src/config/app-config.json';
import { publicRoutes, routes } from '../web/src/config/routes';
import {
  hostingHeadersFor,
  readFirebaseJson,
  withConnectSources,
} from '../scripts/lib/hosting-config.mjs';
import {
  desktop,
  field,
  fillApplication,
  logBrowserErrors,
  mobile,
  snapshotSettings,
  waitForApp,
} from './public-support';
import { createAdmin, slow, warmAdminFunctions } from './support/admin';
import {
  adminFirestore,
  closeAdmin,
  launchChromium,
  newContext,
  useLocalSuite,
} from './support/suite';

const suite = useLocalSuite();
const firebaseJson = readFirebaseJson(path.resolve(import.meta.dirname, '../firebase.json'));
const rules = firebaseJson.hosting.headers ?? [];
const adminPixel = '998877665544332';
const whatsappLink = 'https://wa.me/5579999990000';

let browser: Browser;
const contexts: BrowserContext[] = [];
let restoreSettings: () => Promise<void> = async () => {};

beforeAll(async () => {
  restoreSettings = await snapshotSettings(suite);
  const db = adminFirestore(suite);
  // A configured pixel (its script is loaded from connect.facebook.net) and a redirect link with
  // a long delay (the page stays, and counts the visit through the countRedirect callable).
  await db.doc('settings/tracking').set({ pixel_id: adminPixel, updated_at: Timestamp.now() });
  await db.doc('settings/redirect').set({
    whatsapp_link: whatsappLink,
    redirect_time: 60,
    redirect_count: 0,
    updated_at: Timestamp.now(),
  });
  browser = await launchChromium();
});

afterAll(async () => {
  await Promise.all(contexts.map((c) => c.close()));
  await browser?.close();
  await restoreSettings();
  await closeAdmin();
});

/** What the Hosting emulator must send for `pathname`: firebase.json's headers, connect-src + the emulators. */
function expectedHeaders(pathname: string): Record<string, string> {
  const headers = hostingHeadersFor(rules, pathname);
  const emulators = [suite.firestoreHost, suite.authHost, suite.functionsHost].map(
    (host) => `http://${host}`,
  );
  headers['Content-Security-Policy'] = withConnectSources(
    headers['Content-Security-Policy'],
    emulators,
  );
  return Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]));
}

/** The response's headers among those firebase.json sets. */
function sentHeaders(response: Response, expected: Record<string, string>) {
  const headers = response.headers();
  return Object.fromEntries(Object.keys(expected).map((key) => [key, headers[key]]));
}

interface WatchedPage {
  page: Page;
  /** Hashed assets the page loaded, with their Cache-Control and X-Content-Type-Options. */
  assets: { url: string; cacheControl?: string; nosniff?: string }[];
  /** CSP violations: `securitypolicyviolation` events and console messages about the policy. */
  violations: () => Promise<string[]>;
}

/**
 * A page whose CSP violations are recorded from before any of its scripts run. The Meta pixel's
 * script and beacon are answered locally (no internet here): what matters is that the policy lets
 * the browser request them.
 */
async function watchedPage(viewport = mobile): Promise<WatchedPage> {
  const context = await newContext(browser, { viewport, locale: 'pt-BR' });
  contexts.push(context);
  await context.addInitScript(() => {
    const seen: string[] = [];
    Object.assign(window, { __cspViolations: seen });
    document.addEventListener('securitypolicyviolation', (event) => {
      seen.push(`${event.effectiveDirective} blocked ${event.blockedURI || '(inline)'}`);
    });
  });
  await context.route('https://connect.facebook.net/**', (route) =>
    route.fulfill({
      contentType: 'text/javascript',
      body: `window.__pixelScriptRan = true;
        new Image().src = 'https://www.facebook.com/tr?id=${adminPixel}&ev=PageView';`,
    }),
  );
  await context.route('https://www.facebook.com/**', (route) =>
    route.fulfill({ status: 200, contentType: 'image/gif', body: '' }),
  );
  const page = await context.newPage();
  const messages: string[] = [];
  const assets: WatchedPage['assets'] = [];
  logBrowserErrors(page);
  page.on('console', (message) => {
    if (message.text().includes('Content Security Policy')) messages.push(message.text());
  });
  page.on('pageerror', (error) => messages.push(`page error: ${error.message}`));
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (url.origin === suite.webUrl && url.pathname.startsWith('/assets/')) {
      const headers = response.headers();
      assets.push({
        url: url.pathname,
        cacheControl: headers['cache-control'],
        nosniff: headers['x-content-type-options'],
      });
    }
  });
  return {
    page,
    assets,
    async violations() {
      // Console messages arrive in order: once this one is here, every earlier one is too.
      const barrier = page.waitForEvent('console', (m) => m.text() === 'e2e-barrier');
      await page.evaluate(() => console.info('e2e-barrier'));
      await barrier;
      const events = await page.evaluate(
        () => (window as unknown as { __cspViolations: string[] }).__cspViolations,
      );
      return [...events, ...messages];
    },
  };
}

/** Opens `pathname` and checks the document's headers and that its HTML runs no inline script. */
async function open(watched: WatchedPage, pathname: string): Promise<void> {
  const response = await watched.page.goto(`${suite.webUrl}${pathname}`);
  if (!response) throw new Error(`no response for ${pathname}`);
  expect(response.status()).toBe(200);
  const expected = expectedHeaders(pathname);
  expect(sentHeaders(response, expected)).toEqual(expected);
  expect(expected['cache-control']).toBe('no-cache');
  const inlineScripts = (await response.text()).match(
    /<script(?![^>]*\ssrc=)(?![^>]*type="application\/json")[^>]*>/g,
  );
  expect(inlineScripts).toBeNull();
}

function expectAssetsCached(watched: WatchedPage): void {
  expect(watched.assets.length).toBeGreaterThan(0);
  for (const asset of watched.assets) {
    expect(asset).toEqual({
      url: asset.url,
      cacheControl: 'public, max-age=31536000, immutable',
      nosniff: 'nosniff',
    });
  }
}

describe('firebase.json hosting', () => {
  test('a strict CSP with no local address; long cache for hashed assets, no-cache for pages', () => {
    const csp = hostingHeadersFor(rules, '/')['Content-Security-Policy'];
    const directives = csp.split(';').map((d) => d.trim());
    // The site's scripts, the Meta pixel, and reCAPTCHA Enterprise (App Check's provider) with
    // its frame; App Check trades the reCAPTCHA token for its own at content-firebaseappcheck.
    expect(directives).toContain(
      "script-src 'self' https://connect.facebook.net https://www.google.com/recaptcha/ https://www.gstatic.com/recaptcha/",
    );
    expect(directives).toContain(
      'frame-src https://www.google.com/recaptcha/ https://recaptcha.google.com/recaptcha/',
    );
    expect(csp).toMatch(/connect-src [^;]*https:\/\/content-firebaseappcheck\.googleapis\.com/);
    expect(directives).toContain("style-src 'self' 'unsafe-inline'");
    for (const directive of [
      "object-src 'none'",
      "base-uri 'self'",
      "form-action 'self'",
      "frame-ancestors 'none'",
    ]) {
      expect(directives).toContain(directive);
    }
    expect(csp).not.toMatch(/127\.0\.0\.1|localhost|ws:|http:/);
    // The callables' address (https://REGION-PROJECT.cloudfunctions.net) is allowed.
    expect(csp).toMatch(/connect-src [^;]*https:\/\/\*\.cloudfunctions\.net/);
    expect(appConfig.functionsRegion).toMatch(/^[a-z0-9-]+$/);

    const cacheOf = (p: string) => hostingHeadersFor(rules, p)['Cache-Control'];
    expect(cacheOf('/assets/index-AbC123.js')).toBe('public, max-age=31536000, immutable');
    expect(cacheOf('/assets/boot-AbC123.js')).toBe('public, max-age=31536000, immutable');
    for (const page of [...publicRoutes, routes.adminLogin, '/app.html']) {
      expect(cacheOf(page)).toBe('no-cache');
    }
  });
});

describe('the app under those headers', () => {
  test.each([
    [routes.root, 'Vagas de Emprego', 'root'],
    [routes.callCenter, 'Vagas de Call Center', 'callCenter'],
  ] as const)('%s hydrates, loads the pixel, and its form works', async (pathname, title, form) => {
    const watched = await watchedPage();
    await open(watched, pathname);
    const { page } = watched;
    await waitForApp(page);
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    // Every field takes its value: typed, masked, chosen from a list (each select opens).
    await fillApplication(page, form, { nome: 'Maria CSP' });
    expect(await field(page, 'Nome Completo').inputValue()).toBe('Maria CSP');
    await expect
      .poll(() => page.evaluate(() => 'fbq' in window && '__pixelScriptRan' in window), slow)
      .toBe(true);
    expect(await watched.violations()).toEqual([]);
    expectAssetsCached(watched);
  });

  test('/redirecionamento reads its settings with App Check, counts the visit and counts down', async () => {
    const watched = await watchedPage();
    const reads: (string | undefined)[] = [];
    watched.page.on('request', (request) => {
      const body = request.postData() ?? '';
      const read = `${request.url()} ${body}`;
      if (read.includes('settings/redirect')) reads.push(request.headers()['x-firebase-appcheck']);
    });
    await open(watched, routes.redirect);
    const { page } = watched;
    await page.getByRole('link', { name: 'Ir para WhatsApp agora' }).waitFor();
    // One read, through Firestore Lite, with the token the page's provider got (the boot script
    // reads nothing: it could carry no token).
    expect(reads).toHaveLength(1);
    expect(reads[0]).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(await page.getByTestId('countdown').isVisible()).toBe(true);
    // The countRedirect callable went through (Functions emulator: connect-src).
    const count = async () =>
      (await adminFirestore(suite).doc('settings/redirect').get()).get('redirect_count');
    await expect.poll(count, slow).toBe(1);
    expect(await watched.violations()).toEqual([]);
    expectAssetsCached(watched);
  });

  test('the admin login signs in, and the panel shows its tabs', async () => {
    const account = await createAdmin('csp');
    await warmAdminFunctions();
    const watched = await watchedPage(desktop);
    const { page } = watched;
    await open(watched, routes.adminLogin);
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Senha').fill(account.password);
    await page.getByRole('button', { name: 'Entrar' }).click();
    await page.getByRole('button', { name: 'Sair' }).waitFor({ timeout: slow.timeout });
    expect(await watched.violations()).toEqual([]);

    // The panel opened as a page of its own (the session is kept): its headers, then its tabs.
    await open(watched, routes.admin);
    await page.getByRole('button', { name: 'Sair' }).waitFor({ timeout: slow.timeout });
    for (const name of ['Leads', /^Lixeira/, 'Relatórios', 'Configurações']) {
      await page.getByRole('tab', { name }).waitFor();
    }
    // The reports' lazy chunk (charts), then the settings read live over WebChannel.
    await page.getByRole('tab', { name: 'Relatórios' }).click();
    await page.getByText('Candidaturas no período').waitFor({ timeout: slow.timeout });
    await page.getByRole('tab', { name: 'Configurações' }).click();
    const pixelField = page.getByRole('textbox', { name: 'ID do Pixel' });
    await expect.poll(() => pixelField.inputValue(), slow).toBe(adminPixel);
    expect(await watched.violations()).toEqual([]);
    expectAssetsCached(watched);
  });
});
