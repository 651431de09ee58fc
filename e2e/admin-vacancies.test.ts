// Configurações → 'Vagas e localidades' in Chromium against the local suite, with two admins:
// a job closed by one shows closed to the other at once and leaves the public page, while its
// leads stay listed and filterable; a job added in the panel is offered, applied to, counted and
// filterable; the lists' order is the page's; the section works at 360 px.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createAdmin, type AdminAccount } from './support/admin';
import { listedNames, searchBox, seriousAxeViolationsIn, uniqueTag } from './support/leads';
import { usePanelHarness } from './support/panel-harness';
import { adminFirestore, useLocalSuite } from './support/suite';
import { publicListsSettled, snapshotVacancies, waitForOptions } from './support/vacancies';
import {
  field,
  fillApplication,
  horizontalOverflow,
  mobile,
  screenshot,
  waitForApp,
} from './public-support';

const suite = useLocalSuite();
const harness = usePanelHarness('vagas');
let colleague: AdminAccount;
let restoreVacancies: () => Promise<void> = async () => {};

beforeAll(async () => {
  restoreVacancies = await snapshotVacancies();
  colleague = await createAdmin('vagas-colega');
});

afterAll(async () => {
  await restoreVacancies();
});

const rootPage = 'Página principal (/)';

/** The panel's Configurações tab, once its vacancy lists are on screen. */
async function openVacancies(page: Page): Promise<void> {
  await page.getByRole('tab', { name: 'Configurações' }).click();
  await page.getByRole('list', { name: `Vagas · ${rootPage}` }).waitFor();
}

/** The row of `label` in a page's list of jobs. */
const jobRow = (page: Page, label: string, formPage = rootPage) =>
  page
    .getByRole('list', { name: `Vagas · ${formPage}` })
    .getByRole('listitem')
    .filter({ has: page.getByText(label, { exact: true }) });

/** A candidate's page at `path`, once React owns it. */
async function visit(path: string): Promise<Page> {
  const context = await harness.visitor({ viewport: mobile, locale: 'pt-BR' });
  const page = await context.newPage();
  await page.goto(`${suite.webUrl}${path}`);
  await waitForApp(page);
  return page;
}

