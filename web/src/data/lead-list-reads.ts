/**
 * The Leads tab's reads, sized to the screen instead of to the collection (at 20,000 active leads
 * the tab's listener read 20,045 documents per open: docs/benchmarks.md): one live page
 * of the list under the filters (cursor paging), count aggregations for the counters and the
 * filtered total, the duplicates of the rows on screen, and the whole filtered list only when the
 * admin asks for it (export, 'Limpar Dados'). The clauses come from domain/lead-query.ts.
 */
import {
  documentId,
  getDocs,
  limit,
  orderBy,
  query,
  startAfter,
  where,
  type DocumentData,
  type FirestoreError,
  type Firestore,
  type Query,
  type QueryDocumentSnapshot,
} from 'firebase/firestore';
import { countOnServer } from './server-count';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { Lead } from '@/domain/lead';
import { phoneKeyOf } from '@vagas/common';
import {
  duplicateClauses,
  leadMatches,
  maxInValues,
  type LeadClause,
  type LeadOrder,
} from '@/domain/lead-query';
import { useCounts } from './counts';
import { leadsCollection } from './leads';
import { listen, useLiveQuery } from './live';

const toWhere = (clause: LeadClause) => where(clause.field, clause.op, clause.value);

/** The columns the list can be sorted by on the server. */
export const sortFields = ['nome', 'vaga', 'cidade', 'status', 'created_at'] as const;
export type SortField = (typeof sortFields)[number];
/**
 * The stored field each column sorts by: 'Nome' by the name's normalised key (lead-keys.ts), so
 * 'Érica' and 'bruno' sort among the A–Z names across pages, not after 'Z' (code-point order).
 */
const storedSortField: Record<SortField, string> = {
  nome: 'name_key',
  vaga: 'vaga',
  cidade: 'cidade',
  status: 'status',
  created_at: 'created_at',
};
/** The list's order: a column and a direction ('Data' newest first by default). */
export interface LeadSort {
  field: SortField;
  order: LeadOrder;
}
export const defaultSort: LeadSort = { field: 'created_at', order: 'desc' };

/** Whether the clauses hold a range on created_at ('Período'). */
export const hasPeriod = (clauses: readonly LeadClause[] | null) =>
  (clauses ?? []).some((c) => c.field === 'created_at' && c.op !== '==');

/**
 * The order Firestore can serve for `clauses` when `wanted` is asked: `wanted`, or 'Data' (newest
 * first unless 'Data' was asked) when the clauses hold a range on created_at ('Período': a range
 * on one field and an order on another need the range's field first, so the rows would not come
 * out in the column's order) — then `refused` is true and the tab says so.
 */
export function servedSort(
  clauses: readonly LeadClause[] | null,
  wanted: LeadSort,
): { sort: LeadSort; refused: boolean } {
  if (wanted.field === 'created_at') return { sort: wanted, refused: false };
  return hasPeriod(clauses)
    ? { sort: defaultSort, refused: true }
    : { sort: wanted, refused: false };
}

/**
 * The leads matching `clauses` in `sort`'s order. A column pinned by an equality filter ('Vaga'
 * sorted while one vaga is chosen) has one value on every row: any order is its order, and the
 * list's created_at one needs no other index. The indexes: `<equality field> ==, <column>` per
 * direction, which Firestore merges for any mix of the filters (firestore.indexes.json).
 */
export function leadListQuery(
  db: Firestore,
  clauses: readonly LeadClause[],
  sort: LeadOrder | LeadSort = 'desc',
): Query<Lead> {
  const { field, order }: LeadSort =
    typeof sort === 'string' ? { field: 'created_at', order: sort } : sort;
  const pinned = clauses.some((c) => c.field === field && c.op === '==');
  const by = pinned ? orderBy('created_at', 'desc') : orderBy(storedSortField[field], order);
  return query(leadsCollection(db), ...clauses.map(toWhere), by);
}

/** How many leads match: one aggregation, billed one read per 1,000 leads counted (at least one). */
export async function countLeadsMatching(
  db: Firestore,
  clauses: readonly LeadClause[],
): Promise<number> {
  // Ordered as the list is, so the list's indexes serve the count of a period too.
  return countOnServer(leadListQuery(db, clauses));
}

/** Every lead matching `clauses` (an explicit action: export, 'Limpar Dados'): reads them all. */
export async function fetchLeadsMatching(
  db: Firestore,
  clauses: readonly LeadClause[],
  order: LeadOrder | LeadSort = 'desc',
): Promise<Lead[]> {
  const snapshot = await getDocs(leadListQuery(db, clauses, order));
  return snapshot.docs.map((d) => d.data());
}

export interface LeadPage {
  status: 'loading' | 'success' | 'error';
  rows: Lead[];
  error: FirestoreError | null;
  /** Whether the page is full (a next page may exist). */
  full: boolean;
}

type Cursor = QueryDocumentSnapshot<Lead, DocumentData>;

/**
 * Where page `page` starts: after the last document of page `page - 1`. A page never seen (a jump
 * from page 2 to page 40) is reached by reading the leads in between once, from the last cursor
 * known; the pages after it then cost one page each.
 */
async function cursorBefore(
  base: Query<Lead>,
  cursors: Map<number, Cursor>,
  page: number,
  size: number,
): Promise<Cursor | null> {
  if (page <= 1) return null;
  const known = cursors.get(page - 1);
  if (known) return known;
  let from = page - 1;
  while (from > 1 && !cursors.has(from - 1)) from--;
  const start = cursors.get(from - 1);
  const skipped = (page - from) * size;
  const gap = await getDocs(
    start ? query(base, startAfter(start), limit(skipped)) : query(base, limit(skipped)),
  );
  const last = gap.docs.at(-1);
  if (last) cursors.set(page - 1, last);
  return last ?? null;
}

