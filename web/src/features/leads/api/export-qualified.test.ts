import { describe, expect, it } from 'vitest';
import type { Lead } from '@/domain/lead';
import { columnLabel, exportColumns, exportText } from '@/domain/lead-columns';
import { aLead } from '@/domain/testing/lead-samples';
import { qualifiedCsv, viewCsv, xlsxOf } from './export-qualified';

/** The header line: the exported columns (lead.ts leadFields; their labels: lead.test.ts). */
const header = exportColumns.map(columnLabel).join(';');
/** `lead`'s data line: the cells named, the other columns as the export writes its values. */
const line = (lead: Lead, cells: Record<string, string>) =>
  exportColumns.map((name) => cells[columnLabel(name)] ?? exportText(lead, name)).join(';');

const base = aLead({
  id: 'x',
  nome: 'Fulano',
  status: 'principal',
  created_at: new Date(2026, 10, 23, 8, 30),
});

describe('qualifiedCsv', () => {
  it('writes a BOM, ; separators, CRLF rows, and only the principal leads', async () => {
    const principal = { ...base, idade: 30, tempo_experiencia: '1 a 2 anos' };
    const csv = await qualifiedCsv([
      principal,
      { ...base, id: 'y', nome: 'Outro', status: 'novo' },
    ]);
    expect(csv.startsWith('\uFEFF')).toBe(true);
    expect(csv.slice(1).split('\r\n')).toEqual([
      header,
      line(principal, {
        Nome: 'Fulano',
        WhatsApp: base.whatsapp,
        Vaga: base.vaga,
        Cidade: base.cidade,
        Idade: '30',
        Experiência: '1 a 2 anos',
        Status: 'Principal',
        Data: '23/11/2026 08:30',
      }),
      '',
    ]);
  });

  it('quotes separators, quotes and line breaks (RFC 4180)', async () => {
    const csv = await qualifiedCsv([{ ...base, nome: 'Silva; "Zé"\nJr, filho' }]);
    expect(csv).toContain(`\r\n"Silva; ""Zé""\nJr, filho";${base.whatsapp};`);
  });

  it('neutralises cells that a spreadsheet would run as formulas', async () => {
    const cases: [string, string][] = [
      ['=HYPERLINK("x")', `"'=HYPERLINK(""x"")"`],
      ['+1', `"'+1"`],
      ['-2', `"'-2"`],
      ['@SUM(A1)', `"'@SUM(A1)"`],
      ['\tx', `"'\tx"`],
      ['\rx', `"'\rx"`],
      ['=1\n2', `"'=1\n2"`],
    ];
    for (const [nome, cell] of cases) {
      const csv = await qualifiedCsv([{ ...base, nome }]);
      expect(csv.slice(1).split('\r\n')[0]).toBe(header);
      expect(csv).toContain(`\r\n${cell};${base.whatsapp};`);
    }
    // An ordinary name is left as it is.
    expect(await qualifiedCsv([{ ...base, nome: 'Ana-Maria' }])).toContain('\r\nAna-Maria;');
  });
});

describe('viewCsv (Exportar lista)', () => {
  it('takes every lead given, with origin, medium and campaign after the list columns', async () => {
    const fromAd: Lead = {
      ...base,
      status: 'novo',
      source: { utm_source: 'facebook', utm_campaign: '=junho', fbclid: true },
    };
    const other: Lead = { ...base, id: 'y', nome: 'Outro', status: 'descartado' };
    const csv = await viewCsv([fromAd, other]);
    const { whatsapp: WhatsApp, vaga: Vaga, cidade: Cidade } = base;
    const listed = { WhatsApp, Vaga, Cidade, Data: '23/11/2026 08:30' };
    expect(csv.slice(1).split('\r\n')).toEqual([
      `${header};Origem (utm_source);Mídia (utm_medium);Campanha (utm_campaign)`,
      `${line(fromAd, { Nome: 'Fulano', ...listed, Status: 'Novo' })};facebook;;"'=junho"`,
      `${line(other, { Nome: 'Outro', ...listed, Status: 'Descartado' })};;;`,
      '',
    ]);
  });
});

describe('the exports carry who is responsible and the last contact', () => {
  it('Responsável and Último contato, as the list writes them', async () => {
    const csv = await viewCsv([
      {
        ...base,
        assigned_to: 'rh@vagas.test',
        last_contacted_at: new Date(2026, 10, 24, 16, 45),
      },
    ]);
    const [head, row] = csv.slice(1).split('\r\n');
    const cells = Object.fromEntries(
      head!.split(';').map((column, i) => [column, row!.split(';')[i]]),
    );
    expect(cells).toMatchObject({
      Status: 'Principal',
      'Último contato': '24/11/2026 16:45',
      Responsável: 'rh@vagas.test',
    });
  });
});

describe('xlsxOf (the Excel file)', () => {
  it('writes a workbook whose sheet holds the rows, numbers as numbers', async () => {
    const { unzipSync, strFromU8 } = await import('fflate');
    const blob = await xlsxOf(
      [
        ['Nome', 'Idade'],
        ['=Ana', 30],
      ],
      'Lista',
    );
    const files = unzipSync(new Uint8Array(await blob.arrayBuffer()));
    const text = (name: string) => strFromU8(files[name]!);
    expect(text('xl/workbook.xml')).toContain('name="Lista"');
    const sheet = text('xl/worksheets/sheet1.xml');
    const strings = Object.keys(files).includes('xl/sharedStrings.xml')
      ? text('xl/sharedStrings.xml')
      : sheet;
    for (const value of ['Nome', 'Idade', '=Ana']) expect(strings).toContain(`>${value}<`);
    // A text that looks like a formula is a text; the age is a number cell.
    expect(sheet).not.toContain('<f>');
    expect(sheet).toMatch(/<c r="B2"[^>]*><v>30<\/v><\/c>/);
  });
});