describe("'Vagas e localidades'", () => {
  test('one admin closes a job: the other sees it at once, the page stops offering it, its leads stay', async () => {
    const tag = uniqueTag('Fecha');
    await harness.seed({ nome: `${tag} Serraria`, vaga: 'Aux Serraria' });
    const [ana, bia] = await Promise.all([harness.panel(), harness.panel({ account: colleague })]);
    await Promise.all([openVacancies(ana), openVacancies(bia)]);

    await ana.getByRole('button', { name: 'Fechar vaga Aux Serraria' }).click();
    await ana.getByText('Vaga fechada').waitFor();
    // Bia's list is live: the job is closed there without a reload.
    await bia.getByRole('button', { name: 'Reabrir vaga Aux Serraria' }).waitFor();
    expect(await jobRow(bia, 'Aux Serraria').getByText('Fechada').count()).toBe(1);

    await publicListsSettled();
    const candidate = await visit('/');
    await waitForOptions(candidate, 'Vaga', (o) => !o.includes('Aux Serraria'));

    // Closing keeps the job's leads, and its filter.
    await bia.getByRole('tab', { name: 'Leads' }).click();
    await searchBox(bia).fill(tag);
    await bia.getByLabel('Filtrar por vaga').selectOption({ label: 'Aux Serraria' });
    await expect.poll(listedNames(bia)).toEqual([`${tag} Serraria`]);

    await bia.getByRole('tab', { name: 'Configurações' }).click();
    await bia.getByRole('button', { name: 'Reabrir vaga Aux Serraria' }).click();
    await bia.getByText('Vaga reaberta').waitFor();
    await ana.getByRole('button', { name: 'Fechar vaga Aux Serraria' }).waitFor();
  });

  test('a job added in the panel is offered, applied to, counted and filterable', async () => {
    const job = `Aux Teste ${uniqueTag('')}`;
    const admin = await harness.panel();
    await openVacancies(admin);
    const section = admin.getByRole('region', { name: rootPage });
    await section.getByLabel('Nova vaga').fill(job);
    await section.getByRole('button', { name: 'Adicionar vaga' }).click();
    await admin.getByText('Vaga adicionada').waitFor();
    await jobRow(admin, job).getByText('Aberta').waitFor();

    // A candidate applies for it.
    await publicListsSettled();
    const candidate = await visit('/');
    await waitForOptions(candidate, 'Vaga', (o) => o.includes(job));
    const nome = `${uniqueTag('Nova')} Candidata`;
    await fillApplication(candidate, 'root', { nome, vaga: job });
    await candidate.getByRole('button', { name: 'Enviar Candidatura' }).click();
    await candidate.getByText('Candidatura enviada com sucesso! 🎉').waitFor();
    const stored = await adminFirestore(suite).collection('leads').where('nome', '==', nome).get();
    expect(stored.docs.map((d) => d.get('vaga'))).toEqual([job]);
    harness.track(stored.docs.map((d) => d.id));

    // And three more: one principal, one trashed (both this week), one older.
    await harness.seed(
      { nome: `${nome} 2`, vaga: job, status: 'principal', ageMinutes: 60 },
      { nome: `${nome} 3`, vaga: job, ageMinutes: 2 * 1440, trashedMinutesAgo: 1440 },
      { nome: `${nome} 4`, vaga: job, ageMinutes: 10 * 1440 },
    );
    // Counted again when the tab opens again.
    await admin.getByRole('tab', { name: 'Leads' }).click();
    await openVacancies(admin);
    const counts = jobRow(admin, job).locator('dd');
    await expect.poll(() => counts.allTextContents()).toEqual(['3', '1', '3']);
    await screenshot(admin, 'vagas-e-localidades-1280');
    expect(await jobRow(admin, job).locator('dt').allTextContents()).toEqual([
      'Ativos',
      'Principais',
      'Últimos 7 dias',
    ]);

    // Filterable in the Leads tab of a panel opened now.
    const other = await harness.panel({ account: colleague });
    await other.getByLabel('Filtrar por vaga').locator(`option[value="${job}"]`).waitFor({
      state: 'attached',
    });
    await other.getByLabel('Filtrar por vaga').selectOption({ label: job });
    await expect
      .poll(async () => (await listedNames(other)()).sort())
      .toEqual([nome, `${nome} 2`, `${nome} 4`]);
  });

  test("the list's order is the page's: a job moved up is offered before the one it passed", async () => {
    const admin = await harness.panel();
    await openVacancies(admin);
    await admin.getByRole('button', { name: 'Mover Sem Experiencia para cima' }).click();
    await expect
      .poll(() =>
        admin
          .getByRole('list', { name: `Vagas · ${rootPage}` })
          .getByRole('listitem')
          .locator('p:first-child')
          .allTextContents()
          .then((labels) => labels.slice(0, 4)),
      )
      .toEqual(['Aux Eletricista', 'Aux Serraria', 'Sem Experiencia', 'Aux Metalúgica']);
    await publicListsSettled();
    const candidate = await visit('/');
    const offered = await waitForOptions(
      candidate,
      'Vaga',
      (o) =>
        o.indexOf('Sem Experiencia') >= 0 &&
        o.indexOf('Sem Experiencia') < o.indexOf('Aux Metalúgica'),
    );
    expect(offered.slice(0, 4)).toEqual([
      'Aux Eletricista',
      'Aux Serraria',
      'Sem Experiencia',
      'Aux Metalúgica',
    ]);
  });

  test('at 360 px: nothing overflows, every button is on screen, no serious axe violation', async () => {
    const admin = await harness.panel({ viewport: { width: 360, height: 740 } });
    await openVacancies(admin);
    await screenshot(admin, 'vagas-e-localidades-360');
    expect(await horizontalOverflow(admin)).toBe(0);
    const close = admin.getByRole('button', { name: 'Fechar vaga Operador de Call Center' });
    await close.scrollIntoViewIfNeeded();
    const box = await close.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 360).toBe(true);
    const add = admin.getByRole('region', { name: rootPage }).getByRole('button', {
      name: 'Adicionar vaga',
    });
    const addBox = await add.boundingBox();
    expect(addBox && addBox.x + addBox.width <= 360).toBe(true);
    expect(await field(admin, 'Nova localidade').count()).toBe(2);
    expect(
      await seriousAxeViolationsIn(admin, ['section[aria-labelledby="vacancies-title"]']),
    ).toEqual([]);
  });
});