/**
 * Page `page` (1-based) of `base`, live: arrivals, status changes and removals on it show at once.
 * `key` names the query: a new key forgets the cursors. Also reports the page's changes (`onChange`)
 * so the counters can be counted again.
 */
export function useLeadPage(
  base: Query<Lead> | null,
  key: string,
  page: number,
  size: number,
  onChange?: () => void,
): LeadPage {
  const [state, setState] = useState<LeadPage>({
    status: 'loading',
    rows: [],
    error: null,
    full: false,
  });
  const cursors = useRef({ key, map: new Map<number, Cursor>() });
  if (cursors.current.key !== key) cursors.current = { key, map: new Map() };
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  });

  useEffect(() => {
    if (!base) return;
    const map = cursors.current.map;
    let stop: (() => void) | null = null;
    let cancelled = false;
    setState((previous) => ({ ...previous, status: 'loading', error: null }));
    const fail = (error: FirestoreError) =>
      setState((previous) => ({ ...previous, status: 'error', error }));
    cursorBefore(base, map, page, size)
      .then((cursor) => {
        if (cancelled) return;
        const pageQuery = cursor
          ? query(base, startAfter(cursor), limit(size))
          : query(base, limit(size));
        let first = true;
        stop = listen(
          pageQuery,
          (snapshot) => {
            const last = snapshot.docs.at(-1);
            if (last) map.set(page, last);
            setState({
              status: 'success',
              rows: snapshot.docs.map((d) => d.data()),
              error: null,
              full: snapshot.size >= size,
            });
            if (!first) onChangeRef.current?.();
            first = false;
          },
          fail,
        );
      })
      .catch(fail);
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [base, page, size]);

  return state;
}

/**
 * The counts of each named clause list, counted when mounted and again (at most once per
 * `debounceMs`) when `epoch` changes; null while the first count runs. A null list counts 0.
 */
export function useLeadCounts<K extends string>(
  db: Firestore,
  /** null: not yet (nothing is counted). */
  lists: Readonly<Record<K, readonly LeadClause[] | null>> | null,
  epoch: number,
  debounceMs = 800,
  onError?: (error: unknown) => void,
): Record<K, number> | null {
  return useCounts(
    lists,
    (clauses) => (clauses ? countLeadsMatching(db, clauses) : Promise.resolve(0)),
    epoch,
    debounceMs,
    onError,
  );
}

/**
 * The phones of `rows` that more than one active lead has ('duplicado'), live: one query
 * `phone_key in [the rows' phones]` (the rows themselves count by their own phone, so a lead
 * whose keys the function has not written yet still counts).
 */
export function useDuplicatePhones(db: Firestore, rows: readonly Lead[]): ReadonlySet<string> {
  const keys = rows.map((lead) => phoneKeyOf(lead.whatsapp));
  const keyList = [...new Set(keys.filter(Boolean))].sort().join(',');
  const duplicates = useMemo(() => {
    const clauses = duplicateClauses(keyList ? keyList.split(',') : []);
    return clauses ? query(leadsCollection(db), ...clauses.map(toWhere)) : null;
  }, [db, keyList]);
  const matches = useLiveQuery(duplicates);
  return useMemo(() => {
    const holders = new Map<string, Set<string>>();
    const add = (key: string, id: string) => {
      if (!key) return;
      const ids = holders.get(key) ?? new Set<string>();
      ids.add(id);
      holders.set(key, ids);
    };
    rows.forEach((lead, i) => add(keys[i]!, lead.id));
    for (const lead of matches.data ?? []) add(phoneKeyOf(lead.whatsapp), lead.id);
    return new Set([...holders].filter(([, ids]) => ids.size > 1).map(([key]) => key));
    // keys follow rows.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [rows, matches.data]);
}

/**
 * Which of `ids` (the ticked leads, on any page) no longer match `clauses` (null: none can match):
 * trashed by a colleague, deleted, or changed out of the filters. Live: one listener on
 * `documentId in [...]` per 30 ids (a ticked page of 25 costs one). A lead not read yet is not gone.
 */
export function useLeadsGone(
  db: Firestore,
  ids: readonly string[],
  clauses: readonly LeadClause[] | null,
): ReadonlySet<string> {
  const idList = [...new Set(ids)].sort().join(',');
  const [seen, setSeen] = useState<ReadonlyMap<string, Lead | null>>(new Map());
  useEffect(() => {
    const all = idList ? idList.split(',') : [];
    const stops: (() => void)[] = [];
    for (let start = 0; start < all.length; start += maxInValues) {
      const chunk = all.slice(start, start + maxInValues);
      const chunkQuery = query(leadsCollection(db), where(documentId(), 'in', chunk));
      stops.push(
        listen(
          chunkQuery,
          (snapshot) => {
            const found = new Map(snapshot.docs.map((d) => [d.id, d.data()] as const));
            setSeen((previous) => {
              const next = new Map(previous);
              for (const id of chunk) next.set(id, found.get(id) ?? null);
              return next;
            });
          },
          (error) => console.error('Selected leads listener failed', error),
        ),
      );
    }
    return () => stops.forEach((stop) => stop());
  }, [db, idList]);
  return useMemo(() => {
    const gone = new Set<string>();
    for (const id of idList ? idList.split(',') : []) {
      if (!seen.has(id)) continue;
      const lead = seen.get(id) ?? null;
      if (!clauses || !lead || !leadMatches(lead, clauses)) gone.add(id);
    }
    return gone;
  }, [seen, idList, clauses]);
}
