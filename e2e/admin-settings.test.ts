// The Configurações tab in Chromium against the local suite: the pixel and the redirect
// settings saved and seen through firebase-admin, the input bounds, the live counter, the settings
// documents created when missing, and the error toasts when the emulator refuses.
import { readFileSync } from 'node:fs';
import { Timestamp } from 'firebase-admin/firestore';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import appConfig from '../web/src/config/app-config.json';
import { routes } from '../web/src/config/routes';
import { pixelStorageKey } from '../web/src/domain/settings';
import { fbqCalls, pixelStubContext, snapshotSettings, waitForApp } from './public-support';
import {
  createAdmin,
  newAdminContext,
  openPanel,
  slow,
  warmAdminFunctions,
  type AdminAccount,
} from './support/admin';
import { seriousAxeViolationsIn, withRules } from './support/leads';
import { adminFirestore, closeAdmin, launchChromium, useLocalSuite } from './support/suite';

const suite = useLocalSuite();
let browser: Browser;
let admin: AdminAccount;
let restoreSettings: () => Promise<void> = async () => {};
const contexts: BrowserContext[] = [];
const db = () => adminFirestore(suite);
const redirectDoc = () => db().doc('settings/redirect');
const trackingDoc = () => db().doc('settings/tracking');
const realRules = readFileSync(new URL('../firestore.rules', import.meta.url), 'utf8');

/**
 * The real rules with every settings access refused (leads stay as they are: the panel signs an
 * admin out when its leads listener is refused).
 */
function settingsRefusedRules(): string {
  const start = realRules.indexOf('    match /settings/redirect {');
  const trackingEnd = realRules.indexOf('    // ---- admin allow-list');
  if (start < 0 || trackingEnd < start) throw new Error('firestore.rules changed shape');
  return `${realRules.slice(0, start)}    match /settings/{name} {\n      allow read, write: if false;\n    }\n\n${realRules.slice(trackingEnd)}`;
}

beforeAll(async () => {
  restoreSettings = await snapshotSettings(suite);
  admin = await createAdmin('settings');
  browser = await launchChromium();
  await warmAdminFunctions();
  // countRedirect's worker boots on its first call: do it here (with no link it counts nothing).
  await redirectDoc().delete();
  await fetch(
    `http://${suite.functionsHost}/${suite.projectId}/${appConfig.functionsRegion}/countRedirect`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ data: null }),
    },
  );
});

afterEach(async () => {
  await Promise.all(contexts.splice(0).map((context) => context.close()));
});

afterAll(async () => {
  await browser?.close();
  await restoreSettings();
  await closeAdmin();
});

/** A signed-in admin on the Configurações tab. */
async function openSettings(): Promise<Page> {
  const context = await newAdminContext(browser);
  contexts.push(context);
  const page = await openPanel(context, admin);
  await page.getByRole('tab', { name: 'Configurações' }).click();
  return page;
}

const card = (page: Page, title: string) => page.getByRole('status', { name: title });
const linkField = (page: Page) => page.getByRole('textbox', { name: 'Link do WhatsApp' });
const timeField = (page: Page) => page.getByRole('textbox', { name: 'Tempo de espera (segundos)' });
const pixelField = (page: Page) => page.getByRole('textbox', { name: 'ID do Pixel' });
const saveRedirect = (page: Page) => page.getByRole('button', { name: 'Salvar Configurações' });

