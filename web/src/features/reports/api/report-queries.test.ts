import type { Firestore } from 'firebase/firestore';
import { FirebaseError } from 'firebase/app';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { parseDailyStats, parseLeadStats } from '@/data/stats-documents';
import type { Report } from '@/features/reports/model/report';
import { periodOf } from '@/features/reports/model/report';
import { loadReport } from './report-queries';

const reads = vi.hoisted(() => ({
  readDailyStats: vi.fn(),
  readLeadStats: vi.fn(),
  countReport: vi.fn(),
  countCallCenterAllTime: vi.fn(),
}));
vi.mock('@/data/stats-documents', async (original) => ({
  ...(await original<typeof import('@/data/stats-documents')>()),
  readDailyStats: reads.readDailyStats,
  readLeadStats: reads.readLeadStats,
}));
vi.mock('@/features/reports/api/report-counting', () => ({
  countReport: reads.countReport,
  countCallCenterAllTime: reads.countCallCenterAllTime,
}));
vi.mock('@/features/reports/api/report-lists', () => ({
  readReportLists: (_db: unknown, counted: { total: number }) => {
    counted.total += 3;
    return Promise.resolve({
      rootJobs: ['Aux Serraria'],
      callCenterVagas: ['[Conecta] Consultor de Vendas'],
      localities: ['Joazeiro'],
    });
  },
}));
vi.mock('firebase/firestore', async (original) => ({
  ...(await original<typeof import('firebase/firestore')>()),
  doc: () => 'settings/redirect',
  getDoc: () => Promise.resolve({ data: () => ({ redirect_count: 6 }) }),
}));

const db = {} as Firestore;
const period = periodOf('2025-03-01', '2025-03-02');
const counted = { total: 99 } as Report;
const march1 = parseDailyStats('2025-03-01', {
  total: 3,
  vaga: { 'Aux Serraria': 1, '[Conecta] Consultor de Vendas': 2 },
});

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
  for (const fn of Object.values(reads)) fn.mockReset();
  reads.countReport.mockResolvedValue(counted);
  reads.countCallCenterAllTime.mockResolvedValue(2);
});

describe('loadReport', () => {
  test("reads the period's day documents and stats/leads, and counts no lead", async () => {
    reads.readDailyStats.mockResolvedValue({ days: [march1], reads: 1 });
    reads.readLeadStats.mockResolvedValue(
      parseLeadStats({ vaga_all_time: { '[Conecta] Consultor de Vendas': 3 } }),
    );
    const report = await loadReport(db, period);
    expect(reads.readDailyStats).toHaveBeenCalledWith(db, '2025-03-01', '2025-03-02');
    expect(report.perDay).toEqual([
      { label: '01/03', value: 3 },
      { label: '02/03', value: 0 },
    ]);
    expect(report.redirects).toEqual({ count: 6, callCenterApplications: 3, perApplication: 2 });
    // One day document, stats/leads, the settings and the lists' three.
    expect(report.reads).toBe(6);
    expect(reads.countReport).not.toHaveBeenCalled();
    expect(reads.countCallCenterAllTime).not.toHaveBeenCalled();
  });

  test('counts the leads when no function has written any statistics yet', async () => {
    reads.readDailyStats.mockResolvedValue({ days: [], reads: 1 });
    reads.readLeadStats.mockResolvedValue(null);
    expect(await loadReport(db, period)).toBe(counted);
  });

  test('counts the leads when the rules refuse the statistics (the web app deployed first)', async () => {
    reads.readDailyStats.mockRejectedValue(new FirebaseError('permission-denied', 'refused'));
    reads.readLeadStats.mockResolvedValue(null);
    expect(await loadReport(db, period)).toBe(counted);
  });

  test('counts only the call center’s applications while stats/leads alone is missing', async () => {
    reads.readDailyStats.mockResolvedValue({ days: [march1], reads: 1 });
    reads.readLeadStats.mockResolvedValue(null);
    const report = await loadReport(db, period);
    expect(report.total).toBe(3);
    expect(report.redirects.callCenterApplications).toBe(2);
    expect(reads.countReport).not.toHaveBeenCalled();
  });

  test('any other failure is the report’s error', async () => {
    reads.readDailyStats.mockRejectedValue(new FirebaseError('unavailable', 'offline'));
    reads.readLeadStats.mockResolvedValue(null);
    await expect(loadReport(db, period)).rejects.toThrow('offline');
  });
});
