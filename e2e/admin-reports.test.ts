// The Relatórios tab in Chromium against the local suite: leads seeded over several days
// of March 2025 (a period no other browser test writes to), with jobs, localities, statuses and
// sources, and every chart's numbers compared with counts made independently through firebase-admin.
import { Timestamp } from 'firebase-admin/firestore';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import appConfig from '../web/src/config/app-config.json';
import { snapshotSettings } from './public-support';
import {
  createAdmin,
  newAdminContext,
  openPanel,
  warmAdminFunctions,
  type AdminAccount,
} from './support/admin';
import { exampleApplication, seriousAxeViolationsIn } from './support/leads';
import { adminFirestore, closeAdmin, launchChromium, useLocalSuite } from './support/suite';

const suite = useLocalSuite();
const employer = appConfig.callCenterEmployer.name;
let browser: Browser;
let admin: AdminAccount;
const contexts: BrowserContext[] = [];
let restoreSettings: () => Promise<void> = async () => {};
const db = () => adminFirestore(suite);
const seededIds: string[] = [];

/** Bahia time (the admin context's time zone): UTC-3, no daylight saving. */
const bahia = (day: number, hour: number) =>
  new Date(`2025-03-${String(day).padStart(2, '0')}T${String(hour).padStart(2, '0')}:00:00-03:00`);
const periodStart = bahia(3, 0);
const periodEnd = bahia(8, 0); // 3..7 March included

interface Seed {
  day: number;
  hour: number;
  vaga: string;
  cidade: string;
  status: string;
  callCenter?: boolean;
  source?: Record<string, unknown>;
  trashed?: boolean;
}

const seeds: Seed[] = [
  ...Array.from({ length: 4 }, (_, i) => ({
    day: 3,
    hour: 8 + i,
    vaga: 'Aux Serraria',
    cidade: 'Joazeiro',
    status: 'novo',
    source: { utm_source: 'facebook', utm_campaign: 'serraria-marco', fbclid: true },
  })),
  { day: 3, hour: 0, vaga: 'Aux Eletricista', cidade: 'Salgadália', status: 'principal' },
  {
    day: 4,
    hour: 23,
    vaga: 'Aux Eletricista',
    cidade: 'Bandiaçu',
    status: 'separado',
    trashed: true,
  },
  ...Array.from({ length: 3 }, (_, i) => ({
    day: 5,
    hour: 9 + i,
    vaga: `[${employer}] Operador de Call Center`,
    cidade: 'Aracaju - Centro',
    status: 'novo',
    callCenter: true,
    source: { utm_source: 'instagram', utm_medium: 'stories', fbclid: false },
  })),
  {
    day: 6,
    hour: 14,
    vaga: `[${employer}] Consultor de Vendas`,
    cidade: 'Região Metropolitana - São Cristóvão',
    status: 'descartado',
    callCenter: true,
    source: { fbclid: true },
  },
  { day: 7, hour: 23, vaga: 'Sem Experiencia', cidade: 'São João', status: 'novo' },
  // Outside the period: the day before and the day after.
  { day: 2, hour: 23, vaga: 'Aux Serraria', cidade: 'Joazeiro', status: 'novo' },
  { day: 8, hour: 0, vaga: 'Aux Serraria', cidade: 'Joazeiro', status: 'novo' },
];

beforeAll(async () => {
  restoreSettings = await snapshotSettings(suite);
  const batch = db().batch();
  seeds.forEach((seed, i) => {
    const ref = db().collection('leads').doc(`relatorio-e2e-${i}`);
    seededIds.push(ref.id);
    batch.set(ref, {
      ...exampleApplication(seed.callCenter ? 'callCenter' : 'root'),
      nome: `Relatório E2E ${i}`,
      vaga: seed.vaga,
      cidade: seed.cidade,
      ...(seed.source ? { source: seed.source } : {}),
      status: seed.status,
      created_at: Timestamp.fromDate(bahia(seed.day, seed.hour)),
      deleted_at: seed.trashed ? Timestamp.fromDate(bahia(9, 10)) : null,
    });
  });
  await batch.commit();
  await db().doc('settings/redirect').set({
    whatsapp_link: 'https://wa.me/5579999999999',
    redirect_time: 5,
    redirect_count: 9,
    updated_at: Timestamp.now(),
  });
  admin = await createAdmin('reports');
  browser = await launchChromium();
  await warmAdminFunctions();
});

