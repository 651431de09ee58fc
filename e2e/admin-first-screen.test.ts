// The panel's first screen at 1280 x 800 holds still: the first lead's checkbox shows on it as the
// first rows appear, and it is where it was once everything that arrives after them is there (the
// counters, 'Lixeira (N)', 'Suspeitos (N)'): the admin's first click, aimed as the
// rows appeared, lands on it. Seeded with leads whose next steps are due (the 'Próximo passo'
// column, the admin's reminders) and a lead the screening set aside.
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { slow } from './support/admin';
import { uniqueTag } from './support/leads';
import { usePanelHarness } from './support/panel-harness';
import { useLocalSuite } from './support/suite';

const suite = useLocalSuite();
const { panel, seed, account } = usePanelHarness('primeira-tela');
const hour = 3_600_000;

type Box = { x: number; y: number; width: number; height: number };

/** Records, in every page the context opens, where the first row's checkbox is as it appears. */
function recordFirstCheckbox() {
  const w = window as unknown as { __firstCheckbox: Promise<Box> };
  w.__firstCheckbox = new Promise((resolve) => {
    const observer = new MutationObserver(() => {
      const box = document.querySelector('tbody tr input[type="checkbox"]');
      if (!box) return;
      observer.disconnect();
      const { x, y, width, height } = box.getBoundingClientRect();
      resolve({ x, y, width, height });
    });
    observer.observe(document, { childList: true, subtree: true });
  });
}

const firstCheckbox = (page: Page) =>
  page.locator('tbody tr').first().getByRole('checkbox').boundingBox();

describe('the panel first screen', () => {
  test('the first lead shows on a 1280 x 800 screen and does not move while the rest arrives', async () => {
    const tag = uniqueTag('Tela');
    const now = Date.now();
    const me = account().email.toLowerCase();
    // More than a page of leads with next steps (late, and later today), the admin's, and one
    // lead set aside by the screening ('Suspeitos (N)' arrives after the rows).
    await seed(
      ...Array.from({ length: 30 }, (_, i) => ({
        nome: `${tag} Passo ${i}`,
        assigned_to: me,
        next_step: {
          kind: i % 2 === 0 ? 'entrevista' : 'retornar',
          due_at: new Date(now + (i % 3 === 0 ? -2 * hour : 2 * hour)),
        },
      })),
      { nome: `${tag} Retido`, status: 'suspeito' },
    );
    // Signed in once; the measured open is a new page of the same profile.
    const signedIn = await panel({ viewport: { width: 1280, height: 800 } });
    const context = signedIn.context();
    await context.addInitScript(recordFirstCheckbox);
    const page = await context.newPage();
    await page.goto(`${suite.webUrl}/admin`);
    const atFirstRows = await page.evaluate(
      () => (window as unknown as { __firstCheckbox: Promise<Box> }).__firstCheckbox,
    );

    // Everything that arrives after the first rows.
    await page
      .getByRole('group', { name: 'Total de Leads' })
      .getByText(/^\d/)
      .waitFor({ timeout: slow.timeout });
    await page.getByRole('tab', { name: /^Lixeira \(\d/ }).waitFor({ timeout: slow.timeout });
    // At least the one seeded here (another file's may still be held).
    await page.getByText(/^Suspeitos \(\d/).waitFor({ timeout: slow.timeout });

    // On the first screen as it appeared, whole.
    expect(atFirstRows.y).toBeGreaterThanOrEqual(0);
    expect(atFirstRows.y + atFirstRows.height).toBeLessThanOrEqual(800);
    // And where it was.
    const settled = await firstCheckbox(page);
    expect(settled).not.toBeNull();
    expect({ x: Math.round(settled!.x), y: Math.round(settled!.y) }).toEqual({
      x: Math.round(atFirstRows.x),
      y: Math.round(atFirstRows.y),
    });
    // A click there ticks the first lead.
    await page.mouse.click(
      atFirstRows.x + atFirstRows.width / 2,
      atFirstRows.y + atFirstRows.height / 2,
    );
    await expect
      .poll(() => page.locator('tbody tr').first().getByRole('checkbox').isChecked(), slow)
      .toBe(true);
  });
});
