/**
 * Where the Lixeira's list comes from: the server (data/trash-list.ts: one live page, the found
 * count, the ids only when a bulk action asks), or, in the unit tests, a list in memory with the
 * same semantics (testing/memory-trash-source.ts). Given through context, as the Leads tab's.
 */
import { createContext, useContext, useEffect, useMemo, useState } from 'react';
import { useFirestore } from 'reactfire';
import { useLeadPage, type LeadPage } from '@/data/lead-list-reads';
import { trashedLeadsQuery } from '@/data/leads';
import { countTrashMatching, fetchTrashIdsMatching, trashListQuery } from '@/data/trash-list';
import { useCounts } from '@/data/counts';
import { useLiveLeads } from '@/data/use-live-leads';

export interface TrashListRequest {
  /** The search key (null: the whole trash). */
  search: string | null;
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
  /** How many trashed leads the search finds (all of them without a search); null: counting. */
  found: number | null;
}

export interface TrashSource {
  /** A hook: call it once per render, always from the same source. */
  useList: (request: TrashListRequest) => TrashListData;
  /** The ids of every trashed lead the search finds: read on the admin's request only. */
  fetchIds: (search: string | null) => Promise<string[]>;
}

/** A re-count waits this long after a change, so a burst costs one count. */
const recountMs = 800;

/** How many trashed leads `search` finds, counted when it changes and again on `epoch`. */
function useFoundCount(
  db: ReturnType<typeof useFirestore>,
  search: string | null,
  epoch: number,
  start: boolean,
  onError: (error: unknown) => void,
): number | null {
  // One list, named by the search: a new search counts at once, a re-count of it waits.
  const lists = useMemo(() => (start ? { found: search } : null), [search, start]);
  const counts = useCounts(lists, (key) => countTrashMatching(db, key), epoch, recountMs, onError);
  return counts?.found ?? null;
}

/**
 * The page on screen, live. The whole trash's first page (what the tab opens on) is the first
 * `size` trashed leads, each change applied to the rows kept (use-live-leads); the other pages and
 * a search's are cursor pages (data/lead-list-reads.ts `useLeadPage`).
 */
function useTrashPage(
  db: ReturnType<typeof useFirestore>,
  { search, page, size, onChange }: TrashListRequest,
): LeadPage {
  const opening = search === null && page === 1;
  const firstQuery = useMemo(
    () => (opening ? trashedLeadsQuery(db, size) : null),
    [db, opening, size],
  );
  const first = useLiveLeads(firstQuery, { onAdded: onChange, onRemoved: onChange });
  const base = useMemo(() => (opening ? null : trashListQuery(db, search)), [db, opening, search]);
  const paged = useLeadPage(base, search ?? '', page, size, onChange);
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
  const { search, epoch, onError } = request;
  const live = useTrashPage(db, request);
  // Counted once the first rows are there: the page is what the admin waits on.
  const [rowsShown, setRowsShown] = useState(false);
  useEffect(() => {
    if (live.status !== 'loading') setRowsShown(true);
  }, [live.status]);
  const found = useFoundCount(db, search, epoch, rowsShown, onError);
  return { page: live, found };
}

export function useFirestoreTrashSource(): TrashSource {
  const db = useFirestore();
  return useMemo(
    () => ({
      useList: (request: TrashListRequest) => useFirestoreTrashList(db, request),
      fetchIds: (search) => fetchTrashIdsMatching(db, search),
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
