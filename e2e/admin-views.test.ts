// The Leads list's view in the address, in Chromium on the local suite: the search, filters, order,
// page and tab survive a tab switch, Back, a reload and a link sent to a colleague (a second
// admin); a record link opened while signed out opens that record after sign-in; closing the
// record gives the focus back to the name that opened it; 'Hoje' in 'Período'; saved views
// listed live for the whole team.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { leadRecordPath, routes } from '../web/src/config/routes';
import { createAdmin, slow, type AdminAccount } from './support/admin';
import { listedNames, searchBox, toast, uniqueTag } from './support/leads';
import { usePanelHarness } from './support/panel-harness';
import { adminFirestore, useLocalSuite } from './support/suite';

const suite = useLocalSuite();
const harness = usePanelHarness('visoes');
let colleague: AdminAccount;
const viewTags: string[] = [];

beforeAll(async () => {
  colleague = await createAdmin('visoes-colega');
});

afterAll(async () => {
  // The saved views this file made (a test that failed half-way may leave one).
  const views = await adminFirestore().collection('saved_views').get();
  await Promise.all(
    views.docs
      .filter((d) => viewTags.some((tag) => String(d.get('name')).startsWith(tag)))
      .map((d) => d.ref.delete()),
  );
});

const two = (n: number) => String(n).padStart(2, '0');
const record = (page: Page) => page.getByRole('dialog', { name: 'Ficha do candidato' });
const statusFilter = (page: Page) => page.getByLabel('Filtrar por status');
const query = (page: Page) => Object.fromEntries(new URL(page.url()).searchParams);
/** The text of the focused element, and whether it is a link. */
const focused = (page: Page) => () =>
  page.evaluate(() => {
    const active = document.activeElement;
    return `${active?.tagName.toLowerCase()}: ${active?.textContent?.trim()}`;
  });

describe("the list's view in the address", () => {
  test('search, status, order and page stay through a tab switch, a reload and Back, and reach a colleague by link', async () => {
    const tag = uniqueTag('Endereco');
    // 30 principal leads (two pages by name) and 5 new ones the filter leaves out.
    await harness.seed(
      ...Array.from({ length: 35 }, (_, i) => ({
        nome: `${tag} Pessoa ${two(34 - i)}`,
        status: i < 30 ? 'principal' : 'novo',
        ageMinutes: i + 1,
      })),
    );
    const byName = Array.from({ length: 35 }, (_, i) => `${tag} Pessoa ${two(i)}`).slice(5);
    const page = await harness.panel();
    await searchBox(page).fill(tag);
    await statusFilter(page).selectOption({ label: 'Principal' });
    await page.getByRole('columnheader', { name: 'Nome', exact: true }).getByRole('button').click();
    await expect.poll(listedNames(page), slow).toEqual(byName.slice(0, 25));
    await page.getByRole('button', { name: 'Página 2', exact: true }).click();
    await expect.poll(listedNames(page), slow).toEqual(byName.slice(25));
    expect(query(page)).toEqual({
      busca: tag,
      status: 'principal',
      ordem: 'nome-asc',
      pagina: '2',
    });

    // Another tab and back: the list is as it was.
    await page.getByRole('tab', { name: 'Relatórios' }).click();
    await expect.poll(() => query(page).aba, slow).toBe('relatorios');
    await page.getByRole('tab', { name: 'Leads' }).click();
    await expect.poll(listedNames(page), slow).toEqual(byName.slice(25));
    expect(await searchBox(page).inputValue()).toBe(tag);

    // A reload, then Back through the tab and the page.
    await page.reload();
    await expect.poll(listedNames(page), slow).toEqual(byName.slice(25));
    expect(await statusFilter(page).inputValue()).toBe('principal');
    await page.goBack();
    await page.getByRole('tab', { name: 'Relatórios', selected: true }).waitFor();
    await page.goBack();
    await expect.poll(listedNames(page), slow).toEqual(byName.slice(25));
    await page.goBack();
    await expect.poll(listedNames(page), slow).toEqual(byName.slice(0, 25));
    await page.goForward();
    await expect.poll(listedNames(page), slow).toEqual(byName.slice(25));

    // The address sent to a colleague: their panel opens on the same page of the same list.
    const theirs = await harness.panel({ account: colleague });
    await theirs.goto(page.url());
    await expect.poll(listedNames(theirs), slow).toEqual(byName.slice(25));
    expect(await searchBox(theirs).inputValue()).toBe(tag);
    expect(
      await theirs
        .getByRole('columnheader', { name: 'Nome', exact: true })
        .getAttribute('aria-sort'),
    ).toBe('ascending');
  });

  test('a record link opened while signed out opens that record, over the same list, after sign-in', async () => {
    const tag = uniqueTag('Retorno');
    const [id] = await harness.seed({ nome: `${tag} Ana`, ageMinutes: 1 });
    await harness.seed({ nome: `${tag} Bia`, ageMinutes: 2 });
    const page = await harness.signedOut();
    const link = `${leadRecordPath(id!)}?${new URLSearchParams({ busca: tag })}`;
    await page.goto(`${suite.webUrl}${link}`);
    await expect.poll(() => new URL(page.url()).pathname, slow).toBe(routes.adminLogin);
    await page.getByLabel('Email').fill(colleague.email);
    await page.getByLabel('Senha').fill(colleague.password);
    await page.getByRole('button', { name: 'Entrar' }).click();
    await record(page)
      .getByRole('heading', { name: `${tag} Ana` })
      .waitFor({ timeout: slow.timeout });
    expect(page.url()).toBe(`${suite.webUrl}${link}`);
    await page.keyboard.press('Escape');
    await record(page).waitFor({ state: 'detached' });
    await expect.poll(listedNames(page), slow).toEqual([`${tag} Ana`, `${tag} Bia`]);
    expect(page.url()).toBe(
      `${suite.webUrl}${routes.admin}?${new URLSearchParams({ busca: tag })}`,
    );
    // The name the record belongs to has the focus (nothing opened it from the list).
    await expect.poll(focused(page), slow).toBe(`a: ${tag} Ana`);
  });

  test('closing the record gives the focus back to the name that opened it', async () => {
    const tag = uniqueTag('Foco');
    await harness.seed(
      { nome: `${tag} Primeira`, ageMinutes: 1 },
      { nome: `${tag} Segunda`, ageMinutes: 2 },
    );
    const page = await harness.panel();
    await searchBox(page).fill(tag);
    await expect.poll(listedNames(page), slow).toEqual([`${tag} Primeira`, `${tag} Segunda`]);
    const name = (nome: string) => page.getByRole('link', { name: nome, exact: true });

    await name(`${tag} Segunda`).click();
    await record(page)
      .getByRole('heading', { name: `${tag} Segunda` })
      .waitFor();
    await page.keyboard.press('Escape');
    await record(page).waitFor({ state: 'detached' });
    await expect.poll(focused(page), slow).toBe(`a: ${tag} Segunda`);

    // By keyboard, closed with 'Fechar': the next Tab goes on from the name.
    await name(`${tag} Primeira`).focus();
    await page.keyboard.press('Enter');
    await record(page)
      .getByRole('heading', { name: `${tag} Primeira` })
      .waitFor();
    await record(page).getByRole('button', { name: 'Fechar' }).click();
    await record(page).waitFor({ state: 'detached' });
    await expect.poll(focused(page), slow).toBe(`a: ${tag} Primeira`);

    // Closed with the browser's Back: the list's entry, not a new one.
    await name(`${tag} Segunda`).click();
    await record(page)
      .getByRole('heading', { name: `${tag} Segunda` })
      .waitFor();
    await page.goBack();
    await record(page).waitFor({ state: 'detached' });
    expect(query(page)).toEqual({ busca: tag });
    await expect.poll(focused(page), slow).toBe(`a: ${tag} Segunda`);
  });

  test("'Hoje' in 'Período' lists today's leads only", async () => {
    const tag = uniqueTag('Hoje');
    await harness.seed(
      { nome: `${tag} Agora`, ageMinutes: 1 },
      { nome: `${tag} Anteontem`, ageMinutes: 2 * 24 * 60 + 5 },
    );
    const page = await harness.panel();
    await searchBox(page).fill(tag);
    await expect.poll(listedNames(page), slow).toEqual([`${tag} Agora`, `${tag} Anteontem`]);
    await page.getByLabel('Período').click();
    await page.getByRole('button', { name: 'Hoje', exact: true }).click();
    await expect.poll(listedNames(page), slow).toEqual([`${tag} Agora`]);
    const { de, ate } = query(page);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Bahia' }).format(
      new Date(),
    );
    expect([de, ate]).toEqual([today, today]);
  });
});

