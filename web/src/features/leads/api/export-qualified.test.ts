import { describe, expect, it } from 'vitest';
import type { Lead } from '@/domain/lead';
import { columnLabel, exportColumns } from '@/domain/lead-columns';
import { qualifiedCsv, viewCsv } from './export-qualified';

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
        Status: 'principal',
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
      `${line({ Nome: 'Fulano', ...listed, Status: 'novo' })};facebook;;"'=junho"`,
      `${line({ Nome: 'Outro', ...listed, Status: 'descartado' })};;;`,
      '',
    ]);
  });
});
