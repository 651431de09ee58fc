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

/** The digits of `raw` without a leading country code 55 when what follows is a full number. */
function withoutCountryCode(raw: string): string {
  const digits = digitsOf(raw);
  if (digits.length > phoneLimits.maxDigits && digits.startsWith('55')) {
    const national = digits.slice(2);
    if (national.length >= phoneLimits.minDigits && national.length <= phoneLimits.maxDigits) {
      return national;
    }
  }
  return digits;
}

/**
 * The national digits of `raw`, as a field keeps them: a leading country code 55 is dropped when
 * what follows is a full Brazilian number ('+55 (75) 9 8123-4567' -> '75981234567'); at most 11
 * digits are kept.
 */
export function nationalDigits(raw: string): string {
  return withoutCountryCode(raw).slice(0, phoneLimits.maxDigits);
}

/** At most 11 digits of `raw`, written progressively: '7', '(79', '(79) 9999', '(79) 99999-9999'. */
export function formatPhone(raw: string): string {
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
