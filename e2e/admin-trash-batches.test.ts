// Moving several leads to the trash at once, in Chromium: 'Mover selecionados para lixeira' asks
// first and offers 'Desfazer' (as a single row's trash does); each bulk move is a batch that the
// Lixeira can show, tick and restore on its own ('Restaurar o lote de 26/11 16:02 (2)') long after
// the toast has gone.
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { slow } from './support/admin';
import { listedNames, searchBox, storedLead, toast, uniqueTag } from './support/leads';
import { usePanelHarness } from './support/panel-harness';

const { panel, seed } = usePanelHarness('lotes');
const timeZone = 'America/Bahia';

/** Ticks the named leads in the Leads list and asks to move them to the trash. */
async function trashSelected(page: Page, names: string[]): Promise<void> {
  for (const name of names)
    await page.getByRole('checkbox', { name: `Selecionar ${name}` }).check();
  await page.getByRole('button', { name: 'Mover selecionados para lixeira' }).click();
}

const trashed = async (ids: string[]) =>
  (await Promise.all(ids.map(storedLead))).map((lead) => lead?.deleted_at != null);

/** 'dd/mm hh:mm' of a stored time, as the panel writes a batch's moment. */
function batchMoment(date: Date): string {
  const part = (options: Intl.DateTimeFormatOptions) =>
    new Intl.DateTimeFormat('pt-BR', { timeZone, ...options }).format(date);
  return `${part({ day: '2-digit', month: '2-digit' })} ${part({ hour: '2-digit', minute: '2-digit', hour12: false })}`;
}

describe('Mover selecionados para lixeira', () => {
  test('asks first; cancelled, nothing moves; confirmed, a toast whose Desfazer puts them back', async () => {
    const tag = uniqueTag('Confirma');
    const ids = await seed({ nome: `${tag} Um` }, { nome: `${tag} Dois` }, { nome: `${tag} Tres` });
    const page = await panel();
    await searchBox(page).fill(tag);
    await expect.poll(listedNames(page), slow).toEqual([`${tag} Um`, `${tag} Dois`, `${tag} Tres`]);

    await trashSelected(page, [`${tag} Um`, `${tag} Tres`]);
    const dialog = page.getByRole('dialog', { name: 'Mover para a lixeira' });
    await dialog.waitFor({ timeout: slow.timeout });
    expect(await dialog.textContent()).toContain(
      'Os 2 leads selecionados serão movidos para a lixeira.',
    );
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await trashed(ids)).toEqual([false, false, false]);

    await page.getByRole('button', { name: 'Mover selecionados para lixeira' }).click();
    await dialog.getByRole('button', { name: 'Mover para lixeira' }).click();
    await expect.poll(listedNames(page), slow).toEqual([`${tag} Dois`]);
    await expect.poll(() => trashed(ids), slow).toEqual([true, false, true]);
    await expect.poll(toast(page, 'Leads movidos para a lixeira'), slow).toBe(true);

    await page.getByRole('button', { name: 'Desfazer' }).click();
    await expect.poll(listedNames(page), slow).toEqual([`${tag} Um`, `${tag} Dois`, `${tag} Tres`]);
    await expect.poll(() => trashed(ids), slow).toEqual([false, false, false]);
    const restored = await storedLead(ids[0]!);
    // Marked as a 'Desfazer' (the timeline says so), and out of any batch.
    expect(restored?.trash_undone_at).toBeTruthy();
    expect(restored?.trash_batch ?? null).toBeNull();
  });
});

describe('Lixeira: a batch', () => {
  test('is listed with its moment and count, its rows can be ticked and restored in part, and the rest restored as a batch', async () => {
    const tag = uniqueTag('Lote');
    const ids = await seed(
      { nome: `${tag} Um` },
      { nome: `${tag} Dois` },
      { nome: `${tag} Tres` },
      { nome: `${tag} Fora` },
    );
    const page = await panel();
    await searchBox(page).fill(tag);
    await expect.poll(listedNames(page), slow).toHaveLength(4);
    await trashSelected(page, [`${tag} Um`, `${tag} Dois`, `${tag} Tres`]);
    await page
      .getByRole('dialog', { name: 'Mover para a lixeira' })
      .getByRole('button', { name: 'Mover para lixeira' })
      .click();
    await expect.poll(() => trashed(ids), slow).toEqual([true, true, true, false]);
    const stored = await Promise.all(ids.slice(0, 3).map(storedLead));
    const batch = stored[0]?.trash_batch as string;
    expect(typeof batch).toBe('string');
    expect(stored.map((lead) => lead?.trash_batch)).toEqual([batch, batch, batch]);
    // Another lead trashed on its own is no part of it.
    await page.getByRole('button', { name: `Mover ${tag} Fora para lixeira` }).click();
    await expect.poll(() => trashed(ids), slow).toEqual([true, true, true, true]);

    await page.getByRole('tab', { name: /^Lixeira/ }).click();
    const moment = batchMoment((stored[0]!.deleted_at as { toDate: () => Date }).toDate());
    const choice = page.getByRole('combobox', { name: 'Lote', exact: true });
    await expect
      .poll(
        async () => (await choice.locator('option').allTextContents()).includes(`${moment} (3)`),
        slow,
      )
      .toBe(true);
    await choice.selectOption({ label: `${moment} (3)` });
    await expect
      .poll(() => page.locator('tbody tr').allTextContents(), slow)
      .toEqual([
        expect.stringContaining(tag),
        expect.stringContaining(tag),
        expect.stringContaining(tag),
      ]);
    expect((await page.locator('tbody tr').allTextContents()).join()).not.toContain(`${tag} Fora`);

    // Tick the whole batch (its ids are read first), untick one, and restore the others.
    await page.getByRole('button', { name: 'Marcar o lote' }).click();
    await page.getByRole('region', { name: '3 selecionados' }).waitFor({ timeout: slow.timeout });
    for (const name of ['Um', 'Dois', 'Tres']) {
      expect(
        await page.getByRole('checkbox', { name: `Selecionar ${tag} ${name}` }).isChecked(),
      ).toBe(true);
    }
    await page.getByRole('checkbox', { name: `Selecionar ${tag} Dois` }).uncheck();
    await page.getByRole('button', { name: 'Restaurar selecionados (2)' }).click();
    await expect.poll(() => trashed(ids), slow).toEqual([false, true, false, true]);
    await expect.poll(toast(page, 'Leads restaurados'), slow).toBe(true);

    const rest = page.getByRole('button', { name: `Restaurar o lote de ${moment} (1)` });
    await rest.waitFor({ timeout: slow.timeout });
    await rest.click();
    await expect.poll(() => trashed(ids), slow).toEqual([false, false, false, true]);
    const back = await storedLead(ids[1]!);
    expect(back?.trash_batch ?? null).toBeNull();
  });
});
