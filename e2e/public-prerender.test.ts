// The public pages are rendered to HTML at build time (web/vite.prerender.ts) and hydrated in the
// browser: what a candidate sees and does before the app's scripts have run.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import appConfig from '../web/src/config/app-config.json';
import { Timestamp } from 'firebase-admin/firestore';
import { formInputFields } from '../web/src/domain/lead';
import { applyTexts } from '../web/src/features/apply/messages';
import {
  field,
  fieldsBut,
  fillApplication,
  phoneDigits,
  phoneFor,
  snapshotSettings,
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
const callCenterPath = `/${appConfig.callCenterEmployer.slug}`;
let browser: Browser;
const contexts: BrowserContext[] = [];
let restoreSettings: () => Promise<void> = async () => {};

beforeAll(async () => {
  restoreSettings = await snapshotSettings(suite);
  // Configured as an admin leaves it (a link is not needed here; 30 s keeps the page in place).
  await adminFirestore(suite)
    .doc('settings/redirect')
    .set({ whatsapp_link: '', redirect_time: 30, redirect_count: 0, updated_at: Timestamp.now() });
  browser = await launchChromium();
});

afterAll(async () => {
  await Promise.all(contexts.map((c) => c.close()));
  await browser?.close();
  await restoreSettings();
  await closeAdmin();
});

async function newPage(options: { javaScriptEnabled?: boolean } = {}): Promise<Page> {
  const context = await newContext(browser, { viewport: { width: 360, height: 640 }, ...options });
  contexts.push(context);
  return context.newPage();
}

/** Holds back the app's main script until the returned function is called. */
async function holdAppScript(page: Page): Promise<() => void> {
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

const isHydrated = (page: Page) =>
  page.evaluate(() => document.documentElement.hasAttribute('data-hydrated'));

describe('before any script runs', () => {
  test.each([
    ['/', 'Vagas de Emprego', 'root'],
    [callCenterPath, 'Vagas de Call Center', 'callCenter'],
  ] as const)(
    '%s shows its title and labelled fields with JavaScript off',
    async (path, title, form) => {
      const page = await newPage({ javaScriptEnabled: false });
      await page.goto(`${suite.webUrl}${path}`);
      expect(await page.getByRole('heading', { level: 1, name: title }).isVisible()).toBe(true);
      const texts = applyTexts[form].fields as Record<string, { label: string }>;
      for (const name of formInputFields(form)) {
        expect(await field(page, texts[name]!.label).isVisible(), name).toBe(true);
      }
      // Styled already: the page's own stylesheet is linked, not injected by a script.
      const background = await page.evaluate(
        () => getComputedStyle(document.querySelector('#root > div')!).backgroundImage,
      );
      expect(background).toContain('linear-gradient');
    },
  );

  test('/redirecionamento shows its heading and a spinner in place of the countdown with JavaScript off', async () => {
    const page = await newPage({ javaScriptEnabled: false });
    await page.goto(`${suite.webUrl}/redirecionamento`);
    // The heading is the page's largest paint: in the HTML, not after the settings are read.
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Peço que aguarde');
    expect(await page.getByText('Iremos encaminhar para o WhatsApp').isVisible()).toBe(true);
    expect(await page.getByLabel('Carregando').isVisible()).toBe(true);
    expect(await page.getByTestId('countdown').count()).toBe(0);
  });

  test('the admin paths get the plain shell, never another page’s HTML', async () => {
    const page = await newPage({ javaScriptEnabled: false });
    for (const path of ['/admin/login', '/admin']) {
      const response = await page.goto(`${suite.webUrl}${path}`);
      expect(response?.status()).toBe(200);
      expect(await page.getByRole('heading').count()).toBe(0);
      expect(await page.getByLabel('Carregando').isVisible()).toBe(true);
    }
  });

  test('an unknown path gets the 404 page with status 404 (a real 404 for crawlers), no form', async () => {
    const page = await newPage({ javaScriptEnabled: false });
    for (const path of ['/nao/existe', '/vagas.html']) {
      const response = await page.goto(`${suite.webUrl}${path}`);
      expect(response?.status()).toBe(404);
      expect(await page.title()).toBe('Página não encontrada | Vagas');
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('404');
      expect(await page.getByRole('link', { name: 'Return to Home' }).getAttribute('href')).toBe(
        '/',
      );
      // Never another page's HTML: no form, no other page's heading.
      expect(await page.locator('form').count()).toBe(0);
    }
  });
});

describe('hydration', () => {
  test.each(['/', callCenterPath, '/redirecionamento'])(
    '%s hydrates without an error in the console',
    async (path) => {
      const page = await newPage();
      const errors: string[] = [];
      page.on('console', (m) => {
        if (m.type() === 'error') errors.push(m.text());
      });
      page.on('pageerror', (e) => errors.push(e.message));
      await page.goto(`${suite.webUrl}${path}`);
      await waitForApp(page);
      await page.getByRole('heading', { level: 1 }).waitFor();
      // Console messages arrive in order: once this one is here, every earlier error is too.
      const barrier = page.waitForEvent('console', (m) => m.text() === 'e2e-barrier');
      await page.evaluate(() => console.info('e2e-barrier'));
      await barrier;
      expect(errors).toEqual([]);
    },
  );

  test('hydrating /conecta keeps the prerendered fields as they are: their ids, and no list of a closed select', async () => {
    const page = await newPage();
    const release = await holdAppScript(page);
    await page.goto(`${suite.webUrl}${callCenterPath}`, { waitUntil: 'commit' });
    await page.getByRole('heading', { level: 1 }).waitFor();
    const ids = () =>
      page.evaluate(() =>
        Array.from(document.querySelectorAll('form input[id], form label[for]')).map(
          (el) => el.id || el.getAttribute('for'),
        ),
      );
    const prerendered = await ids();
    expect(prerendered.length).toBeGreaterThanOrEqual(12); // six fields, each input and label
    release();
    await waitForApp(page);
    // Hydrated (data-hydrated is set after the commit's own re-renders): the same ids, and none
    // of the 22 options of the three closed selects rendered anywhere in the page.
    expect(await ids()).toEqual(prerendered);
    expect(await page.locator('[role="option"]').count()).toBe(0);
    await field(page, 'Tempo de Experiência').click();
    await page.getByRole('option', { name: 'Menos de 1 ano', exact: true }).waitFor();
    expect(await page.getByRole('option').count()).toBe(6);
  });

  test('a submit before the scripts ran does not reload the page; the app answers it once they have', async () => {
    const page = await newPage();
    const release = await holdAppScript(page);
    // Not waiting for 'load' (or DOMContentLoaded): both wait for the held module script.
    await page.goto(`${suite.webUrl}/`, { waitUntil: 'commit' });
    await page.getByRole('heading', { level: 1 }).waitFor();
    // The boot script has run once it has asked for the (held) main script.
    await page.locator('head script[type="module"][src*="/assets/index-"]').waitFor({
      state: 'attached',
    });
    await field(page, 'Nome Completo').fill('Antes do script');
    const navigations: string[] = [];
    page.on('request', (request) => {
      if (request.isNavigationRequest()) navigations.push(request.url());
    });
    await page.getByRole('button', { name: 'Enviar' }).click();
    expect(await isHydrated(page)).toBe(false);
    release();
    await waitForApp(page);
    // The click is answered without a second one: the rest of the form is missing.
    await page.getByText('Campos obrigatórios').waitFor();
    // The page the scripts hydrated is the one the click happened on: no navigation was started
    // (a submit that reloaded would have requested the page before the held script came in).
    expect(navigations).toEqual([]);
    expect(page.url()).toBe(`${suite.webUrl}/`);
    expect(await field(page, 'Nome Completo').inputValue()).toBe('Antes do script');
  });

  test('a form sent before even the boot script ran navigates nowhere', async () => {
    const page = await newPage();
    // The boot script held too: nothing of the page's own code runs before the click.
    let releaseBoot: () => void = () => {};
    const bootReleased = new Promise<void>((resolve) => (releaseBoot = resolve));
    await page.route(/\/assets\/boot-[^/]+\.js$/, async (route) => {
      await bootReleased;
      await route.continue();
    });
    const release = await holdAppScript(page);
    await page.goto(`${suite.webUrl}/`, { waitUntil: 'commit' });
    await page.getByRole('heading', { level: 1 }).waitFor();
    const navigations: string[] = [];
    page.on('request', (request) => {
      if (request.isNavigationRequest()) navigations.push(request.url());
    });
    await field(page, 'Nome Completo').fill('Sem script nenhum');
    await page.getByRole('button', { name: 'Enviar' }).click();
    releaseBoot();
    release();
    await waitForApp(page);
    await page.getByRole('button', { name: 'Enviar' }).click();
    await page.getByText('Campos obrigatórios').waitFor();
    expect(navigations).toEqual([]);
    expect(page.url()).toBe(`${suite.webUrl}/`);
  });

  test('what a candidate typed before the scripts ran is kept (masked) and sent', async () => {
    const page = await newPage();
    const errors: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    const release = await holdAppScript(page);
    // Not waiting for 'load' (or DOMContentLoaded): both wait for the held module script.
    await page.goto(`${suite.webUrl}/`, { waitUntil: 'commit' });
    await page.getByRole('heading', { level: 1 }).waitFor();
    const nome = `Digitado cedo ${Date.now().toString(36)}`;
    await field(page, 'Nome Completo').fill(nome);
    await field(page, 'WhatsApp').fill(phoneDigits(phoneFor(nome)));
    release();
    await waitForApp(page);
    await expect.poll(() => field(page, 'Nome Completo').inputValue()).toBe(nome);
    await expect.poll(() => field(page, 'WhatsApp').inputValue()).toBe(phoneFor(nome));
    await fillApplication(page, 'root', {}, fieldsBut('root', 'nome', 'whatsapp'));
    await page.getByRole('button', { name: 'Enviar' }).click();
    await page.getByText('Candidatura enviada com sucesso! 🎉').waitFor();
    const leads = await adminFirestore(suite).collection('leads').where('nome', '==', nome).get();
    expect(leads.docs.map((d) => d.get('whatsapp'))).toEqual([phoneFor(nome)]);
    expect(errors).toEqual([]);
  });
});
