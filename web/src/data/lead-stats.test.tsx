import { act, renderHook } from '@testing-library/react';
import type { Firestore } from 'firebase/firestore';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeLiveData } from '@/data/testing/fake-live';
import type { Lead } from '@/domain/lead';
import { leadListClauses, leadMatches, withStatus } from '@/domain/lead-query';
import { aLead } from '@/domain/testing/lead-samples';
import {
  countFromStats,
  countsFromStats,
  panelCountsOf,
  usePanelCounts,
  type PanelCountsState,
} from './lead-stats';
import { parseLeadStats } from './stats-documents';

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
        active: { novo: 5, principal: 2, separado: 1, descartado: 3, suspeito: 4 },
        // A document from before the map per job: every filtered count is counted instead.
        byJob: null,
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

/** `stats/leads` as the functions keep it from `leads` (every job counted). */
function statsOf(leads: readonly Lead[]) {
  const active: Record<string, number> = {};
  const byJob: Record<string, Record<string, number>> = {};
  for (const lead of leads) {
    if (lead.deleted_at !== null) continue;
    active[lead.status] = (active[lead.status] ?? 0) + 1;
    const job = (byJob[lead.vaga] ??= {});
    job[lead.status] = (job[lead.status] ?? 0) + 1;
  }
  return panelCountsOf(parseLeadStats({ active, trashed: 0, active_by_vaga: byJob }));
}

describe('the counts filtered by status and job, from stats/leads', () => {
  const jobs = ['Aux Serraria', 'Aux Eletricista', 'Sem Experiencia'];
  const statuses = ['novo', 'principal', 'separado', 'descartado', 'suspeito'] as const;
  const leads = Array.from({ length: 60 }, (_, i) =>
    aLead({
      id: `lead-${i}`,
      vaga: jobs[i % 3]!,
      status: statuses[(i * 7) % 5]!,
      deleted_at: i % 11 === 0 ? new Date(2026, 10, 21) : null,
    }),
  );
  const counts = statsOf(leads);

  it('say what a count over the leads says, for every status and job filter', () => {
    for (const status of ['todos', 'novo', 'principal', 'separado', 'descartado'] as const) {
      for (const vaga of ['todas', ...jobs]) {
        const clauses = leadListClauses({ status, vaga });
        const matching = leads.filter((lead) => leadMatches(lead, clauses)).length;
        expect(countFromStats(counts, clauses), `${status} × ${vaga}`).toBe(matching);
        const principal = withStatus(clauses, 'principal');
        const qualified = principal ? leads.filter((l) => leadMatches(l, principal)).length : 0;
        expect(countFromStats(counts, principal), `${status} × ${vaga} principal`).toBe(qualified);
      }
    }
  });

  it('leave to a count anything more than a status and a job, and a job the map lacks', () => {
    for (const criteria of [
      { search: 'ana' },
      { status: 'novo' as const, from: new Date(2026, 10, 1) },
      { vaga: 'Aux Serraria', notContacted: true },
      { assignedTo: 'a@vagas.test' },
      { vaga: 'Vaga Nova' },
    ]) {
      expect(countFromStats(counts, leadListClauses(criteria)), JSON.stringify(criteria)).toBe(
        null,
      );
    }
    const withoutMap = panelCountsOf(parseLeadStats({ active: { novo: 3 } }));
    expect(countFromStats(withoutMap, leadListClauses({ vaga: 'Aux Serraria' }))).toBe(null);
    // Without a job, the status counts are enough.
    expect(countFromStats(withoutMap, leadListClauses({ status: 'novo' }))).toBe(3);
  });

  it('a job present with no active lead is 0, not counted again', () => {
    const zero = panelCountsOf(parseLeadStats({ active_by_vaga: { 'Aux Serraria': { novo: 0 } } }));
    expect(countFromStats(zero, leadListClauses({ vaga: 'Aux Serraria' }))).toBe(0);
  });

  it('are all or none of a set of lists, and none while the document loads', () => {
    const lists = {
      listed: leadListClauses({ vaga: 'Aux Serraria' }),
      qualified: leadListClauses({ vaga: 'Aux Serraria', status: 'principal' }),
    };
    const present: PanelCountsState = { status: 'present', counts };
    expect(countsFromStats(present, lists)).toEqual({
      listed: countFromStats(counts, lists.listed),
      qualified: countFromStats(counts, lists.qualified),
    });
    expect(countsFromStats(present, { ...lists, other: leadListClauses({ search: 'x' }) })).toBe(
      null,
    );
    expect(countsFromStats({ status: 'loading' }, lists)).toBe(null);
    expect(countsFromStats({ status: 'missing' }, lists)).toBe(null);
  });
});
