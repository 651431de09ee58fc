// Small faults of the panel that only a real browser shows: the login page (its mark, the way back,
// Chromium's own constraint message in Portuguese, a stale error toast cleared by the success), the
// status selectors' wording, and the 'Período' placeholder and presets filtering the list.
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { createAdmin, slow } from './support/admin';
import { listedNames, searchBox, toast, uniqueTag } from './support/leads';
import { usePanelHarness } from './support/panel-harness';
import { useLocalSuite } from './support/suite';

const suite = useLocalSuite();
const { panel, seed, visitor } = usePanelHarness('rough-edges');

async function loginPage(): Promise<Page> {
  const context = await visitor({ locale: 'pt-BR', viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.goto(`${suite.webUrl}/admin/login`);
  await page.getByRole('button', { name: 'Entrar' }).waitFor();
  return page;
}

const validationMessage = (page: Page, label: string) => () =>
  page.getByLabel(label).evaluate((input) => (input as HTMLInputElement).validationMessage);

describe('the login page', () => {
  test("shows the company's mark and a way back to the site", async () => {
    const page = await loginPage();
    const mark = page.locator('img[src="/logo.svg"]');
    await mark.waitFor();
    // The image has loaded and is drawn (not a broken icon).
    expect(
      await mark.evaluate(
        (img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0,
      ),
    ).toBe(true);
    await page.getByRole('link', { name: 'Voltar ao site' }).click();
    await page.waitForURL(`${suite.webUrl}/`);
    await page.getByRole('button', { name: 'Enviar Candidatura' }).waitFor();
  });

  test('an empty field is refused in Portuguese, and a stale Erro no login leaves with the success', async () => {
    const account = await createAdmin('rough-login');
    const page = await loginPage();
    await page.getByRole('button', { name: 'Entrar' }).click();
    await expect.poll(validationMessage(page, 'Email'), slow).toBe('Preencha este campo.');

    await page.getByLabel('Email').fill(account.email);
    await page.getByRole('button', { name: 'Entrar' }).click();
    await expect.poll(validationMessage(page, 'Senha'), slow).toBe('Preencha este campo.');
    // Typing clears the message (the field is valid again).
    await page.getByLabel('Senha').fill('senha-errada');
    expect(await validationMessage(page, 'Senha')()).toBe('');
    await page.getByRole('button', { name: 'Entrar' }).click();
    await expect.poll(toast(page, 'Erro no login'), slow).toBe(true);

    await page.getByLabel('Senha').fill(account.password);
    // The pointer rests on the error toast, which pauses its own timer: only the new attempt can
    // take it away. The attempt is sent from the keyboard, so the pointer stays there.
    await page.locator('.mantine-Notification-root', { hasText: 'Erro no login' }).hover();
    await page.getByLabel('Senha').press('Enter');
    const staleError = page.locator('.mantine-Notification-title', { hasText: 'Erro no login' });
    await expect
      .poll(
        async () =>
          (await toast(page, 'Login realizado com sucesso!')()) && (await staleError.count()) === 0,
        slow,
      )
      .toBe(true);
  });
});

describe('the Leads tab', () => {
  test("every status selector says 'Novo' as the filter does", async () => {
    const tag = uniqueTag('Palavra');
    await seed({ nome: `${tag} Ana`, status: 'novo' });
    const page = await panel();
    await searchBox(page).fill(tag);
    await expect.poll(listedNames(page), slow).toEqual([`${tag} Ana`]);
    const rowSelect = page.getByRole('combobox', { name: `Status de ${tag} Ana` });
    expect(await rowSelect.locator('option:checked').textContent()).toBe('Novo');
    const options = await rowSelect.locator('option').allTextContents();
    expect(options).toEqual(['Novo', 'Principal', 'Separado', 'Descartado']);

    await page.getByRole('checkbox', { name: `Selecionar ${tag} Ana` }).check();
    const bulk = page.getByRole('combobox', { name: 'Novo status dos selecionados' });
    await bulk.waitFor();
    const bulkOptions = await bulk.locator('option').allTextContents();
    expect(bulkOptions.filter((text) => text === 'novo')).toEqual([]);
    expect(bulkOptions).toContain('Novo');
  });

  test("'Período' says 'Qualquer data' when empty and its presets filter the list", async () => {
    const tag = uniqueTag('Preset');
    await seed(
      { nome: `${tag} ontem`, ageMinutes: 24 * 60 },
      { nome: `${tag} antigo`, ageMinutes: 40 * 24 * 60 },
    );
    const page = await panel();
    const period = page.getByRole('button', { name: 'Período' });
    await expect.poll(() => period.textContent(), slow).toContain('Qualquer data');
    await searchBox(page).fill(tag);
    await expect.poll(listedNames(page), slow).toEqual([`${tag} ontem`, `${tag} antigo`]);

    await period.click();
    await page.getByRole('button', { name: 'Últimos 7 dias' }).click();
    await expect.poll(listedNames(page), slow).toEqual([`${tag} ontem`]);
    await expect.poll(() => period.textContent(), slow).not.toContain('Qualquer data');
  });

  test("toasts keep clear of 'Sair', and a 'Desfazer' does not follow the admin to the Lixeira", async () => {
    const tag = uniqueTag('Torrada');
    await seed({ nome: `${tag} Bia` });
    const page = await panel();
    await searchBox(page).fill(tag);
    await expect.poll(listedNames(page), slow).toEqual([`${tag} Bia`]);
    await page.getByRole('button', { name: `Mover ${tag} Bia para lixeira` }).click();
    const undo = page.getByRole('button', { name: 'Desfazer' });
    await undo.waitFor();
    const toastBox = await page.locator('.mantine-Notification-root', { has: undo }).boundingBox();
    const signOut = await page.getByRole('button', { name: 'Sair' }).boundingBox();
    expect(toastBox && signOut).toBeTruthy();
    if (toastBox && signOut) {
      const apart =
        toastBox.x >= signOut.x + signOut.width ||
        signOut.x >= toastBox.x + toastBox.width ||
        toastBox.y >= signOut.y + signOut.height ||
        signOut.y >= toastBox.y + toastBox.height;
      expect(apart).toBe(true);
    }
    // The pointer rests on the toast, which pauses its own timer: only the tab change can hide it.
    await page.locator('.mantine-Notification-root', { has: undo }).hover();
    await page.getByRole('tab', { name: /^Leads/ }).focus();
    await page.keyboard.press('ArrowRight');
    await page.getByLabel('Buscar na lixeira por nome ou WhatsApp').waitFor();
    await expect.poll(() => undo.count(), slow).toBe(0);
  });
});
