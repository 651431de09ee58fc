/**
 * Typed access to `leads/{id}` for the admin panel (full Firestore SDK): the converter that turns a
 * stored document into a `Lead`, and the queries the tabs run. Every query here has its composite
 * index in firestore.indexes.json.
 */
import {
  collection,
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
import { arrivalClauses } from '@/domain/lead-query';
import { countOnServer } from './server-count';
import {
  leadField,
  leadFieldNames,
  onEveryLead,
  type Lead,
  type LeadFieldType,
  type LeadSubField,
} from '@/domain/lead';
import { toDate } from './to-date';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Date);

/**
 * How each type of field is read back. A field every lead has (`required`) is never undefined: a
 * wrong or missing value reads as '' (shown as stored: an unknown status gets the grey badge, never
 * an exception); a field some leads lack reads as undefined unless it has the right type.
 */
const readers: {
  [T in (LeadFieldType | LeadSubField)['type']]: (
    value: unknown,
    field: Extract<LeadFieldType | LeadSubField, { type: T }>,
    required: boolean,
  ) => unknown;
} = {
  text: (value, _, required) =>
    typeof value === 'string' ? value : required ? String(value ?? '') : undefined,
  option: (value, _, required) =>
    typeof value === 'string' ? value : required ? String(value ?? '') : undefined,
  status: (value) => String(value ?? ''),
  int: (value) => (typeof value === 'number' ? value : undefined),
  bool: (value, _, required) => (typeof value === 'boolean' ? value : required ? false : undefined),
  timestamp: (value, _, required) =>
    toDate(value) ?? (required || value === null ? null : undefined),
  deviceTime: (value) => toDate(value) ?? undefined,
  time: (value) => toDate(value) ?? undefined,
  admin: (value) => (typeof value === 'string' ? value : value === null ? null : undefined),
  batch: (value) => (typeof value === 'string' ? value : value === null ? null : undefined),
  map: (value, field) => {
    const nullable = 'nullable' in field && field.nullable === true;
    if (isRecord(value))
      return nullable ? readWholeMap(value, field.fields) : readFields(value, field.fields);
    return value === null && nullable ? null : undefined;
  },
};

function readValue(value: unknown, field: LeadFieldType | LeadSubField, required: boolean) {
  const read = readers[field.type] as (v: unknown, f: typeof field, r: boolean) => unknown;
  return read(value, field, required);
}

/** The sub-fields of a map, the missing optional ones left out. */
function readFields(data: Record<string, unknown>, fields: Readonly<Record<string, LeadSubField>>) {
  const result: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(fields)) {
    const value = readValue(data[name], field, !field.optional);
    if (value !== undefined) result[name] = value;
  }
  return result;
}

/**
 * A map admins set whole or clear (null: the next step): one whose required sub-fields are not all
 * there with their types reads as missing, so nothing shows half a next step.
 */
function readWholeMap(
  data: Record<string, unknown>,
  fields: Readonly<Record<string, LeadSubField>>,
) {
  const result: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(fields)) {
    const value = readValue(data[name], field, false);
    if (value === undefined && !field.optional) return undefined;
    if (value !== undefined) result[name] = value;
  }
  return result;
}

/** A stored lead document as a `Lead`: every field of lead.ts `leadFields`, read by its type. */
export function readLead(id: string, data: DocumentData): Lead {
  const lead: Record<string, unknown> = { id };
  for (const name of leadFieldNames) {
    const field = leadField(name);
    const value = readValue(data[name], field, onEveryLead(name));
    if (value !== undefined) lead[name] = value;
  }
  return lead as Lead;
}

/**
 * Reads leads; never writes whole leads (the panel only updates status and deleted_at).
 * `created_at` is read with `serverTimestamps: 'estimate'`, so a lead just written has its date.
 */
export const leadConverter: FirestoreDataConverter<Lead, DocumentData> = {
  toFirestore(): DocumentData {
    throw new Error('leads are written field by field (status, deleted_at), never whole');
  },
  fromFirestore(snapshot: QueryDocumentSnapshot, options?: SnapshotOptions): Lead {
    return readLead(snapshot.id, snapshot.data({ ...options, serverTimestamps: 'estimate' }));
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

/**
 * The list's leads created since `since` (the panel's arrivals: title, sound, notification, the
 * 'Recém-chegado' mark; domain/lead-query.ts `arrivalClauses`), newest first: a listener on what
 * arrives, not on the whole list. Indexes: deleted_at ==, created_at desc and status ==,
 * created_at desc (merged).
 */
export function activeLeadsSinceQuery(db: Firestore, since: Date): Query<Lead> {
  return query(
    leadsCollection(db),
    ...arrivalClauses(since).map((clause) => where(clause.field, clause.op, clause.value)),
    orderBy('created_at', 'desc'),
  );
}

/**
 * Leads in the trash, most recently trashed first (the first `size` of them: the Lixeira's first
 * page). Index: deleted_at's automatic one.
 */
export function trashedLeadsQuery(db: Firestore, size?: number): Query<Lead> {
  const trashed = query(
    leadsCollection(db),
    where('deleted_at', '!=', null),
    orderBy('deleted_at', 'desc'),
  );
  return size === undefined ? trashed : query(trashed, limit(size));
}

/** How many leads are in the trash: one aggregation (billed 1 read per 1,000 counted), no documents. */
export async function countTrashedLeads(db: Firestore): Promise<number> {
  return countOnServer(query(leadsCollection(db), where('deleted_at', '!=', null)));
}
