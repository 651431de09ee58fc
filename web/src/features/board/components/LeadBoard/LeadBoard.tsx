/**
 * The board: a column per status, live, under the list's filters (the same fields, given by the
 * panel, which holds their values for the list and the board alike). A card is dragged to another
 * column, or moved with its 'Mover' menu (keyboard, phone, screen reader); each move is said in a
 * polite live region. On a phone the columns scroll sideways, one at a time.
 */
import { useCallback, useEffect, useMemo, useReducer, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { useFirestore } from 'reactfire';
import { PanelCard } from '@/components/PanelCard/PanelCard';
import { columnClauses, useColumnCounts } from '@/data/board-reads';
import { countsFromStats, usePanelCounts } from '@/data/lead-stats';
import type { Lead, LeadStatus } from '@/domain/lead';
import type { LeadClause } from '@/domain/lead-query';
import { leadStatuses } from '@/domain/options';
import { useBoardMoves } from '@/features/board/hooks/use-board-moves';
import { boardTexts } from '@/features/board/messages';
import { useNow } from '@/lib/page/use-now';
import { BoardColumn } from './BoardColumn';
import classes from './LeadBoard.module.css';

export interface LeadBoardProps {
  /** The list's filters as query clauses (null: nothing can match). */
  clauses: LeadClause[] | null;
  /** Names the filters: a change starts every column over. */
  filterKey: string;
  /** The list's filter fields. */
  filters: ReactNode;
  /** Every column's first answer is drawn (the panel's own counts wait for it). */
  onShown?: () => void;
}

export function LeadBoard({ clauses, filterKey, filters, onShown }: LeadBoardProps) {
  const db = useFirestore();
  const columns = useMemo(
    () =>
      Object.fromEntries(
        leadStatuses.map((status) => [status, columnClauses(clauses, status)]),
      ) as Record<LeadStatus, LeadClause[] | null>,
    // The key names the clauses.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [filterKey],
  );
  const [epoch, changed] = useReducer((n: number) => n + 1, 0);
  // The columns are counted once their first cards are drawn: counted beside them, the four
  // counts' requests and renders came between the board's first answer and its first click.
  const [answered, setAnswered] = useState<ReadonlySet<LeadStatus>>(new Set());
  const onAnswered = useCallback(
    (status: LeadStatus) =>
      setAnswered((previous) => (previous.has(status) ? previous : new Set(previous).add(status))),
    [],
  );
  const allAnswered = answered.size === leadStatuses.length;
  useEffect(() => {
    if (allAnswered) onShown?.();
  }, [allAnswered, onShown]);
  // Without filters, or filtered by status and job only, the columns' counts are `stats/leads`'
  // (one live document, however many leads); with other filters, a job it does not count, or
  // before the functions have written it, they are counted.
  const stats = usePanelCounts(db);
  const fromStats = countsFromStats(stats, columns);
  const counting = allAnswered && !fromStats && stats.status !== 'loading';
  const counted = useColumnCounts(db, counting ? columns : null, epoch, (error) =>
    console.error('Board count failed', error),
  );
  const counts = fromStats ?? counted;
  const moves = useBoardMoves();
  const [dragging, setDragging] = useState<Lead | null>(null);
  const onDrag = useCallback((lead: Lead | null) => setDragging(lead), []);
  const now = useNow();
  const { search } = useLocation();
  return (
    <PanelCard>
      <div className={classes.root}>
        <h2 className={classes.title}>{boardTexts.title}</h2>
        {filters}
        <p className={classes.note}>{boardTexts.hint}</p>
        <div className={classes.columns} role="group" aria-label={boardTexts.columns}>
          {leadStatuses.map((status) => (
            <BoardColumn
              key={status}
              status={status}
              clauses={columns[status]}
              filterKey={filterKey}
              count={counts?.[status] ?? null}
              dragging={dragging}
              pending={moves.pending}
              now={now}
              search={search}
              onMove={moves.move}
              onDrag={onDrag}
              onChange={changed}
              onAnswered={onAnswered}
              focused={moves.focused}
            />
          ))}
        </div>
        <div role="status" aria-live="polite" className={classes.announce}>
          {moves.announcement}
        </div>
      </div>
    </PanelCard>
  );
}
