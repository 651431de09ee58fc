/**
 * The console in Chromium against an emulator running the app's firestore.rules: a lead written
 * as the public page writes it, live updates, editing seen through firebase-admin, a denied write
 * with its failing condition in Requests, clearing all data.
 */
import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { launchChromium } from './browser/browser-harness.js';
import { doc, getDoc } from 'firebase/firestore/lite';
import { openLeadVacancies, visitor, writeLead } from './console/app-lead.js';
import { adminClient, startTestEmulator, type TestEmulator } from './support/emulator.js';

const PROJECT = 'demo-console';
const APP_RULES = readFileSync(new URL('../../firestore.rules', import.meta.url), 'utf8');

let browser: Browser;
let emu: TestEmulator;
let admin: ReturnType<typeof adminClient>;
let app: ReturnType<typeof visitor>;
const pages: Page[] = [];

beforeAll(async () => {
  [browser, emu] = await Promise.all([
    launchChromium(),
    startTestEmulator({ rules: APP_RULES, projectId: PROJECT }),
  ]);
  admin = adminClient(emu, PROJECT);
  app = visitor(emu.host, emu.port, PROJECT);
}, 120_000);

afterAll(async () => {
  await app?.close();
  await admin?.close();
  await browser?.close();
  await emu?.stop();
});

// The console's data is cleared after each test; the leads' vacancies are opened again before it.
beforeEach(() => openLeadVacancies(emu.hostAndPort, PROJECT));

afterEach(async () => {
  for (const p of pages.splice(0)) await p.context().close();
  await fetch(`http://${emu.hostAndPort}/console/api/data`, { method: 'DELETE' });
  await fetch(`http://${emu.hostAndPort}/console/api/requests`, { method: 'DELETE' });
});

async function openConsole(): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  pages.push(page);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(`http://${emu.hostAndPort}/console`);
  await page.getByText('Live').waitFor();
  expect(errors).toEqual([]);
  return page;
}

function fieldRow(page: Page, name: string) {
  return page
    .getByRole('table', { name: 'Fields', exact: true })
    .locator(`tr[data-field="${name}"]`);
}

