// Configurações → 'Recontar contadores' in Chromium against the local suite: a wrong trash count
// in `stats/leads` is corrected by the reconcileLeadStats function, the toast says what changed,
// the tab's 'Lixeira (N)' follows, and a second recount finds nothing to correct.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { statsCollections } from '@vagas/common';
import {
  createAdmin,
  newAdminContext,
  openPanel,
  slow,
  warmAdminFunctions,
  type AdminAccount,
} from './support/admin';
import { toast } from './support/leads';
import { adminFirestore, closeAdmin, launchChromium, useLocalSuite } from './support/suite';

const suite = useLocalSuite();
let browser: Browser;
let admin: AdminAccount;
const contexts: BrowserContext[] = [];
const db = () => adminFirestore(suite);
const statsDoc = () => db().collection(statsCollections.stats).doc(statsCollections.leadsStats);
const pt = (n: number) => n.toLocaleString('pt-BR');

beforeAll(async () => {
  admin = await createAdmin('recount');
  browser = await launchChromium();
  await warmAdminFunctions();
});

afterEach(async () => {
  await Promise.all(contexts.splice(0).map((context) => context.close()));
});

afterAll(async () => {
  await browser?.close();
  await closeAdmin();
});

async function openSettings(): Promise<Page> {
  const context = await newAdminContext(browser);
  contexts.push(context);
  const page = await openPanel(context, admin);
  await page.getByRole('tab', { name: 'Configurações' }).click();
  return page;
}

describe('Recontar contadores', () => {
  test('corrects a wrong trash count, says so, and the tab follows', async () => {
    const trashed = (
      await db().collection('leads').where('deleted_at', '!=', null).count().get()
    ).data().count;
    // Only the functions write the statistics: a wrong number stands for a lost update.
    await statsDoc().set({ trashed: trashed + 5 }, { merge: true });
    const page = await openSettings();
    await page.getByRole('tab', { name: `Lixeira (${pt(trashed + 5)})` }).waitFor(slow);

    await page.getByRole('button', { name: 'Recontar contadores' }).click();
    await expect
      .poll(
        () =>
          page
            .getByText(
              new RegExp(`^Contadores corrigidos: .*Lixeira ${pt(trashed + 5)} → ${pt(trashed)}`),
            )
            .count(),
        slow,
      )
      .toBe(1);
    await page.getByRole('tab', { name: `Lixeira (${pt(trashed)})` }).waitFor(slow);

    await page.getByRole('button', { name: 'Recontar contadores' }).click();
    await expect.poll(toast(page, 'Contadores conferidos: nada a corrigir.'), slow).toBe(true);
  });
});
