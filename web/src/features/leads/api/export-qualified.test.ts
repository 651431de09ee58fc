import { describe, expect, it } from 'vitest';
import type { Lead } from '@/domain/lead';
import { columnLabel, exportColumns } from '@/domain/lead-columns';
import { qualifiedCsv, viewCsv, xlsxOf } from './export-qualified';

/** The header line: the exported columns (lead.ts leadFields; their labels: lead.test.ts). */
const header = exportColumns.map(columnLabel).join(';');
/** A data line by column, the columns not named left empty. */
const line = (cells: Record<string, string>) =>
  exportColumns.map((name) => cells[columnLabel(name)] ?? '').join(';');

const base: Lead = {
  id: 'x',
  nome: 'Fulano',
  whatsapp: '(79) 99999-0000',
  vaga: 'Aux Serraria',
  cidade: 'São João',
  status: 'principal',
  created_at: new Date(2026, 10, 23, 8, 30),
  deleted_at: null,
};

describe('qualifiedCsv', () => {
  it('writes a BOM, ; separators, CRLF rows, and only the principal leads', async () => {
    const csv = await qualifiedCsv([
      { ...base, idade: 30, tempo_experiencia: '1 a 2 anos' },
      { ...base, id: 'y', nome: 'Outro', status: 'novo' },
    ]);
    expect(csv.startsWith('\uFEFF')).toBe(true);
    expect(csv.slice(1).split('\r\n')).toEqual([
      header,
      line({
        Nome: 'Fulano',
        WhatsApp: '(79) 99999-0000',
        Vaga: 'Aux Serraria',
        Cidade: 'São João',
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
    expect(csv).toContain('\r\n"Silva; ""Zé""\nJr, filho";(79)');
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
      expect(csv).toContain(`\r\n${cell};(79) 99999-0000;`);
    }
    // An ordinary name is left as it is.
    expect(await qualifiedCsv([{ ...base, nome: 'Ana-Maria' }])).toContain('\r\nAna-Maria;');
  });
});

describe('viewCsv (Exportar lista)', () => {
  it('takes every lead given, with origin, medium and campaign after the list columns', async () => {
    const csv = await viewCsv([
      {
        ...base,
        status: 'novo',
        source: { utm_source: 'facebook', utm_campaign: '=junho', fbclid: true },
      },
      { ...base, id: 'y', nome: 'Outro', status: 'descartado' },
    ]);
    const list = { WhatsApp: '(79) 99999-0000', Vaga: 'Aux Serraria', Cidade: 'São João' };
    const listed = { ...list, Data: '23/11/2026 08:30' };
    expect(csv.slice(1).split('\r\n')).toEqual([
      `${header};Origem (utm_source);Mídia (utm_medium);Campanha (utm_campaign)`,
      `${line({ Nome: 'Fulano', ...listed, Status: 'Novo' })};facebook;;"'=junho"`,
      `${line({ Nome: 'Outro', ...listed, Status: 'Descartado' })};;;`,
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
