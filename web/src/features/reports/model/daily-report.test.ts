import { describe, expect, test } from 'vitest';
import { parseDailyStats, type DailyStats } from '@/data/stats-documents';
import { callCenterApplicationsOf, reportFromDays, type ReportLists } from './daily-report';
import { periodOf, type CountRow } from './report';

const lists: ReportLists = {
  rootJobs: ['Aux Serraria', 'Soldador'],
  callCenterVagas: ['[Conecta] Consultor de Vendas'],
  localities: ['Joazeiro', 'Bandiaçu'],
};

/** A day document as the functions write it (raw, read through the app's own parser). */
const day = (id: string, data: Record<string, unknown>): DailyStats => parseDailyStats(id, data);

const march1 = day('2025-03-01', {
  day: '2025-03-01',
  total: 4,
  vaga: { 'Aux Serraria': 2, '[Conecta] Consultor de Vendas': 1, 'Vaga antiga': 1 },
  cidade: { Joazeiro: 3, 'São Domingos': 1 },
  status: { novo: 2, principal: 1, suspeito: 1 },
  sourced: 3,
  source: { 'face book': 1 },
  source_fbclid_only: 1,
  source_no_utm: 1,
  campaign: { 'vagas.junho': 2 },
});
const march3 = day('2025-03-03', {
  total: 2,
  vaga: { Soldador: 2 },
  cidade: { Bandiaçu: 2 },
  status: { descartado: 2 },
  sourced: 2,
  source: { 'face book': 1 },
  source_other: 1,
  campaign: {},
  campaign_other: 2,
});

const build = (days: DailyStats[], callCenterApplications = 5) =>
  reportFromDays({
    period: periodOf('2025-03-01', '2025-03-03'),
    days,
    lists,
    callCenterApplications,
    redirectCount: 10,
    reads: days.length + 3,
  });

const row = (label: string, value: number): CountRow => ({ label, value });

describe('Relatórios from the day documents', () => {
  test('each São Paulo day of the period is a point, a day without a document is 0', () => {
    const report = build([march1, march3]);
    expect(report.total).toBe(6);
    expect(report.perDay).toEqual([row('01/03', 4), row('02/03', 0), row('03/03', 2)]);
  });

  test('jobs, localities, statuses and pages have their lists’ rows, the rest is Outros', () => {
    const report = build([march1, march3]);
    expect(report.byJob).toEqual([
      row('Aux Serraria', 2),
      row('Soldador', 2),
      row('[Conecta] Consultor de Vendas', 1),
      row('Outros', 1),
    ]);
    expect(report.byLocality).toEqual([row('Joazeiro', 3), row('Bandiaçu', 2), row('Outros', 1)]);
    // A lead the screening held is in no status of the list: Outros.
    expect(report.byStatus).toEqual([
      row('Novo', 2),
      row('Principal', 1),
      row('Separado', 0),
      row('Descartado', 2),
      row('Outros', 1),
    ]);
    expect(report.byPage).toEqual([
      row('Página principal (/)', 4),
      row('Call center (/conecta)', 1),
      row('Outros', 1),
    ]);
  });

  test('sources by utm_source, Meta without utm_source, the days’ capped keys and the unsourced', () => {
    const report = build([march1, march3]);
    expect(report.bySource).toEqual([
      row('face book', 2),
      row('(sem utm_source)', 1),
      row('Meta (fbclid, sem utm_source)', 1),
      row('Outros', 1),
      row('Sem origem', 1),
    ]);
    expect(report.byCampaign).toEqual([row('vagas.junho', 2), row('Outras campanhas', 2)]);
  });

  test('more than 12 sources keep the 11 largest and sum the rest with the capped ones', () => {
    const many = day('2025-03-02', {
      total: 20,
      sourced: 20,
      source: Object.fromEntries(
        Array.from({ length: 14 }, (_, i) => [
          `fonte ${String(i).padStart(2, '0')}`,
          i < 6 ? 2 : 1,
        ]),
      ),
      source_other: 0,
    });
    const report = build([many, march3]);
    expect(report.bySource).toHaveLength(12);
    expect(report.bySource.slice(0, 6).map((r) => r.value)).toEqual([2, 2, 2, 2, 2, 2]);
    // 14 + 1 of March 3 = 15 sources: 11 shown, the 4 smallest (1 each) and the capped 1 summed.
    expect(report.bySource.at(-1)).toEqual(row('Outros', 5));
  });

  test('the redirects are per call-center application since the start', () => {
    expect(build([march1]).redirects).toEqual({
      count: 10,
      callCenterApplications: 5,
      perApplication: 2,
    });
    expect(build([], 0).redirects.perApplication).toBeNull();
    expect(
      callCenterApplicationsOf(
        new Map([
          ['[Conecta] Consultor de Vendas', 7],
          ['Aux Serraria', 40],
        ]),
        lists,
      ),
    ).toBe(7);
  });

  test('a period without documents is an empty report, not an error', () => {
    const report = build([], 0);
    expect(report.total).toBe(0);
    expect(report.perDay.map((r) => r.value)).toEqual([0, 0, 0]);
    expect(report.bySource).toEqual([]);
    expect(report.byCampaign).toEqual([]);
  });
});
