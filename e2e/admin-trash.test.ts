// The Lixeira tab in Chromium on the local suite: the trashed leads, restore, delete
// permanently after a confirmation, the live 'Lixeira (N)' count, and both tabs on a 360 px phone
// and under axe-core.
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { digitsOf } from '@vagas/common';
import { columnLabel, trashColumns } from '../web/src/domain/lead-columns';
import { horizontalOverflow, mobile } from './public-support';
import { slow } from './support/admin';
import {
  cellsOf,
  counter,
  removeLeads,
  row,
  searchBox,
  seededFields,
  seriousAxeViolationsIn,
  storedLead,
  toast,
  uniqueTag,
} from './support/leads';
import { usePanelHarness } from './support/panel-harness';
import { adminFirestore, slowWrites } from './support/suite';

/** What axe checks: the tab bar and the open tab (the header belongs to features/admin). */
const panelParts = ['[role=tablist]', '[role=tabpanel]'];
const { panel: openPanelAs, seed } = usePanelHarness('trash');
const panel = (viewport?: { width: number; height: number }) => openPanelAs({ viewport });

async function countLeads(trashed: boolean): Promise<number> {
  const snap = await adminFirestore()
    .collection('leads')
    .where('deleted_at', trashed ? '!=' : '==', null)
    .count()
    .get();
  return snap.data().count;
}
const trashCount = () => countLeads(true);

const trashTab = (page: Page) => page.getByRole('tab', { name: /^Lixeira \(\d+\)$/ });

async function openTrash(page: Page) {
  await trashTab(page).click();
  await page.getByRole('heading', { name: 'Lixeira' }).waitFor();
}