describe('Configurações', () => {
  beforeEach(async () => {
    await Promise.all([redirectDoc().delete(), trackingDoc().delete()]);
  });

  test('with no settings documents: Pendente and 5 s; saving creates settings/redirect without redirect_count', async () => {
    const page = await openSettings();
    await card(page, 'Status do Link').getByText('Pendente').waitFor();
    expect(await card(page, 'Tempo de Redirecionamento').textContent()).toBe('5 segundos');
    expect(await card(page, 'Total de Redirecionamentos').textContent()).toBe('0');
    // As docs/product.md writes it, not upper-cased by the badge (innerText applies the CSS).
    expect(await card(page, 'Status do Link').innerText()).toBe('Pendente');
    expect(await page.getByTestId('redirect-address').textContent()).toBe(
      `${suite.webUrl}${routes.redirect}`,
    );
    // The tab's own content (the header and tab bar belong to the panel's tests).
    expect(await seriousAxeViolationsIn(page, ['[role="tabpanel"]'])).toEqual([]);

    await linkField(page).fill('https://wa.me/5579912345678');
    await timeField(page).fill('7');
    await saveRedirect(page).click();
    await page.getByText('Configurações salvas').waitFor();
    const stored = await redirectDoc().get();
    expect(stored.get('whatsapp_link')).toBe('https://wa.me/5579912345678');
    expect(stored.get('redirect_time')).toBe(7);
    expect(stored.get('updated_at')).toBeInstanceOf(Timestamp);
    expect(stored.data()).not.toHaveProperty('redirect_count');
    await card(page, 'Status do Link').getByText('Configurado').waitFor();
    expect(await card(page, 'Status do Link').innerText()).toBe('Configurado');
    expect(await card(page, 'Tempo de Redirecionamento').textContent()).toBe('7 segundos');
  });

  test('a number typed alone is saved as a wa.me link; an existing counter is kept', async () => {
    await redirectDoc().set({
      whatsapp_link: 'https://wa.me/5579900000000',
      redirect_time: 9,
      redirect_count: 17,
      updated_at: Timestamp.now(),
    });
    const page = await openSettings();
    await card(page, 'Total de Redirecionamentos').getByText('17').waitFor();
    // The form takes the loaded values after the cards render them.
    await expect.poll(() => linkField(page).inputValue(), slow).toBe('https://wa.me/5579900000000');
    await linkField(page).fill('(79) 98888-7777');
    await page.getByText('Será salvo como https://wa.me/5579988887777').waitFor();
    expect(await page.getByRole('link', { name: 'Testar link' }).getAttribute('href')).toBe(
      'https://wa.me/5579988887777',
    );
    await saveRedirect(page).click();
    await page.getByText('Configurações salvas').waitFor();
    const stored = (await redirectDoc().get()).data();
    expect(stored).toMatchObject({
      whatsapp_link: 'https://wa.me/5579988887777',
      redirect_time: 9,
      redirect_count: 17,
    });
  });

  test('an invalid link is refused with a message and nothing is written', async () => {
    const page = await openSettings();
    await card(page, 'Status do Link').getByText('Pendente').waitFor();
    await linkField(page).fill('javascript:alert(1)');
    await saveRedirect(page).click();
    await page
      .getByText(
        'O link precisa começar com http:// ou https:// (ex.: https://wa.me/5579999999999).',
      )
      .waitFor();
    expect(await linkField(page).getAttribute('aria-invalid')).toBe('true');
    expect(await page.getByRole('button', { name: 'Testar link' }).isDisabled()).toBe(true);
    // The form refused before any request: the document is still missing.
    expect((await redirectDoc().get()).exists).toBe(false);
  });

  test('the delay field keeps what was typed and refuses anything but a whole 1..30 with a message', async () => {
    const page = await openSettings();
    await card(page, 'Status do Link').getByText('Pendente').waitFor();
    for (const [typed, message] of [
      ['2.5', 'Use um número inteiro de segundos, de 1 a 30 (ex.: 5).'],
      ['31', 'Informe de 1 a 30 segundos.'],
      ['0', 'Informe de 1 a 30 segundos.'],
    ] as const) {
      await timeField(page).fill('');
      await timeField(page).pressSequentially(typed);
      await saveRedirect(page).click();
      await page.getByText(message).waitFor();
      expect(await timeField(page).inputValue()).toBe(typed);
      expect(await timeField(page).getAttribute('aria-invalid')).toBe('true');
    }
    // Refused before any request: the document is still missing.
    expect((await redirectDoc().get()).exists).toBe(false);
    await timeField(page).fill('30');
    await linkField(page).fill('(79) 98888-7777');
    await page.getByText('Será salvo como https://wa.me/5579988887777').waitFor();
    await saveRedirect(page).click();
    await page.getByText('Configurações salvas').waitFor();
    // The field shows what was saved, and the 'will be saved as' line is gone.
    await expect.poll(() => linkField(page).inputValue(), slow).toBe('https://wa.me/5579988887777');
    expect(await page.getByText(/Será salvo como/).count()).toBe(0);
    expect((await redirectDoc().get()).data()).toMatchObject({
      whatsapp_link: 'https://wa.me/5579988887777',
      redirect_time: 30,
    });
  });

  test('the pixel field takes digits only; Salvar writes settings/tracking and localStorage; the public page uses it on its next load', async () => {
    const page = await openSettings();
    await expect.poll(() => pixelField(page).isEnabled(), slow).toBe(true);
    await pixelField(page).pressSequentially('12ab34 5-6');
    expect(await pixelField(page).inputValue()).toBe('123456');
    await page.getByRole('button', { name: 'Salvar', exact: true }).click();
    await page.getByText('Pixel salvo').waitFor();
    const stored = await trackingDoc().get();
    expect(stored.get('pixel_id')).toBe('123456');
    expect(stored.get('updated_at')).toBeInstanceOf(Timestamp);
    expect(await page.evaluate((key) => localStorage.getItem(key), pixelStorageKey)).toBe('123456');

    const visitor = await pixelStubContext(browser);
    contexts.push(visitor);
    const publicPage = await visitor.newPage();
    await publicPage.goto(`${suite.webUrl}/`);
    await waitForApp(publicPage);
    await expect
      .poll(async () =>
        (await fbqCalls(publicPage)).some((c) => c[0] === 'init' && c[1] === '123456'),
      )
      .toBe(true);
  });

  test('the counter card moves live while a candidate is redirected in another browser', async () => {
    // A link on this suite's own site, so the redirect page counts and navigates locally.
    await redirectDoc().set({
      whatsapp_link: `${suite.webUrl}/destino-configuracoes`,
      redirect_time: 30,
      redirect_count: 5,
      updated_at: Timestamp.now(),
    });
    const page = await openSettings();
    await card(page, 'Total de Redirecionamentos').getByText('5', { exact: true }).waitFor();

    const candidate = await pixelStubContext(browser);
    contexts.push(candidate);
    await (await candidate.newPage()).goto(`${suite.webUrl}${routes.redirect}`);
    await card(page, 'Total de Redirecionamentos')
      .getByText('6', { exact: true })
      .waitFor({ timeout: slow.timeout });
    expect((await redirectDoc().get()).get('redirect_count')).toBe(6);
  });

  test('when the emulator refuses: Erro ao carregar configurações, then Erro ao salvar', async () => {
    await withRules(settingsRefusedRules(), async () => {
      const page = await openSettings();
      await page.getByText('Erro ao carregar configurações').waitFor();
      // The form still works from the fallback (no link, 5 s); the save is refused.
      await linkField(page).fill('https://wa.me/5579912345678');
      await saveRedirect(page).click();
      await page.getByText('Erro ao salvar').waitFor();
      // Close that toast, so the next one proves the pixel's save was refused too (two toasts
      // side by side would depend on the first not closing itself in the meantime).
      await page
        .locator('.mantine-Notification-root', { hasText: 'Erro ao salvar' })
        .getByRole('button', { name: 'Fechar' })
        .click();
      await expect.poll(() => page.getByText('Erro ao salvar').count(), slow).toBe(0);
      await pixelField(page).fill('42');
      await page.getByRole('button', { name: 'Salvar', exact: true }).click();
      await page.getByText('Erro ao salvar').waitFor();
      expect((await redirectDoc().get()).exists).toBe(false);
      expect((await trackingDoc().get()).exists).toBe(false);
    });
  });
});
