// The console at volume, in Chromium: a collection of 100,000 documents pages 50 at a time (the
// page shows at most 50 rows and answers every Next), the query box filters and sorts it, and a
// document is edited as JSON (firebase-admin reads the change; bad JSON is refused in place).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Engine } from '../src/engine/index.js';
import { writeExport } from '../src/server/managed-export/index.js';
import { launchChromium } from './browser/browser-harness.js';
import { adminClient, startTestEmulator, type TestEmulator } from './support/emulator.js';

const PROJECT = 'demo-console-volume';
const COUNT = 100_000;
const dir = mkdtempSync(path.join(tmpdir(), 'fs-emu-console-volume-'));
const id = (n: number) => `lead-${String(n).padStart(6, '0')}`;

let browser: Browser;
let emu: TestEmulator;
let admin: ReturnType<typeof adminClient>;
let page: Page;

/** 100,000 leads, loaded through a managed export (far quicker than 200 SDK batches). */
async function seed(): Promise<void> {
  const engine = new Engine();
  const db = engine.database({ projectId: PROJECT, databaseId: '(default)' });
  for (let i = 0; i < COUNT; i += 500) {
    const writes = [];
    for (let n = i; n < i + 500; n++) {
      writes.push({
        update: {
          name: `${db.name}/documents/leads/${id(n)}`,
          fields: {
            nome: { stringValue: `Candidato ${n}` },
            idade: { integerValue: String(18 + (n % 50)) },
            status: { stringValue: n % 1000 === 7 ? 'contratado' : 'novo' },
          },
        },
      });
    }
    await engine.commit(
      { projectId: PROJECT, databaseId: '(default)', caller: { kind: 'owner' } },
      db,
      writes,
    );
  }
  await writeExport(db, dir, 'seed');
  engine.close();
}

beforeAll(async () => {
  await seed();
  [browser, emu] = await Promise.all([
    launchChromium(),
    startTestEmulator({ projectId: PROJECT, importDir: path.join(dir, 'seed') }),
  ]);
  admin = adminClient(emu, PROJECT);
  page = await (await browser.newContext()).newPage();
}, 180_000);

/** A fresh console showing the first page of `leads`. */
async function openLeads(): Promise<ReturnType<Page['getByRole']>> {
  await page.goto(`http://${emu.hostAndPort}/console`);
  await page.getByText('Live').waitFor();
  await page.getByRole('button', { name: 'leads 100000 documents' }).click();
  const docs = page.getByRole('navigation', { name: 'Documents' });
  await docs.getByRole('button', { name: id(0), exact: true }).waitFor();
  return docs;
}

afterAll(async () => {
  await admin?.close();
  await browser?.close();
  await emu?.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe('the console at 100,000 documents', () => {
  it('pages through the collection 50 documents at a time', async () => {
    const docs = await openLeads();
    await page.getByText('1–50 of 100,000').waitFor();
    for (let p = 1; p <= 3; p++) {
      await page.getByRole('button', { name: 'Next page' }).click();
      await docs.getByRole('button', { name: id(p * 50), exact: true }).waitFor();
      await page.getByText(`${p * 50 + 1}–${p * 50 + 50} of 100,000`).waitFor();
      expect(await docs.getByRole('button').count()).toBe(50);
    }
    await page.getByRole('button', { name: 'Previous page' }).click();
    await docs.getByRole('button', { name: id(100), exact: true }).waitFor();
  });

  it('filters and sorts with the query box', async () => {
    await openLeads();
    await page.getByRole('button', { name: 'Query' }).click();
    await page.getByRole('button', { name: 'Add filter' }).click();
    await page.getByLabel('Filter 1 field').fill('status');
    await page.getByLabel('Filter 1 value').fill('contratado');
    await page.getByLabel('Order by field').fill('idade');
    await page.getByRole('combobox', { name: 'Direction' }).click();
    await page.getByRole('option', { name: 'desc' }).click();
    await page.getByLabel('Limit').fill('3');
    await page.getByRole('button', { name: 'Run query' }).click();
    const results = page.getByRole('navigation', { name: 'Query results' });
    await expect.poll(() => results.getByRole('button').count()).toBe(3);
    // status == 'contratado' is every 1000th lead from 7; the oldest (idade 18 + n % 50) first.
    const expected = (
      await admin.db
        .collection('leads')
        .where('status', '==', 'contratado')
        .orderBy('idade', 'desc')
        .limit(3)
        .get()
    ).docs.map((d) => d.id);
    expect(await results.getByRole('button').allInnerTexts()).toEqual(expected);
  });

  it('edits a document as JSON; bad JSON is refused and nothing is written', async () => {
    const docs = await openLeads();
    await docs.getByRole('button', { name: id(0), exact: true }).click();
    await page.getByRole('button', { name: 'Edit document' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'JSON' }).click();
    const text = dialog.getByLabel('Document as JSON');
    const json = JSON.parse(await text.inputValue()) as Record<string, unknown>;
    expect(json.nome).toEqual({ stringValue: 'Candidato 0' });
    await text.fill('{"nome": {"stringValue": "sem fim"');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog
      .getByRole('alert')
      .getByText(/Not valid JSON/)
      .waitFor();
    expect((await admin.db.doc(`leads/${id(0)}`).get()).get('nome')).toBe('Candidato 0');
    await text.fill(
      JSON.stringify({
        ...json,
        status: { stringValue: 'entrevista' },
        nota: { doubleValue: 9.5 },
      }),
    );
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    const snap = await admin.db.doc(`leads/${id(0)}`).get();
    expect(snap.data()).toEqual({
      nome: 'Candidato 0',
      idade: 18,
      status: 'entrevista',
      nota: 9.5,
    });
  });
});
