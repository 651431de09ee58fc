// What must stay on screen, in Chromium: at 1280 px a row's trash button inside the list's area
// (the table once was 1226 px wide in a 1199 px area, the button cut off), and at 360 px each
// colleague's 'Remover' in Configurações → Equipe (the table pushed it off the screen).
import type { Locator, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { mobile } from './public-support';
import { createAdmin, slow } from './support/admin';
import { row, searchBox, uniqueTag } from './support/leads';
import { usePanelHarness } from './support/panel-harness';

const { panel, seed } = usePanelHarness('caber');

/** The box of `locator`, and the box it must stay inside (the viewport, or its own container). */
async function inside(locator: Locator, container: Locator | null, page: Page) {
  const box = (await locator.boundingBox())!;
  const area = container
    ? (await container.boundingBox())!
    : { x: 0, y: 0, width: page.viewportSize()!.width, height: page.viewportSize()!.height };
  return {
    left: box.x >= area.x - 0.5,
    right: box.x + box.width <= area.x + area.width + 0.5,
    inViewport: box.x >= 0 && box.x + box.width <= page.viewportSize()!.width + 0.5,
  };
}

const whole = { left: true, right: true, inViewport: true };

describe('fits the screen', () => {
  test("at 1280 px a row's trash button is inside the list's area, with long values in every column", async () => {
    const tag = uniqueTag('Largura');
    await seed({
      nome: `${tag} Maria Aparecida dos Santos Conceição`,
      whatsapp: '(79) 98888-1111',
      vaga: '[Conecta] Coordenador de Call Center',
      cidade: 'Região Metropolitana - Nossa Senhora do Socorro',
      idade: 45,
      tempo_experiencia: 'Mais de 10 anos',
      status: 'descartado',
    });
    const page = await panel({ viewport: { width: 1280, height: 800 } });
    await searchBox(page).fill(tag);
    const theRow = row(page, tag);
    await expect.poll(() => theRow.count(), slow).toBe(1);
    const trash = theRow.getByRole('button', { name: /^Mover .* para lixeira$/ });
    const area = page.locator('table', { has: theRow }).locator('xpath=..');
    expect(await inside(trash, area, page)).toEqual(whole);
    // Nothing to scroll sideways to reach it.
    expect(await area.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
  });

  test("at 360 px each colleague's 'Remover' in Equipe is on screen", async () => {
    const colleague = await createAdmin('caber-colega-com-um-endereco-comprido');
    const page = await panel({ viewport: mobile });
    await page.getByRole('tab', { name: 'Configurações' }).click();
    const team = page.getByRole('region', { name: 'Equipe' });
    const remove = team.getByRole('button', { name: `Remover ${colleague.email}` });
    await remove.waitFor({ timeout: slow.timeout });
    // Where a person sees it, without scrolling anything sideways.
    expect(await inside(remove, null, page)).toEqual(whole);
  });
});
