// The list's exports in Chromium: an .xlsx beside the CSV (its code downloaded only when asked
// for, never with the panel), with the Responsável and Último contato columns and the statuses
// written as the list shows them, in both formats.
import { readFile } from 'node:fs/promises';
import { Timestamp } from 'firebase-admin/firestore';
import type { Page } from 'playwright-core';
import { readSheet } from 'read-excel-file/node';
import { describe, expect, test } from 'vitest';
import { slow } from './support/admin';
import { listedNames, searchBox, seededFields, uniqueTag } from './support/leads';
import { usePanelHarness } from './support/panel-harness';
import { adminFirestore } from './support/suite';
import { qualifiedExportHeader } from '../web/src/domain/lead-export';

const { panel, seed } = usePanelHarness('exportar');

/** The exports' columns, as the lead table gives them (domain/lead.test.ts pins their names). */
const header = qualifiedExportHeader;

/** A row's cells by column label. */
const byLabel = (cells: readonly unknown[]): Record<string, unknown> =>
  Object.fromEntries(header.map((label, i) => [label, cells[i]]));

/** Seeds two leads (one principal, contacted and assigned) and lists them in a new panel. */
async function listed(tag: string): Promise<{ page: Page; scripts: string[] }> {
  const [principal] = await seed(
    { nome: `${tag} Ana`, status: 'principal', ageMinutes: 1 },
    { nome: `${tag} Bia`, status: 'separado', ageMinutes: 2 },
  );
  await adminFirestore()
    .doc(`leads/${principal}`)
    .update({
      assigned_to: 'responsavel@vagas.test',
      last_contacted_at: Timestamp.fromDate(new Date('2026-03-04T15:20:00Z')),
    });
  const scripts: string[] = [];
  const page = await panel();
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') scripts.push(response.url());
  });
  await searchBox(page).fill(tag);
  await expect.poll(listedNames(page), slow).toEqual([`${tag} Ana`, `${tag} Bia`]);
  return { page, scripts };
}

async function download(page: Page, button: string) {
  const [file] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: button }).click(),
  ]);
  return { name: file.suggestedFilename(), path: (await file.path())! };
}

describe('exports', () => {
  test('the CSV has the Responsável and Último contato columns and the statuses as the list shows them', async () => {
    const tag = uniqueTag('ColCsv');
    const { page } = await listed(tag);
    const file = await download(page, 'Exportar lista');
    expect(file.name).toBe('leads_lista.csv');
    const lines = (await readFile(file.path, 'utf8')).slice(1).split('\r\n');
    expect(lines[0]!.split(';').slice(0, header.length)).toEqual(header);
    const ana = byLabel(lines.find((line) => line.startsWith(`${tag} Ana`))!.split(';'));
    const bia = byLabel(lines.find((line) => line.startsWith(`${tag} Bia`))!.split(';'));
    expect(ana['Status']).toBe('Principal');
    expect(ana['Último contato']).toBe('04/03/2026 12:20');
    expect(ana['Responsável']).toBe('responsavel@vagas.test');
    expect([bia['Status'], bia['Último contato'], bia['Responsável']]).toEqual([
      'Separado',
      '',
      '',
    ]);
  });

  test('an .xlsx of the list and of the qualified leads, its code fetched only when asked for', async () => {
    const tag = uniqueTag('Xlsx');
    const { page, scripts } = await listed(tag);
    await page.getByLabel('Formato do arquivo').selectOption('xlsx');
    const sourcesBefore = await Promise.all(scripts.map(async (url) => (await fetch(url)).text()));
    // The panel's open did not fetch the spreadsheet writer.
    expect(sourcesBefore.some((source) => source.includes('xl/workbook.xml'))).toBe(false);

    const list = await download(page, 'Exportar lista');
    expect(list.name).toBe('leads_lista.xlsx');
    const rows = await readSheet(list.path);
    expect(rows[0]!.slice(0, header.length)).toEqual(header);
    const ana = byLabel(rows.find((cells) => cells[0] === `${tag} Ana`)!);
    expect([ana['Nome'], ana['WhatsApp'], ana['Vaga'], ana['Cidade']]).toEqual([
      `${tag} Ana`,
      seededFields.whatsapp,
      seededFields.vaga,
      seededFields.cidade,
    ]);
    expect(ana['Status']).toBe('Principal');
    expect(ana['Último contato']).toBe('04/03/2026 12:20');
    expect(ana['Responsável']).toBe('responsavel@vagas.test');
    expect(rows.filter((cells) => String(cells[0]).startsWith(tag))).toHaveLength(2);
    expect(scripts.length).toBeGreaterThan(sourcesBefore.length);

    const qualified = await download(page, 'Exportar Qualificados');
    expect(qualified.name).toBe('leads_qualificados.xlsx');
    const qualifiedRows = await readSheet(qualified.path);
    expect(qualifiedRows.map((cells) => cells[0])).toEqual(['Nome', `${tag} Ana`]);
  });
});
