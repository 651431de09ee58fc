// The redirect countdown in Chromium against the local suite: settings read with
// firebase/firestore/lite, the countRedirect callable once per browser session, the navigation.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { Timestamp } from 'firebase-admin/firestore';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import appConfig from '../web/src/config/app-config.json';
import {
  desktop,
  logBrowserErrors,
  pixelStubContext,
  screenshot,
  seriousAxeViolations,
  snapshotSettings,
  horizontalOverflow,
} from './public-support';
import { adminFirestore, closeAdmin, launchChromium, useLocalSuite } from './support/suite';

const suite = useLocalSuite();
let browser: Browser;
let restoreSettings: () => Promise<void> = async () => {};
const contexts: BrowserContext[] = [];
const settings = () => adminFirestore(suite).doc('settings/redirect');
/** A local page to be sent to (the app's 404 page, served by the suite). */
const target = () => `${suite.webUrl}/destino-whatsapp-local?origem=teste`;

beforeAll(async () => {
  restoreSettings = await snapshotSettings(suite);
  browser = await launchChromium();
  // The Functions emulator boots a worker on a function's first call: do it here, with no link
  // configured (the callable then counts nothing), so the tests time the page, not the boot.
  await settings().set({
    whatsapp_link: '',
    redirect_time: 5,
    redirect_count: 0,
    updated_at: Timestamp.now(),
  });
  await fetch(
    `http://${suite.functionsHost}/${suite.projectId}/${appConfig.functionsRegion}/countRedirect`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ data: null }),
    },
  );
});

afterAll(async () => {
  await Promise.all(contexts.map((c) => c.close()));
  await browser?.close();
  await restoreSettings();
  await closeAdmin();
});

async function configure(whatsapp_link: string, redirect_time: number, redirect_count = 0) {
  await settings().set({
    whatsapp_link,
    redirect_time,
    redirect_count,
    updated_at: Timestamp.now(),
  });
}

const redirectCount = async () => (await settings().get()).get('redirect_count') as number;

/** A new browser session (its own sessionStorage) on /redirecionamento. */
async function openRedirect(
  viewport?: { width: number; height: number },
  options: { clock?: 'paused' | 'installed'; beforeLoad?: (page: Page) => Promise<void> } = {},
): Promise<Page> {
  const context = await pixelStubContext(browser, viewport);
  contexts.push(context);
  const page = await context.newPage();
  logBrowserErrors(page);
  await options.beforeLoad?.(page);
  // The page's clock under the test's control; 'paused': the countdown only moves when the test
  // says so (page.clock.runFor); 'installed': it runs until the test pauses it.
  if (options.clock) await page.clock.install();
  if (options.clock === 'paused') await page.clock.pauseAt(Date.now() + 1000);
  await page.goto(`${suite.webUrl}/redirecionamento`);
  return page;
}

/**
 * Records every number the countdown shows, from inside the page (a MutationObserver reporting
 * through a binding): a poll from the test could miss a second on a busy machine.
 */
function recordCountdown(seen: Set<string>) {
  return async (page: Page) => {
    await page.exposeBinding('reportCountdown', (_source, text: string) => seen.add(text));
    await page.addInitScript(() => {
      const report = (window as unknown as { reportCountdown: (text: string) => void })
        .reportCountdown;
      const observe = () => {
        const text = document.querySelector('[data-testid="countdown"]')?.textContent;
        if (text) report(text);
      };
      new MutationObserver(observe).observe(document, {
        subtree: true,
        childList: true,
        characterData: true,
      });
    });
  };
}

/** The page's countRedirect calls, recorded from now on. */
function recordCountCalls(page: Page): string[] {
  const calls: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/countRedirect')) calls.push(request.url());
  });
  return calls;
}

const countdown = (page: Page) => page.getByTestId('countdown');

