/**
 * One status's column: its heading with its count, its cards (live), 'Mostrar mais', and a drop
 * target for a card dragged from another column.
 */
import { useEffect, useId, useState, type DragEvent } from 'react';
import type { Lead, LeadStatus } from '@/domain/lead';
import type { LeadClause } from '@/domain/lead-query';
import { useBoardColumn } from '@/features/board/hooks/use-board-column';
import { useDrawnCount } from '@/lib/page/use-drawn-count';
import { boardTexts, statusLabels } from '@/features/board/messages';
import { firstContentShown } from '@/lib/page/when-idle';
import { BoardCard } from './BoardCard';
import classes from './LeadBoard.module.css';

/** Cards a column shows on a 1280 x 800 screen, and a few more: drawn with the first answer. */
const firstScreenCards = 4;

export interface BoardColumnProps {
  status: LeadStatus;
  /** null: the filters ask for another status. */
  clauses: LeadClause[] | null;
  filterKey: string;
  count: number | null;
  /** The card being dragged, if any. */
  dragging: Lead | null;
  pending: ReadonlySet<string>;
  now: Date;
  search: string;
  onMove: (lead: Lead, status: LeadStatus, byMenu?: boolean) => void;
  onDrag: (lead: Lead | null) => void;
  onChange: () => void;
  /** The column's first answer is in (or it holds nothing under the filters). */
  onAnswered: (status: LeadStatus) => void;
  /** The lead whose card takes the focus (moved here from the keyboard). */
  focused: string | null;
}

function ColumnBody({
  clauses,
  column,
  ...cards
}: Pick<
  BoardColumnProps,
  'clauses' | 'pending' | 'now' | 'search' | 'onMove' | 'onDrag' | 'focused'
> & {
  column: ReturnType<typeof useBoardColumn>;
}) {
  const { status, data } = column.leads;
  const drawn = useDrawnCount(status !== 'loading', data?.length ?? 0, firstScreenCards);
  if (!clauses) return <p className={classes.note}>{boardTexts.outOfFilter}</p>;
  if (status === 'error') return <p role="alert">{boardTexts.loadFailed}</p>;
  if (status === 'loading') return <p className={classes.note}>{boardTexts.loading}</p>;
  if (data.length === 0) return <p className={classes.note}>{boardTexts.empty}</p>;
  return (
    <>
      <ul className={classes.cards}>
        {data.slice(0, drawn).map((lead) => (
          <BoardCard
            key={lead.id}
            lead={lead}
            busy={cards.pending.has(lead.id)}
            now={cards.now}
            search={cards.search}
            onMove={cards.onMove}
            onDrag={cards.onDrag}
            focused={cards.focused === lead.id}
          />
        ))}
      </ul>
      {column.more && (
        <button type="button" className={classes.more} onClick={column.showMore}>
          {boardTexts.more}
        </button>
      )}
    </>
  );
}

export function BoardColumn(props: BoardColumnProps) {
  const { status, clauses, filterKey, count, dragging, onMove, onDrag, onChange, onAnswered } =
    props;
  const column = useBoardColumn(clauses, `${filterKey}|${status}`, onChange);
  const headingId = useId();
  const [over, setOver] = useState(false);
  const loaded = column.leads.status !== 'loading' || !clauses;
  useEffect(() => {
    if (!loaded) return;
    firstContentShown();
    onAnswered(status);
  }, [loaded, onAnswered, status]);
  const accepts = dragging !== null && dragging.status !== status;
  const onDragOver = (event: DragEvent) => {
    if (!accepts) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'move';
    setOver(true);
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    if (dragging && accepts) onMove(dragging, status);
    onDrag(null);
  };
  return (
    <section
      className={classes.column}
      aria-labelledby={headingId}
      data-status={status}
      data-over={(accepts && over) || undefined}
      onDragOver={onDragOver}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
    >
      <h3 id={headingId} className={classes.columnTitle}>
        {boardTexts.column(statusLabels[status], clauses ? count : 0)}
      </h3>
      <ColumnBody {...props} column={column} />
    </section>
  );
}
