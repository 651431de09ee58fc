/**
 * The lead's derived keys, what lets the panel search and find duplicates on the server instead of
 * reading every lead (a campaign has tens of thousands, and Firestore bills each document read):
 * - `search_keys`: what a search can match, for one `array-contains` (one key per search, below);
 * - `phone_key`: the phone's digits, for `in` queries ('duplicado': the same digits on more than
 *   one active lead);
 * - `contacted`: whether `last_contacted_at` is set ('Não contatados': a lead never contacted has
 *   no such field, which an `== null` filter would not match);
 * - `name_key`: the name normalised (no accents, lower case, single spaces), what 'Nome' sorts by on
 *   the server: Firestore orders text by code point, so 'Érica' and 'bruno' would come after 'Z'.
 * They are not fields of the lead (web's `leadFields`): no client writes them (firestore.rules' key
 * lists refuse them), the Cloud Function `leadTimeline` keeps them on each lead, and the seeds
 * write them with the lead.
 *
 * **Search.** People type names in any order, skip the particles ('fatima silva' for 'Fátima da
 * Silva', 'conceicao erica' for 'Érica Conceição') and are usually still typing the last word.
 * Firestore allows one `array-contains` per query, so each search is turned into ONE key, and each
 * lead stores every key a search for it can produce (the name's words: no accents, lower case,
 * split at anything that is not a letter or digit, at most `searchWordMaxLength` characters):
 * - a word's start: 'fat' (one word typed);
 * - a whole word and another word's start: 'fatima sil', 'silva fat' (two words typed, in either
 *   order: the words before the last are taken as whole, the last as still being typed);
 * - two whole words, in alphabetical order, and a third word's start: 'fatima silva conc' (three
 *   words typed, in any order).
 * The particles (`searchStopwords`) are never whole words of a key: a search skips them. They are
 * still starts ('fatima d' finds 'Fátima da Silva' while 'da' is being typed). Four words or more
 * look for the two longest whole words and the last one (a few more names than asked can come).
 * So a search costs what a one-word search costs: the page it shows and a count, never more
 * documents read than it lists (docs/benchmarks.md has the reads per search). Phone searches (no
 * letter) look for any run of the phone's digits; a leading +55 is dropped ('+55 75 91000-2758').
 */
import { digitsOf, nationalDigits, phoneLimits } from './phone.js';

/** Longest word of a key: a longer word is cut, in the lead's keys and in a search alike. */
export const searchWordMaxLength = 20;
/** Words of a name (particles included) whose starts are keys. */
export const searchKeyMaxWords = 10;
/** The first whole words of a name (particles not counted) that combine in keys of two and three words. */
export const searchCombinedWords = 6;
/** Of those, the whole words (particles excluded) that pair up in keys of three words. */
export const searchTripleWords = 4;
/** Words a search skips ('fatima da silva' looks for 'fatima' and 'silva'). */
export const searchStopwords: readonly string[] = ['da', 'de', 'do', 'das', 'dos', 'e'];
const stopwords = new Set(searchStopwords);

/** Lower case, no accents, single spaces, trimmed. */
export function normalizeSearchText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

