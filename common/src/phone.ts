/**
 * Brazilian WhatsApp numbers as the forms take them and the leads store them: a DDD (two-digit
 * area code) and an 8- or 9-digit number, written '(DD) NNNNN-NNNN' (or '(DD) NNNN-NNNN').
 */

/** Digits of a full number (DDD + number) and the length of the written form. */
export const phoneLimits = { minDigits: 10, maxDigits: 11, maxLength: 15 } as const;

/** The characters the written form puts around the digits. */
const maskCharacters = '() -';

/**
 * The written form as a regular expression (RE2 and JavaScript alike, matched against the whole
 * text): any of the mask's characters around 10 or 11 digits. The rules hold stored numbers to it.
 */
export const phonePattern = `[${maskCharacters}]*([0-9][${maskCharacters}]*){${phoneLimits.minDigits},${phoneLimits.maxDigits}}`;

/** A number as the forms write it, for examples and placeholders. */
export const phoneExample = '(75) 98123-4567';

/** Every digit of `text`, nothing else ('(79) 99999-1234' -> '79999991234'). */
export function digitsOf(text: string): string {
  return text.replace(/\D/g, '');
}

/**
 * The text starts with '+': the country code comes first, as WhatsApp shows a number
 * ('+55 75 99999-1234').
 */
function startsWithCountryCode(raw: string): boolean {
  return raw.trimStart().startsWith('+');
}

/** Brazil's country code. */
const countryCode = '55';

/**
 * The digits of `raw` without Brazil's country code: after a '+' the 55 is the country code
 * whatever follows (typed digit by digit, the national number comes later); without one, a leading
 * 55 is dropped only when what follows is a full number (55 is also a DDD).
 */
function withoutCountryCode(raw: string): string {
  const digits = digitsOf(raw);
  if (!digits.startsWith(countryCode)) return digits;
  const national = digits.slice(countryCode.length);
  if (startsWithCountryCode(raw)) return national;
  if (
    digits.length > phoneLimits.maxDigits &&
    national.length >= phoneLimits.minDigits &&
    national.length <= phoneLimits.maxDigits
  ) {
    return national;
  }
  return digits;
}

/**
 * The national digits of `raw`, as a field keeps them: Brazil's country code is dropped
 * ('+55 (75) 9 8123-4567' -> '75981234567'; see withoutCountryCode); at most 11 digits are kept.
 */
export function nationalDigits(raw: string): string {
  return withoutCountryCode(raw).slice(0, phoneLimits.maxDigits);
}

/**
 * At most 11 national digits of `raw`, written progressively: '7', '(79', '(79) 9999',
 * '(79) 99999-9999'. While a country code is being typed it stays as typed ('+', '+5', '+55'),
 * and goes once the national number starts: '+557' -> '(7', so a number typed the way WhatsApp
 * shows it ends as a pasted one does, and the field never holds more than 15 characters.
 */
export function formatPhone(raw: string): string {
  if (startsWithCountryCode(raw)) {
    const typed = digitsOf(raw);
    if (countryCode.startsWith(typed)) return `+${typed}`;
  }
  const digits = nationalDigits(raw);
  if (digits.length === 0) return '';
  if (digits.length <= 2) return `(${digits}`;
  const area = digits.slice(0, 2);
  const rest = digits.slice(2);
  if (rest.length <= 5) return `(${area}) ${rest}`;
  return `(${area}) ${rest.slice(0, 5)}-${rest.slice(5)}`;
}

/** The text holds a full number: 10 or 11 digits. */
export function isCompletePhone(text: string): boolean {
  const digits = digitsOf(text).length;
  return digits >= phoneLimits.minDigits && digits <= phoneLimits.maxDigits;
}

/**
 * A number given whole (a candidate's request, a search), as a lead stores it: its national
 * digits written '(DD) NNNNN-NNNN'; null when they are not a full number (too few, or too many).
 */
export function storedPhone(raw: string): string | null {
  const digits = withoutCountryCode(raw);
  return isCompletePhone(digits) ? formatPhone(digits) : null;
}

/** The DDDs Anatel assigns (area codes 11 to 99 with gaps): any other is not a Brazilian number. */
const knownDdds = new Set(
  [
    '11-19',
    '21',
    '22',
    '24',
    '27',
    '28',
    '31-35',
    '37',
    '38',
    '41-49',
    '51',
    '53-55',
    '61-69',
    '71',
    '73',
    '74',
    '75',
    '77',
    '79',
    '81-89',
    '91-99',
  ].flatMap((range) => {
    const [from, to = from] = range.split('-').map(Number);
    return Array.from({ length: to - from + 1 }, (_, i) => String(from + i));
  }),
);

/** The number's DDD (its first two national digits) is one in use in Brazil. */
export function hasKnownDdd(text: string): boolean {
  return knownDdds.has(nationalDigits(text).slice(0, 2));
}

/** Every DDD in use, in order ('11' ... '99'). */
export const knownDddList: readonly string[] = [...knownDdds].sort();

/**
 * `hasKnownDdd` as a regular expression (RE2 and JavaScript alike, matched against the whole
 * text) of a number in the stored shape (`phonePattern`): its first two digits, with the mask's
 * characters around them, are a DDD in use. firestore.rules holds the forms to it.
 */
export const knownDddPattern = (() => {
  const seconds = new Map<string, string>();
  for (const ddd of knownDddList) seconds.set(ddd[0]!, (seconds.get(ddd[0]!) ?? '') + ddd[1]!);
  const pairs = [...seconds].map(([first, second]) => `${first}[${maskCharacters}]*[${second}]`);
  return `[${maskCharacters}]*(${pairs.join('|')}).*`;
})();
