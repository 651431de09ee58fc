/**
 * The board's reads: for each status, the first leads of the list's filters in that status,
 * newest first and live, and how many there are (a count aggregation, counted again when `epoch`
 * changes). The list's indexes serve them: `status ==` merges with the filters' own
 * `<field> ==, created_at` indexes (firestore.indexes.json).
 */
import { limit, query, type Firestore, type Query } from 'firebase/firestore';
import { useMemo } from 'react';
import type { Lead, LeadStatus } from '@/domain/lead';
import { withStatus, type LeadClause } from '@/domain/lead-query';
import { countLeadsMatching, leadListQuery } from './lead-list-reads';
import { useCounts } from './counts';

/**
 * One column's clauses: the filters and its status; null when the filters ask for another status
 * (that column holds none of them).
 */
export function columnClauses(
  clauses: readonly LeadClause[] | null,
  status: LeadStatus,
): LeadClause[] | null {
  return clauses ? withStatus(clauses, status) : null;
}

/** The first `size` leads of a column, newest first. */
export function columnQuery(
  db: Firestore,
  clauses: readonly LeadClause[],
  size: number,
): Query<Lead> {
  return query(leadListQuery(db, clauses, 'desc'), limit(size));
}

/** How many leads each column holds (null while first counted); a column with no clauses holds 0. */
export function useColumnCounts<K extends string>(
  db: Firestore,
  columns: Readonly<Record<K, readonly LeadClause[] | null>> | null,
  epoch: number,
  onError?: (error: unknown) => void,
): Record<K, number> | null {
  const count = useMemo(
    () => (clauses: readonly LeadClause[] | null) =>
      clauses ? countLeadsMatching(db, clauses) : Promise.resolve(0),
    [db],
  );
  return useCounts(columns, count, epoch, 800, onError);
}
