/**
 * Keeps a lead's derived keys (`search_keys`, `phone_key`, `contacted`, `name_key`: @vagas/common
 * lead-keys.ts) in step with its name, phone and last contact, for the panel's server-side search,
 * duplicates, 'Não contatados' and 'Nome' order. The write changes no field the timeline records;
 * the screening's verdict on a new lead rides along (lead-screening.ts). Keys of an older scheme
 * are stale too: any write of a lead brings them up to date (the leads nobody writes get theirs
 * from `npm run admin -- rekey-leads`).
 */
import type { DocumentReference } from 'firebase-admin/firestore';
import { collections, staleLeadKeys } from '@vagas/common';
import type { PendingEntry } from './lead-screening.js';

/** What else to write with the keys: the screening's fields, and its timeline entry. */
export interface AlongWithKeys {
  fields: Record<string, unknown>;
  entry?: PendingEntry | null;
}

/**
 * Writes the keys of the lead `data` (as stored) when they are missing or stale, with `along` in
 * the same batch; nothing for a deleted lead, or for keys already right and nothing along (so the
 * write's own event stops here). Returns whether it wrote.
 */
export async function keepLeadKeys(
  ref: DocumentReference,
  data: Record<string, unknown> | undefined,
  along?: AlongWithKeys | null,
): Promise<boolean> {
  if (!data) return false;
  const keys = staleLeadKeys(data);
  const fields = { ...keys, ...along?.fields };
  if (Object.keys(fields).length === 0) return false;
  // An update, not a set: a lead deleted meanwhile is not brought back (nor its entry written).
  const batch = ref.firestore.batch();
  batch.update(ref, fields);
  if (along?.entry) {
    batch.set(ref.collection(collections.timeline).doc(along.entry.id), along.entry.data);
  }
  await batch.commit().catch((error: { code?: number }) => {
    if (error.code !== 5) throw error; // NOT_FOUND: deleted since the event
  });
  return true;
}
