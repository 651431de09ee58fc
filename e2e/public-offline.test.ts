// Candidates on weak connections, in Chromium against the local suite: the public pages
// open offline after a first visit (the service worker's precache), an application submitted
// without a connection waits on the device and is sent once it returns (page open, page closed and
// reopened, two tabs), and on a throttled slow 3G. firebase-admin confirms each application is
// stored exactly once and none is lost.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  choose,
  field,
  logBrowserErrors,
  mobile,
  phoneDigits,
  phoneFor,
  waitForApp,
} from './public-support';
import {
  adminFirestore,
  closeAdmin,
  launchChromium,
  newContext,
  useLocalSuite,
} from './support/suite';

const suite = useLocalSuite();
let browser: Browser;
const contexts: BrowserContext[] = [];
let run = 0;
const waitingText = 'Sua candidatura será enviada assim que a internet voltar.';
const sentLaterText = 'Sua candidatura foi enviada!';

beforeAll(async () => {
  browser = await launchChromium();
});

afterAll(async () => {
  await Promise.all(contexts.map((c) => c.close()));
  await browser?.close();
  await closeAdmin();
});

/** A profile that lets the site's service worker run (the suite blocks it by default). */
async function workerContext(): Promise<BrowserContext> {
  const context = await newContext(browser, {
    viewport: mobile,
    locale: 'pt-BR',
    serviceWorkers: 'allow',
  });
  contexts.push(context);
  return context;
}

async function open(context: BrowserContext, path = '/'): Promise<Page> {
  const page = await context.newPage();
  logBrowserErrors(page);
  await page.goto(`${suite.webUrl}${path}`);
  await waitForApp(page);
  return page;
}

/** Waits until the service worker controls the page (its precache is then complete). */
async function waitForWorker(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker?.controller !== null);
}

const uniqueName = (label: string) => `${label} ${Date.now()} ${++run}`;

async function fillRoot(page: Page, nome: string): Promise<void> {
  await field(page, 'Nome Completo').fill(nome);
  await field(page, 'WhatsApp').fill(phoneDigits(phoneFor(nome)));
  await choose(page, 'Vaga', 'Aux Serraria');
  await choose(page, 'Cidade', 'Joazeiro');
}

const submit = (page: Page) => page.getByRole('button', { name: 'Enviar Candidatura' }).click();

/** The stored leads named `nome` (firebase-admin, past the rules). */
async function storedNamed(nome: string): Promise<number> {
  const snap = await adminFirestore(suite).collection('leads').where('nome', '==', nome).get();
  return snap.size;
}

// These tests need the production build's service worker: the suite builds the web app with
// NODE_ENV=production (scripts/lib/local-suite.mjs), since under vitest NODE_ENV is 'test' and a
// build made with it registers no service worker (import.meta.env.PROD is false).
describe('the public pages on a weak connection', () => {
  test('after a first visit the pages open offline; an application waits and is sent once the connection returns', async () => {
    const context = await workerContext();
    const page = await open(context);
    await waitForWorker(page);
    await context.setOffline(true);
    for (const path of ['/conecta', '/privacidade', '/']) {
      await page.goto(`${suite.webUrl}${path}`);
      await waitForApp(page);
    }
    const nome = uniqueName('Offline');
    await fillRoot(page, nome);
    await submit(page);
    await page.getByText(waitingText).waitFor();
    expect(await storedNamed(nome)).toBe(0);

    await context.setOffline(false);
    await page.getByText(sentLaterText).waitFor();
    await page.getByText(waitingText).waitFor({ state: 'detached' });
    await expect.poll(() => storedNamed(nome)).toBe(1);
  });

  test('the page closed with an application waiting, then reopened online: sent, told, stored once', async () => {
    const context = await workerContext();
    const first = await open(context);
    await waitForWorker(first);
    await context.setOffline(true);
    const nome = uniqueName('Fechou');
    await fillRoot(first, nome);
    await submit(first);
    await first.getByText(waitingText).waitFor();
    await first.close();

    await context.setOffline(false);
    // Sent by this page, or already by the service worker's Background Sync: told either way.
    const again = await open(context);
    await again.getByText(sentLaterText).waitFor();
    await expect.poll(() => storedNamed(nome)).toBe(1);
    // Nothing waits any more, and a reload tells nothing twice.
    await again.reload();
    await waitForApp(again);
    expect(await again.getByText(waitingText).count()).toBe(0);
    expect(await storedNamed(nome)).toBe(1);
  });

  test('two tabs with the same application waiting send it once', async () => {
    const context = await workerContext();
    const tabA = await open(context);
    await waitForWorker(tabA);
    await context.setOffline(true);
    const tabB = await open(context, '/');
    const nome = uniqueName('Duas abas');
    await fillRoot(tabA, nome);
    await submit(tabA);
    await tabA.getByText(waitingText).waitFor();
    // Tab B learns of it (BroadcastChannel), and submits the same fields again.
    await tabB.getByText(waitingText).waitFor();
    await fillRoot(tabB, nome);
    await submit(tabB);

    await context.setOffline(false);
    await tabA.getByText(waitingText).waitFor({ state: 'detached' });
    await tabB.getByText(waitingText).waitFor({ state: 'detached' });
    await expect.poll(() => storedNamed(nome)).toBe(1);
    // Still one once every retry has had its chance.
    await tabA.reload();
    await waitForApp(tabA);
    expect(await storedNamed(nome)).toBe(1);
  });

  test('on a throttled slow 3G (CDP) the application is stored exactly once', async () => {
    const context = await workerContext();
    const page = await open(context, '/');
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    // Chrome DevTools' "Slow 3G": 2 s round trips, about 400 kbit/s.
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 2000,
      downloadThroughput: (500 * 1024) / 8,
      uploadThroughput: (500 * 1024) / 8,
    });
    const nome = uniqueName('3G');
    await fillRoot(page, nome);
    await submit(page);
    // Stored at once, or kept and sent by the outbox's next attempt: told either way.
    await page
      .getByText('Candidatura enviada com sucesso! 🎉')
      .or(page.getByText(sentLaterText))
      .first()
      .waitFor();
    await expect.poll(() => storedNamed(nome)).toBe(1);
  });
});
