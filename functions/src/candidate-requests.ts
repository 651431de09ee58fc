/**
 * A candidate's request under LGPD (the person's right to see and erase their data): an admin finds everything stored about one person
 * by their WhatsApp number (active leads and those in the trash, with their subcollections), to
 * export it, or erases it for good. The erasure's audit entry keeps no personal data: how many
 * leads, when, by which admin.
 */
import { Timestamp, type DocumentData, type Firestore } from 'firebase-admin/firestore';
import { HttpsError } from 'firebase-functions/https';
import { digitsOf, storedPhone } from '@vagas/common';
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

/** One lead as the export shows it: its fields, and its subcollections' documents. */
export interface CandidateLead {
  id: string;
  data: Record<string, unknown>;
  subcollections: Record<string, { id: string; data: Record<string, unknown> }[]>;
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
    const subcollections: CandidateLead['subcollections'] = {};
    for (const sub of await doc.ref.listCollections()) {
      subcollections[sub.id] = (await sub.get()).docs.map((d) => ({
        id: d.id,
        data: toJson(d.data() as DocumentData) as Record<string, unknown>,
      }));
    }
    found.push({ id: doc.id, data: toJson(doc.data()) as Record<string, unknown>, subcollections });
  }
  return found;
}

/** Deletes every lead of this number with its subcollections; the audit entry names no one. */
export async function eraseCandidate(
  db: Firestore,
  stored: string,
  by: string,
  now: Date = new Date(),
): Promise<{ deleted: number }> {
  const docs = await leadsOf(db, stored);
  for (const doc of docs) await db.recursiveDelete(doc.ref);
  await db.collection(functionsConfig.privacyAuditCollection).add({
    kind: 'candidate-erasure',
    at: Timestamp.fromDate(now),
    by,
    deleted: docs.length,
  });
  return { deleted: docs.length };
}
