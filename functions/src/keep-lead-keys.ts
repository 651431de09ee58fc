/**
 * Keeps a lead's derived keys (`search_keys`, `phone_key`, `contacted`, `name_key`: @vagas/common
 * lead-keys.ts) in step with its name, phone and last contact, for the panel's server-side search,
 * duplicates, 'Não contatados' and 'Nome' order. The write changes no field the timeline records.
 */
import type { DocumentReference } from 'firebase-admin/firestore';
import { leadKeys } from '@vagas/common';

const sameList = (a: unknown, b: readonly string[]) =>
  Array.isArray(a) && a.length === b.length && a.every((value, i) => value === b[i]);

/**
 * Writes the keys of the lead `data` (as stored) when they are missing or stale; nothing for a
 * deleted lead or keys already right (so the write's own event stops here). Returns whether it wrote.
 */
export async function keepLeadKeys(
  ref: DocumentReference,
  data: Record<string, unknown> | undefined,
): Promise<boolean> {
  if (!data) return false;
  const keys = leadKeys(data.nome, data.whatsapp, data.last_contacted_at);
  if (
    sameList(data.search_keys, keys.search_keys) &&
    data.phone_key === keys.phone_key &&
    data.contacted === keys.contacted &&
    data.name_key === keys.name_key
  ) {
    return false;
  }
  // An update, not a set: a lead deleted meanwhile is not brought back.
  await ref.update(keys).catch((error: { code?: number }) => {
    if (error.code !== 5) throw error; // NOT_FOUND: deleted since the event
  });
  return true;
}
