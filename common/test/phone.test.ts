import { describe, expect, test } from 'vitest';
import { matchesWhole } from '../src/field-formats.js';
import {
  formatPhone,
  hasKnownDdd,
  knownDddList,
  knownDddPattern,
  isCompletePhone,
  nationalDigits,
  phoneLimits,
  phonePattern,
  storedPhone,
} from '../src/phone.js';

describe('formatPhone', () => {
  test('formats progressively as digits are typed', () => {
    const typed = '79999998888';
    const shown = [...typed].map((_, i) => formatPhone(typed.slice(0, i + 1)));
    expect(shown).toEqual([
      '(7',
      '(79',
      '(79) 9',
      '(79) 99',
      '(79) 999',
      '(79) 9999',
      '(79) 99999',
      '(79) 99999-8',
      '(79) 99999-88',
      '(79) 99999-888',
      '(79) 99999-8888',
    ]);
  });

  test('keeps only digits, at most 11, and never exceeds 15 characters', () => {
    expect(formatPhone('+55 (79) 9.9999-8888 ramal 12')).toBe('(79) 99999-8888');
    expect(formatPhone('55 (79) 9.9999-8888 ramal 12')).toBe('(55) 79999-9988');
    expect(formatPhone('799999988881234')).toBe('(79) 99999-8888');
    expect(formatPhone('abc')).toBe('');
    expect(formatPhone('')).toBe('');
    for (let n = 0; n <= 20; n++) {
      expect(formatPhone('9'.repeat(n)).length).toBeLessThanOrEqual(15);
    }
  });

  test('is stable on its own output and lets backspace remove digits', () => {
    expect(formatPhone('(79) 99999-8888')).toBe('(79) 99999-8888');
    // Deleting the last character of '(79) 9' leaves '(79) ', which collapses to '(79'.
    expect(formatPhone('(79) ')).toBe('(79');
    expect(formatPhone('(79) 99999-')).toBe('(79) 99999');
  });

  test('a pasted +55 is dropped when a full number follows, never from a national number', () => {
    expect(formatPhone('+55 (75) 9 8123-4567')).toBe('(75) 98123-4567');
    expect(formatPhone('55 75 8123-4567')).toBe('(75) 81234-567');
    expect(formatPhone('(55) 99999-8888')).toBe('(55) 99999-8888');
    expect(formatPhone('5555999998888')).toBe('(55) 99999-8888');
  });

  /** What a 15-character field shows after each key: the browser refuses a key once it is full. */
  function typeIntoField(keys: string): string[] {
    const shown: string[] = [];
    let value = '';
    for (const key of keys) {
      if (value.length < phoneLimits.maxLength) value = formatPhone(value + key);
      shown.push(value);
    }
    return shown;
  }

  test('a number typed the way WhatsApp shows it keeps its DDD, as a pasted one does', () => {
    const shown = typeIntoField('+55 75 99999-1234');
    expect(shown.slice(0, 6)).toEqual(['+', '+5', '+55', '+55', '(7', '(75']);
    expect(shown.at(-1)).toBe('(75) 99999-1234');
    expect(shown.at(-1)).toBe(formatPhone('+55 75 99999-1234'));
    expect(typeIntoField('+55 (55) 99999-8888').at(-1)).toBe('(55) 99999-8888');
    expect(typeIntoField('+5575999991234').at(-1)).toBe('(75) 99999-1234');
    // Backspace through the country code.
    expect(formatPhone('+5')).toBe('+5');
    expect(formatPhone('+')).toBe('+');
    // Another country's code is not one of ours: its digits are taken as they come.
    expect(formatPhone('+1 555')).toBe('(15) 55');
    expect(storedPhone('+55 75 99999-1234')).toBe('(75) 99999-1234');
  });
});

describe('a full number', () => {
  test('has 10 or 11 digits, whatever surrounds them', () => {
    expect(isCompletePhone('(75) 98123-4567')).toBe(true);
    expect(isCompletePhone('(75) 3123-4567')).toBe(true);
    expect(isCompletePhone('(75) 9812-345')).toBe(false);
    expect(isCompletePhone('759812345678')).toBe(false);
  });

  test('given whole, is stored as the forms write it, or refused', () => {
    expect(storedPhone('+55 75 98123-4567')).toBe('(75) 98123-4567');
    expect(storedPhone('75 3123 4567')).toBe('(75) 31234-567');
    expect(storedPhone('(75) 9812')).toBeNull();
    // Too many digits is not a number cut short: the callables refuse it.
    expect(storedPhone('799999988881234')).toBeNull();
    expect(nationalDigits('799999988881234')).toBe('79999998888');
  });

  test('has a DDD in use in Brazil', () => {
    expect(hasKnownDdd('(75) 98123-4567')).toBe(true);
    expect(hasKnownDdd('(11) 98123-4567')).toBe(true);
    for (const ddd of [
      '10',
      '20',
      '23',
      '25',
      '26',
      '29',
      '30',
      '36',
      '39',
      '40',
      '50',
      '52',
      '56',
      '60',
      '70',
      '72',
      '76',
      '78',
      '80',
      '90',
      '00',
    ]) {
      expect(hasKnownDdd(`(${ddd}) 98123-4567`), ddd).toBe(false);
    }
  });

  test('knownDddPattern says what hasKnownDdd says, for every two digits and any mask', () => {
    for (let n = 0; n < 100; n++) {
      const ddd = String(n).padStart(2, '0');
      for (const written of [
        `(${ddd}) 98123-4567`,
        `${ddd}981234567`,
        ` ( ${ddd[0]} ${ddd[1]})3123-4567`,
      ]) {
        expect(matchesWhole(written, knownDddPattern), written).toBe(hasKnownDdd(written));
      }
    }
    expect(knownDddList).toHaveLength(67);
  });

  test('is what the phone pattern accepts, and the pattern refuses anything else', () => {
    expect(matchesWhole('(75) 98123-4567', phonePattern)).toBe(true);
    expect(matchesWhole('75981234567', phonePattern)).toBe(true);
    expect(matchesWhole('(75) 9812-345', phonePattern)).toBe(false);
    expect(matchesWhole('+55 75 98123-4567', phonePattern)).toBe(false);
  });
});
