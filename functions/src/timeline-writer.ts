/**
 * The timeline's storage with the admin SDK: entries written in a transaction that first reads
 * the lead (a lead deleted meanwhile gets no entry, so nothing of it is left behind), the writer's
 * email looked up once per uid, and a deleted lead's notes and timeline removed.
 */
import { Timestamp, type Firestore } from 'firebase-admin/firestore';
import { logger } from 'firebase-functions/logger';
import { collections, leadSubcollections } from '@vagas/common';
import { entryId, type Actor, type TimelineEntryData } from './timeline.js';

/** Reads an Auth user's email (firebase-admin `getAuth().getUser`), null when it has none. */
export type EmailLookup = (uid: string) => Promise<string | null>;

/**
 * Who wrote, from the event's auth context: an end user (`app_user`) is named by their Auth
 * email, looked up once per uid and instance; the server, an API key or nobody has no email.
 */
export function actorResolver(lookup: EmailLookup) {
  const emails = new Map<string, Promise<string | null>>();
  return async (authType: string | undefined, authId: string | undefined): Promise<Actor> => {
    const type = authType ?? 'unknown';
    const id = authId ?? null;
    if (type !== 'app_user' || !id) return { type, id, email: null };
    let email = emails.get(id);
    if (!email) {
      email = lookup(id).catch((error: unknown) => {
        emails.delete(id);
        logger.warn('timeline: could not look up the writer', { uid: id, error: String(error) });
        return null;
      });
      emails.set(id, email);
    }
    return { type, id, email: await email };
  };
}

const leadPath = (leadId: string) => `leads/${leadId}`;
const stamp = (date: Date | null) => (date ? Timestamp.fromDate(date) : null);

/**
 * Stores `entries` of one event under the lead, unless the lead no longer exists. Entry ids come
 * from the event id, so a repeated delivery rewrites the same documents. Returns how many entries
 * were written.
 */
export async function writeTimeline(
  db: Firestore,
  leadId: string,
  eventId: string,
  entries: readonly TimelineEntryData[],
): Promise<number> {
  if (entries.length === 0) return 0;
  const lead = db.doc(leadPath(leadId));
  return db.runTransaction(
    async (tx) => {
      const snapshot = await tx.get(lead);
      if (!snapshot.exists) return 0;
      entries.forEach((entry, index) => {
        const { due_from, due_to, ...rest } = entry;
        tx.set(lead.collection(collections.timeline).doc(entryId(eventId, index)), {
          ...rest,
          at: Timestamp.fromDate(entry.at),
          // Only a next step's entries carry its dates.
          ...(due_from !== undefined ? { due_from: stamp(due_from) } : {}),
          ...(due_to !== undefined ? { due_to: stamp(due_to) } : {}),
        });
      });
      return entries.length;
    },
    // A bulk change writes thousands of leads while their entries are written.
    { maxAttempts: 20 },
  );
}

/** The subcollections a lead's record keeps: removed with the lead. */
export const recordSubcollections = leadSubcollections;

/** Deletes every note and timeline entry of a deleted lead, 500 at a time; returns how many. */
export async function deleteLeadRecord(db: Firestore, leadId: string): Promise<number> {
  let deleted = 0;
  for (const name of recordSubcollections) {
    const collection = db.collection(`${leadPath(leadId)}/${name}`);
    for (;;) {
      const page = await collection.select().limit(500).get();
      if (page.empty) break;
      const batch = db.batch();
      for (const doc of page.docs) batch.delete(doc.ref);
      await batch.commit();
      deleted += page.size;
    }
  }
  return deleted;
}