describe('/redirecionamento', () => {
  beforeEach(async () => {
    await configure('', 5);
  });

  test('counts down from the configured time, navigates to the link, and counts the redirect once', async () => {
    await configure(target(), 3, 41);
    const seen = new Set<string>();
    const page = await openRedirect(undefined, { beforeLoad: recordCountdown(seen) });
    await page.getByText('Peço que aguarde').waitFor();
    await page.getByText('Iremos encaminhar para o WhatsApp').waitFor();
    await page.getByText('Conectando...').waitFor();
    await page.getByText('Redirecionamento automático').waitFor();
    await page.getByText('LIVE', { exact: true }).waitFor();
    await page.waitForURL(target());
    expect([...seen].filter((v) => ['3', '2', '1'].includes(v)).sort()).toEqual(['1', '2', '3']);
    await expect.poll(redirectCount).toBe(42);

    // Same browser session: loading the page again does not count again. The decision to count is
    // taken when the settings arrive, before the countdown starts, so once the countdown has sent
    // the browser on, a count would have been requested.
    const calls = recordCountCalls(page);
    await page.goto(`${suite.webUrl}/redirecionamento`);
    await page.waitForURL(target());
    expect(calls).toEqual([]);
    expect(await redirectCount()).toBe(42);
  });

  test('the button navigates at once', async () => {
    await configure(target(), 30, 7);
    const page = await openRedirect(undefined, { clock: 'installed' });
    const button = page.getByRole('link', { name: 'Ir para WhatsApp agora' });
    await button.waitFor();
    await screenshot(page, 'redirect-mobile');
    expect(await horizontalOverflow(page)).toBe(0);
    // The whole label fits on a 360 px screen (no ellipsis).
    const label = button.locator('.mantine-Button-label');
    expect(await label.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    expect(await seriousAxeViolations(page)).toEqual([]);
    // Pause the page's clock (axe needs it running): the countdown, still under way, can no
    // longer reach zero, so only the button can navigate.
    await page.clock.pauseAt(Date.now() + 1000);
    expect(Number(await countdown(page).textContent())).toBeGreaterThan(0);
    await button.click();
    // The target page's own scripts wait on the paused clock: its first bytes are the proof.
    await page.waitForURL(target(), { waitUntil: 'commit' });
    await expect.poll(redirectCount).toBe(8);
  });

  test('without a link: the button is disabled, labelled Link não configurado, nothing counted, no navigation', async () => {
    await configure('', 1, 3);
    const page = await openRedirect(desktop, { clock: 'paused' });
    const calls = recordCountCalls(page);
    const navigations: string[] = [];
    page.on('request', (request) => {
      if (request.isNavigationRequest()) navigations.push(request.url());
    });
    const button = page.getByRole('button', { name: 'Link não configurado' });
    await button.waitFor();
    expect(await button.isDisabled()).toBe(true);
    await expect.poll(() => countdown(page).textContent()).toBe('1');
    // The second that brings the countdown to zero is when a link would be followed.
    await page.clock.runFor(1000);
    await expect.poll(() => countdown(page).textContent()).toBe('0');
    // Let React run the effects of that render (a task queued after them) before looking.
    await page.evaluate(
      () =>
        new Promise<void>((resolve) => {
          const channel = new MessageChannel();
          channel.port1.onmessage = () => resolve();
          channel.port2.postMessage(null);
        }),
    );
    expect(navigations).toEqual([]);
    expect(page.url()).toBe(`${suite.webUrl}/redirecionamento`);
    // No link: the count is never requested (decided when the settings arrived).
    expect(calls).toEqual([]);
    expect(await redirectCount()).toBe(3);
    await screenshot(page, 'redirect-desktop-no-link');
  });

  test('with no settings document the countdown starts at the default 5 s', async () => {
    await settings().delete();
    const page = await openRedirect(undefined, { clock: 'paused' });
    await page.getByText('Peço que aguarde').waitFor();
    expect(await countdown(page).textContent()).toBe('5');
    expect(await page.getByRole('button', { name: 'Link não configurado' }).isDisabled()).toBe(
      true,
    );
    expect(await page.getByText('Não foi possível carregar').count()).toBe(0);
  });

  test('when the settings cannot be read: the error toast, then the fallback (no link, 5 s)', async () => {
    await configure(target(), 2, 0);
    const context = await pixelStubContext(browser);
    contexts.push(context);
    const page = await context.newPage();
    await page.clock.install();
    await page.clock.pauseAt(Date.now() + 1000);
    await page.route(/documents:batchGet|settings\/redirect/, (route) => route.abort('failed'));
    await page.goto(`${suite.webUrl}/redirecionamento`);
    // The toasts' container is a lazy chunk mounted after hydration: React's retry of a suspended
    // chunk and the toast's entry transition run on timers, which the paused clock holds. Move the
    // clock in small steps until the toast shows, never a whole second (the countdown's first tick).
    const errorToast = page.getByText('Erro', { exact: true });
    let advancedMs = 0;
    await expect
      .poll(async () => {
        if (await errorToast.isVisible()) return true;
        if (advancedMs < 900) {
          advancedMs += 50;
          await page.clock.runFor(50);
        }
        return false;
      })
      .toBe(true);
    await page
      .getByText('Não foi possível carregar as configurações de redirecionamento')
      .waitFor();
    expect(await countdown(page).textContent()).toBe('5');
    expect(await page.getByRole('button', { name: 'Link não configurado' }).isDisabled()).toBe(
      true,
    );
    expect(await redirectCount()).toBe(0);
  });
});

describe('404', () => {
  test('any unknown path shows Oops! Page not found and links home', async () => {
    const context = await pixelStubContext(browser);
    contexts.push(context);
    const page = await context.newPage();
    await page.goto(`${suite.webUrl}/nao/existe`);
    await page.getByText('Oops! Page not found').waitFor();
    const home = page.getByRole('link', { name: 'Return to Home' });
    expect(await home.getAttribute('href')).toBe('/');
    await screenshot(page, 'not-found-mobile');
    expect(await horizontalOverflow(page)).toBe(0);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await home.click();
    await page.getByRole('heading', { name: 'Vagas de Emprego' }).waitFor();
    expect(page.url()).toBe(`${suite.webUrl}/`);
  });
});
