/**
 * Writes leads with Firestore Lite (REST), so the public pages never load the full SDK; the outbox
 * (outbox.ts) calls it, from the page or from the service worker. Each write carries an App Check
 * token (lib/firebase/app-check.ts) and the device's slot (device-slots.ts).
 *
 * A lead is written with a client-chosen id (newApplicationId, then `setDoc`). When a write times
 * out or its answer is lost, the outbox retries with the same id: if the first write never
 * landed the retry creates the lead; if it did, the retry is an update that changes nothing but
 * `created_at` (to request.time), which firestore.rules allows a non-admin within 10 minutes of
 * creation. Either way the candidate ends up with exactly one lead.
 */
import type { CallCenterLeadInput, RootLeadInput } from '@/domain/lead';
import { withTimeout } from '@/domain/timeout';
import { leadWriteTimeoutMs, setNewLead } from '@/data/lead-write';
import { appCheckReady } from '@/lib/firebase/app-check';
import { firestoreLite } from '@/lib/firebase/firestore-lite';
import type { SendOptions } from './outbox';

export { appCheckReady, leadWriteTimeoutMs };

/**
 * Writes `leads/{id}` to the page's database (data/lead-write.ts) with the device's slot, and
 * `submitted_at` when the application waited on the device (`submittedAt`, the device's clock,
 * ms); rejects on a server error or after `timeoutMs`.
 */
export async function writeLead(
  id: string,
  input: RootLeadInput | CallCenterLeadInput,
  { device, submittedAt }: SendOptions,
  timeoutMs: number = leadWriteTimeoutMs,
): Promise<void> {
  const lead =
    submittedAt === undefined ? input : { ...input, submitted_at: new Date(submittedAt) };
  await withTimeout(setNewLead(firestoreLite, id, lead, device), timeoutMs, 'lead write');
}
