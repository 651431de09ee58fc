import { describe, expect, it } from 'vitest';
import { formatCount } from './format';

describe('formatCount', () => {
  it('writes counts as pt-BR does, the same as Intl', () => {
    const intl = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 0 });
    for (const n of [0, 7, 999, 1000, 2005, 20_000, 123_456, 1_000_000, 98_765_432, -2005]) {
      expect(formatCount(n)).toBe(intl.format(n));
    }
  });

  it('rounds to a whole number', () => {
    expect(formatCount(1999.6)).toBe('2.000');
  });
});
