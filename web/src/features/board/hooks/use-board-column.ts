/**
 * One column of the board: the first leads of its clauses (the list's filters and its status),
 * newest first and live, `pageSize` more at a time.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { useFirestore } from 'reactfire';
import { columnQuery } from '@/data/board-reads';
import { useLiveQuery, type LiveState } from '@/data/live';
import type { Lead } from '@/domain/lead';
import type { LeadClause } from '@/domain/lead-query';
import { cardsPerPage } from '@/features/board/page-size';

export interface BoardColumnData {
  leads: LiveState<Lead[]>;
  more: boolean;
  showMore: () => void;
}

/** `clauses` null: the column holds nothing (the filters ask for another status). */
export function useBoardColumn(
  clauses: readonly LeadClause[] | null,
  key: string,
  onChange: () => void,
): BoardColumnData {
  const db = useFirestore();
  const [shown, setShown] = useState({ key, size: cardsPerPage });
  const size = shown.key === key ? shown.size : cardsPerPage;
  const columnsQuery = useMemo(
    () => (clauses ? columnQuery(db, clauses, size) : null),
    // The key names the clauses.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [db, key, size],
  );
  const leads = useLiveQuery(columnsQuery);
  // A change after the column's first answer: the counts are counted again.
  const seen = useRef<Lead[] | undefined>(undefined);
  const changed = useRef(onChange);
  changed.current = onChange;
  useEffect(() => {
    if (leads.data && seen.current && leads.data !== seen.current) changed.current();
    seen.current = leads.data;
  }, [leads.data]);
  return {
    leads,
    more: (leads.data?.length ?? 0) >= size,
    showMore: () => setShown({ key, size: size + cardsPerPage }),
  };
}
