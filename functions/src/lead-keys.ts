/**
 * The lead's derived keys (`search_keys`, `phone_key`, `contacted`, `name_key`): what the panel searches and finds duplicates
 * with on the server. A copy of web/src/domain/lead-keys.ts (this folder deploys on its own):
 * test/lead-keys-sync.test.ts fails when the two compute different keys. `keepLeadKeys` writes them
 * when a lead's name or phone changed; the write changes no field the timeline records.
 */
import type { DocumentReference } from 'firebase-admin/firestore';

/** Longest name key: a search longer than this matches on its first characters. */
export const searchKeyMaxLength = 40;
/** Most word starts of a name that get keys (a 200-character name stays within a few hundred keys). */
export const searchKeyMaxWords = 8;

/** Lower case, no accents, single spaces, trimmed. */
export function normalizeSearchText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

/** The digits of a phone as stored ('(79) 99999-9999' -> '79999999999'). */
export function phoneKeyOf(whatsapp: string): string {
  return whatsapp.replace(/\D/g, '');
}

const wordChar = /[\p{L}\p{N}]/u;

/** Every start of the name and of each word in it, cut to the longest key. */
function nameKeys(nome: string): string[] {
  const name = normalizeSearchText(nome);
  const keys: string[] = [];
  let words = 0;
  for (let start = 0; start < name.length && words < searchKeyMaxWords; start++) {
    // A word starts with a letter or digit after anything else ('@Ana', '"Da Silva"', 'Souza-Silva').
    const atWord = start === 0 || (!wordChar.test(name[start - 1]!) && wordChar.test(name[start]!));
    if (!atWord || /\s/.test(name[start]!)) continue;
    words++;
    const rest = name.slice(start, start + searchKeyMaxLength).trimEnd();
    for (let end = 1; end <= rest.length; end++) keys.push(rest.slice(0, end).trimEnd());
  }
  return keys;
}

/** Every run of consecutive digits of the phone (11 digits: 66 runs): any digits typed match. */
function phoneKeys(whatsapp: string): string[] {
  const digits = phoneKeyOf(whatsapp);
  const keys: string[] = [];
  for (let start = 0; start < digits.length; start++) {
    for (let end = start + 1; end <= digits.length; end++) keys.push(digits.slice(start, end));
  }
  return keys;
}

/** The derived keys of a lead with this name, phone and last contact, as stored. */
export function leadKeys(
  nome: unknown,
  whatsapp: unknown,
  lastContactedAt: unknown = null,
): { search_keys: string[]; phone_key: string; contacted: boolean; name_key: string } {
  const name = typeof nome === 'string' ? nome : '';
  const phone = typeof whatsapp === 'string' ? whatsapp : '';
  return {
    search_keys: [...new Set([...nameKeys(name), ...phoneKeys(phone)])].sort(),
    phone_key: phoneKeyOf(phone),
    contacted: lastContactedAt !== null && lastContactedAt !== undefined,
    name_key: normalizeSearchText(name),
  };
}

/**
 * The key a typed search looks for, or null for an empty search. A search with a letter looks in
 * the names; one without looks for the phone's digits ('(79) 9999' -> '799999'), and also matches
 * a name with a word that starts with those characters.
 */
export function searchKeyOf(search: string): string | null {
  const text = normalizeSearchText(search);
  if (!text) return null;
  if (!/\p{L}/u.test(text)) {
    const digits = phoneKeyOf(text);
    if (digits) return digits;
  }
  return text.slice(0, searchKeyMaxLength).trimEnd();
}

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