describe('saved views', () => {
  test("one admin saves a view; a colleague's panel lists it live, shows it, and deletes it for both", async () => {
    const tag = uniqueTag('Visao');
    viewTags.push(tag);
    await harness.seed(
      { nome: `${tag} Principal`, status: 'principal', ageMinutes: 1 },
      { nome: `${tag} Novo`, ageMinutes: 2 },
    );
    const mine = await harness.panel();
    const theirs = await harness.panel({ account: colleague });
    const views = (page: Page) => page.getByLabel('Visões salvas');
    const viewName = `${tag} principais`;

    await searchBox(mine).fill(tag);
    await statusFilter(mine).selectOption({ label: 'Principal' });
    await expect.poll(listedNames(mine), slow).toEqual([`${tag} Principal`]);
    await mine.getByRole('button', { name: 'Salvar visão' }).click();
    await mine.getByLabel('Nome da visão').fill(viewName);
    await mine.getByRole('button', { name: 'Salvar', exact: true }).click();
    await expect.poll(toast(mine, 'Visão salva'), slow).toBe(true);
    await expect.poll(() => views(mine).inputValue(), slow).not.toBe('');

    // Listed at once in the colleague's open panel; chosen, it shows the same list.
    const option = views(theirs).locator('option', { hasText: viewName });
    await option.waitFor({ state: 'attached', timeout: slow.timeout });
    await views(theirs).selectOption({ label: viewName });
    await expect.poll(listedNames(theirs), slow).toEqual([`${tag} Principal`]);
    expect(query(theirs)).toEqual({ busca: tag, status: 'principal' });
    expect(await statusFilter(theirs).inputValue()).toBe('principal');

    await theirs.getByRole('button', { name: 'Excluir visão' }).click();
    const dialog = theirs.getByRole('dialog', { name: 'Excluir visão' });
    await dialog.getByText(`salva por ${harness.account().email}`).waitFor();
    await dialog.getByRole('button', { name: 'Excluir visão' }).click();
    await expect.poll(toast(theirs, 'Visão excluída'), slow).toBe(true);
    await views(mine)
      .locator('option', { hasText: viewName })
      .waitFor({ state: 'detached', timeout: slow.timeout });
  });
});
