/**
 * The leads the screening set aside ('Suspeitos': status 'suspeito', not in the trash): the newest
 * of them live, how many there are (a count aggregation), and an admin's release (status 'novo',
 * which firestore.rules allows only out of 'suspeito'). Sending them to the trash is the panel's
 * batched trash (lead-actions.ts `changeLeads`).
 */
import {
  doc,
  limit,
  orderBy,
  query,
  updateDoc,
  where,
  type Firestore,
  type Query,
} from 'firebase/firestore';
import type { Lead } from '@/domain/lead';
import { heldClauses } from '@/domain/lead-query';
import { leadsCollection } from './leads';
import { panelWrite } from './panel-write';
import { countOnServer } from './server-count';

const held = (db: Firestore) =>
  query(
    leadsCollection(db),
    ...heldClauses.map((clause) => where(clause.field, clause.op, clause.value)),
  );

/**
 * The newest `size` held leads. Indexes: deleted_at ==, created_at desc and status ==, created_at
 * desc (merged).
 */
export function heldLeadsQuery(db: Firestore, size: number): Query<Lead> {
  return query(held(db), orderBy('created_at', 'desc'), limit(size));
}

/**
 * The newest held lead, live: it changes when a lead is set aside (the arrivals' listener leaves
 * held leads out), so 'Suspeitos (N)' is counted again then. One read per lead set aside.
 */
export function newestHeldQuery(db: Firestore): Query<Lead> {
  return heldLeadsQuery(db, 1);
}

/** How many leads are held: one aggregation (billed a read per 1,000 counted). */
export function countHeldLeads(db: Firestore): Promise<number> {
  return countOnServer(held(db));
}

/** Releases a held lead into the list, as a new lead. */
export function releaseLead(db: Firestore, id: string): Promise<void> {
  return panelWrite(db, updateDoc(doc(leadsCollection(db), id), { status: 'novo' }), 'release');
}
