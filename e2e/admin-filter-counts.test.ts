// The Leads tab filtered by job and status only, in Chromium against the local suite: the board's
// columns and the list's total are `stats/leads`' counts per job and status (one live document,
// however many leads), the same as the leads counted; a count no aggregation could give (the
// document moved with FieldValue.increment) shows at once; a job the document does not hold is
// counted over the leads, to the same numbers.
import { FieldPath, FieldValue } from 'firebase-admin/firestore';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import { statsCollections } from '@vagas/common';
import { formatCount } from '@/domain/format';
import { routes } from '../web/src/config/routes';
import { createAdmin, slow, type AdminAccount } from './support/admin';
import { uniqueTag } from './support/leads';
import { usePanelHarness } from './support/panel-harness';
import { adminFirestore, useLocalSuite } from './support/suite';

const suite = useLocalSuite();
const harness = usePanelHarness('filtro-harness');
let boss: AdminAccount;

beforeAll(async () => {
  boss = await createAdmin('filtro');
});

const job = 'Aux Serraria';
const columns = [
  ['Novo', 'novo'],
  ['Principal', 'principal'],
  ['Separado', 'separado'],
  ['Descartado', 'descartado'],
] as const;
type Column = (typeof columns)[number][0];

const db = () => adminFirestore(suite);
const stats = () => db().collection(statsCollections.stats).doc(statsCollections.leadsStats);
const jobPath = (...rest: string[]) => new FieldPath('active_by_vaga', job, ...rest);

/** The job's active leads in `status`, counted over the leads. */
async function counted(status: string): Promise<number> {
  const query = db()
    .collection('leads')
    .where('deleted_at', '==', null)
    .where('vaga', '==', job)
    .where('status', '==', status);
  return (await query.count().get()).data().count;
}

/** The job's active leads in `status`, as `stats/leads` holds them. */
async function inDocument(status: string): Promise<number> {
  return ((await stats().get()).get(jobPath(status)) as number | undefined) ?? 0;
}

/** The board's column heading of `label`, e.g. 'Principal (3)'. */
const heading = (page: Page, label: Column) => () =>
  page
    .locator('section[data-status]')
    .getByRole('heading', { name: new RegExp(`^${label}( \\(|$)`) })
    .textContent();

/** Waits until each column of the board says the leads' count of its status plus `more`. */
async function columnsCount(page: Page, more: Partial<Record<Column, number>> = {}) {
  for (const [label, status] of columns) {
    const expected = `${label} (${formatCount((await counted(status)) + (more[label] ?? 0))})`;
    await expect.poll(heading(page, label), slow).toBe(expected);
  }
}

const boardUrl = `${routes.admin}?vista=quadro&vaga=${encodeURIComponent(job)}`;

describe("the Leads tab filtered by job and status: the functions' counts", () => {
  test('the board and the list show stats/leads per job and status, live, as the leads count', async () => {
    const tag = uniqueTag('Filtro');
    await harness.seed(
      { nome: `${tag} Ana`, status: 'novo', vaga: job },
      { nome: `${tag} Bia`, status: 'principal', vaga: job },
      { nome: `${tag} Caio`, status: 'principal', vaga: job, trashedMinutesAgo: 1 },
    );
    // The trigger has counted them: the document says what the leads say.
    for (const [, status] of columns) {
      await expect
        .poll(async () => (await inDocument(status)) - (await counted(status)), slow)
        .toBe(0);
    }
    const page = await harness.panel({ account: boss });
    await page.goto(`${suite.webUrl}${boardUrl}`);
    await columnsCount(page);

    // A count no aggregation could give: the board, then the list by job and status, show the
    // document's as it changes.
    await stats().update(jobPath('principal'), FieldValue.increment(1000));
    try {
      await columnsCount(page, { Principal: 1000 });
      const principal = formatCount((await counted('principal')) + 1000);
      await page.goto(
        `${suite.webUrl}${routes.admin}?status=principal&vaga=${encodeURIComponent(job)}`,
      );
      // The pager: '1–N de {total}', N the rows on the page (the real ones).
      const total = new RegExp(`^1–\\d+ de ${principal.replaceAll('.', '\\.')}$`);
      await page.getByText(total).waitFor(slow);
    } finally {
      await stats().update(jobPath('principal'), FieldValue.increment(-1000));
    }
  });

  test('a job the document does not hold is counted over the leads: the same numbers', async () => {
    const held = (await stats().get()).get(jobPath()) as Record<string, number>;
    await stats().update(jobPath(), FieldValue.delete());
    try {
      const page = await harness.panel({ account: boss });
      await page.goto(`${suite.webUrl}${boardUrl}`);
      await columnsCount(page);
    } finally {
      await stats().update(jobPath(), held);
    }
  });
});
