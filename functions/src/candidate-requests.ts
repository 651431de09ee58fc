/**
 * A candidate's request under LGPD (the person's right to see and erase their data): an admin finds everything stored about one person
 * by their WhatsApp number (active leads and those in the trash, with their subcollections), to
 * give them a copy, or erases it for good. The erasure's audit entry keeps nothing about the
 * candidate: how many leads, when, by which admin.
 */
import { Timestamp, type DocumentData, type Firestore } from 'firebase-admin/firestore';
import { HttpsError } from 'firebase-functions/https';
import { collections, digitsOf, storedPhone } from '@vagas/common';
import { functionsConfig } from './config.js';

/**
 * A callable's `{ whatsapp }`: any text with a full number (a leading +55 is dropped), and that
 * number as the forms store it.
 */
export function whatsappInput(data: unknown): { digits: string; stored: string } {
  const raw = (data as { whatsapp?: unknown } | null)?.whatsapp;
  const stored = typeof raw === 'string' ? storedPhone(raw) : null;
  if (!stored) {
    throw new HttpsError('invalid-argument', 'whatsapp must have 10 or 11 digits (DDD + number).');
  }
  return { digits: digitsOf(stored), stored };
}

/** Firestore values as JSON: timestamps as ISO text, maps and arrays walked. */
function toJson(value: unknown): unknown {
  if (value instanceof Timestamp) return value.toDate().toISOString();
  if (Array.isArray(value)) return value.map(toJson);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, toJson(v)]));
  }
  return value;
}

/** A note about the candidate, as their copy shows it: the text and when (never who wrote it). */
export interface CandidateNote {
  text: string;
  created_at: string | null;
}

/**
 * One lead as the panel gets it: its stored fields (the panel's copy for the candidate picks the
 * lead table's fields from them, with their labels) and the notes about the candidate. The
 * timeline stays out: it is the team's record of its own work.
 */
export interface CandidateLead {
  id: string;
  data: Record<string, unknown>;
  notes: CandidateNote[];
}

async function leadsOf(db: Firestore, stored: string) {
  return (
    await db.collection(functionsConfig.leadsCollection).where('whatsapp', '==', stored).get()
  ).docs;
}

/** Everything stored about the person with this number (active and trashed leads). */
export async function findCandidate(db: Firestore, stored: string): Promise<CandidateLead[]> {
  const found: CandidateLead[] = [];
  for (const doc of await leadsOf(db, stored)) {
    const notes = await doc.ref.collection(collections.notes).orderBy('created_at').get();
    found.push({
      id: doc.id,
      data: toJson(doc.data()) as Record<string, unknown>,
      notes: notes.docs.map((note) => {
        const data = toJson(note.data() as DocumentData) as Record<string, unknown>;
        return {
          text: String(data.text ?? ''),
          created_at: typeof data.created_at === 'string' ? data.created_at : null,
        };
      }),
    });
  }
  return found;
}

/** Who acts on a request: the admin's uid and e-mail (the log names them). */
export interface Actor {
  uid: string;
  email: string | null;
}

/** Deletes every lead of this number with its subcollections; the audit entry names no candidate. */
export async function eraseCandidate(
  db: Firestore,
  stored: string,
  by: Actor,
  now: Date = new Date(),
): Promise<{ deleted: number }> {
  const docs = await leadsOf(db, stored);
  for (const doc of docs) await db.recursiveDelete(doc.ref);
  await db.collection(functionsConfig.privacyAuditCollection).add({
    kind: 'candidate-erasure',
    at: Timestamp.fromDate(now),
    by: by.uid,
    by_email: by.email,
    deleted: docs.length,
  });
  return { deleted: docs.length };
}
