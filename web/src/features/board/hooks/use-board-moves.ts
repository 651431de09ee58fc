/**
 * A card moved to another column: the lead's new status through the panel's write path
 * (data/lead-actions.ts, as the list's selector), the list's toasts, and a sentence for screen
 * readers ('Ana Souza movido para Principal.').
 */
import { useCallback, useState } from 'react';
import { useFirestore } from '@/lib/firebase/panel-sdk';
import { showToast } from '@/components/toast';
import { setLeadStatus } from '@/data/lead-actions';
import type { Lead, LeadStatus } from '@/domain/lead';
import { boardTexts, statusErrorToast, statusLabels, statusUpdatedToast } from '../messages';

export interface BoardMoves {
  /** Leads whose move is on its way. */
  pending: ReadonlySet<string>;
  /** The last move said aloud (a polite live region reads it). */
  announcement: string;
  /** The lead last moved with its 'Mover' menu: its card, in its new column, takes the focus. */
  focused: string | null;
  /** `byMenu`: moved with the card's menu (the keyboard's way), not dragged. */
  move: (lead: Lead, status: LeadStatus, byMenu?: boolean) => void;
}

export function useBoardMoves(): BoardMoves {
  const db = useFirestore();
  const [pending, setPending] = useState<ReadonlySet<string>>(new Set());
  const [announcement, setAnnouncement] = useState('');
  const [focused, setFocused] = useState<string | null>(null);
  const move = useCallback(
    (lead: Lead, status: LeadStatus, byMenu = false) => {
      if (lead.status === status) return;
      setFocused(byMenu ? lead.id : null);
      setPending((previous) => new Set(previous).add(lead.id));
      setAnnouncement(boardTexts.moved(lead.nome, statusLabels[status]));
      setLeadStatus(db, lead.id, status)
        .then(
          () => showToast(statusUpdatedToast, 'success'),
          (error: unknown) => {
            console.error(statusErrorToast.title, error);
            showToast(statusErrorToast, 'error');
            setAnnouncement(boardTexts.notMoved(lead.nome));
          },
        )
        .finally(() =>
          setPending((previous) => {
            const next = new Set(previous);
            next.delete(lead.id);
            return next;
          }),
        );
    },
    [db],
  );
  return { pending, announcement, focused, move };
}
