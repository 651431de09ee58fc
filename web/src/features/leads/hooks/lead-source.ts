/**
 * Where the Leads tab's list comes from: the server (Firestore: one live page, counts, the page's
 * duplicates; data/lead-list-reads.ts), or, in the unit tests, a list in memory with the same semantics
 * (testing/memory-lead-source.ts). Given through context, so the tab's components stay the same.
 */
import { createContext, useContext, useMemo, useState } from 'react';
import { useFirestore } from 'reactfire';
import {
  fetchLeadsMatching,
  leadListQuery,
  useDuplicatePhones,
  useLeadCounts,
  useLeadPage,
  useLeadsGone,
  type LeadPage,
  type LeadSort,
} from '@/data/lead-list-reads';
import { countableFromStats, countsFromStats, usePanelCounts } from '@/data/lead-stats';
import type { Lead } from '@/domain/lead';
import type { LeadCounts } from '@/domain/lead-list-view';
import {
  counterClauses,
  isWholeList,
  withStatus,
  type LeadClause,
  type LeadOrder,
} from '@/domain/lead-query';

export interface LeadListRequest {
  /** null: nothing can match ('Meus leads' without a known admin). */
  clauses: LeadClause[] | null;
  /** Names the clauses and order (a new key starts from page 1, forgetting cursors). */
  key: string;
  /** The order the server serves (use-leads-view: `servedSort`). */
  order: LeadSort;
  page: number;
  size: number;
  /** Changes when the counts may be stale (a change seen on screen, an arrival, focus). */
  epoch: number;
  /** The page saw a change after its first rows. */
  onChange: () => void;
  onError: (error: unknown) => void;
}

export interface LeadListData {
  page: LeadPage;
  /** The counters over every active lead (null while counting). */
  counts: LeadCounts | null;
  /** How many leads match the filters, and how many of those are principal. */
  listed: number | null;
  qualified: number | null;
  /** Phone digits on screen that more than one active lead has. */
  duplicates: ReadonlySet<string>;
}

export interface LeadSource {
  /** A hook: call it once per render, always from the same source. */
  useList: (request: LeadListRequest) => LeadListData;
  /**
   * A hook: which of the ticked `ids` have left the list the `clauses` make (trashed by a
   * colleague, deleted, changed out of the filters), live. Without it, none ever leave.
   */
  useGone?: (ids: readonly string[], clauses: readonly LeadClause[] | null) => ReadonlySet<string>;
  /** Every lead matching (export, 'Limpar Dados'): reads them all, on the admin's request. */
  fetch: (clauses: readonly LeadClause[], order?: LeadOrder | LeadSort) => Promise<Lead[]>;
}

const none: LeadPage = { status: 'success', rows: [], error: null, full: false };

/** The server's list: see data/lead-list-reads.ts for what each part reads. */
function useFirestoreList(db: ReturnType<typeof useFirestore>, request: LeadListRequest) {
  const { clauses, key, order, page, size, epoch, onChange, onError } = request;
  const base = useMemo(
    () => (clauses ? leadListQuery(db, clauses, order) : null),
    // The key names the clauses and order.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [db, key],
  );
  const live = useLeadPage(base, key, page, size, onChange);
  // The whole list's counters are the functions' live `stats/leads` (one document, however many
  // leads). Where it does not exist yet they are counted, from the start, beside the first page
  // (each count is a request of its own): their answers come with the rows or before them, not as
  // more renders after them while the admin's first click waits (web/README.md, "The panel's open
  // on a slow phone").
  const stats = usePanelCounts(db);
  const countedAll = useLeadCounts(
    db,
    stats.status === 'missing' ? counterClauses : null,
    epoch,
    undefined,
    onError,
  );
  const counts = stats.status === 'present' ? stats.counts.counters : countedAll;
  const whole = clauses !== null && isWholeList(clauses);
  // The whole list's counts are the counters' (nothing more to count, no render for nothing).
  const filtered = useMemo(
    (): Record<string, readonly LeadClause[] | null> | null =>
      clauses && !whole ? { listed: clauses, qualified: withStatus(clauses, 'principal') } : null,
    // The key names the clauses.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [key, whole],
  );
  // Filtered by status and job only, the counts are `stats/leads`' too (its map per job and
  // status, live); anything more, or a job it does not count, is counted over the leads.
  const fromStats = countsFromStats(stats, filtered);
  const waiting =
    stats.status === 'loading' &&
    filtered !== null &&
    Object.values(filtered).every(countableFromStats);
  // Counted once this key's first rows are there: asked beside them, the two counts' requests and
  // their answers' render took the main thread the first rows were waiting for (a slow phone).
  const [rowsShownFor, setRowsShownFor] = useState<string | null>(null);
  if (live.status === 'success' && rowsShownFor !== key) setRowsShownFor(key);
  const counted = useLeadCounts(
    db,
    fromStats || waiting || rowsShownFor !== key ? null : filtered,
    epoch,
    undefined,
    onError,
  );
  const filteredCounts = fromStats ?? counted;
  const rows = clauses ? live.rows : none.rows;
  const duplicates = useDuplicatePhones(db, rows);
  const value = (name: 'listed' | 'qualified', counter: 'total' | 'principal') =>
    !clauses ? 0 : whole ? (counts?.[counter] ?? null) : (filteredCounts?.[name] ?? null);
  return {
    page: clauses ? live : none,
    counts,
    listed: value('listed', 'total'),
    qualified: value('qualified', 'principal'),
    duplicates,
  };
}

export function useFirestoreLeadSource(): LeadSource {
  const db = useFirestore();
  return useMemo(
    () => ({
      useList: (request: LeadListRequest) => useFirestoreList(db, request),
      useGone: (ids: readonly string[], clauses: readonly LeadClause[] | null) =>
        useLeadsGone(db, ids, clauses),
      fetch: (clauses, order) => fetchLeadsMatching(db, clauses, order),
    }),
    [db],
  );
}

const noneGone: ReadonlySet<string> = new Set();
/** A source's `useGone`, or one that never reports a lead gone. */
export const goneHookOf = (source: LeadSource): NonNullable<LeadSource['useGone']> =>
  source.useGone ?? (() => noneGone);

/** A source for the tab (the unit tests give one over a list in memory). */
export const LeadSourceContext = createContext<LeadSource | null>(null);

/** The tab's source: the context's, or the server's. */
export function useLeadSource(): LeadSource {
  const given = useContext(LeadSourceContext);
  const server = useFirestoreLeadSource();
  return given ?? server;
}
