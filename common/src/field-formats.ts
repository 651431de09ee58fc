/**
 * The formats a lead's field can have, each check written once. The forms check what a candidate
 * typed with `checkValue`, the rules generator writes the same bounds and patterns into
 * firestore.rules, the rules tests and the benches build their values from the same patterns,
 * and the functions read phones and e-mails with the same code. `formatSamples` are values every
 * one of those layers must accept or refuse alike (each layer's tests run them).
 */
import { emailMaxLength, emailPattern, normalizeEmail } from './email.js';
import { formatPhone, knownDddList, phoneExample, phoneLimits, phonePattern } from './phone.js';

/** A text's shape beyond its length: what it must match, how typing is cleaned, an example. */
export interface TextFormat {
  /** RE2 and JavaScript alike, matched against the whole text. */
  pattern: string;
  /** The longest text of this shape (a field's own `max` may be lower, never higher). */
  maxLength: number;
  /** What a form keeps of typed text (the phone's mask, an address in lower case). */
  normalize: (typed: string) => string;
  example: string;
  /** A valid value drawn with `random` (a function like Math.random), for test data. */
  sample: (random: () => number) => string;
}

/** `count` random digits. */
const randomDigits = (random: () => number, count: number) =>
  Array.from({ length: count }, () => Math.floor(random() * 10)).join('');

/** A random mobile number (a DDD in use, then 9 and eight digits), written as the form writes it. */
function samplePhone(random: () => number): string {
  const ddd = knownDddList[Math.floor(random() * knownDddList.length)];
  return formatPhone(`${ddd}9${randomDigits(random, 8)}`);
}

const idAlphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

export const textFormats = {
  phone: {
    pattern: phonePattern,
    maxLength: phoneLimits.maxLength,
    normalize: formatPhone,
    example: phoneExample,
    sample: samplePhone,
  },
  email: {
    pattern: emailPattern,
    maxLength: emailMaxLength,
    normalize: normalizeEmail,
    example: 'maria.silva@exemplo.com.br',
    sample: (random) => `candidato${randomDigits(random, 6)}@exemplo.com.br`,
  },
  /**
   * A device's id, as a page draws it and keeps it (never typed): 20 letters and digits, like
   * Firestore's auto ids. It names the device's record (`devices/{id}`), so nothing but these.
   */
  deviceId: {
    pattern: '[A-Za-z0-9]{20}',
    maxLength: 20,
    normalize: (typed) => typed,
    example: 'DeviceExample0000001',
    sample: (random) =>
      Array.from({ length: 20 }, () => idAlphabet[Math.floor(random() * 62)]).join(''),
  },
} as const satisfies Record<string, TextFormat>;

export type TextFormatName = keyof typeof textFormats;

/** What a value must be: a text (of a format), an integer in a range, or one of a list. */
export type ValueFormat =
  | { type: 'text'; min: number; max: number; format?: TextFormatName }
  | { type: 'int'; min: number; max: number }
  | { type: 'option'; options: readonly string[] };

/** Why a value cannot be stored: nothing there, or something that does not fit. */
export type ValueProblem = 'empty' | 'invalid';

const wholeMatch = new Map<string, RegExp>();

/** `text` matches `pattern` from its first character to its last, as the rules' `matches()`. */
export function matchesWhole(text: string, pattern: string): boolean {
  let regExp = wholeMatch.get(pattern);
  if (!regExp) {
    regExp = new RegExp(`^(?:${pattern})$`, 'u');
    wholeMatch.set(pattern, regExp);
  }
  return regExp.test(text);
}

function checkText(format: Extract<ValueFormat, { type: 'text' }>, value: unknown) {
  if (typeof value !== 'string' || value.trim() === '') return 'empty';
  if (value.length < format.min || value.length > format.max) return 'invalid';
  if (!format.format) return null;
  const shape = textFormats[format.format];
  return value.length <= shape.maxLength && matchesWhole(value, shape.pattern) ? null : 'invalid';
}

/**
 * What keeps `value` from being stored under `format`, or null when it can be. Numbers may come
 * as typed text ('27'): a form holds what its inputs hold.
 */
export function checkValue(format: ValueFormat, value: unknown): ValueProblem | null {
  switch (format.type) {
    case 'text':
      return checkText(format, value);
    case 'int': {
      if (value === null || value === undefined || String(value).trim() === '') return 'empty';
      const number = typeof value === 'number' ? value : Number(String(value).trim());
      return Number.isInteger(number) && number >= format.min && number <= format.max
        ? null
        : 'invalid';
    }
    case 'option':
      if (typeof value !== 'string' || value === '') return 'empty';
      return format.options.includes(value) ? null : 'invalid';
  }
}

/**
 * Stored values each text format must accept, and values it must refuse. The forms' checks, the
 * generated rules and the generators of test data are each tested against these.
 */
export const formatSamples: Record<TextFormatName, { valid: string[]; invalid: string[] }> = {
  phone: {
    valid: ['(75) 98123-4567', '(11) 3123-4567', '(79) 99999-0000'],
    invalid: ['(75) 9812-345', '(75) 98123-45678', '75 9812a-4567', '', 'abc'],
  },
  email: {
    valid: ['maria.silva@exemplo.com.br', 'a@b.co', 'joao+vagas@empresa.com'],
    invalid: ['maria', 'maria@exemplo', 'maria silva@exemplo.com', 'a/b@c.com', '@exemplo.com'],
  },
  deviceId: {
    valid: ['DeviceExample0000001', 'aB3dE5gH7jK9mN1pQ3sT', '01234567890123456789'],
    invalid: ['short', 'aB3dE5gH7jK9mN1pQ3sTx', 'aB3dE5gH7jK9mN1pQ3s/', 'aB3dE5gH7jK9mN1pQ3s ', ''],
  },
};
