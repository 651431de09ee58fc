/**
 * The console's fixture buttons, query box and subcollections in Chromium: export, clear, import
 * gives identical documents (firebase-admin, field by field); a query narrows the list.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { launchChromium } from './browser/browser-harness.js';
import { expectSameDocs, writeTypedDocs } from './console/typed-docs.js';
import { adminClient, startTestEmulator, type TestEmulator } from './support/emulator.js';

const PROJECT = 'demo-console-fixtures';
let browser: Browser;
let emu: TestEmulator;
let reference: TestEmulator;
let admin: ReturnType<typeof adminClient>;
let refAdmin: ReturnType<typeof adminClient>;
let page: Page;
const dir = mkdtempSync(path.join(tmpdir(), 'console-fixture-'));

beforeAll(async () => {
  [browser, emu, reference] = await Promise.all([
    launchChromium(),
    startTestEmulator({ projectId: PROJECT }),
    startTestEmulator({ projectId: PROJECT }),
  ]);
  admin = adminClient(emu, PROJECT);
  refAdmin = adminClient(reference, PROJECT);
  const context = await browser.newContext({ acceptDownloads: true });
  page = await context.newPage();
}, 120_000);

afterAll(async () => {
  await admin?.close();
  await refAdmin?.close();
  await browser?.close();
  await emu?.stop();
  await reference?.stop();
  rmSync(dir, { recursive: true, force: true });
});

async function open(): Promise<void> {
  await page.goto(`http://${emu.hostAndPort}/console`);
  await page.getByText('Live').waitFor();
}

it('exports a fixture, clears all data, imports it back: identical documents', async () => {
  const paths = await writeTypedDocs(admin.db);
  await writeTypedDocs(refAdmin.db);
  await open();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Export fixture' }).click(),
  ]);
  const file = path.join(dir, 'fixture.json');
  await download.saveAs(file);

  await page.getByRole('button', { name: 'Clear all data' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Clear all data' }).click();
  await page.getByText('No collections.').waitFor();
  expect((await admin.db.doc('campaigns/busy').get()).exists).toBe(false);

  const [chooser] = await Promise.all([
    page.waitForEvent('filechooser'),
    page.getByRole('button', { name: 'Import fixture' }).click(),
  ]);
  await chooser.setFiles(file);
  await page.getByRole('status').getByText('Imported 3 documents from fixture.json.').waitFor();
  await expectSameDocs(refAdmin.db, admin.db, paths);
  await page.getByRole('button', { name: 'campaigns 2 documents' }).click();
  await page
    .getByRole('navigation', { name: 'Documents' })
    .getByRole('button', { name: 'busy' })
    .click();
  // Every type, as QA reads it: nested members under their field, timestamps to the microsecond.
  const row = (field: string) =>
    page.getByRole('table', { name: 'Fields', exact: true }).locator(`tr[data-field="${field}"]`);
  await expect.poll(() => row('at').innerText()).toContain('2026-01-01T00:00:00.123456Z');
  expect(await row('deep.level1.level2.at').innerText()).toMatch(
    /timestamp[\s\S]*1970-01-01T00:00:01\.000001Z/i,
  );
  expect(await row('where').innerText()).toMatch(/geopoint\s+-11\.5631, -39\.2811/i);
  expect(await row('ref').innerText()).toMatch(/reference\s+\/campaigns\/empty/i);
  expect(await row('raw').innerText()).toMatch(/bytes\s+AAECAwQF/i);
  expect(await row('tags').innerText()).toMatch(/array\s+\[5 items\]/i);
  expect(await row('tags[2]').innerText()).toMatch(/double\s+2\.5/i);
  expect(await row('tags[4].nested').innerText()).toMatch(/boolean\s+true/i);
  expect(await row('nothing').innerText()).toMatch(/null\s+null/i);
  expect(await row('count').innerText()).toMatch(/integer\s+20000/i);
});

it('opens a subcollection from a document and runs a query on a collection', async () => {
  await admin.db.doc('campaigns/busy/leads/00002').set({ nome: 'Bia', idade: 30 });
  await admin.db.doc('campaigns/busy/leads/00003').set({ nome: 'Caio', idade: 19 });
  await open();
  await page.getByRole('button', { name: /^campaigns/ }).click();
  await page
    .getByRole('navigation', { name: 'Documents' })
    .getByRole('button', { name: 'busy' })
    .click();
  await page
    .getByRole('navigation', { name: 'Subcollections' })
    .getByRole('button', { name: /^leads/ })
    .click();
  const docs = page.getByRole('navigation', { name: 'Documents' });
  await docs.getByRole('button', { name: '00003' }).waitFor();
  await expect.poll(() => docs.getByRole('button').count()).toBe(3);

  await page.getByRole('button', { name: 'Query' }).click();
  await page.getByRole('button', { name: 'Add filter' }).click();
  await page.getByLabel('Filter 1 field').fill('idade');
  await page.getByRole('combobox', { name: 'Filter 1 operator' }).click();
  await page.getByRole('option', { name: '>=', exact: true }).click();
  await page.getByRole('combobox', { name: 'Filter 1 type' }).click();
  await page.getByRole('option', { name: 'integer' }).click();
  await page.getByLabel('Filter 1 value').fill('20');
  await page.getByRole('button', { name: 'Run query' }).click();
  const results = page.getByRole('navigation', { name: 'Query results' });
  await results.getByRole('button', { name: '00002' }).waitFor();
  expect(await results.getByRole('button').allInnerTexts()).toEqual(['00002']);
  // Live: a new matching document joins the results.
  await admin.db.doc('campaigns/busy/leads/00004').set({ nome: 'Davi', idade: 40 });
  await results.getByRole('button', { name: '00004' }).waitFor();
  await page.getByRole('button', { name: 'Show all documents' }).click();
  await docs.getByRole('button', { name: '00001' }).waitFor();
});
