/**
 * Where the Lixeira's list comes from: the server (data/trash-list.ts: one live page, the found
 * count, the ids only when a bulk action asks), or, in the unit tests, a list in memory with the
 * same semantics (testing/memory-trash-source.ts). Given through context, as the Leads tab's.
 */
import { createContext, useContext, useEffect, useMemo, useState } from 'react';
import { useFirestore } from '@/lib/firebase/panel-sdk';
import { useLeadPage, type LeadPage } from '@/data/lead-list-reads';
import { trashedLeadsQuery } from '@/data/leads';
import {
  countTrashMatching,
  fetchTrashIdsMatching,
  recentTrashBatches,
  trashListQuery,
  type TrashBatch,
  type TrashFilter,
} from '@/data/trash-list';
import { useCounts } from '@/data/counts';
import { useLiveLeads } from '@/data/use-live-leads';

export type { TrashBatch, TrashFilter };

/** The whole trash, or one search key's, or one batch's: a key for caches and counts. */
export const filterKey = (filter: TrashFilter): string =>
  'batch' in filter ? `lote:${filter.batch}` : (filter.search ?? '');

const wholeTrash = (filter: TrashFilter) => !('batch' in filter) && filter.search === null;

export interface TrashListRequest {
  /** What the list shows: a search key (null: the whole trash), or a batch. */
  filter: TrashFilter;
  page: number;
  size: number;
  /** Changes when the count may be stale (a change on the page, a bulk run, a restore). */
  epoch: number;
  /** The page saw a change after its first rows. */
  onChange: () => void;
  onError: (error: unknown) => void;
}

export interface TrashListData {
  page: LeadPage;
  /** How many trashed leads the filter finds (all of them without one); null: counting. */
  found: number | null;
}

export interface TrashSource {
  /** A hook: call it once per render, always from the same source. */
  useList: (request: TrashListRequest) => TrashListData;
  /** The ids of every trashed lead the filter finds: read on the admin's request only. */
  fetchIds: (filter: TrashFilter) => Promise<string[]>;
  /** The newest batches of bulk moves with leads still in the trash, newest first. */
  fetchBatches: () => Promise<TrashBatch[]>;
}

/** A re-count waits this long after a change, so a burst costs one count. */
const recountMs = 800;

/** How many trashed leads `filter` finds, counted when it changes and again on `epoch`. */
function useFoundCount(
  db: ReturnType<typeof useFirestore>,
  filter: TrashFilter,
  epoch: number,
  start: boolean,
  onError: (error: unknown) => void,
): number | null {
  // One list, named by the filter: a new filter counts at once, a re-count of it waits.
  const key = filterKey(filter);
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const lists = useMemo(() => (start ? { found: filter } : null), [key, start]);
  const counts = useCounts(lists, (f) => countTrashMatching(db, f), epoch, recountMs, onError);
  return counts?.found ?? null;
}

/**
 * The page on screen, live. The whole trash's first page (what the tab opens on) is the first
 * `size` trashed leads, each change applied to the rows kept (use-live-leads); the other pages and
 * a search's are cursor pages (data/lead-list-reads.ts `useLeadPage`).
 */
function useTrashPage(
  db: ReturnType<typeof useFirestore>,
  { filter, page, size, onChange }: TrashListRequest,
): LeadPage {
  const opening = wholeTrash(filter) && page === 1;
  const key = filterKey(filter);
  const firstQuery = useMemo(
    () => (opening ? trashedLeadsQuery(db, size) : null),
    [db, opening, size],
  );
  const first = useLiveLeads(firstQuery, { onAdded: onChange, onRemoved: onChange });
  // The filter is named by its key: a new object for the same filter asks for nothing new.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const base = useMemo(() => (opening ? null : trashListQuery(db, filter)), [db, opening, key]);
  const paged = useLeadPage(base, key, page, size, onChange);
  return useMemo(
    () =>
      opening
        ? {
            status: first.status,
            rows: first.data,
            error: first.error,
            full: first.data.length >= size,
          }
        : paged,
    [opening, first, paged, size],
  );
}

function useFirestoreTrashList(
  db: ReturnType<typeof useFirestore>,
  request: TrashListRequest,
): TrashListData {
  const { filter, epoch, onError } = request;
  const live = useTrashPage(db, request);
  // Counted once the first rows are there: the page is what the admin waits on.
  const [rowsShown, setRowsShown] = useState(false);
  useEffect(() => {
    if (live.status !== 'loading') setRowsShown(true);
  }, [live.status]);
  const found = useFoundCount(db, filter, epoch, rowsShown, onError);
  return { page: live, found };
}

export function useFirestoreTrashSource(): TrashSource {
  const db = useFirestore();
  return useMemo(
    () => ({
      useList: (request: TrashListRequest) => useFirestoreTrashList(db, request),
      fetchIds: (filter) => fetchTrashIdsMatching(db, filter),
      fetchBatches: () => recentTrashBatches(db),
    }),
    [db],
  );
}

/** A source for the tab (the unit tests give one over a list in memory). */
export const TrashSourceContext = createContext<TrashSource | null>(null);

/** The tab's source: the context's, or the server's. */
export function useTrashSource(): TrashSource {
  const given = useContext(TrashSourceContext);
  const server = useFirestoreTrashSource();
  return given ?? server;
}
