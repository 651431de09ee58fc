import { act, renderHook, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeLiveData } from '@/data/testing/fake-live';
import { fakeLive } from '@/data/testing/fake-live-leads';
import { useHeldCount } from './use-held-count';

const reads = vi.hoisted(() => ({
  countHeldLeads: vi.fn<() => Promise<number>>(),
  newestHeldQuery: () => 'newest-held',
}));
vi.mock('@/lib/firebase/panel-sdk', () => ({ useFirestore: () => ({ fake: 'db' }) }));
vi.mock('@/data/live', async () => (await import('@/data/testing/fake-live')).fakeLiveModule);
vi.mock(
  '@/data/use-live-leads',
  async () => (await import('@/data/testing/fake-live-leads')).fakeLiveLeadsModule,
);
vi.mock('@/data/stats-documents', async (original) => ({
  ...(await original<typeof import('@/data/stats-documents')>()),
  leadStatsRef: () => 'stats/leads',
}));
vi.mock('@/data/held-leads', () => reads);

const stats = (suspeito: number) => ({
  active: { novo: 3, principal: 0, separado: 0, descartado: 0, suspeito },
  trashed: 0,
});

beforeEach(() => {
  fakeLiveData.reset();
  fakeLive.reset();
  reads.countHeldLeads.mockReset();
});

describe("'Suspeitos (N)'", () => {
  it('is the stats document’s held count, live, with no listener on the held leads', () => {
    const { result } = renderHook(() => useHeldCount(1));
    act(() => fakeLiveData.emit('stats/leads', stats(2)));
    expect(result.current.count).toBe(2);
    act(() => fakeLiveData.emit('stats/leads', stats(3)));
    expect(result.current.count).toBe(3);
    expect(fakeLive.mounted('newest-held')).toBe(false);
    expect(reads.countHeldLeads).not.toHaveBeenCalled();
  });

  it('is counted while the stats document does not exist', async () => {
    reads.countHeldLeads.mockResolvedValue(6);
    const { result } = renderHook(() => useHeldCount(1));
    act(() => fakeLiveData.emit('stats/leads', null));
    await waitFor(() => expect(result.current.count).toBe(6));
    expect(fakeLive.mounted('newest-held')).toBe(true);
  });
});
