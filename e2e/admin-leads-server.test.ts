// The Leads tab reads a page at a time, never every active lead: paging, filters, search and the
// duplicate mark are answered by the server, over leads the panel never downloaded. Seeded with
// firebase-admin (the keys as the function writes them); one lead is left for the leadTimeline
// function to key.
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { slow } from './support/admin';
import {
  chooseTodayAsPeriod,
  exampleApplication,
  listedNames,
  row,
  searchBox,
  uniqueTag,
} from './support/leads';
import { usePanelHarness } from './support/panel-harness';
import { adminFirestore } from './support/suite';

const { panel, seed, track } = usePanelHarness('leads-server');

const two = (n: number) => String(n).padStart(2, '0');
const pagerText = (page: Page) => () => page.getByText(/^\d+–\d+ de [\d.]+$/).textContent();

describe('Leads tab on the server', () => {
  test('pages through 60 matching leads, filters and searches them', async () => {
    const tag = uniqueTag('Paginas');
    const statuses = ['novo', 'principal', 'separado', 'descartado'];
    await seed(
      ...Array.from({ length: 60 }, (_, i) => ({
        nome: `${tag} Pessoa ${two(i)}`,
        status: statuses[i % 4],
        ageMinutes: i + 1,
      })),
    );
    const names = (from: number, to: number) =>
      Array.from({ length: to - from }, (_, i) => `${tag} Pessoa ${two(from + i)}`);
    const page = await panel();
    await searchBox(page).fill(tag);
    await expect.poll(listedNames(page), slow).toEqual(names(0, 25));
    await expect.poll(pagerText(page), slow).toBe('1–25 de 60');
    await page.getByRole('button', { name: 'Próxima página' }).click();
    await expect.poll(listedNames(page), slow).toEqual(names(25, 50));
    await page.getByRole('button', { name: 'Página 3', exact: true }).click();
    await expect.poll(listedNames(page), slow).toEqual(names(50, 60));
    await expect.poll(pagerText(page), slow).toBe('51–60 de 60');
    await page.getByRole('button', { name: 'Página 1', exact: true }).click();
    await expect.poll(listedNames(page), slow).toEqual(names(0, 25));

    // A filter starts again from page 1, and counts what it matches.
    await page.getByLabel('Filtrar por status').selectOption({ label: 'Separado' });
    const separados = names(0, 60).filter((_, i) => i % 4 === 2);
    await expect.poll(listedNames(page), slow).toEqual(separados);
    // Word-prefix search: the start of the last word.
    await searchBox(page).fill(`${tag} pessoa 5`);
    await expect
      .poll(listedNames(page), slow)
      .toEqual([`${tag} Pessoa 50`, `${tag} Pessoa 54`, `${tag} Pessoa 58`]);
    await page.getByLabel('Filtrar por status').selectOption({ label: 'Todos' });
    await expect.poll(listedNames(page), slow).toEqual(names(50, 60));
  });

  test("marks 'duplicado' against a lead far down the list, and finds a lead the function keyed", async () => {
    const tag = uniqueTag('Repetido');
    // The same phone as a lead a year old, many pages down.
    await seed(
      { nome: `${tag} Nova`, whatsapp: '(71) 97777-1357', ageMinutes: 1 },
      { nome: `${tag} Antiga`, whatsapp: '(71) 97777-1357', ageMinutes: 525_600 },
      { nome: `${tag} Sozinha`, whatsapp: '(71) 97777-2468', ageMinutes: 2 },
    );
    const page = await panel();
    await expect.poll(() => row(page, `${tag} Nova`).count(), slow).toBe(1);
    await expect
      .poll(() => row(page, `${tag} Nova`).getByText('duplicado').isVisible(), slow)
      .toBe(true);
    expect(await row(page, `${tag} Sozinha`).getByText('duplicado').count()).toBe(0);

    // Written without keys, as a public application is: the leadTimeline function keys it.
    const ref = adminFirestore().collection('leads').doc();
    track([ref.id]);
    await ref.set({
      ...exampleApplication('root'),
      nome: `${tag} Chegou Agora`,
      whatsapp: '(71) 97777-9999',
      status: 'novo',
      created_at: new Date(Date.now() - 3 * 60_000),
      deleted_at: null,
    });
    await searchBox(page).fill(`${tag} chegou ag`);
    await expect.poll(listedNames(page), slow).toEqual([`${tag} Chegou Agora`]);
    await searchBox(page).fill('97777-9999');
    await expect.poll(listedNames(page), slow).toEqual([`${tag} Chegou Agora`]);
  });

  test("sorts by 'Nome' on the server across pages under the search and a status filter, in pt-BR order; with a Período only 'Data' orders", async () => {
    const tag = uniqueTag('Ordem');
    // Five names, then 24 older 'Yuri' leads: 29 leads, two pages. By code point 'bruno' and
    // 'Érica' would come after every 'Yuri' (page 2); by the stored name key they are on page 1.
    const five = ['Zélia', 'Érica', 'bruno', 'Ana', 'Carlos'];
    const yuris = Array.from({ length: 24 }, (_, i) => `Yuri ${two(i)}`);
    await seed(
      ...five.map((nome, i) => ({
        nome: `${tag} ${nome}`,
        status: nome === 'Carlos' ? 'descartado' : 'novo',
        ageMinutes: i + 1,
      })),
      ...yuris.map((nome, i) => ({ nome: `${tag} ${nome}`, ageMinutes: 6 + i / 10 })),
    );
    const named = (names: string[]) => names.map((n) => `${tag} ${n}`);
    const page = await panel();
    await searchBox(page).fill(tag);
    const byDate = named([...five, ...yuris]);
    await expect.poll(listedNames(page), slow).toEqual(byDate.slice(0, 25));
    // A sorted header keeps its name: the arrow is drawn, and aria-sort says the order.
    const header = (name: string) => page.getByRole('columnheader', { name, exact: true });
    await header('Nome').getByRole('button').click();
    const aToZ = named(['Ana', 'bruno', 'Carlos', 'Érica', ...yuris, 'Zélia']);
    await expect.poll(listedNames(page), slow).toEqual(aToZ.slice(0, 25));
    expect(await header('Nome').getAttribute('aria-sort')).toBe('ascending');
    expect(await header('Data').getAttribute('aria-sort')).toBeNull();
    const arrow = () =>
      header('Nome')
        .getByRole('button')
        .evaluate((button) => getComputedStyle(button, '::after').content);
    expect(await arrow()).toMatch(/↑/);
    await page.getByRole('button', { name: 'Próxima página' }).click();
    await expect.poll(listedNames(page), slow).toEqual(aToZ.slice(25));
    await page.getByRole('button', { name: 'Página 1', exact: true }).click();
    await expect.poll(listedNames(page), slow).toEqual(aToZ.slice(0, 25));
    await page.getByLabel('Filtrar por status').selectOption({ label: 'Novo' });
    const novos = aToZ.filter((name) => name !== `${tag} Carlos`);
    await expect.poll(listedNames(page), slow).toEqual(novos.slice(0, 25));
    await header('Nome').getByRole('button').click();
    await expect.poll(listedNames(page), slow).toEqual([...novos].reverse().slice(0, 25));
    expect(await header('Nome').getAttribute('aria-sort')).toBe('descending');
    expect(await arrow()).toMatch(/↓/);

    // A Período is a range on created_at: the list goes back to 'Data', and says why.
    await chooseTodayAsPeriod(page);
    await page
      .getByRole('status')
      .filter({ hasText: 'Com um período escolhido, a lista é ordenada por Data' })
      .waitFor(slow);
    await expect
      .poll(listedNames(page), slow)
      .toEqual(byDate.filter((name) => name !== `${tag} Carlos`).slice(0, 25));
    expect(await header('Data').getAttribute('aria-sort')).toBe('descending');
    expect(await header('Nome').getByRole('button').count()).toBe(0);
  });
});
