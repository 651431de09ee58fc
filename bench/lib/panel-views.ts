/**
 * The Leads tab's other views at scale: the board (`/admin?vista=quadro`) and 'Para hoje'
 * (`/admin?vista=hoje`), each opened in a new page at every CPU rate, timed as the list is: open ->
 * first card in the DOM, and interactive (the first card's menu button, 'Mover' or 'Adiar', clicked
 * with real input events as the card appears, until its menu shows), with the reads it took.
 * Numbers only, never pass/fail.
 */
import type { BrowserContext } from 'playwright-core';
import { clickAndAwaitAnswer, firstCheckbox, firstSeen, statsOf } from './panel-page.ts';
import { report } from './report.ts';

export const panelViews = [
  { view: 'quadro', name: 'board' },
  { view: 'hoje', name: "'Para hoje'" },
] as const;

export interface ViewPoint {
  name: string;
  throttle: number;
  firstCard: number;
  interactive: number;
  reads: number;
}

async function openView(
  context: BrowserContext,
  webUrl: string,
  view: string,
  throttle: number,
): Promise<Omit<ViewPoint, 'name' | 'throttle'>> {
  const page = await context.newPage();
  try {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: throttle });
    const t0 = Date.now();
    await page.goto(`${webUrl}/admin?vista=${view}`);
    const control = firstCheckbox(page);
    const seen = await firstSeen(page, 'rows');
    const answered = await clickAndAwaitAnswer(page, cdp, await control, 20_000);
    if (Number.isNaN(answered)) throw new Error(`the first card of ?vista=${view} did not answer`);
    const stats = await statsOf(page);
    return {
      firstCard: seen - t0,
      interactive: answered - t0,
      reads: stats.listenDocs + stats.aggregationReads,
    };
  } finally {
    await page.close();
  }
}

/** Opens each view at each rate; prints the table and reports each point to `npm run bench`. */
export async function measureViews(
  context: BrowserContext,
  webUrl: string,
  active: number,
  throttles: readonly number[],
  step: (what: string) => void,
): Promise<ViewPoint[]> {
  const points: ViewPoint[] = [];
  for (const { view, name } of panelViews) {
    for (const throttle of throttles) {
      step(`opening the ${name}: ${active} active, CPU ${throttle}x`);
      points.push({ name, throttle, ...(await openView(context, webUrl, view, throttle)) });
    }
  }
  const ms = (n: number) => `${n.toFixed(0)} ms`;
  console.log(`\nThe Leads tab's other views at ${active} active leads (open -> ...):`);
  console.log('  view          CPU  first card  interactive (first menu opened)  reads');
  for (const p of points) {
    console.log(
      `  ${p.name.padEnd(12)}  ${p.throttle}x   ${ms(p.firstCard).padStart(8)}  ${ms(p.interactive).padStart(11)}                    ${p.reads}`,
    );
    const at = `${active.toLocaleString('en')} active, ${p.throttle}x CPU`;
    const goal = active <= 20_000 ? { op: '<' as const, value: 1500 } : undefined;
    report({
      section: 'panel',
      measure: `${p.name}: open -> first card (${at})`,
      value: p.firstCard,
      unit: 'ms',
    });
    report({
      section: 'panel',
      measure: `${p.name}: open -> interactive, first menu opened (${at})`,
      value: p.interactive,
      unit: 'ms',
      goal,
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
