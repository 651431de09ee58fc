import { describe, expect, it } from 'vitest';
import type { Lead } from './lead';
import {
  countLeads,
  dayStart,
  distinctJobs,
  duplicatePhones,
  filterLeads,
  formatDateTime,
  indexLeads,
  normalizeText,
  whatsappLink,
} from './lead-list-view';
import { columnLabel, exportColumns } from './lead-columns';
import { qualifiedExportRows, type ExportCell } from './lead-export';
import { aLead } from './testing/lead-samples';

// Leads 1 and 4 share a phone; lead 2 has another job; lead 4 came two days after the others.
const firstDay = new Date(2026, 10, 20, 9, 5);
const leads = [
  aLead({
    id: '1',
    nome: 'João Conceição',
    whatsapp: '(79) 98888-1111',
    status: 'principal',
    created_at: firstDay,
  }),
  aLead({ id: '2', nome: 'Maria', vaga: 'Aux Serraria', status: 'separado', created_at: firstDay }),
  aLead({
    id: '3',
    nome: 'JOAO PEDRO',
    whatsapp: '(75) 91234-5678',
    status: 'descartado',
    created_at: firstDay,
  }),
  aLead({
    id: '4',
    nome: 'Ana',
    whatsapp: '(79) 98888-1111',
    created_at: new Date(2026, 10, 22, 23, 59),
  }),
];
const index = indexLeads(leads);
const ids = (list: Lead[]) => list.map((l) => l.id);

describe('search and filters', () => {
  it('finds names without accents or case', () => {
    expect(normalizeText('  Conceição ÁÉ ')).toBe('conceicao ae');
    expect(ids(filterLeads(index, { search: 'joão' }))).toEqual(['1', '3']);
    expect(ids(filterLeads(index, { search: 'CONCEICAO' }))).toEqual(['1']);
  });

  it('finds phone digits whatever the typed punctuation', () => {
    expect(ids(filterLeads(index, { search: '98888-11' }))).toEqual(['1', '4']);
    expect(ids(filterLeads(index, { search: '91234 5678' }))).toEqual(['3']);
  });

  it('a search with letters is a name: its digits are not looked up in the phones', () => {
    // '98888' alone finds leads 1 and 4 by phone; with letters around it, nobody is named so.
    expect(ids(filterLeads(index, { search: '98888' }))).toEqual(['1', '4']);
    expect(ids(filterLeads(index, { search: 'lote98888' }))).toEqual([]);
  });

  it('combines status, job, search and dates; todos/todas mean everything', () => {
    expect(ids(filterLeads(index, { status: 'todos', vaga: 'todas' }))).toEqual([
      '1',
      '2',
      '3',
      '4',
    ]);
    expect(ids(filterLeads(index, { status: 'separado' }))).toEqual(['2']);
    expect(ids(filterLeads(index, { vaga: leads[0]!.vaga, search: 'jo' }))).toEqual(['1', '3']);
    expect(ids(filterLeads(index, { vaga: 'Aux Serraria', search: 'jo' }))).toEqual([]);
    expect(ids(filterLeads(index, { status: 'principal', search: 'maria' }))).toEqual([]);
    const from = dayStart('2026-11-21');
    const until = dayStart('2026-11-22', true);
    expect(ids(filterLeads(index, { from, until }))).toEqual(['4']);
    expect(ids(filterLeads(index, { until: dayStart('2026-11-20', true) }))).toEqual([
      '1',
      '2',
      '3',
    ]);
  });

  it('a lead without a date is outside any date range', () => {
    const undated = indexLeads([aLead({ id: 'x', created_at: null })]);
    expect(filterLeads(undated, {})).toHaveLength(1);
    expect(filterLeads(undated, { from: dayStart('2020-01-01') })).toHaveLength(0);
  });

  it("'Meus leads' keeps the admin's leads; 'Não contatados' those nobody has contacted", () => {
    const followed = indexLeads([
      aLead({ id: 'a', assigned_to: 'eu@vagas.test', last_contacted_at: new Date() }),
      aLead({ id: 'b', assigned_to: 'eu@vagas.test' }),
      aLead({ id: 'c', assigned_to: 'outra@vagas.test', last_contacted_at: null }),
      aLead({ id: 'd' }),
    ]);
    expect(ids(filterLeads(followed, { assignedTo: 'eu@vagas.test' }))).toEqual(['a', 'b']);
    expect(ids(filterLeads(followed, { notContacted: true }))).toEqual(['b', 'c', 'd']);
    expect(ids(filterLeads(followed, { assignedTo: 'eu@vagas.test', notContacted: true }))).toEqual(
      ['b'],
    );
    expect(ids(filterLeads(followed, { assignedTo: null, notContacted: false }))).toHaveLength(4);
  });

  it('reuses the search keys of leads it has indexed before', () => {
    const cache = new WeakMap();
    const first = indexLeads(leads, cache);
    expect(indexLeads(leads, cache)[0]).toBe(first[0]);
  });
});

