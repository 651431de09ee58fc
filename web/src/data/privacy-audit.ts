/**
 * The LGPD log, read live by admins (Configurações → 'Registro de exclusões'): `audit/{id}`, one
 * entry per retention run or candidate erasure, written only by the functions
 * (functions/src/retention.ts, candidate-requests.ts). Each names the admin who acted and how many
 * leads went, never a candidate.
 */
import {
  collection,
  limit,
  orderBy,
  query,
  type DocumentData,
  type FirestoreDataConverter,
  type QueryDocumentSnapshot,
  type SnapshotOptions,
} from 'firebase/firestore';
import { useMemo } from 'react';
import { useFirestore } from '@/lib/firebase/panel-sdk';
import { collections } from '@vagas/common';
import { useLiveList, type LiveList } from './live';
import { toDate } from './to-date';

/** One deletion of the log. */
export interface PrivacyAuditEntry {
  id: string;
  kind: 'retention' | 'candidate-erasure';
  at: Date | null;
  /** The admin's e-mail; null for the daily schedule (or an entry from before it was kept). */
  byEmail: string | null;
  /** The daily schedule ran it (no admin). */
  scheduled: boolean;
  deleted: number;
  /** A retention run's setting (days in the trash). */
  trashDays: number | null;
}

/** How many entries the card shows (the newest). */
export const privacyAuditShown = 20;

const converter: FirestoreDataConverter<PrivacyAuditEntry, DocumentData> = {
  toFirestore(): DocumentData {
    throw new Error('the LGPD log is written only by the functions');
  },
  fromFirestore(snapshot: QueryDocumentSnapshot, options?: SnapshotOptions): PrivacyAuditEntry {
    const data = snapshot.data(options);
    return {
      id: snapshot.id,
      kind: data.kind === 'retention' ? 'retention' : 'candidate-erasure',
      at: toDate(data.at),
      byEmail: typeof data.by_email === 'string' && data.by_email !== '' ? data.by_email : null,
      scheduled: data.by === 'schedule',
      deleted: typeof data.deleted === 'number' ? data.deleted : 0,
      trashDays: typeof data.trash_days === 'number' ? data.trash_days : null,
    };
  },
};

/** The newest entries of the log, newest first, live. */
export function usePrivacyAudit(): LiveList<PrivacyAuditEntry> {
  const db = useFirestore();
  return useLiveList(
    useMemo(
      () =>
        query(
          collection(db, collections.privacyAudit).withConverter(converter),
          orderBy('at', 'desc'),
          limit(privacyAuditShown),
        ),
      [db],
    ),
  );
}
