// The panel's layout in Chromium at the two widths where it once broke: at 1280 px no badge is cut;
// at 360 px 'Sair' is whole, the tabs keep one line, and the first lead shows on the first screen.
import type { Locator, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { horizontalOverflow, mobile } from './public-support';
import { slow } from './support/admin';
import { row, searchBox, uniqueTag } from './support/leads';
import { usePanelHarness } from './support/panel-harness';

const { panel, seed } = usePanelHarness('layout');

/** Whether `locator`'s text is drawn whole (nothing clipped or ellipsed). */
const whole = (locator: Locator) =>
  locator.evaluate((element) => element.scrollWidth <= element.clientWidth);

/** The text drawn (CSS text-transform applied), whether it is whole. */
async function badges(page: Page, text: string) {
  const labels = row(page, text).locator('[data-badge]');
  const out: { text: string; whole: boolean }[] = [];
  for (const label of await labels.all()) {
    out.push({ text: await label.innerText(), whole: await whole(label) });
  }
  return out;
}

describe('panel layout', () => {
  test('at 1280 px the status, Recém-chegado and duplicado badges are never cut', async () => {
    const tag = uniqueTag('Largo');
    const statuses = ['novo', 'principal', 'separado', 'descartado'];
    await seed(
      ...statuses.map((status, i) => ({
        nome: `${tag} ${status} Maria Aparecida dos Santos`,
        status,
        whatsapp: `(79) 9888${i}-1111`,
        vaga: '[Conecta] Coordenador de Call Center',
        cidade: 'Região Metropolitana - Nossa Senhora do Socorro',
      })),
    );
    const page = await panel({ viewport: { width: 1280, height: 800 } });
    // Arrives while the panel is open (Recém-chegado), with a number already listed (duplicado).
    await seed({ nome: `${tag} chegou`, whatsapp: '(79) 98880-1111' });
    await searchBox(page).fill(tag);
    await expect.poll(() => row(page, `${tag} chegou`).count(), slow).toBe(1);
    for (const status of statuses) {
      expect(await badges(page, `${tag} ${status}`)).toContainEqual({
        text: status.toUpperCase(),
        whole: true,
      });
    }
    // Marked new once the screening's verdict is on it (the function stamps every new lead).
    await expect
      .poll(() => badges(page, `${tag} chegou`), slow)
      .toContainEqual({ text: 'RECÉM-CHEGADO', whole: true });
    const arrival = await badges(page, `${tag} chegou`);
    expect(arrival).toContainEqual({ text: 'DUPLICADO', whole: true });
    expect(arrival.every((badge) => badge.whole)).toBe(true);
  });

  test('at 360 px Sair is whole, the tabs keep one line, and the first lead is on the first screen', async () => {
    const tag = uniqueTag('Estreito');
    await seed({ nome: `${tag} Primeira` });
    const page = await panel({ viewport: mobile });
    const signOut = page.getByRole('button', { name: 'Sair' });
    expect(await signOut.innerText()).toBe('Sair');
    expect(await whole(signOut.locator('.mantine-Button-label'))).toBe(true);
    const box = (await signOut.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(mobile.width);

    const tops = (tabs: Locator) =>
      tabs
        .getByRole('tab')
        .evaluateAll((each) => each.map((tab) => Math.round(tab.getBoundingClientRect().top)));
    // The panel's four tabs on one line, and the Leads tab's three views on one line.
    const panelTabs = await tops(page.getByRole('tablist').first());
    expect(panelTabs).toHaveLength(4);
    expect(new Set(panelTabs).size).toBe(1);
    const views = await tops(page.getByRole('tablist', { name: 'Visualização dos leads' }));
    expect(views).toHaveLength(3);
    expect(new Set(views).size).toBe(1);

    // The filters fold under 'Filtros': the first lead card starts on the first screen.
    const filters = page.getByRole('button', { name: /^Filtros/ });
    expect(await filters.getAttribute('aria-expanded')).toBe('false');
    expect(await page.getByLabel('Filtrar por status').isVisible()).toBe(false);
    const first = page.getByRole('article').first();
    await first.waitFor({ timeout: slow.timeout });
    expect((await first.boundingBox())!.y).toBeLessThan(mobile.height);
    expect(await horizontalOverflow(page)).toBe(0);

    // Opened, they work and say how many are on.
    await filters.click();
    await page.getByLabel('Filtrar por status').selectOption('principal');
    await expect.poll(() => filters.textContent(), slow).toBe('Filtros (1)');
    await searchBox(page).fill(tag);
    await expect.poll(() => page.getByText('Nenhum lead encontrado').isVisible(), slow).toBe(true);
  });
});
