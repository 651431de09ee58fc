/**
 * Typed, read-only access to the team for the admin panel (full Firestore SDK): the allow-list
 * `admins/{email}` and its audit `admin_audit/{id}`, both live. Only the addAdmin/removeAdmin
 * functions and the CLI write them (firestore.rules refuses every client write).
 */
import {
  collection,
  doc,
  limit,
  orderBy,
  query,
  type DocumentData,
  type Firestore,
  type FirestoreDataConverter,
  type QueryDocumentSnapshot,
  type SnapshotOptions,
} from 'firebase/firestore';
import { useMemo } from 'react';
import { useFirestore } from '@/lib/firebase/panel-sdk';
import { listen, useLiveList, type LiveList } from './live';

/** One admin of the team, as Configurações → Equipe lists them. */
export interface TeamMember {
  email: string;
  /** When they were added; null for an entry without the time (or while it is being written). */
  since: Date | null;
  /** Who added them; null when it was the CLI (`npm run admin`) or the seed. */
  addedBy: string | null;
}

/** One change of the team. */
export interface TeamAuditRow {
  id: string;
  action: 'added' | 'removed';
  email: string;
  /** The admin who made it; null for the CLI. */
  by: string | null;
  at: Date | null;
}

/** How many audit rows the screen shows (the newest). */
export const auditRowsShown = 50;

function toDate(value: unknown): Date | null {
  if (value && typeof (value as { toDate?: unknown }).toDate === 'function') {
    return (value as { toDate: () => Date }).toDate();
  }
  return null;
}

const optionalString = (value: unknown): string | null =>
  typeof value === 'string' && value !== '' ? value : null;

function readOnly(): DocumentData {
  throw new Error('the team is written only by the functions and the CLI');
}

const memberConverter: FirestoreDataConverter<TeamMember, DocumentData> = {
  toFirestore: readOnly,
  fromFirestore(snapshot: QueryDocumentSnapshot, options?: SnapshotOptions): TeamMember {
    const data = snapshot.data({ ...options, serverTimestamps: 'estimate' });
    return {
      email: optionalString(data.email) ?? snapshot.id,
      since: toDate(data.granted_at),
      addedBy: optionalString(data.added_by),
    };
  },
};

const auditConverter: FirestoreDataConverter<TeamAuditRow, DocumentData> = {
  toFirestore: readOnly,
  fromFirestore(snapshot: QueryDocumentSnapshot, options?: SnapshotOptions): TeamAuditRow {
    const data = snapshot.data({ ...options, serverTimestamps: 'estimate' });
    return {
      id: snapshot.id,
      action: data.action === 'removed' ? 'removed' : 'added',
      email: String(data.email ?? ''),
      by: optionalString(data.by),
      at: toDate(data.at),
    };
  },
};

/** The allow-list key of an email (functions/src/admin-access.ts allowListKey). */
export function allowListKey(email: string): string {
  return email.trim().toLowerCase();
}

const membersQuery = (db: Firestore) =>
  query(collection(db, 'admins').withConverter(memberConverter), orderBy('email'));

const auditQuery = (db: Firestore) =>
  query(
    collection(db, 'admin_audit').withConverter(auditConverter),
    orderBy('at', 'desc'),
    limit(auditRowsShown),
  );

/** The team's admins, by email, live. */
export function useTeamMembers(): LiveList<TeamMember> {
  const db = useFirestore();
  return useLiveList(useMemo(() => membersQuery(db), [db]));
}

/** The newest changes of the team, newest first, live. */
export function useTeamAudit(): LiveList<TeamAuditRow> {
  const db = useFirestore();
  return useLiveList(useMemo(() => auditQuery(db), [db]));
}

/**
 * Watches the signed-in admin's own allow-list entry and calls `onGone` once it does not exist
 * (removed by a colleague; or never there) or cannot be read (the claim is gone). One document,
 * one listener: the way a removed admin's open panel learns it at once, while the ID token it
 * holds still carries the claim for up to an hour.
 */
export function watchOwnEntry(
  db: Firestore,
  email: string,
  onGone: (reason: 'removed' | 'refused') => void,
): () => void {
  return listen(
    doc(db, 'admins', allowListKey(email)),
    (snapshot) => {
      // Only the server's answer counts: a cache without the document proves nothing.
      if (!snapshot.exists() && !snapshot.metadata.fromCache) onGone('removed');
    },
    (error) => {
      if (error.code === 'permission-denied') onGone('refused');
      else console.error('Own allow-list entry could not be watched', error);
    },
  );
}
