/**
 * Typed access to a lead's record (full Firestore SDK): the lead (data/leads.ts reads every field
 * of the table, the follow-up ones included), its other applications (same WhatsApp), its notes and its timeline; and the record's
 * writes (notes, contact, responsible, the 'Desfazer' restore, the next step). The timeline is read only: the
 * timeline function writes it (firestore.rules refuse every client).
 */
import {
  addDoc,
  collection,
  deleteDoc,
  doc,
  limit,
  orderBy,
  query,
  serverTimestamp,
  updateDoc,
  where,
  writeBatch,
  type DocumentData,
  type DocumentReference,
  type Firestore,
  type FirestoreDataConverter,
  type Query,
  type QueryDocumentSnapshot,
  type SnapshotOptions,
} from 'firebase/firestore';
import {
  timelineKinds,
  whatsappVariants,
  type LeadNote,
  type RecordLead,
  type TimelineEntry,
  type TimelineKind,
} from '@/domain/lead-record';
import type { NextStepKind } from '@/domain/next-step';
import { batchLimit, PartialBatchError } from './lead-actions';
import { panelWrite } from './panel-write';
import { leadsCollection } from './leads';
import { toDate } from './to-date';

const stringOrNull = (value: unknown): string | null => (typeof value === 'string' ? value : null);

const readOnly = () => {
  throw new Error('the record is written field by field, never whole');
};

const noteConverter: FirestoreDataConverter<LeadNote, DocumentData> = {
  toFirestore: readOnly,
  fromFirestore(snapshot: QueryDocumentSnapshot, options?: SnapshotOptions): LeadNote {
    const data = snapshot.data({ ...options, serverTimestamps: 'estimate' });
    return {
      id: snapshot.id,
      text: String(data.text ?? ''),
      author_uid: String(data.author_uid ?? ''),
      author_email: String(data.author_email ?? ''),
      created_at: toDate(data.created_at),
      updated_at: toDate(data.updated_at),
    };
  },
};

const timelineConverter: FirestoreDataConverter<TimelineEntry, DocumentData> = {
  toFirestore: readOnly,
  fromFirestore(snapshot: QueryDocumentSnapshot, options?: SnapshotOptions): TimelineEntry {
    const data = snapshot.data(options);
    const kind = String(data.kind ?? '') as TimelineKind;
    return {
      id: snapshot.id,
      kind: timelineKinds.includes(kind) ? kind : 'status',
      at: toDate(data.at),
      actor_email: stringOrNull(data.actor_email),
      from: stringOrNull(data.from),
      to: stringOrNull(data.to),
      excerpt: stringOrNull(data.excerpt),
      due_from: toDate(data.due_from),
      due_to: toDate(data.due_to),
    };
  },
};

const notes = (db: Firestore, leadId: string) =>
  collection(db, 'leads', leadId, 'notes').withConverter(noteConverter);

/** The lead `id` with everything the record shows. */
export function recordLeadRef(db: Firestore, id: string): DocumentReference<RecordLead> {
  return doc(leadsCollection(db), id);
}

/** Leads with the same WhatsApp (masked or bare digits), active or trashed; at most 50. */
export function sameWhatsappQuery(db: Firestore, whatsapp: string): Query<RecordLead> {
  return query(leadsCollection(db), where('whatsapp', 'in', whatsappVariants(whatsapp)), limit(50));
}

/** The lead's notes, newest first. */
export function notesQuery(db: Firestore, leadId: string): Query<LeadNote> {
  return query(notes(db, leadId), orderBy('created_at', 'desc'));
}

/** The newest 200 entries of the lead's timeline, newest first. */
export function timelineQuery(db: Firestore, leadId: string): Query<TimelineEntry> {
  return query(
    collection(db, 'leads', leadId, 'timeline').withConverter(timelineConverter),
    orderBy('at', 'desc'),
    limit(200),
  );
}

/** Who writes a note: the signed-in admin. */
export interface NoteAuthor {
  uid: string;
  email: string;
}

export async function addNote(
  db: Firestore,
  leadId: string,
  text: string,
  author: NoteAuthor,
): Promise<void> {
  await panelWrite(
    db,
    addDoc(collection(db, 'leads', leadId, 'notes'), {
      text,
      author_uid: author.uid,
      author_email: author.email,
      created_at: serverTimestamp(),
      updated_at: serverTimestamp(),
    }),
    'add note',
  );
}

export function editNote(db: Firestore, leadId: string, noteId: string, text: string) {
  return panelWrite(
    db,
    updateDoc(doc(db, 'leads', leadId, 'notes', noteId), { text, updated_at: serverTimestamp() }),
    'edit note',
  );
}

export function deleteNote(db: Firestore, leadId: string, noteId: string) {
  return panelWrite(db, deleteDoc(doc(db, 'leads', leadId, 'notes', noteId)), 'delete note');
}

/** Records a contact with the lead now (server time). */
export function recordContact(db: Firestore, leadId: string) {
  return panelWrite(
    db,
    updateDoc(doc(db, 'leads', leadId), { last_contacted_at: serverTimestamp() }),
    'record contact',
  );
}

/** Restores a lead from the trash by 'Desfazer', marked so its timeline says so. */
export function undoTrash(db: Firestore, leadId: string) {
  return panelWrite(
    db,
    updateDoc(doc(db, 'leads', leadId), {
      deleted_at: null,
      trash_batch: null,
      trash_undone_at: serverTimestamp(),
    }),
    'undo trash',
  );
}

/**
 * Makes `email` (an allow-listed admin, or null for nobody) responsible for every lead in `ids`,
 * in batches of 500; rejects with a PartialBatchError that says how many were assigned.
 */
export async function assignLeads(
  db: Firestore,
  ids: readonly string[],
  email: string | null,
): Promise<number> {
  let done = 0;
  for (let start = 0; start < ids.length; start += batchLimit) {
    const slice = ids.slice(start, start + batchLimit);
    const batch = writeBatch(db);
    for (const id of slice) batch.update(doc(db, 'leads', id), { assigned_to: email });
    try {
      await panelWrite(db, batch.commit(), 'assign');
    } catch (error) {
      throw new PartialBatchError(done, ids.length, error);
    }
    done += slice.length;
  }
  return done;
}

/** A next step as the record saves it: its kind, its date, and a text when one was typed. */
export interface NextStepInput {
  kind: NextStepKind;
  due_at: Date;
  text?: string;
}

/**
 * Sets the lead's next step (replacing the one it had). `assignTo`: also makes this admin
 * responsible in the same write (the record does it for a lead nobody is responsible for, so
 * someone is reminded when the step falls due).
 */
export function setNextStep(db: Firestore, leadId: string, step: NextStepInput, assignTo?: string) {
  const next_step = {
    kind: step.kind,
    due_at: step.due_at,
    ...(step.text ? { text: step.text } : {}),
  };
  return panelWrite(
    db,
    updateDoc(doc(db, 'leads', leadId), {
      next_step,
      ...(assignTo ? { assigned_to: assignTo } : {}),
    }),
    'set next step',
  );
}

/** 'Concluir': the step is done (cleared, with the mark the timeline tells a removal from). */
export function completeNextStep(db: Firestore, leadId: string) {
  return panelWrite(
    db,
    updateDoc(doc(db, 'leads', leadId), {
      next_step: null,
      next_step_done_at: serverTimestamp(),
    }),
    'complete next step',
  );
}

/** 'Remover': the lead has no next step any more. */
export function clearNextStep(db: Firestore, leadId: string) {
  return panelWrite(
    db,
    updateDoc(doc(db, 'leads', leadId), { next_step: null }),
    'clear next step',
  );
}
