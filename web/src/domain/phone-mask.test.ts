import { describe, expect, test } from 'vitest';
import { caretAfterDigits, formatWhatsapp } from './phone-mask';

describe('formatWhatsapp', () => {
  test('formats progressively as digits are typed', () => {
    const typed = '79999998888';
    const shown = [...typed].map((_, i) => formatWhatsapp(typed.slice(0, i + 1)));
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
    expect(formatWhatsapp('+55 (79) 9.9999-8888 ramal 12')).toBe('(55) 79999-9988');
    expect(formatWhatsapp('799999988881234')).toBe('(79) 99999-8888');
    expect(formatWhatsapp('abc')).toBe('');
    expect(formatWhatsapp('')).toBe('');
    for (let n = 0; n <= 20; n++) {
      expect(formatWhatsapp('9'.repeat(n)).length).toBeLessThanOrEqual(15);
    }
  });

  test('is stable on its own output and lets backspace remove digits', () => {
    expect(formatWhatsapp('(79) 99999-8888')).toBe('(79) 99999-8888');
    // Deleting the last character of '(79) 9' leaves '(79) ', which collapses to '(79'.
    expect(formatWhatsapp('(79) ')).toBe('(79');
    expect(formatWhatsapp('(79) 99999-')).toBe('(79) 99999');
  });

  test('a pasted +55 is dropped when a full number follows, never from a national number', () => {
    expect(formatWhatsapp('+55 (75) 9 8123-4567')).toBe('(75) 98123-4567');
    expect(formatWhatsapp('55 75 8123-4567')).toBe('(75) 81234-567');
    expect(formatWhatsapp('(55) 99999-8888')).toBe('(55) 99999-8888');
    expect(formatWhatsapp('5555999998888')).toBe('(55) 99999-8888');
  });

  test('the caret stays after the same digit once the number is formatted again', () => {
    expect(caretAfterDigits('(75) 98123-4567', 3)).toBe(6);
    expect(caretAfterDigits('(75) 98123-4567', 7)).toBe(10);
    expect(caretAfterDigits('(75) 98123-4567', 0)).toBe(1);
    expect(caretAfterDigits('(75', 9)).toBe(3);
  });
});