describe('console data view', () => {
  it('browses to a lead the public page wrote: collection count, typed fields, timestamp in ISO', async () => {
    await writeLead(app.db, 'lead-1', 'Maria da Silva');
    const page = await openConsole();
    await page.getByRole('button', { name: 'leads 1 document' }).click();
    await page
      .getByRole('navigation', { name: 'Documents' })
      .getByRole('button', { name: 'lead-1' })
      .click();
    await expect
      .poll(() => fieldRow(page, 'nome').innerText())
      .toMatch(/nome\s+string\s+Maria da Silva/i);
    await expect
      .poll(() => fieldRow(page, 'status').innerText())
      .toMatch(/status\s+string\s+novo/i);
    await expect
      .poll(() => fieldRow(page, 'deleted_at').innerText())
      .toMatch(/deleted_at\s+null\s+null/i);
    const stored = (await admin.db.doc('leads/lead-1').get()).get('created_at') as {
      toDate(): Date;
    };
    const iso = stored.toDate().toISOString().slice(0, 19);
    await expect.poll(() => fieldRow(page, 'created_at').innerText()).toMatch(/timestamp/i);
    expect(await fieldRow(page, 'created_at').innerText()).toContain(iso);
  });

  it('shows a lead submitted while the collection is open, without a reload', async () => {
    await writeLead(app.db, 'lead-a', 'Ana');
    const page = await openConsole();
    await page.getByRole('button', { name: 'leads 1 document' }).click();
    const list = page.getByRole('navigation', { name: 'Documents' });
    await list.getByRole('button', { name: 'lead-a' }).waitFor();
    await writeLead(app.db, 'lead-b', 'Bruno');
    await list.getByRole('button', { name: 'lead-b' }).waitFor();
    await page.getByRole('button', { name: 'leads 2 documents' }).waitFor();
  });

  it('edits a field with its type; firebase-admin reads the new value and the other types unchanged', async () => {
    await writeLead(app.db, 'lead-e', 'Carla');
    const page = await openConsole();
    await page.getByRole('button', { name: /^leads/ }).click();
    await page
      .getByRole('navigation', { name: 'Documents' })
      .getByRole('button', { name: 'lead-e' })
      .click();
    await page.getByRole('button', { name: 'Edit document' }).click();
    await page.getByLabel('Value of status').fill('contratado');
    // The new field comes after the lead's own (however many the app's lead has).
    const existing = await page.getByLabel(/^Name of field \d+$/).count();
    await page.getByRole('button', { name: 'Add field' }).click();
    await page.getByLabel(`Name of field ${existing + 1}`).fill('score');
    await page.getByRole('combobox', { name: 'Type of score' }).click();
    await page.getByRole('option', { name: 'integer' }).click();
    await page.getByLabel('Value of score').fill('42');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => fieldRow(page, 'status').innerText()).toMatch(/contratado/);
    const snap = await admin.db.doc('leads/lead-e').get();
    expect(snap.get('status')).toBe('contratado');
    expect(snap.get('score')).toBe(42);
    expect(snap.get('nome')).toBe('Carla');
    expect(snap.get('deleted_at')).toBeNull();
    expect(snap.get('created_at').constructor.name).toBe('Timestamp');
  });

  it('adds a document with typed fields, refusing a value that does not fit its type', async () => {
    await admin.db.doc('vagas/v0').set({ titulo: 'Serraria' });
    const page = await openConsole();
    await page.getByRole('button', { name: 'vagas 1 document' }).click();
    await page.getByRole('button', { name: 'Add document' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Document id').fill('v9');
    await dialog.getByLabel('Name of field 1').fill('abre_em');
    await dialog.getByRole('combobox', { name: 'Type of abre_em' }).click();
    await page.getByRole('option', { name: 'timestamp' }).click();
    await dialog.getByLabel('Value of abre_em').fill('2026-05-01T12:00:00.654321Z');
    await dialog.getByRole('button', { name: 'Add field' }).click();
    await dialog.getByLabel('Name of field 2').fill('vagas');
    await dialog.getByRole('combobox', { name: 'Type of vagas' }).click();
    await page.getByRole('option', { name: 'integer' }).click();
    await dialog.getByLabel('Value of vagas').fill('3.5');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByRole('alert').getByText('vagas: an integer is digits only.').waitFor();
    await dialog.getByLabel('Value of vagas').fill('3');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('button', { name: 'vagas 2 documents' }).waitFor();
    await expect
      .poll(() => fieldRow(page, 'abre_em').innerText())
      .toContain('2026-05-01T12:00:00.654321Z');
    const snap = await admin.db.doc('vagas/v9').get();
    expect(snap.get('vagas')).toBe(3);
    expect(snap.get('abre_em').toDate().toISOString()).toBe('2026-05-01T12:00:00.654Z');
    expect(snap.get('abre_em').nanoseconds).toBe(654_321_000);
  });

  it('deletes a document and a collection, and clears all data', async () => {
    await admin.db.doc('vagas/v1').set({ titulo: 'Eletricista' });
    await admin.db.doc('vagas/v2').set({ titulo: 'Serraria' });
    await admin.db.doc('config/site').set({ nome: 'Vagas' });
    const page = await openConsole();
    await page.getByRole('button', { name: 'vagas 2 documents' }).click();
    await page
      .getByRole('navigation', { name: 'Documents' })
      .getByRole('button', { name: 'v1' })
      .click();
    await page.getByRole('button', { name: 'Delete document' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete document' }).click();
    await page.getByRole('button', { name: 'vagas 1 document' }).waitFor();
    expect((await admin.db.doc('vagas/v1').get()).exists).toBe(false);
    await page.getByRole('button', { name: 'Delete collection' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete collection' }).click();
    await page.getByRole('button', { name: /^vagas/ }).waitFor({ state: 'detached' });
    expect((await admin.db.collection('vagas').get()).size).toBe(0);
    await page.getByRole('button', { name: 'Clear all data' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Clear all data' }).click();
    await page.getByRole('status').getByText('All data cleared.').waitFor();
    await page.getByText('No collections.').waitFor();
    expect((await admin.db.collection('config').get()).size).toBe(0);
  });
});

describe('console requests', () => {
  it('shows a denied write from the app with the failing condition and the value sent', async () => {
    const page = await openConsole();
    await page.getByRole('tab', { name: 'Requests' }).click();
    await expect(writeLead(app.db, 'lead-x', 'Davi', 'principal')).rejects.toMatchObject({
      code: 'permission-denied',
    });
    await page.getByLabel('Only denied').check();
    // Time with hours to milliseconds, method, path, who, outcome.
    const row = page.getByRole('row', {
      name: /^\d\d:\d\d:\d\d\.\d{3} create \/leads\/lead-x anonymous denied/,
    });
    await row.waitFor();
    await row.getByRole('button', { name: 'Rules trace of create /leads/lead-x' }).click();
    const trace = page.getByRole('region', { name: 'Rules trace' });
    await trace.getByText("data.status == 'novo'").waitFor();
    const text = await trace.innerText();
    expect(text).toContain('match /databases/{database}/documents/leads/{leadId}');
    expect(text).toContain('allow create: if isValidLead(request.resource.data)');
    expect(text).toMatch(/data\.status\s*=\s*'principal'/);
    expect(text).toContain('isValidLead() → isValidRootLead() → isValidNewLeadCommon()');
  });

  it('filters by path and by who (custom claims included)', async () => {
    await writeLead(app.db, 'lead-ok', 'Eva');
    await admin.db.doc('config/site').set({ nome: 'Vagas' });
    const qa = visitor(emu.host, emu.port, PROJECT, {
      user_id: 'u-qa',
      email: 'qa@vagas.test',
      admin: true,
    });
    try {
      await getDoc(doc(qa.db, 'leads/lead-ok'));
    } finally {
      await qa.close();
    }
    const page = await openConsole();
    await page.getByRole('tab', { name: 'Requests' }).click();
    const table = page.getByRole('table', { name: 'Requests' });
    await table
      .getByRole('row', { name: /create.*\/leads\/lead-ok.*anonymous.*allowed/ })
      .waitFor();
    await page.getByLabel('Who contains').fill('owner');
    await table.getByRole('row', { name: /\/config\/site.*owner/ }).waitFor();
    await expect.poll(() => table.getByRole('row', { name: /lead-ok/ }).count()).toBe(0);
    await page.getByLabel('Who contains').fill('admin');
    await table
      .getByRole('row', {
        name: /get \/leads\/lead-ok qa@vagas\.test · uid u-qa · claims: admin allowed/,
      })
      .waitFor();
    await expect.poll(() => table.getByRole('row', { name: /owner|anonymous/ }).count()).toBe(0);
    await page.getByLabel('Who contains').fill('');
    await page.getByLabel('Path contains').fill('leads/');
    await expect.poll(() => table.getByRole('row', { name: /config\/site/ }).count()).toBe(0);
    // The visitor's create and the admin user's get.
    await expect.poll(() => table.getByRole('row', { name: /lead-ok/ }).count()).toBe(2);
  });
});
