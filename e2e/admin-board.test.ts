// The board ('Quadro') in Chromium against the local suite: a column per status under the list's
// filters (the same fields and values as the list), live for a second admin; a card dragged to
// another column, or moved with its 'Mover' menu from the keyboard (the move said in a live
// region, the focus kept on the card); a refused write toasts and the card goes back; usable at
// 360 px; axe finds nothing serious.
import { FieldValue } from 'firebase-admin/firestore';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import { statsCollections } from '@vagas/common';
import { formatCount } from '@/domain/format';
import { cardsPerPage } from '@/features/board/page-size';
import { routes } from '../web/src/config/routes';
import { createAdmin, slow, type AdminAccount } from './support/admin';
import {
  refusingRules,
  searchBox,
  seriousAxeViolationsIn,
  toast,
  uniqueTag,
  withRules,
} from './support/leads';
import { usePanelHarness } from './support/panel-harness';
import { adminFirestore, useLocalSuite } from './support/suite';

const suite = useLocalSuite();
const harness = usePanelHarness('quadro-harness');
let boss: AdminAccount;

beforeAll(async () => {
  boss = await createAdmin('quadro');
});

const statuses = ['Novo', 'Principal', 'Separado', 'Descartado'] as const;
type Status = (typeof statuses)[number];

/** The board's column of `status` (its heading starts with the status). */
const column = (page: Page, status: Status): Locator =>
  page.locator('section[data-status]', {
    has: page.getByRole('heading', { name: new RegExp(`^${status}( \\(|$)`) }),
  });

/** The names in each column, top to bottom. */
const board = (page: Page) => async (): Promise<Record<Status, string[]>> => {
  const entries = await Promise.all(
    statuses.map(async (status) => [
      status,
      await column(page, status).locator('li a').allTextContents(),
    ]),
  );
  return Object.fromEntries(entries) as Record<Status, string[]>;
};

/** Opens the board with only this test's leads (the search narrows every column). */
async function openBoard(page: Page, tag: string) {
  await page.goto(`${suite.webUrl}${routes.admin}?vista=quadro`);
  await page.getByRole('heading', { name: 'Quadro de Leads' }).waitFor({ timeout: slow.timeout });
  await searchBox(page).fill(tag);
}

