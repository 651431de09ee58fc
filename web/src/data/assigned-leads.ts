/**
 * The leads an admin is responsible for (`assigned_to`, active or in the trash): how many, and
 * their ids, for handing them to a colleague when that admin leaves the team (Configurações →
 * Equipe). The write itself is lead-record-access.ts `assignLeads`, through the rules' check of
 * assigned_to, so each lead's timeline records who handed it over. Index: assigned_to's automatic one.
 */
import { getDocs, query, where, type Firestore } from 'firebase/firestore';
import { leadsCollection } from './leads';
import { countOnServer } from './server-count';

const assignedTo = (db: Firestore, email: string) =>
  query(leadsCollection(db), where('assigned_to', '==', email));

/** How many leads `email` is responsible for: one aggregation. */
export function countAssignedTo(db: Firestore, email: string): Promise<number> {
  return countOnServer(assignedTo(db, email));
}

/** The ids of the leads `email` is responsible for. */
export async function fetchAssignedIds(db: Firestore, email: string): Promise<string[]> {
  return (await getDocs(assignedTo(db, email))).docs.map((doc) => doc.id);
}
