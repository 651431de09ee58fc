/**
 * Relatórios in Chromium, its CPU slowed (CDP throttling: 4 is roughly a mid-range phone): signs
 * an admin in on the production build, opens the tab (the last 30 days), then picks the bench's
 * period in the 'Período' calendar and times, from the click on its last day, until the report
 * of that period is on screen (its total shown, the loader gone). Reads are counted on the wire
 * (lib/panel-page.ts: documents of the Listen channel and billed count reads).
 */
import type { Auth } from 'firebase-admin/auth';
import type { Firestore } from 'firebase-admin/firestore';
import { chromium, type Page } from 'playwright-core';
import { grantAdmin } from '../../scripts/lib/admin-allowlist.mjs';
import { chromiumArgs, chromiumPath } from '../../scripts/lib/chromium.mjs';
import type { LocalSuite } from '../../scripts/lib/local-suite.mjs';
import { instrumentContext, signInOnLoginPage, statsOf } from './panel-page.ts';

const monthNames = [
  'jan',
  'fev',
  'mar',
  'abr',
  'mai',
  'jun',
  'jul',
  'ago',
  'set',
  'out',
  'nov',
  'dez',
];

/** Clicks day `dayKey` ('YYYY-MM-DD') in the open calendar: decade, year and month levels. */
async function clickDay(page: Page, dayKey: string) {
  const [year, month, day] = dayKey.split('-').map(Number) as [number, number, number];
  const level = page.locator('.mantine-DatePickerInput-calendarHeaderLevel');
  await level.click(); // months of the year
  await level.click(); // years of the decade
  await page.locator('.mantine-DatePickerInput-yearsListControl', { hasText: `${year}` }).click();
  await page
    .locator('.mantine-DatePickerInput-monthsListControl', {
      hasText: new RegExp(`^${monthNames[month - 1]}`),
    })
    .click();
  const cell = page.locator('.mantine-DatePickerInput-day:not([data-outside])', {
    hasText: new RegExp(`^${day}$`),
  });
  await cell.click();
}

export interface BrowserReport {
  throttle: number;
  /** Tab clicked -> the default period's report shown (ms). */
  openMs: number;
  /** The period's last day clicked -> its report shown (ms). */
  periodMs: number;
  /** Documents and billed count reads of the period's report alone. */
  periodReads: number;
}

export async function reportsInBrowser(options: {
  suite: LocalSuite;
  db: Firestore;
  auth: Auth;
  throttles: readonly number[];
  firstDay: string;
  lastDay: string;
  /** The period's total as the tab writes it ('100.000'). */
  total: string;
  step: (what: string) => void;
}): Promise<BrowserReport[]> {
  const { suite, db, auth, step } = options;
  const account = { email: `bench-reports-${Date.now()}@vagas.test`, password: 'senha-bench' };
  await auth.createUser({ ...account, emailVerified: true });
  await grantAdmin(
    { db, auth, target: { projectId: suite.projectId, emulators: true }, close: async () => {} },
    account.email,
  );
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  const results: BrowserReport[] = [];
  try {
    const context = await browser.newContext({
      viewport: { width: 1280, height: 900 },
      locale: 'pt-BR',
      timezoneId: 'America/Bahia',
    });
    const login = await context.newPage();
    await signInOnLoginPage(login, suite.webUrl, account);
    await login.getByRole('button', { name: 'Sair' }).waitFor({ timeout: 120_000 });
    // Once unmeasured: the emulator builds the indexes a query first needs.
    await login.getByRole('tab', { name: 'Relatórios' }).click();
    await login.getByText('Candidaturas no período').waitFor({ timeout: 300_000 });
    await login.close();
    await instrumentContext(context);
    for (const throttle of options.throttles) {
      step(`Relatórios at ${throttle}x CPU`);
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await page.goto(`${suite.webUrl}/admin`);
      await page.getByRole('button', { name: 'Sair' }).waitFor({ timeout: 120_000 });
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: throttle });
      const loader = page.getByLabel('Carregando relatórios');
      const t0 = Date.now();
      await page.getByRole('tab', { name: 'Relatórios' }).click();
      await page.getByText('Candidaturas no período').waitFor({ timeout: 300_000 });
      const openMs = Date.now() - t0;
      await page.getByRole('button', { name: 'Período' }).click();
      await clickDay(page, options.firstDay);
      const before = await statsOf(page);
      await clickDay(page, options.lastDay);
      const t1 = Date.now();
      await page.keyboard.press('Escape');
      await page.getByText(options.total, { exact: true }).first().waitFor({ timeout: 300_000 });
      await loader.waitFor({ state: 'detached', timeout: 300_000 });
      const periodMs = Date.now() - t1;
      const after = await statsOf(page);
      results.push({
        throttle,
        openMs,
        periodMs,
        periodReads:
          after.listenDocs - before.listenDocs + (after.aggregationReads - before.aggregationReads),
      });
      await page.close();
    }
  } finally {
    await browser.close();
  }
  return results;
}
