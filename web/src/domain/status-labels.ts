/**
 * A status as the panel writes it to people ('Novo', 'Principal', …): the filter, the status
 * menus and the timeline say the same. The stored value ('novo') is the badge's.
 */
import { heldStatus } from '@vagas/common';
import type { LeadStatus } from './lead';

export const statusLabels: Readonly<Record<LeadStatus, string>> = {
  novo: 'Novo',
  principal: 'Principal',
  separado: 'Separado',
  descartado: 'Descartado',
};

/** A lead the screening set aside (its 'Suspeitos' view), wherever its status is written out. */
const heldLabel = 'Suspeito';

/** The label of a stored status; a value that is no status is shown as it is. */
export function statusLabel(status: string): string {
  if (status === heldStatus) return heldLabel;
  return Object.hasOwn(statusLabels, status) ? statusLabels[status as LeadStatus] : status;
}