afterAll(async () => {
  await Promise.all(contexts.map((context) => context.close()));
  await browser?.close();
  await Promise.all(seededIds.map((id) => db().collection('leads').doc(id).delete()));
  await restoreSettings();
  await closeAdmin();
});

/** The numbers table of the chart titled `title`: label -> value. */
async function chartNumbers(page: Page, title: string): Promise<Record<string, number>> {
  const rows = await page
    .getByRole('region', { name: title, exact: true })
    .locator('tbody tr')
    .evaluateAll((trs) =>
      trs.map((tr) => [tr.children[0].textContent ?? '', tr.children[1].textContent ?? '']),
    );
  return Object.fromEntries(
    rows
      .map(([label, value]) => [label, Number(value.replace(/\./g, ''))] as const)
      .filter(([, value]) => value > 0),
  );
}

/** What firebase-admin finds in the period, counted by `key` (zeros left out). */
async function independentCounts(): Promise<{
  total: number;
  by: (key: (data: FirebaseFirestore.DocumentData) => string) => Record<string, number>;
}> {
  const snapshot = await db()
    .collection('leads')
    .where('created_at', '>=', Timestamp.fromDate(periodStart))
    .where('created_at', '<', Timestamp.fromDate(periodEnd))
    .get();
  const docs = snapshot.docs.map((d) => d.data());
  return {
    total: docs.length,
    by: (key) => {
      const counts: Record<string, number> = {};
      for (const data of docs) counts[key(data)] = (counts[key(data)] ?? 0) + 1;
      return counts;
    },
  };
}

/** Picks 3..7 March 2025 in the Período field (calendar: decade, year, month levels). */
async function choosePeriod(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Período' }).click();
  const level = page.locator('.mantine-DatePickerInput-calendarHeaderLevel');
  await level.click(); // months of the year
  await level.click(); // years of the decade
  await page.locator('.mantine-DatePickerInput-yearsListControl', { hasText: '2025' }).click();
  await page.locator('.mantine-DatePickerInput-monthsListControl', { hasText: /^mar/ }).click();
  const day = (n: number) =>
    page.locator('.mantine-DatePickerInput-day:not([data-outside])', {
      hasText: new RegExp(`^${n}$`),
    });
  await day(3).click();
  await day(7).click();
}

/** A fresh admin session (its own browser profile) on the Relatórios tab. */
async function openReports(): Promise<Page> {
  const context = await newAdminContext(browser, { width: 1280, height: 900 });
  contexts.push(context);
  const page = await openPanel(context, admin);
  await page.getByRole('tab', { name: 'Relatórios' }).click();
  await page.getByText('Candidaturas no período').waitFor();
  return page;
}

