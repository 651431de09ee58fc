import { act, renderHook } from '@testing-library/react';
import type { Firestore } from 'firebase/firestore';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeLiveData } from '@/data/testing/fake-live';
import { usePanelCounts } from './lead-stats';

vi.mock('@/data/live', async () => (await import('@/data/testing/fake-live')).fakeLiveModule);
vi.mock('./stats-documents', async (original) => ({
  ...(await original<typeof import('./stats-documents')>()),
  leadStatsRef: () => 'stats/leads',
}));

const db = {} as Firestore;

const stats = (active: Record<string, number>, trashed: number) => ({
  active: { novo: 0, principal: 0, separado: 0, descartado: 0, suspeito: 0, ...active },
  trashed,
  vaga_all_time: { 'Aux Serraria': 9 },
});

beforeEach(() => fakeLiveData.reset());

describe('the panel counts from stats/leads', () => {
  it('waits for the document, then gives the counters, the trash and the held count', () => {
    const { result } = renderHook(() => usePanelCounts(db));
    expect(result.current).toEqual({ status: 'loading' });
    act(() =>
      fakeLiveData.emit(
        'stats/leads',
        stats({ novo: 5, principal: 2, separado: 1, descartado: 3, suspeito: 4 }, 7),
      ),
    );
    expect(result.current).toEqual({
      status: 'present',
      counts: {
        // The list never shows the held leads: they are not in its total.
        counters: { total: 11, principal: 2, separado: 1, descartado: 3 },
        trashed: 7,
        held: 4,
        // The board's columns without filters: the held leads in none of them.
        byStatus: { novo: 5, principal: 2, separado: 1, descartado: 3 },
      },
    });
  });

  it('says the document is missing (the caller counts instead) while no function has written it', () => {
    const { result } = renderHook(() => usePanelCounts(db));
    act(() => fakeLiveData.emit('stats/leads', null));
    expect(result.current).toEqual({ status: 'missing' });
  });

  it('follows the document as the functions change it, and reads a damaged field as 0', () => {
    const { result } = renderHook(() => usePanelCounts(db));
    act(() => fakeLiveData.emit('stats/leads', stats({ novo: 1 }, 0)));
    expect(result.current).toMatchObject({ counts: { counters: { total: 1 }, trashed: 0 } });
    act(() => fakeLiveData.emit('stats/leads', stats({ novo: 0, principal: 1 }, 1)));
    expect(result.current).toMatchObject({
      counts: { counters: { total: 1, principal: 1 }, trashed: 1 },
    });
    act(() => fakeLiveData.emit('stats/leads', { active: { novo: 'x' }, trashed: -2 }));
    expect(result.current).toMatchObject({
      counts: { counters: { total: 0, principal: 0 }, trashed: 0, held: 0 },
    });
  });
});
