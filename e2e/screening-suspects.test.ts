// Doubtful applications set aside, in Chromium against the local suite: an application whose
// honeypot was filled (what a form-filling script does; no person sees the field) is stored in
// 'Suspeitos', not in the list nor its counters; one click releases it into the list, where it is
// counted; ticked suspects go to the trash with one click. Every decision is on the timeline.
import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import { routes } from '../web/src/config/routes';
import { fillApplication, logBrowserErrors, waitForApp } from './public-support';
import { slow } from './support/admin';
import { counter, row, searchBox, toast, uniqueTag } from './support/leads';
import { usePanelHarness } from './support/panel-harness';
import { adminFirestore, useLocalSuite } from './support/suite';

const suite = useLocalSuite();
const harness = usePanelHarness('suspeitos');
let script: BrowserContext;

beforeAll(async () => {
  script = await harness.visitor({ viewport: { width: 1280, height: 800 }, locale: 'pt-BR' });
});

/** A WhatsApp number no other test uses. */
const newPhone = () => {
  const digits = String(Math.floor(Math.random() * 1e8)).padStart(8, '0');
  return `(79) 9${digits.slice(0, 4)}-${digits.slice(4)}`;
};

/**
 * Fills the root form as a form-filling script does, the honeypot included (off screen, so
 * forced), and sends it; the page says it was sent, as to anyone.
 */
async function applyAsScript(nome: string): Promise<string> {
  const page = await script.newPage();
  logBrowserErrors(page);
  await page.goto(`${suite.webUrl}${routes.root}`);
  await waitForApp(page);
  const whatsapp = newPhone();
  await fillApplication(page, 'root', { nome, whatsapp });
  await page.locator('input[name="website"]').fill('http://promo.example', { force: true });
  await page.getByRole('button', { name: 'Enviar Candidatura' }).click();
  await page.getByText('Candidatura enviada com sucesso! 🎉').waitFor();
  await page.close();
  const stored = await adminFirestore().collection('leads').where('nome', '==', nome).get();
  const ids = stored.docs.map((d) => d.id);
  harness.track(ids);
  expect(ids).toHaveLength(1);
  return ids[0]!;
}

const total = async (page: Page) =>
  Number((await counter(page, 'Total de Leads')())?.replace(/\D/g, ''));
const suspects = (page: Page) => page.getByRole('dialog', { name: 'Suspeitos' });
const entryKinds = async (id: string) =>
  (await adminFirestore().collection(`leads/${id}/timeline`).orderBy('at').get()).docs.map((d) =>
    d.get('kind'),
  );

describe('a honeypot filled', () => {
  test('lands in Suspeitos, not counted; released with one click, it is in the list and counted', async () => {
    const page = await harness.panel();
    await expect.poll(() => total(page), slow).toBeGreaterThanOrEqual(0);
    const before = await total(page);

    const nome = uniqueTag('Robo');
    const id = await applyAsScript(nome);
    const stored = (await adminFirestore().doc(`leads/${id}`).get()).data();
    expect(stored).toMatchObject({ status: 'suspeito', honeypot: 'http://promo.example' });
    expect(stored?.fill_seconds).toBeTypeOf('number');

    // Set aside: the panel says so, and the list and its counter leave it out.
    await page.getByRole('button', { name: 'Ver suspeitos' }).waitFor({ timeout: slow.timeout });
    await expect.poll(() => entryKinds(id), slow).toEqual(['held']);
    await searchBox(page).fill(nome);
    await page.getByText('Nenhum lead encontrado').or(row(page, nome)).first().waitFor();
    expect(await row(page, nome).count()).toBe(0);
    expect(await total(page)).toBe(before);

    await page.getByRole('button', { name: 'Ver suspeitos' }).click();
    const held = suspects(page).locator('tr', { hasText: nome });
    await held.waitFor();
    expect(await held.textContent()).toContain('campo oculto preenchido');

    // One click: released into the list, and counted.
    await held.getByRole('button', { name: `Liberar ${nome}` }).click();
    await expect.poll(toast(page, 'Lead liberado'), slow).toBe(true);
    await expect.poll(() => held.count(), slow).toBe(0);
    await suspects(page).getByRole('button', { name: 'Fechar' }).click();
    await row(page, nome).waitFor({ timeout: slow.timeout });
    await searchBox(page).fill('');
    await expect.poll(() => total(page), slow).toBe(before + 1);
    expect((await adminFirestore().doc(`leads/${id}`).get()).get('status')).toBe('novo');
    await expect.poll(() => entryKinds(id), slow).toEqual(['held', 'released']);

    // Its record tells both decisions, the release by this admin.
    await searchBox(page).fill(nome);
    await row(page, nome).getByRole('link', { name: nome, exact: true }).click();
    const history = page
      .getByRole('dialog', { name: 'Ficha do candidato' })
      .getByRole('list', { name: 'Histórico' })
      .getByRole('listitem');
    await expect.poll(() => history.count(), slow).toBe(3);
    const texts = await history.allTextContents();
    expect(texts[0]).toMatch(/^Liberado dos Suspeitospor suspeitos-/);
    // Filled by a script's speed, the form may also have been filled too fast: a second reason.
    expect(texts[1]).toMatch(
      /^Posto em Suspeitos: campo oculto preenchido(, preenchida em menos de 3 s)?pelo sistema/,
    );
  });

  test('ticked suspects go to the trash with one click', async () => {
    const page = await harness.panel();
    const tag = uniqueTag('Lote');
    const ids = [await applyAsScript(`${tag} A`), await applyAsScript(`${tag} B`)];
    await page.getByRole('button', { name: 'Ver suspeitos' }).waitFor({ timeout: slow.timeout });
    await page.getByRole('button', { name: 'Ver suspeitos' }).click();
    for (const suffix of ['A', 'B']) {
      const held = suspects(page).locator('tr', { hasText: `${tag} ${suffix}` });
      await held.waitFor({ timeout: slow.timeout });
      await held.getByRole('checkbox').check();
    }
    await suspects(page)
      .getByRole('button', { name: 'Mover selecionados para a lixeira (2)' })
      .click();
    await expect.poll(toast(page, 'Leads movidos para a lixeira'), slow).toBe(true);
    await expect.poll(() => suspects(page).locator('tr', { hasText: tag }).count(), slow).toBe(0);
    for (const id of ids) {
      const lead = await adminFirestore().doc(`leads/${id}`).get();
      expect(lead.get('deleted_at')).not.toBeNull();
      // Still set aside: restored from the Lixeira, it would go back to Suspeitos.
      expect(lead.get('status')).toBe('suspeito');
      await expect.poll(() => entryKinds(id), slow).toEqual(['held', 'trashed']);
    }
  });
});
