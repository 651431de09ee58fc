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
import { useLiveDocument } from './live';
import { leadStatsRef, parseLeadStats, type LeadStats } from './stats-documents';

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
}

export type PanelCountsState =
  { status: 'loading' } | { status: 'missing' } | { status: 'present'; counts: PanelCounts };

export function panelCountsOf({ active, trashed }: LeadStats): PanelCounts {
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
  };
}

/**
 * `stats/leads` as the panel's counts, live. Every caller may hold its own: the SDK shares one
 * listener (and one read per change) among listeners of the same document.
 */
export function usePanelCounts(db: Firestore): PanelCountsState {
  const ref = useMemo(() => leadStatsRef(db), [db]);
  const live = useLiveDocument(ref);
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