/** The words of a text as keys hold them: normalised, split at non-letters/digits, cut. */
export function searchWords(text: string): string[] {
  return normalizeSearchText(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .map((word) => word.slice(0, searchWordMaxLength));
}

/** The digits of a phone as stored ('(79) 99999-9999' -> '79999999999'). */
export function phoneKeyOf(whatsapp: string): string {
  return digitsOf(whatsapp);
}

const startsOf = (word: string) => Array.from(word, (_, i) => word.slice(0, i + 1));

/** The words up to the `searchCombinedWords`-th whole word (the particles between them too). */
function combinedHead(words: readonly string[]): string[] {
  let whole = 0;
  const end = words.findIndex((word) => !stopwords.has(word) && ++whole > searchCombinedWords);
  return end === -1 ? [...words] : words.slice(0, end);
}

/** The two- and three-word keys of the name's first words (see the header). */
function combinedKeys(words: readonly string[], add: (key: string) => void): void {
  const head = combinedHead(words);
  const whole = head.flatMap((word, at) => (stopwords.has(word) ? [] : [at]));
  head.forEach((word, at) => {
    const starts = startsOf(word);
    for (const x of whole) {
      if (x !== at) for (const start of starts) add(`${head[x]} ${start}`);
    }
    const pairable = whole.filter((x) => x !== at).slice(0, searchTripleWords);
    for (let i = 0; i < pairable.length; i++) {
      for (let j = i + 1; j < pairable.length; j++) {
        const pair = [head[pairable[i]!]!, head[pairable[j]!]!].sort().join(' ');
        for (const start of starts) add(`${pair} ${start}`);
      }
    }
  });
}

/** Every key a search for this name can produce. */
function nameKeys(nome: string): string[] {
  const words = searchWords(nome).slice(0, searchKeyMaxWords);
  const keys = new Set<string>();
  const add = (key: string) => keys.add(key);
  for (const word of words) startsOf(word).forEach(add);
  combinedKeys(words, add);
  return [...keys];
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

export interface LeadKeys {
  search_keys: string[];
  phone_key: string;
  contacted: boolean;
  name_key: string;
}

/** The derived keys of a lead with this name, phone and last contact, as stored. */
export function leadKeys(
  nome: unknown,
  whatsapp: unknown,
  lastContactedAt: unknown = null,
): LeadKeys {
  const name = typeof nome === 'string' ? nome : '';
  const phone = typeof whatsapp === 'string' ? whatsapp : '';
  return {
    search_keys: [...new Set([...nameKeys(name), ...phoneKeys(phone)])].sort(),
    phone_key: phoneKeyOf(phone),
    contacted: lastContactedAt !== null && lastContactedAt !== undefined,
    name_key: normalizeSearchText(name),
  };
}

const sameList = (a: unknown, b: readonly string[]) =>
  Array.isArray(a) && a.length === b.length && a.every((value, i) => value === b[i]);

/**
 * The keys a stored lead should have, when its stored ones are missing or stale (another name,
 * phone or contact, or keys of an older scheme); null when they are right.
 */
export function staleLeadKeys(data: Record<string, unknown>): LeadKeys | null {
  const keys = leadKeys(data.nome, data.whatsapp, data.last_contacted_at);
  const fresh =
    sameList(data.search_keys, keys.search_keys) &&
    data.phone_key === keys.phone_key &&
    data.contacted === keys.contacted &&
    data.name_key === keys.name_key;
  return fresh ? null : keys;
}

/**
 * The digits a phone search looks for: a number pasted as WhatsApp shows it ('+55 75 91000-2758')
 * loses its country code, also while it is still being typed ('+55 75 9100').
 */
function searchDigits(search: string): string {
  const digits = digitsOf(search);
  if (search.trim().startsWith('+') && digits.startsWith('55') && digits.length > 2) {
    return digits.slice(2);
  }
  // nationalDigits drops a leading 55 before a full number ('5575910002758').
  const national = nationalDigits(digits);
  return national.length >= phoneLimits.minDigits && digits.endsWith(national) ? national : digits;
}

/** The longest two of `words` (the first on a tie), alphabetically. */
function longestTwo(words: readonly string[]): string[] {
  const ranked = words.map((word, at) => ({ word, at }));
  ranked.sort((a, b) => b.word.length - a.word.length || a.at - b.at);
  return ranked
    .slice(0, 2)
    .map(({ word }) => word)
    .sort();
}

/**
 * The one key a typed search looks for, or null for an empty search (see the header). A search
 * without a letter looks for the phone's digits ('(79) 9999' -> '799999'), which also match a name
 * with a word that starts with them.
 */
export function searchKeyOf(search: string): string | null {
  const text = normalizeSearchText(search);
  if (!text) return null;
  if (!/\p{L}/u.test(text)) {
    const digits = searchDigits(text);
    if (digits) return digits;
  }
  const words = searchWords(text);
  const last = words.pop();
  if (last === undefined) return null;
  const whole = words.filter((word) => !stopwords.has(word));
  // A particle typed last ('fatima da') is skipped too, unless it is all there is.
  const typing = stopwords.has(last) && whole.length > 0 ? whole.pop()! : last;
  if (whole.length === 0) return typing;
  if (whole.length === 1) return `${whole[0]} ${typing}`;
  return `${longestTwo(whole).join(' ')} ${typing}`;
}