describe('Lixeira tab', () => {
  test('lists the trashed leads newest deletion first with the trash columns; restore brings one back', async () => {
    const tag = uniqueTag('Lixo');
    // Deleted "in the future", so they are on the first page whatever else is in the trash.
    const [older, newer] = await seed(
      { nome: `${tag} Antigo`, status: 'separado', trashedMinutesAgo: -1 },
      { nome: `${tag} Recente`, status: 'principal', trashedMinutesAgo: -2 },
    );
    const page = await panel();
    await expect
      .poll(() => trashTab(page).textContent(), slow)
      .toBe(`Lixeira (${await trashCount()})`);
    await openTrash(page);
    await expect
      .poll(() => row(page, tag).locator('td:nth-child(2)').allTextContents(), slow)
      .toEqual([`${tag} Recente`, `${tag} Antigo`]);
    // The tick (no text), the trash columns (their labels: domain/lead.test.ts), Ações.
    expect(await page.locator('thead th').allTextContents()).toEqual([
      '',
      ...trashColumns.map(columnLabel),
      'Ações',
    ]);
    const cells = await cellsOf(page, `${tag} Recente`);
    const { whatsapp: WhatsApp, vaga: Vaga, cidade: Cidade } = seededFields;
    expect(cells).toMatchObject({
      Nome: `${tag} Recente`,
      WhatsApp,
      Vaga,
      Cidade,
      Status: 'principal',
    });
    expect(cells['Data Exclusão']).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);

    const before = await trashCount();
    await page.getByRole('button', { name: `Restaurar ${tag} Recente` }).click();
    await expect.poll(toast(page, 'Lead restaurado'), slow).toBe(true);
    await expect.poll(async () => (await storedLead(newer!))?.deleted_at, slow).toBeNull();
    await expect.poll(() => row(page, `${tag} Recente`).count(), slow).toBe(0);
    await expect.poll(() => trashTab(page).textContent(), slow).toBe(`Lixeira (${before - 1})`);
    expect((await storedLead(older!))?.deleted_at).not.toBeNull();

    await page.getByRole('tab', { name: 'Leads' }).click();
    await searchBox(page).fill(tag);
    await expect.poll(() => row(page, `${tag} Recente`).count(), slow).toBe(1);
  });

  test('deletes permanently only after the confirmation', async () => {
    const tag = uniqueTag('Apagar');
    const [id] = await seed({ nome: `${tag} Para sempre`, trashedMinutesAgo: -3 });
    const page = await panel();
    await openTrash(page);
    await expect.poll(() => row(page, tag).count(), slow).toBe(1);
    const deleteButton = page.getByRole('button', {
      name: `Deletar ${tag} Para sempre permanentemente`,
    });
    await deleteButton.click();
    const dialog = page.getByRole('dialog', { name: 'Deletar permanentemente' });
    expect(await dialog.textContent()).toContain(
      `O lead ${tag} Para sempre será apagado para sempre.`,
    );
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
    await expect.poll(() => page.getByRole('dialog').count(), slow).toBe(0);
    expect(await storedLead(id!)).toBeDefined();

    const before = await trashCount();
    await deleteButton.click();
    await dialog.getByRole('button', { name: 'Deletar' }).click();
    await expect.poll(toast(page, 'Lead deletado permanentemente'), slow).toBe(true);
    await expect.poll(() => storedLead(id!), slow).toBeUndefined();
    await expect.poll(() => row(page, tag).count(), slow).toBe(0);
    await expect.poll(() => trashTab(page).textContent(), slow).toBe(`Lixeira (${before - 1})`);
  });

  test('search, then restore or delete for good every lead it finds, and nothing else', async () => {
    const tag = uniqueTag('Lote');
    const back = await seed(
      ...[1, 2, 3].map((i) => ({ nome: `${tag} Volta ${i}`, trashedMinutesAgo: 10 + i })),
    );
    const gone = await seed(
      ...[1, 2].map((i) => ({ nome: `${tag} Some ${i}`, trashedMinutesAgo: 20 + i })),
    );
    const page = await panel();
    await openTrash(page);
    const search = page.getByRole('searchbox', { name: 'Buscar na lixeira por nome ou WhatsApp' });
    await search.fill(`${tag} Volta`);
    await page.getByRole('button', { name: 'Restaurar encontrados (3)' }).click();
    await expect.poll(toast(page, 'Leads restaurados'), slow).toBe(true);
    for (const id of back) {
      await expect.poll(async () => (await storedLead(id))?.deleted_at, slow).toBeNull();
    }
    for (const id of gone) expect((await storedLead(id))?.deleted_at).not.toBeNull();

    await search.fill(`${tag} Some`);
    await page.getByRole('button', { name: 'Excluir encontrados (2)' }).click();
    const dialog = page.getByRole('dialog', { name: 'Esvaziar lixeira' });
    expect(await dialog.textContent()).toContain(
      'Os 2 leads encontrados pela busca serão apagados para sempre.',
    );
    await dialog.getByRole('button', { name: 'Apagar para sempre' }).click();
    await expect.poll(toast(page, 'Lixeira esvaziada'), slow).toBe(true);
    for (const id of gone) await expect.poll(() => storedLead(id), slow).toBeUndefined();
    for (const id of back) expect(await storedLead(id)).toBeDefined();
    await expect.poll(() => row(page, tag).count(), slow).toBe(0);
  });

  test('a lead trashed in another panel appears live in the open Lixeira, and the count follows', async () => {
    const tag = uniqueTag('Vivo');
    await seed({ nome: `${tag} Kátia` });
    const [watching, acting] = await Promise.all([panel(), panel()]);
    await openTrash(watching);
    const before = await trashCount();
    await searchBox(acting).fill(tag);
    await acting.getByRole('button', { name: `Mover ${tag} Kátia para lixeira` }).click();
    await expect.poll(() => row(watching, tag).count(), slow).toBe(1);
    await expect.poll(() => trashTab(watching).textContent(), slow).toBe(`Lixeira (${before + 1})`);
    // The Leads tab's label in the acting panel follows too.
    await expect.poll(() => trashTab(acting).textContent(), slow).toBe(`Lixeira (${before + 1})`);
  });

  test("on a slow connection the panel's own trash is counted once the server has it: 'Lixeira (N)' and 'Total de Leads'", async () => {
    const tag = uniqueTag('Lento');
    const [id] = await seed({ nome: `${tag} Lia` });
    const page = await panel();
    const before = { trashed: await trashCount(), active: await countLeads(false) };
    const shown = (n: number) => n.toLocaleString('pt-BR');
    await expect.poll(() => trashTab(page).textContent(), slow).toBe(`Lixeira (${before.trashed})`);
    await expect.poll(counter(page, 'Total de Leads'), slow).toBe(shown(before.active));
    // The row leaves at once (the page's cache); the server has the write 3 s later. A count
    // asked for meanwhile misses it, and nothing counted again once it landed.
    await slowWrites(page.context(), 3000);
    await page.getByRole('button', { name: `Mover ${tag} Lia para lixeira` }).click();
    await expect.poll(() => row(page, tag).count(), slow).toBe(0);
    await expect.poll(async () => (await storedLead(id!))?.deleted_at, slow).not.toBeNull();
    await expect
      .poll(() => trashTab(page).textContent(), slow)
      .toBe(`Lixeira (${before.trashed + 1})`);
    await expect.poll(counter(page, 'Total de Leads'), slow).toBe(shown(before.active - 1));
  });

  test('reads the trash a page of 25 at a time: the pager reaches page 2, and a search finds a lead past page 1', async () => {
    const tag = uniqueTag('Pagina');
    // Trashed "in the future" (newer than the other tests' leads), oldest first: 'Pagina 00' is the
    // 30th newest, on page 2. Removed at the end, so the next tests' leads are on page 1 again.
    const names = Array.from(
      { length: 30 },
      (_, i) => `${tag} Pagina ${String(i).padStart(2, '0')}`,
    );
    const ids = await seed(...names.map((nome, i) => ({ nome, trashedMinutesAgo: -100 - i })));
    try {
      const page = await panel();
      await openTrash(page);
      const first = page.locator('tbody tr').first().locator('td').nth(1);
      await expect.poll(() => first.textContent(), slow).toBe(`${tag} Pagina 29`);
      expect(await row(page, tag).count()).toBe(25);
      expect(await row(page, `${tag} Pagina 00`).count()).toBe(0);
      const pager = page.getByRole('navigation', { name: 'Páginas da lixeira' });
      await pager.getByRole('button', { name: 'Página 2' }).click();
      await expect
        .poll(() => row(page, tag).locator('td:nth-child(2)').allTextContents(), slow)
        .toEqual(names.slice(0, 5).reverse());

      await pager.getByRole('button', { name: 'Página 1' }).click();
      await expect.poll(() => first.textContent(), slow).toBe(`${tag} Pagina 29`);
      const search = page.getByRole('searchbox', {
        name: 'Buscar na lixeira por nome ou WhatsApp',
      });
      await search.fill(`${tag} Pagina 00`);
      await expect
        .poll(() => page.locator('tbody tr td:nth-child(2)').allTextContents(), slow)
        .toEqual([`${tag} Pagina 00`]);
      await page.getByRole('button', { name: 'Restaurar encontrados (1)' }).waitFor(slow);
      await search.fill(tag);
      await page.getByRole('button', { name: 'Restaurar encontrados (30)' }).waitFor(slow);
    } finally {
      await removeLeads(ids);
    }
  });
});

