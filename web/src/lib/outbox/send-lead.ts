/**
 * Writes leads with Firestore Lite (REST), so the public pages never load the full SDK; the outbox
 * (outbox.ts) calls it, from the page or from the service worker.
 *
 * A lead is written with a client-chosen id (newApplicationId, then `setDoc`). When a write times
 * out or its answer is lost, the outbox retries with the same id: if the first write never
 * landed the retry creates the lead; if it did, the retry is an update that changes nothing but
 * `created_at` (to request.time), which firestore.rules allows a non-admin within 10 minutes of
 * creation. Either way the candidate ends up with exactly one lead.
 */
import { doc, serverTimestamp, setDoc, type FieldValue } from 'firebase/firestore/lite';
import type { CallCenterLeadInput, RootLeadInput } from '@/domain/lead';
import { withTimeout } from '@/domain/timeout';
import { firestoreLite } from '@/lib/firebase/firestore-lite';

/** A write that has not completed after this long is left to the outbox's next attempt. */
export const leadWriteTimeoutMs = 10_000;

/** The document a public page writes: the page's fields plus the fields the rules pin. */
export type NewLeadDocument = (RootLeadInput | CallCenterLeadInput) & {
  status: 'novo';
  created_at: FieldValue;
  deleted_at: null;
};

/** Writes `leads/{id}`; rejects on a server error or after `timeoutMs`. */
export async function writeLead(
  id: string,
  input: RootLeadInput | CallCenterLeadInput,
  timeoutMs: number = leadWriteTimeoutMs,
): Promise<void> {
  const data: NewLeadDocument = {
    ...input,
    status: 'novo',
    created_at: serverTimestamp(),
    deleted_at: null,
  };
  await withTimeout(setDoc(doc(firestoreLite, 'leads', id), data), timeoutMs, 'lead write');
}
