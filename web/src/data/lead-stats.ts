/**
 * The panel's counters from `stats/leads` (data/stats-documents.ts), live: one document listener
 * instead of count aggregations on every open (billed a read per 1,000 leads, so an open cost
 * more as the collection grew). The functions keep the document exact, and its listener is the
 * update: a trash, a status change or an arrival anywhere shows when the document changes.
 *
 * A deployment where the document does not exist yet (no trigger has run, no reconcile) says
 * 'missing', and each counter then falls back to its aggregation count, so nothing shows wrong or
 * empty. So does a refused read, which is logged: the counts are still worth showing.
 */
import { useEffect, useMemo } from 'react';
import type { Firestore } from 'firebase/firestore';
import type { LeadStatus } from '@/domain/lead-field-types';
import type { LeadCounts } from '@/domain/lead-list-view';
import { countedFilterOf, type LeadClause } from '@/domain/lead-query';
import { leadStatuses } from '@/domain/options';
import { useLiveDocument } from './live';
import { leadStatsRef, parseLeadStats, type LeadStats, type StatsStatus } from './stats-documents';

/** What the panel shows from `stats/leads`. */
export interface PanelCounts {
  /** The Leads tab's counters: the list never shows the screening's held leads. */
  counters: LeadCounts;
  /** 'Lixeira (N)'. */
  trashed: number;
  /** 'Suspeitos (N)'. */
  held: number;
  /** The whole list's leads in each status (the board's columns without filters). */
  byStatus: Record<LeadStatus, number>;
  /** Active leads by status, the held ones included. */
  active: Record<StatsStatus, number>;
  /** Active leads by job and status, for the jobs the functions count (null: none yet). */
  byJob: LeadStats['activeByVaga'];
}

export type PanelCountsState =
  { status: 'loading' } | { status: 'missing' } | { status: 'present'; counts: PanelCounts };

export function panelCountsOf({ active, trashed, activeByVaga }: LeadStats): PanelCounts {
  return {
    counters: {
      total: active.novo + active.principal + active.separado + active.descartado,
      principal: active.principal,
      separado: active.separado,
      descartado: active.descartado,
    },
    trashed,
    held: active.suspeito,
    byStatus: {
      novo: active.novo,
      principal: active.principal,
      separado: active.separado,
      descartado: active.descartado,
    },
    active,
    byJob: activeByVaga,
  };
}

/**
 * How many active leads `clauses` match, from the counts: null when they filter on more than a
 * status and a job, or on a job the functions do not count (the caller counts those leads). No
 * clauses (nothing can match) is 0, as a count of them is.
 */
export function countFromStats(
  counts: PanelCounts,
  clauses: readonly LeadClause[] | null,
): number | null {
  if (clauses === null) return 0;
  const filter = countedFilterOf(clauses);
  if (!filter) return null;
  const byStatus = filter.vaga === null ? counts.active : counts.byJob?.get(filter.vaga);
  if (!byStatus) return null;
  if (filter.status === null) return leadStatuses.reduce((sum, s) => sum + byStatus[s], 0);
  return (byStatus as Record<string, number>)[filter.status] ?? 0;
}

/** Whether `clauses` are a count `stats/leads` may hold (worth waiting for the document). */
export const countableFromStats = (clauses: readonly LeadClause[] | null) =>
  clauses === null || countedFilterOf(clauses) !== null;

/**
 * Each named count from `stats/leads` when it holds them all; null while the document loads or
 * when one of them must be counted over the leads.
 */
export function countsFromStats<K extends string>(
  state: PanelCountsState,
  lists: Readonly<Record<K, readonly LeadClause[] | null>> | null,
): Record<K, number> | null {
  if (state.status !== 'present' || !lists) return null;
  const entries = (Object.entries(lists) as [K, readonly LeadClause[] | null][]).map(
    ([name, clauses]) => [name, countFromStats(state.counts, clauses)] as const,
  );
  if (entries.some(([, n]) => n === null)) return null;
  return Object.fromEntries(entries) as Record<K, number>;
}

/**
 * `stats/leads` as the panel's counts, live. Every caller may hold its own: the SDK shares one
 * listener (and one read per change) among listeners of the same document.
 */
export function usePanelCounts(db: Firestore): PanelCountsState {
  const ref = useMemo(() => leadStatsRef(db), [db]);
  // Missing from the cache is not missing: the fallback counts every lead (hundreds of reads at a
  // million) and would run whenever the first answer is late.
  const live = useLiveDocument(ref, { missingFromServerOnly: true });
  const failed = live.status === 'error' ? live.error : null;
  const data = live.status === 'success' ? live.data : undefined;
  useEffect(() => {
    if (failed) console.error('Lead stats listener failed; counting instead', failed);
  }, [failed]);
  return useMemo((): PanelCountsState => {
    if (failed) return { status: 'missing' };
    if (data === undefined) return { status: 'loading' };
    if (data === null) return { status: 'missing' };
    return { status: 'present', counts: panelCountsOf(parseLeadStats(data)) };
  }, [failed, data]);
}