describe('the board', () => {
  test('a column per status under the filters, live in a second panel; drag and the keyboard move cards', async () => {
    const tag = uniqueTag('Quadro');
    await harness.seed(
      { nome: `${tag} Ana`, status: 'novo', ageMinutes: 1 },
      { nome: `${tag} Bia`, status: 'novo', ageMinutes: 2 },
      { nome: `${tag} Caio`, status: 'principal', ageMinutes: 3 },
      { nome: `${tag} Duda`, status: 'separado', ageMinutes: 4, vaga: 'Aux Serraria' },
    );
    const page = await harness.panel({ account: boss });
    const other = await harness.panel({ account: await createAdmin('colega-quadro') });
    await openBoard(page, tag);
    await openBoard(other, tag);
    const initial = {
      Novo: [`${tag} Ana`, `${tag} Bia`],
      Principal: [`${tag} Caio`],
      Separado: [`${tag} Duda`],
      Descartado: [],
    };
    await expect.poll(board(page), slow).toEqual(initial);
    await column(page, 'Novo').getByRole('heading', { name: 'Novo (2)' }).waitFor();
    await column(page, 'Descartado').getByText('Nenhum lead').waitFor();
    expect(await seriousAxeViolationsIn(page, ['[role=tabpanel]'])).toEqual([]);

    // Dragged from Novo to Principal: the status is written, toasted, and seen by the colleague.
    await column(page, 'Novo')
      .locator('li', { hasText: `${tag} Ana` })
      .dragTo(column(page, 'Principal'));
    await expect.poll(toast(page, 'Status atualizado'), slow).toBe(true);
    const afterDrag = {
      ...initial,
      Novo: [`${tag} Bia`],
      Principal: [`${tag} Ana`, `${tag} Caio`],
    };
    await expect.poll(board(page), slow).toEqual(afterDrag);
    await expect.poll(board(other), slow).toEqual(afterDrag);
    await column(page, 'Principal').getByRole('heading', { name: 'Principal (2)' }).waitFor();

    // From the keyboard: 'Mover', the arrows, Enter; said aloud, and the focus stays on the card.
    await page.getByRole('button', { name: `Mover ${tag} Bia` }).focus();
    await page.keyboard.press('Enter');
    const menu = page.getByRole('menu', { name: `Mover ${tag} Bia` });
    expect(await menu.getByRole('menuitem').allTextContents()).toEqual([
      'Mover para Principal',
      'Mover para Separado',
      'Mover para Descartado',
    ]);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await page
      .getByRole('status')
      .filter({ hasText: `${tag} Bia movido para Separado.` })
      .waitFor();
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')), slow)
      .toBe(`Mover ${tag} Bia`);
    await expect
      .poll(async () => (await board(other)()).Separado, slow)
      .toEqual([`${tag} Bia`, `${tag} Duda`]);

    // A colleague's change on the list reaches this board live.
    await other.getByRole('tab', { name: 'Lista' }).click();
    await searchBox(other).waitFor();
    expect(await searchBox(other).inputValue()).toBe(tag);
    await other.getByRole('combobox', { name: `Status de ${tag} Caio` }).selectOption('descartado');
    await expect.poll(async () => (await board(page)()).Descartado, slow).toEqual([`${tag} Caio`]);

    // The list's filters apply: a job narrows every column; a status leaves the others out.
    await page.getByRole('combobox', { name: 'Filtrar por vaga' }).selectOption('Aux Serraria');
    await expect
      .poll(board(page), slow)
      .toEqual({ Novo: [], Principal: [], Separado: [`${tag} Duda`], Descartado: [] });
    await page.getByRole('combobox', { name: 'Filtrar por vaga' }).selectOption({ label: 'Todas' });
    await page.getByRole('combobox', { name: 'Filtrar por status' }).selectOption('separado');
    await column(page, 'Novo').getByText('Fora do filtro de status').waitFor();
    await expect
      .poll(async () => (await board(page)()).Separado, slow)
      .toEqual([`${tag} Bia`, `${tag} Duda`]);
  });

  test('without filters the columns count from stats/leads, live: one document, however many leads', async () => {
    const stats = adminFirestore(suite)
      .collection(statsCollections.stats)
      .doc(statsCollections.leadsStats);
    const page = await harness.panel({ account: boss });
    /** Whether `status`'s heading shows the document's count of it now. */
    const showsDocument = (status: Status) => async () => {
      const active = (await stats.get()).get('active') as Record<string, number>;
      const heading = column(page, status).getByRole('heading');
      return (
        (await heading.textContent()) ===
        `${status} (${formatCount(active[status.toLowerCase()]!)})`
      );
    };
    await page.goto(`${suite.webUrl}${routes.admin}?vista=quadro`);
    for (const status of statuses) await expect.poll(showsDocument(status), slow).toBe(true);
    // A count no aggregation could give: the board shows the document's as it changes.
    await stats.update({ 'active.principal': FieldValue.increment(1000) });
    try {
      await expect.poll(showsDocument('Principal'), slow).toBe(true);
    } finally {
      await stats.update({ 'active.principal': FieldValue.increment(-1000) });
    }
    await expect.poll(showsDocument('Principal'), slow).toBe(true);
  });

  test("a column shows its newest cards first, and 'Mostrar mais' the next ones", async () => {
    const tag = uniqueTag('Mais');
    const names = Array.from({ length: cardsPerPage + 2 }, (_, i) => `${tag} ${i + 1}`);
    await harness.seed(
      ...names.map((nome, i) => ({ nome, status: 'separado', ageMinutes: i + 1 })),
    );
    const page = await harness.panel({ account: boss });
    await openBoard(page, tag);
    await expect
      .poll(async () => (await board(page)()).Separado, slow)
      .toEqual(names.slice(0, cardsPerPage));
    await column(page, 'Separado').getByRole('button', { name: 'Mostrar mais' }).click();
    await expect.poll(async () => (await board(page)()).Separado, slow).toEqual(names);
    await expect(
      column(page, 'Separado').getByRole('button', { name: 'Mostrar mais' }).count(),
    ).resolves.toBe(0);
  });

  test("a refused change toasts 'Erro ao atualizar status' and the card goes back", async () => {
    const tag = uniqueTag('Recusa');
    await harness.seed({ nome: `${tag} Eva`, status: 'novo' });
    const page = await harness.panel({ account: boss });
    await openBoard(page, tag);
    await expect.poll(async () => (await board(page)()).Novo, slow).toEqual([`${tag} Eva`]);
    await withRules(refusingRules('allow get, list: if isAdmin();'), async () => {
      await page.getByRole('button', { name: `Mover ${tag} Eva` }).click();
      await page.getByRole('menuitem', { name: 'Mover para Principal' }).click();
      await expect.poll(toast(page, 'Erro ao atualizar status'), slow).toBe(true);
    });
    await expect.poll(async () => (await board(page)()).Novo, slow).toEqual([`${tag} Eva`]);
    await page
      .getByRole('status')
      .filter({ hasText: `${tag} Eva não foi movido.` })
      .waitFor();
  });

  test('at 360 px: nothing overflows the page, the columns scroll sideways, a card moves with its menu', async () => {
    const tag = uniqueTag('Fone');
    await harness.seed({ nome: `${tag} Gil`, status: 'novo' });
    const page = await harness.panel({ account: boss, viewport: { width: 360, height: 740 } });
    await openBoard(page, tag);
    await expect.poll(async () => (await board(page)()).Novo, slow).toEqual([`${tag} Gil`]);
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
    ).toBe(true);
    const columns = page.getByRole('group', { name: 'Colunas de status' });
    const sizes = await columns.evaluate((el) => ({
      scroll: el.scrollWidth,
      client: el.clientWidth,
    }));
    expect(sizes.scroll).toBeGreaterThan(sizes.client);
    const mover = page.getByRole('button', { name: `Mover ${tag} Gil` });
    const box = await mover.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 360).toBe(true);
    await mover.click();
    await page.getByRole('menuitem', { name: 'Mover para Descartado' }).click();
    await expect.poll(toast(page, 'Status atualizado'), slow).toBe(true);
    await expect.poll(async () => (await board(page)()).Descartado, slow).toEqual([`${tag} Gil`]);
    expect(await seriousAxeViolationsIn(page, ['[role=tabpanel]'])).toEqual([]);
  });
});