describe('Relatórios', () => {
  test('every chart of a chosen period matches an independent count, and the redirect figures', async () => {
    const page = await openReports();
    await choosePeriod(page);
    await page.getByRole('region', { name: 'Por vaga' }).waitFor();
    // The chosen period's report has replaced the default one (last 30 days).
    await expect
      .poll(async () => Object.keys(await chartNumbers(page, 'Candidaturas por dia')))
      .toContain('03/03');

    const expected = await independentCounts();
    // Sanity: the seeded leads are there (other leads in the period, if any, are counted too).
    expect(expected.total).toBeGreaterThanOrEqual(11);
    const dayOf = (data: FirebaseFirestore.DocumentData) => {
      const local = new Date((data.created_at as Timestamp).toMillis() - 3 * 3600_000);
      return `${String(local.getUTCDate()).padStart(2, '0')}/${String(local.getUTCMonth() + 1).padStart(2, '0')}`;
    };
    expect(await chartNumbers(page, 'Candidaturas por dia')).toEqual(expected.by(dayOf));
    expect(await chartNumbers(page, 'Por vaga')).toEqual(expected.by((d) => d.vaga as string));
    expect(await chartNumbers(page, 'Por localidade')).toEqual(
      expected.by((d) => d.cidade as string),
    );
    const statusLabel: Record<string, string> = {
      novo: 'Novo',
      principal: 'Principal',
      separado: 'Separado',
      descartado: 'Descartado',
    };
    expect(await chartNumbers(page, 'Por status')).toEqual(
      expected.by((d) => statusLabel[d.status as string]),
    );
    expect(await chartNumbers(page, 'Por página')).toEqual(
      expected.by((d) =>
        'idade' in d
          ? `Call center (/${appConfig.callCenterEmployer.slug})`
          : 'Página principal (/)',
      ),
    );
    expect(await chartNumbers(page, 'Por origem (utm_source)')).toEqual(
      expected.by((d) => {
        const source = d.source as { utm_source?: string; fbclid?: boolean } | undefined;
        if (!source) return 'Sem origem';
        return (
          source.utm_source ??
          (source.fbclid ? 'Meta (fbclid, sem utm_source)' : '(sem utm_source)')
        );
      }),
    );
    const campaigns = expected.by(
      (d) => (d.source as { utm_campaign?: string } | undefined)?.utm_campaign ?? '',
    );
    delete campaigns[''];
    expect(await chartNumbers(page, 'Por campanha (utm_campaign)')).toEqual(campaigns);
    expect(await page.getByText('Candidaturas no período').locator('..').textContent()).toContain(
      String(expected.total),
    );

    // Redirects: the counter and redirects per call-center application (all time).
    const callCenterAllTime = (
      await db()
        .collection('leads')
        .where('vaga', '>=', `[${employer}] `)
        .where('vaga', '<', `[${employer}]~`)
        .count()
        .get()
    ).data().count;
    const ratio = (9 / callCenterAllTime).toLocaleString('pt-BR', { maximumFractionDigits: 2 });
    const redirects = page
      .getByText('Redirecionamentos por candidatura de call center')
      .locator('..');
    // The redirect counter is read on its own (settings/redirect): wait for it, too.
    await expect.poll(() => redirects.textContent()).toContain(ratio);
    await expect
      .poll(() => page.getByText('Total de Redirecionamentos').locator('..').textContent())
      .toContain('9');
    // Count axes tick whole numbers in pt-BR (a handful of leads drew '0.5' and '1.5'). Recharts 3
    // draws an axis' tick labels in a layer of their own at the end of the chart's SVG (its z-index
    // layers), not inside the axis' '.recharts-yAxis' group: '.recharts-yAxis-tick-labels' holds them.
    const ticks = async (chart: string, axis: 'x' | 'y') =>
      page
        .getByRole('region', { name: chart })
        .locator(`.recharts-${axis}Axis-tick-labels .recharts-cartesian-axis-tick-value`)
        .allTextContents();
    for (const [chart, axis] of [
      ['Candidaturas por dia', 'y'],
      ['Por vaga', 'x'],
      ['Por origem (utm_source)', 'x'],
    ] as const) {
      // Drawn once the chart has measured its box.
      await expect.poll(async () => (await ticks(chart, axis)).length).toBeGreaterThan(1);
      const shown = await ticks(chart, axis);
      for (const tick of shown) expect(tick, chart).toMatch(/^\d{1,3}(\.\d{3})*$/);
    }
    // The donuts have a legend: each status with applications in the period, by its name.
    for (const label of Object.keys(expected.by((d) => statusLabel[d.status as string]))) {
      await page
        .getByRole('region', { name: 'Por status' })
        .locator('.recharts-legend-wrapper')
        .getByText(label, { exact: true })
        .waitFor();
    }
    // What a report costs in reads is for the bench (bench/reports.ts), not for the recruiter.
    expect(await page.getByText(/leituras/).count()).toBe(0);
    // The numbers open as text.
    const perDay = page.getByRole('region', { name: 'Candidaturas por dia' });
    await perDay.getByText('Ver números').click();
    await perDay.getByRole('cell', { name: '5' }).first().waitFor();
    expect(await seriousAxeViolationsIn(page, ['[role="tabpanel"]'])).toEqual([]);
  });

  test('a period without applications shows the empty state in every chart', async () => {
    const page = await openReports();
    // 10..11 February 2025.
    await page.getByRole('button', { name: 'Período' }).click();
    const level = page.locator('.mantine-DatePickerInput-calendarHeaderLevel');
    await level.click();
    await level.click();
    await page.locator('.mantine-DatePickerInput-yearsListControl', { hasText: '2025' }).click();
    await page.locator('.mantine-DatePickerInput-monthsListControl', { hasText: /^fev/ }).click();
    const day = (n: number) =>
      page.locator('.mantine-DatePickerInput-day:not([data-outside])', {
        hasText: new RegExp(`^${n}$`),
      });
    await day(10).click();
    await day(11).click();
    // No browser test writes leads in February 2025.
    await expect.poll(() => page.getByText('Nenhuma candidatura no período.').count()).toBe(6);
    await page.getByText('Nenhuma candidatura com campanha no período.').waitFor();
    expect(await page.getByText('Candidaturas no período').locator('..').textContent()).toContain(
      '0',
    );
  });
});
