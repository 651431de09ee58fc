import { describe, expect, test } from 'vitest';
import { caretAfterDigits } from './phone-mask';

describe('caretAfterDigits', () => {
  test('the caret stays after the same digit once the number is formatted again', () => {
    expect(caretAfterDigits('(75) 98123-4567', 3)).toBe(6);
    expect(caretAfterDigits('(75) 98123-4567', 7)).toBe(10);
    expect(caretAfterDigits('(75) 98123-4567', 0)).toBe(1);
    expect(caretAfterDigits('(75', 9)).toBe(3);
  });
});
