/**
 * Taking a colleague off the team with their leads handed to someone else (or to nobody): first
 * the leads they are responsible for, through the rules' check of assigned_to (each lead's
 * timeline records the change and who made it), then the removeAdmin function, then once more for
 * any lead assigned to them in between (after the removal nobody can: they are off the
 * allow-list). A failed hand-over leaves them on the team, so the admin can try again.
 */
import type { Firestore } from 'firebase/firestore';
import { countAssignedTo, fetchAssignedIds } from '@/data/assigned-leads';
import { assignLeads } from '@/data/lead-record-access';
import { removeColleague } from './team-callables';

export { countAssignedTo };

/** Hands `email`'s leads to `to` (null: nobody) and removes them; how many leads were handed. */
export async function removeHandingOver(
  db: Firestore,
  email: string,
  to: string | null,
): Promise<number> {
  const first = await fetchAssignedIds(db, email);
  let handed = first.length > 0 ? await assignLeads(db, first, to) : 0;
  await removeColleague(email);
  const late = await fetchAssignedIds(db, email);
  if (late.length > 0) handed += await assignLeads(db, late, to);
  return handed;
}
