/**
 * A lead's card on the board: its name (a link to the record), job and city, date, next step
 * ('Atrasado' once late), and 'Mover' (a menu of the other statuses: the keyboard's and the
 * phone's way to do what a drag does). Plain elements, memoised on the lead.
 */
import { memo, type DragEvent } from 'react';
import { Link } from 'react-router-dom';
import { LightBadge } from '@/components/LightControls/LightControls';
import { MenuButton } from '@/components/MenuButton/MenuButton';
import { leadRecordPath } from '@/config/routes';
import type { Lead, LeadStatus } from '@/domain/lead';
import { formatDateTime } from '@/domain/lead-list-view';
import { describeNextStep, isLate } from '@/domain/next-step';
import { leadStatuses } from '@/domain/options';
import { boardTexts, statusLabels } from '@/features/board/messages';
import classes from './LeadBoard.module.css';

export interface BoardCardProps {
  lead: Lead;
  busy: boolean;
  /** The time 'Atrasado' is judged by. */
  now: Date;
  /** The page's query string, kept by the record link ('?vista=quadro'). */
  search: string;
  onMove: (lead: Lead, status: LeadStatus, byMenu?: boolean) => void;
  onDrag: (lead: Lead | null) => void;
  /** Its 'Mover' button takes the focus (it was just moved here from the keyboard). */
  focused: boolean;
}

export const BoardCard = memo(function BoardCard({
  lead,
  busy,
  now,
  search,
  onMove,
  onDrag,
  focused,
}: BoardCardProps) {
  const step = lead.next_step;
  const late = step ? isLate(step.due_at, now) : false;
  const onDragStart = (event: DragEvent) => {
    event.dataTransfer.setData('text/plain', lead.id);
    event.dataTransfer.effectAllowed = 'move';
    onDrag(lead);
  };
  return (
    <li
      className={classes.card}
      data-lead-id={lead.id}
      draggable={!busy}
      aria-busy={busy || undefined}
      onDragStart={onDragStart}
      onDragEnd={() => onDrag(null)}
    >
      <Link
        to={{ pathname: leadRecordPath(lead.id), search }}
        className={classes.name}
        draggable={false}
      >
        {lead.nome}
      </Link>
      <p className={classes.meta}>
        {lead.vaga} · {lead.cidade}
      </p>
      <p className={classes.meta}>{boardTexts.created(formatDateTime(lead.created_at))}</p>
      {step && (
        <p className={classes.step}>
          {describeNextStep(step)}{' '}
          {late && (
            <LightBadge size="xs" bg="var(--mantine-color-red-9)" fg="var(--mantine-color-white)">
              {boardTexts.late}
            </LightBadge>
          )}
        </p>
      )}
      <MenuButton
        label={boardTexts.moveOf(lead.nome)}
        // Never disabled while its move is on its way: the card just moved from the keyboard takes
        // the focus in its new column at once (a disabled button cannot), and a second move queues.
        autoFocus={focused}
        items={leadStatuses
          .filter((status) => status !== lead.status)
          .map((status) => ({
            label: boardTexts.moveTo(statusLabels[status]),
            onSelect: () => onMove(lead, status, true),
          }))}
      >
        {boardTexts.move}
      </MenuButton>
    </li>
  );
});
