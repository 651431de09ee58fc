/**
 * Keeps a lead's derived keys (`search_keys`, `phone_key`, `contacted`, `name_key`: @vagas/common
 * lead-keys.ts) in step with its name, phone and last contact, for the panel's server-side search,
 * duplicates, 'Não contatados' and 'Nome' order. The write changes no field the timeline records.
 * Keys of an older scheme are stale too: any write of a lead brings them up to date (the leads
 * nobody writes get theirs from `npm run admin -- rekey-leads`).
 */
import type { DocumentReference } from 'firebase-admin/firestore';
import { staleLeadKeys } from '@vagas/common';

/**
 * Writes the keys of the lead `data` (as stored) when they are missing or stale; nothing for a
 * deleted lead or keys already right (so the write's own event stops here). Returns whether it wrote.
 */
export async function keepLeadKeys(
  ref: DocumentReference,
  data: Record<string, unknown> | undefined,
): Promise<boolean> {
  if (!data) return false;
  const keys = staleLeadKeys(data);
  if (!keys) return false;
  // An update, not a set: a lead deleted meanwhile is not brought back.
  await ref.update({ ...keys }).catch((error: { code?: number }) => {
    if (error.code !== 5) throw error; // NOT_FOUND: deleted since the event
  });
  return true;
}
