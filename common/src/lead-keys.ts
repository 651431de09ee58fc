/**
 * The lead's derived keys, what lets the panel search and find duplicates on the server instead of
 * reading every lead (a campaign has tens of thousands, and Firestore bills each document read):
 * - `search_keys`: what a search can match, for `array-contains`: every start of the name from
 *   each word on (normalised: no accents, lower case, single spaces, at most `searchKeyMaxLength`
 *   characters), and every run of the phone's digits;
 * - `phone_key`: the phone's digits, for `in` queries ('duplicado': the same digits on more than
 *   one active lead);
 * - `contacted`: whether `last_contacted_at` is set ('Não contatados': a lead never contacted has
 *   no such field, which an `== null` filter would not match);
 * - `name_key`: the name normalised (no accents, lower case, single spaces), what 'Nome' sorts by on
 *   the server: Firestore orders text by code point, so 'Érica' and 'bruno' would come after 'Z'.
 * They are not fields of the lead (web's `leadFields`): no client writes them (firestore.rules' key
 * lists refuse them), the Cloud Function `leadTimeline` keeps them on each lead, and the seeds
 * write them with the lead.
 */
import { digitsOf } from './phone.js';

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
  return digitsOf(whatsapp);
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
