/**
 * The list and the board filtered by status and job only (no search, no period), the filters the
 * functions' counters per job and status answer: each opened in a new page at every CPU rate,
 * timed from navigation until its counts are on screen (the pager's total; the four columns'
 * counts), as firebase-admin counts them, and the reads it took by then. Numbers only.
 */
import type { Firestore } from 'firebase-admin/firestore';
import type { BrowserContext, Page } from 'playwright-core';
import { formatCount } from '../../web/src/domain/format.ts';
import { statsOf } from './panel-page.ts';
import { report } from './report.ts';

/** A job of the root form, which every bench lead applies to. */
export const filteredJob = 'Aux Serraria';
const job = encodeURIComponent(filteredJob);
export const filteredViews = [
  { name: 'list status+job', path: `/admin?status=separado&vaga=${job}` },
  { name: 'board job', path: `/admin?vista=quadro&vaga=${job}` },
] as const;

const columns = [
  ['novo', 'Novo'],
  ['principal', 'Principal'],
  ['separado', 'Separado'],
  ['descartado', 'Descartado'],
] as const;

export interface FilteredPoint {
  name: string;
  throttle: number;
  counted: number;
  reads: number;
  listen: number;
  aggregation: number;
}

async function activeOf(db: Firestore, status: string): Promise<number> {
  const query = db
    .collection('leads')
    .where('deleted_at', '==', null)
    .where('vaga', '==', filteredJob)
    .where('status', '==', status);
  return (await query.count().get()).data().count;
}

/** What the view's counts must say, as the leads give them: the pager's total, or each column's. */
async function expectedTexts(name: string, db: Firestore): Promise<(string | RegExp)[]> {
  if (name.startsWith('list')) {
    const total = formatCount(await activeOf(db, 'separado'));
    return [new RegExp(`de ${total.replaceAll('.', '\\.')}$`)];
  }
  return Promise.all(
    columns.map(async ([status, label]) => `${label} (${formatCount(await activeOf(db, status))})`),
  );
}

/** Resolves once the page shows each of `texts`. */
async function countsShown(page: Page, texts: (string | RegExp)[]): Promise<void> {
  for (const text of texts) {
    const exact = typeof text === 'string' ? { exact: true } : {};
    await page.getByText(text, exact).first().waitFor({ timeout: 120_000 });
  }
}

export async function measureFiltered(
  context: BrowserContext,
  webUrl: string,
  db: Firestore,
  throttles: readonly number[],
  step: (what: string) => void,
): Promise<FilteredPoint[]> {
  const points: FilteredPoint[] = [];
  for (const { name, path } of filteredViews) {
    for (const throttle of throttles) {
      step(`opening ${path}: CPU ${throttle}x`);
      // Counted before the open: the wait below is the page's alone.
      const texts = await expectedTexts(name, db);
      const page = await context.newPage();
      try {
        const cdp = await context.newCDPSession(page);
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: throttle });
        const t0 = Date.now();
        await page.goto(`${webUrl}${path}`);
        await countsShown(page, texts);
        const counted = Date.now() - t0;
        const stats = await statsOf(page);
        points.push({
          name,
          throttle,
          counted,
          reads: stats.listenDocs + stats.aggregationReads,
          listen: stats.listenDocs,
          aggregation: stats.aggregationReads,
        });
      } finally {
        await page.close();
      }
    }
  }
  console.log(`\nFiltered by status and job only ('${filteredJob}'), open -> counts shown:`);
  console.log('  view              CPU  counts shown  reads (listener + count)');
  for (const p of points) {
    console.log(
      `  ${p.name.padEnd(16)}  ${p.throttle}x  ${`${p.counted} ms`.padStart(12)}  ${p.reads} (${p.listen} + ${p.aggregation})`,
    );
    const at = `${p.throttle}x CPU`;
    report({
      section: 'panel',
      measure: `${p.name}: open -> counts shown (${at})`,
      value: p.counted,
      unit: 'ms',
    });
    report({
      section: 'panel',
      measure: `${p.name}: reads to open (${at})`,
      value: p.reads,
      unit: 'reads',
    });
  }
  return points;
}
