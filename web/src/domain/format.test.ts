import { describe, expect, it } from 'vitest';
import { countOf, formatCount } from './format';
import { statusLabel } from './status-labels';

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

describe('countOf', () => {
  it('says one in the singular and any other count in the plural', () => {
    expect(countOf(1, 'dia', 'dias')).toBe('1 dia');
    expect(countOf(0, 'dia', 'dias')).toBe('0 dias');
    expect(countOf(2005, 'candidatura', 'candidaturas')).toBe('2.005 candidaturas');
  });
});

describe('statusLabel', () => {
  it('writes a status as the filter does, and anything else as it is', () => {
    expect(statusLabel('novo')).toBe('Novo');
    expect(statusLabel('principal')).toBe('Principal');
    // A lead the screening set aside, as the Lixeira and the timeline write it.
    expect(statusLabel('suspeito')).toBe('Suspeito');
    expect(statusLabel('arquivado')).toBe('arquivado');
    expect(statusLabel('toString')).toBe('toString');
  });
});