describe('counters, jobs, duplicates', () => {
  it('counts the active leads by status', () => {
    expect(countLeads(leads)).toEqual({ total: 4, principal: 1, separado: 1, descartado: 1 });
    expect(countLeads([])).toEqual({ total: 0, principal: 0, separado: 0, descartado: 0 });
  });

  it('lists each job once, sorted', () => {
    const jobs = ['Aux Serraria', 'Aux Eletricista', 'Aux Serraria'];
    expect(distinctJobs(jobs.map((vaga) => aLead({ vaga })))).toEqual([
      'Aux Eletricista',
      'Aux Serraria',
    ]);
  });

  it('marks the phone numbers that appear more than once', () => {
    expect([...duplicatePhones(indexLeads(leads))]).toEqual(['79988881111']);
  });
});

describe('formatting', () => {
  it('writes dates as dd/mm/aaaa hh:mm', () => {
    expect(formatDateTime(new Date(2026, 0, 5, 7, 3))).toBe('05/01/2026 07:03');
    expect(formatDateTime(null)).toBe('-');
  });

  it('links WhatsApp with the country code', () => {
    expect(whatsappLink('(79) 99999-1234')).toBe('https://wa.me/5579999991234');
  });

  it('reads a picked day as local midnight, or the next one', () => {
    expect(dayStart('2026-03-09')).toEqual(new Date(2026, 2, 9));
    expect(dayStart('2026-03-31', true)).toEqual(new Date(2026, 3, 1));
    expect(dayStart(null)).toBeNull();
  });
});

describe('qualified export rows', () => {
  it('keeps only principal leads, with the export columns and empty missing cells', () => {
    const bia = aLead({
      id: '5',
      nome: 'Bia',
      status: 'principal',
      idade: 22,
      tempo_experiencia: '1 a 2 anos',
    });
    const rows = qualifiedExportRows([...leads, bia]);
    // The CSV's columns come from lead.ts leadFields (their labels are checked in lead.test.ts).
    const [header, ...body] = rows;
    expect(header).toEqual(exportColumns.map(columnLabel));
    const byColumn = (row: ExportCell[]) =>
      Object.fromEntries(header!.map((c, i) => [String(c), row[i]]));
    const [joao] = leads;
    expect(body.map(byColumn)).toEqual([
      expect.objectContaining({
        Nome: 'João Conceição',
        WhatsApp: '(79) 98888-1111',
        Vaga: joao!.vaga,
        Cidade: joao!.cidade,
        Idade: '',
        Experiência: '',
        Status: 'Principal',
        Data: '20/11/2026 09:05',
      }),
      expect.objectContaining({
        Nome: 'Bia',
        WhatsApp: bia.whatsapp,
        Idade: 22,
        Experiência: '1 a 2 anos',
        Status: 'Principal',
      }),
    ]);
  });
});
