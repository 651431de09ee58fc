import { describe, expect, test } from 'vitest';
import { isEmail, normalizeEmail } from '../src/email.js';
import {
  checkValue,
  formatSamples,
  matchesWhole,
  textFormats,
  type TextFormatName,
} from '../src/field-formats.js';

const formatNames = Object.keys(textFormats) as TextFormatName[];

/** A tiny deterministic generator, so the samples below are the same on every run. */
function seeded(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

describe('text formats', () => {
  test.each(formatNames)('%s: its samples are accepted or refused by its pattern', (name) => {
    const { pattern, maxLength } = textFormats[name];
    for (const value of formatSamples[name].valid) {
      expect(value.length <= maxLength && matchesWhole(value, pattern), value).toBe(true);
    }
    for (const value of formatSamples[name].invalid) {
      expect(value.length <= maxLength && matchesWhole(value, pattern), value).toBe(false);
    }
  });

  test.each(formatNames)('%s: its example and its drawn values are valid', (name) => {
    const format = {
      type: 'text',
      min: 1,
      max: textFormats[name].maxLength,
      format: name,
    } as const;
    expect(checkValue(format, textFormats[name].example)).toBeNull();
    const random = seeded(7);
    for (let i = 0; i < 200; i++) {
      const value = textFormats[name].sample(random);
      expect(checkValue(format, value), value).toBeNull();
    }
  });

  test.each(formatNames)(
    '%s: what a form keeps of a valid value is valid, and kept as it is',
    (name) => {
      const { normalize, pattern } = textFormats[name];
      for (const value of formatSamples[name].valid) {
        const kept = normalize(value);
        expect(matchesWhole(kept, pattern), value).toBe(true);
        expect(normalize(kept)).toBe(kept);
      }
    },
  );

  test('an e-mail is what the allow-list takes: trimmed, lower case, no spaces or slashes', () => {
    expect(normalizeEmail('  Maria@Empresa.COM ')).toBe('maria@empresa.com');
    expect(isEmail('maria@empresa.com')).toBe(true);
    expect(isEmail(`${'a'.repeat(250)}@b.co`)).toBe(false);
    for (const value of formatSamples.email.invalid) expect(isEmail(value), value).toBe(false);
  });
});

describe('checkValue', () => {
  const text = { type: 'text', min: 1, max: 5 } as const;
  const int = { type: 'int', min: 16, max: 70 } as const;
  const option = { type: 'option', options: ['a', 'b'] } as const;

  test('a text: empty when blank, invalid out of its length', () => {
    expect(checkValue(text, 'ana')).toBeNull();
    expect(checkValue(text, '   ')).toBe('empty');
    expect(checkValue(text, undefined)).toBe('empty');
    expect(checkValue(text, 'ana maria')).toBe('invalid');
  });

  test('an integer: typed or stored, whole and within its bounds', () => {
    expect(checkValue(int, 16)).toBeNull();
    expect(checkValue(int, ' 70 ')).toBeNull();
    expect(checkValue(int, '')).toBe('empty');
    for (const value of [15, 71, '2.5', 'x', 30.5]) {
      expect(checkValue(int, value), String(value)).toBe('invalid');
    }
  });

  test('an option: one of its list, exactly', () => {
    expect(checkValue(option, 'a')).toBeNull();
    expect(checkValue(option, '')).toBe('empty');
    expect(checkValue(option, 'A')).toBe('invalid');
    expect(checkValue(option, 'a ')).toBe('invalid');
  });
});
