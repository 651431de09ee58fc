/**
 * Typed access to `leads/{id}` for the admin panel (full Firestore SDK): the converter that turns a
 * stored document into a `Lead`, and the queries the tabs run. Every query here has its composite
 * index in firestore.indexes.json.
 */
import {
  collection,
  getCountFromServer,
  limit,
  orderBy,
  query,
  where,
  type DocumentData,
  type Firestore,
  type FirestoreDataConverter,
  type Query,
  type QueryDocumentSnapshot,
  type SnapshotOptions,
} from 'firebase/firestore';
import type { Lead, LeadStatus } from '@/domain/lead';

/** A Firestore Timestamp (or anything with toDate) as a Date; null otherwise. */
function toDate(value: unknown): Date | null {
  if (value && typeof (value as { toDate?: unknown }).toDate === 'function') {
    return (value as { toDate: () => Date }).toDate();
  }
  return null;
}

const optionalString = (value: unknown): string | undefined =>
  typeof value === 'string' ? value : undefined;

/**
 * Reads leads; never writes whole leads (the panel only updates status and deleted_at).
 * `created_at` is read with `serverTimestamps: 'estimate'`, so a lead just written has its date.
 */
export const leadConverter: FirestoreDataConverter<Lead, DocumentData> = {
  toFirestore(): DocumentData {
    throw new Error('leads are written field by field (status, deleted_at), never whole');
  },
  fromFirestore(snapshot: QueryDocumentSnapshot, options?: SnapshotOptions): Lead {
    const data = snapshot.data({ ...options, serverTimestamps: 'estimate' });
    return {
      id: snapshot.id,
      nome: String(data.nome ?? ''),
      whatsapp: String(data.whatsapp ?? ''),
      vaga: String(data.vaga ?? ''),
      cidade: String(data.cidade ?? ''),
      idade: typeof data.idade === 'number' ? data.idade : undefined,
      tempo_experiencia: optionalString(data.tempo_experiencia),
      // Shown as stored: an unknown status gets the grey badge, never an exception.
      status: String(data.status ?? '') as LeadStatus,
      created_at: toDate(data.created_at),
      deleted_at: toDate(data.deleted_at),
    };
  },
};

/** The `leads` collection, typed. */
export function leadsCollection(db: Firestore) {
  return collection(db, 'leads').withConverter(leadConverter);
}

/** Active leads (not in the trash), newest first. Index: deleted_at ==, created_at desc. */
export function activeLeadsQuery(db: Firestore): Query<Lead> {
  return query(leadsCollection(db), where('deleted_at', '==', null), orderBy('created_at', 'desc'));
}

/** The newest `count` active leads: what the list shows while the full list is still arriving (same index). */
export function newestActiveLeadsQuery(db: Firestore, count: number): Query<Lead> {
  return query(activeLeadsQuery(db), limit(count));
}

/** Leads in the trash, most recently trashed first. Index: deleted_at != null ordered by deleted_at desc. */
export function trashedLeadsQuery(db: Firestore): Query<Lead> {
  return query(leadsCollection(db), where('deleted_at', '!=', null), orderBy('deleted_at', 'desc'));
}

/** How many leads are in the trash: one aggregation (billed 1 read per 1,000 counted), no documents. */
export async function countTrashedLeads(db: Firestore): Promise<number> {
  const snapshot = await getCountFromServer(
    query(leadsCollection(db), where('deleted_at', '!=', null)),
  );
  return snapshot.data().count;
}
