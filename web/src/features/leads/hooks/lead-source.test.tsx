import { act, renderHook } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeLiveData } from '@/data/testing/fake-live';
import { counterClauses, leadListClauses, type LeadClause } from '@/domain/lead-query';
import { useFirestoreLeadSource, type LeadListRequest } from './lead-source';

const reads = vi.hoisted(() => ({
  counted: [] as unknown[],
  fetchLeadsMatching: () => Promise.resolve([]),
  leadListQuery: () => 'list',
  useDuplicatePhones: () => new Set<string>(),
  useLeadsGone: () => new Set<string>(),
  useLeadPage: () => ({ status: 'success', rows: [], error: null, full: false }),
}));
vi.mock('reactfire', () => ({ useFirestore: () => ({ fake: 'db' }) }));
vi.mock('@/data/live', async () => (await import('@/data/testing/fake-live')).fakeLiveModule);
vi.mock('@/data/stats-documents', async (original) => ({
  ...(await original<typeof import('@/data/stats-documents')>()),
  leadStatsRef: () => 'stats/leads',
}));
vi.mock('@/data/lead-list-reads', () => ({
  ...reads,
  // The aggregation counts: what they were asked to count is recorded, and each list counts 40.
  useLeadCounts: (_db: unknown, lists: Record<string, unknown> | null) => {
    reads.counted.push(lists);
    return lists ? Object.fromEntries(Object.keys(lists).map((name) => [name, 40])) : null;
  },
}));

const request = (clauses: LeadClause[]): LeadListRequest => ({
  clauses,
  key: JSON.stringify(clauses),
  order: { field: 'created_at', order: 'desc' },
  page: 1,
  size: 25,
  epoch: 0,
  onChange: () => undefined,
  onError: () => undefined,
});
const wholeList = [...counterClauses.total];

function renderList(clauses: LeadClause[]) {
  return renderHook(() => useFirestoreLeadSource().useList(request(clauses)));
}

beforeEach(() => {
  fakeLiveData.reset();
  reads.counted.length = 0;
});

describe("the Leads tab's counters", () => {
  it('come from the stats document, live, and nothing counts the whole list', () => {
    const { result } = renderList(wholeList);
    act(() =>
      fakeLiveData.emit('stats/leads', {
        active: { novo: 6, principal: 3, separado: 2, descartado: 1, suspeito: 9 },
        trashed: 4,
      }),
    );
    expect(result.current.counts).toEqual({ total: 12, principal: 3, separado: 2, descartado: 1 });
    expect(result.current.listed).toBe(12);
    expect(result.current.qualified).toBe(3);
    act(() =>
      fakeLiveData.emit('stats/leads', {
        active: { novo: 7, principal: 3, separado: 2, descartado: 1, suspeito: 9 },
        trashed: 4,
      }),
    );
    expect(result.current.listed).toBe(13);
    expect(reads.counted.every((lists) => lists === null)).toBe(true);
  });

  it('are counted while the stats document does not exist', () => {
    const { result } = renderList(wholeList);
    act(() => fakeLiveData.emit('stats/leads', null));
    expect(result.current.counts).toEqual({
      total: 40,
      principal: 40,
      separado: 40,
      descartado: 40,
    });
    expect(reads.counted).toContain(counterClauses);
  });

  it('of a list filtered by a job the stats document does not count are counted (billed per match)', () => {
    const filtered: LeadClause[] = [
      ...wholeList,
      { field: 'vaga', op: '==', value: 'Aux Serraria' },
    ];
    const { result } = renderList(filtered);
    act(() =>
      fakeLiveData.emit('stats/leads', {
        active: { novo: 6, principal: 3, separado: 2, descartado: 1, suspeito: 0 },
        trashed: 0,
        active_by_vaga: { 'Aux Produção': { novo: 1 } },
      }),
    );
    expect(result.current.counts?.total).toBe(12);
    expect(result.current.listed).toBe(40);
    expect(result.current.qualified).toBe(40);
  });
});

describe('the counts of a list filtered by status and job only', () => {
  const byJob = leadListClauses({ vaga: 'Aux Serraria' });
  const byJobAndStatus = leadListClauses({ vaga: 'Aux Serraria', status: 'separado' });
  const stats = (serraria: Record<string, number>) => ({
    active: { novo: 6, principal: 3, separado: 2, descartado: 1, suspeito: 9 },
    trashed: 0,
    active_by_vaga: { 'Aux Serraria': serraria },
  });
  const asked = () => reads.counted.filter((lists) => lists !== null);

  it('come from the stats document, live, and nothing is counted', () => {
    const { result } = renderList(byJob);
    // Nothing counted while the document is on its way: it may hold them.
    expect(result.current.listed).toBe(null);
    act(() => fakeLiveData.emit('stats/leads', stats({ novo: 4, principal: 2, suspeito: 5 })));
    // The held leads are not in the list, nor in its count.
    expect(result.current.listed).toBe(6);
    expect(result.current.qualified).toBe(2);
    act(() => fakeLiveData.emit('stats/leads', stats({ novo: 5, principal: 2, suspeito: 5 })));
    expect(result.current.listed).toBe(7);
    expect(asked()).toEqual([]);
  });

  it('with a status too: that status of that job; qualified only when the status is principal', () => {
    const { result } = renderList(byJobAndStatus);
    act(() => fakeLiveData.emit('stats/leads', stats({ separado: 3, principal: 2 })));
    expect([result.current.listed, result.current.qualified]).toEqual([3, 0]);
    expect(asked()).toEqual([]);
  });

  it('are counted when the stats document does not exist', () => {
    const { result } = renderList(byJobAndStatus);
    act(() => fakeLiveData.emit('stats/leads', null));
    expect(result.current.listed).toBe(40);
  });

  it('a search is counted at once, without waiting for the stats document', () => {
    const { result } = renderList(leadListClauses({ vaga: 'Aux Serraria', search: 'ana' }));
    expect(result.current.listed).toBe(40);
    act(() => fakeLiveData.emit('stats/leads', stats({ novo: 4 })));
    expect(result.current.listed).toBe(40);
  });
});
