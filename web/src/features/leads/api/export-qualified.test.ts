import { describe, expect, it } from 'vitest';
import type { Lead } from '@/domain/lead';
import { columnLabel, exportColumns, exportText } from '@/domain/lead-columns';
import { aLead } from '@/domain/testing/lead-samples';
import { qualifiedCsv, viewCsv } from './export-qualified';

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
        Status: 'principal',
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
      `${line(fromAd, { Nome: 'Fulano', ...listed, Status: 'novo' })};facebook;;"'=junho"`,
      `${line(other, { Nome: 'Outro', ...listed, Status: 'descartado' })};;;`,
      '',
    ]);
  });
});
