/**
 * The abuse benchmark's rapid device: one browser (one profile, so one device for whatever the
 * page uses to tell devices apart) firing the real root form as fast as a script can, each time
 * with a new name ('Aparelho N') and a new WhatsApp number, never waiting for a person's pace.
 * Whatever the page does with it (App Check, a per-device limit, the outbox, the screening's
 * signals) happens, since it is the production build of the page itself.
 */
import type { Browser, Page } from 'playwright-core';
import { routes } from '../../web/src/config/routes.ts';

export interface DeviceRun {
  /** Submits pressed. */
  fired: number;
  /** What the page said after each: 'stored' (success toast), 'waiting' (kept on the device), or another text. */
  outcomes: Record<string, number>;
  seconds: number;
}

const stored = 'Candidatura enviada com sucesso! 🎉';
const waiting = 'Candidatura guardada neste aparelho';

/** The input labelled `label` (Mantine adds ' *' to a required field's label). */
const field = (page: Page, label: string) =>
  page.locator('input').and(page.getByLabel(new RegExp(`^${label}( \\*)?$`)));

/** Picks `option` in the Mantine select labelled `label` (a click, then the option). */
async function choose(page: Page, label: string, option: string): Promise<void> {
  await field(page, label).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** Fills and sends application `n`; what the page said. */
async function fireOnce(page: Page, n: number): Promise<string> {
  const digits = String(20_000_000 + n * 104_729).slice(-8);
  await field(page, 'Nome Completo').fill(`Aparelho ${n}`);
  await field(page, 'WhatsApp').fill(`739${digits}`);
  await choose(page, 'Vaga', 'Aux Serraria');
  await choose(page, 'Cidade', 'Joazeiro');
  await page.getByRole('button', { name: 'Enviar Candidatura' }).click();
  return outcomeOf(page);
}

/** What the page says once a submit has ended: its toast, or the button back. */
async function outcomeOf(page: Page): Promise<string> {
  const toast = page.locator('.mantine-Notification-title').first();
  await page
    .getByRole('button', { name: 'Enviar Candidatura' })
    .and(page.locator(':enabled'))
    .waitFor({ timeout: 60_000 });
  const shown = (await toast.isVisible()) ? ((await toast.textContent()) ?? '') : '';
  if (shown.startsWith(stored)) return 'stored';
  if (await page.getByText(waiting).isVisible()) return 'waiting';
  return shown || 'no answer shown';
}

/** Fires the form `count` times from one page; names are `Aparelho {n}`. */
export async function fireForm(
  browser: Browser,
  webUrl: string,
  count: number,
): Promise<DeviceRun> {
  const context = await browser.newContext({
    locale: 'pt-BR',
    viewport: { width: 1280, height: 800 },
  });
  const page = await context.newPage();
  page.setDefaultTimeout(60_000);
  await page.goto(`${webUrl}${routes.root}`);
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  const outcomes: Record<string, number> = {};
  const started = performance.now();
  try {
    for (let n = 0; n < count; n++) {
      // A step the page did not take (a toast over a field): noted, and on with the next.
      const outcome = await fireOnce(page, n).catch(
        (error: Error) => `failed: ${error.message.split('\n')[0]}`,
      );
      outcomes[outcome] = (outcomes[outcome] ?? 0) + 1;
      await page.keyboard.press('Escape');
    }
  } finally {
    await context.close();
  }
  return { fired: count, outcomes, seconds: (performance.now() - started) / 1000 };
}