describe('phone and accessibility', () => {
  test('at 360x640 both tabs are cards with the same actions, dialogs fit, nothing overflows sideways', async () => {
    const tag = uniqueTag('Celular');
    await seed(
      {
        nome: `${tag} Maria Aparecida dos Santos Oliveira`,
        idade: 22,
        tempo_experiencia: '1 a 2 anos',
        vaga: '[Conecta] Coordenador de Call Center',
        cidade: 'Região Metropolitana - Nossa Senhora do Socorro',
      },
      { nome: `${tag} Lixo`, trashedMinutesAgo: -4 },
    );
    const page = await panel(mobile);
    await searchBox(page).fill(tag);
    const card = page.getByRole('article', { name: `${tag} Maria Aparecida dos Santos Oliveira` });
    await card.waitFor({ timeout: slow.timeout });
    expect(await page.locator('table').count()).toBe(0);
    expect(await card.textContent()).toContain('Idade: 22');
    expect(
      await card.getByLabel(`Status de ${tag} Maria Aparecida dos Santos Oliveira`).isVisible(),
    ).toBe(true);
    await card.getByRole('button', { name: /^Abrir WhatsApp de/ }).click();
    const noMessage = page.getByRole('menuitem', { name: 'Sem mensagem' });
    expect(await noMessage.getAttribute('href')).toBe(
      `https://wa.me/55${digitsOf(seededFields.whatsapp)}`,
    );
    // On a busy machine an Escape can land before the menu listens for it: pressed until it closes.
    await expect
      .poll(async () => {
        await page.keyboard.press('Escape');
        return noMessage.isVisible();
      }, slow)
      .toBe(false);
    expect(await card.getByRole('button', { name: /^Mover .* para lixeira$/ }).isVisible()).toBe(
      true,
    );
    expect(await horizontalOverflow(page)).toBe(0);

    await page.getByRole('button', { name: 'Limpar Dados' }).click();
    const dialog = page.getByRole('dialog', { name: 'Limpar Dados' });
    await dialog.waitFor();
    const box = await dialog.boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(mobile.width);
    expect(await horizontalOverflow(page)).toBe(0);
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
    await expect.poll(() => page.getByRole('dialog').count(), slow).toBe(0);

    await openTrash(page);
    const trashCard = page.getByRole('article', { name: `${tag} Lixo` });
    await trashCard.waitFor({ timeout: slow.timeout });
    expect(await trashCard.getByRole('button', { name: `Restaurar ${tag} Lixo` }).isVisible()).toBe(
      true,
    );
    await trashCard.getByRole('button', { name: `Deletar ${tag} Lixo permanentemente` }).click();
    const confirm = page.getByRole('dialog', { name: 'Deletar permanentemente' });
    await confirm.waitFor();
    const confirmBox = await confirm.boundingBox();
    expect(confirmBox!.x + confirmBox!.width).toBeLessThanOrEqual(mobile.width);
    expect(await horizontalOverflow(page)).toBe(0);
    await confirm.getByRole('button', { name: 'Cancelar' }).click();
  });

  test('axe-core finds no serious or critical issue on the Leads and Lixeira tabs (desktop and phone)', async () => {
    const tag = uniqueTag('Axe');
    await seed(
      { nome: `${tag} Ativo`, status: 'principal' },
      { nome: `${tag} Ativo 2` },
      { nome: `${tag} Lixo`, trashedMinutesAgo: -5 },
    );
    for (const viewport of [undefined, mobile]) {
      const page = await panel(viewport);
      await searchBox(page).fill(tag);
      await expect.poll(() => page.getByText(`${tag} Ativo 2`).count(), slow).toBeGreaterThan(0);
      expect(await seriousAxeViolationsIn(page, panelParts)).toEqual([]);
      await openTrash(page);
      await expect.poll(() => page.getByText(`${tag} Lixo`).count(), slow).toBeGreaterThan(0);
      expect(await seriousAxeViolationsIn(page, panelParts)).toEqual([]);
    }
  });
});
