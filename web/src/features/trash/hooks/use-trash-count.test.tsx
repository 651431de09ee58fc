import { act, renderHook, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeLiveData } from '@/data/testing/fake-live';
import { useTrashCount } from './use-trash-count';

const reads = vi.hoisted(() => ({ countTrashedLeads: vi.fn<() => Promise<number>>() }));
vi.mock('@/lib/firebase/panel-sdk', () => ({ useFirestore: () => ({ fake: 'db' }) }));
vi.mock('@/data/live', async () => (await import('@/data/testing/fake-live')).fakeLiveModule);
vi.mock('@/data/stats-documents', async (original) => ({
  ...(await original<typeof import('@/data/stats-documents')>()),
  leadStatsRef: () => 'stats/leads',
}));
vi.mock('@/data/leads', () => reads);

const stats = (trashed: number) => ({
  active: { novo: 3, principal: 0, separado: 0, descartado: 0, suspeito: 0 },
  trashed,
});

beforeEach(() => {
  fakeLiveData.reset();
  reads.countTrashedLeads.mockReset();
});

describe("'Lixeira (N)'", () => {
  it('is the stats document’s trash, live, without counting the leads', () => {
    const { result } = renderHook(() => useTrashCount(1));
    expect(result.current.count).toBeNull();
    act(() => fakeLiveData.emit('stats/leads', stats(4)));
    expect(result.current.count).toBe(4);
    act(() => fakeLiveData.emit('stats/leads', stats(5)));
    expect(result.current.count).toBe(5);
    act(() => result.current.refresh());
    expect(reads.countTrashedLeads).not.toHaveBeenCalled();
  });

  it('is counted while the stats document does not exist, and follows it once it does', async () => {
    reads.countTrashedLeads.mockResolvedValue(12);
    const { result } = renderHook(() => useTrashCount(1));
    act(() => fakeLiveData.emit('stats/leads', null));
    await waitFor(() => expect(result.current.count).toBe(12));
    act(() => fakeLiveData.emit('stats/leads', stats(13)));
    expect(result.current.count).toBe(13);
  });
});
