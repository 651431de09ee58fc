import { describe, expect, it } from 'vitest';
import { leadKeys, searchKeyMaxLength, searchKeyOf } from '../src/lead-keys.js';

/** Whether a search finds the lead, as the server's `array-contains` does. */
const finds = (search: string, nome: string, whatsapp = '(79) 99999-0000') => {
  const key = searchKeyOf(search);
  return key !== null && leadKeys(nome, whatsapp).search_keys.includes(key);
};

describe('lead keys', () => {
  it('find a name from the start of any word, without accents or case', () => {
    expect(finds('erica', 'Érica Conceição')).toBe(true);
    expect(finds('ÉRICA conceicao', 'Érica Conceição')).toBe(true);
    expect(finds('conce', 'Érica Conceição')).toBe(true);
    expect(finds('  erica   conc ', 'Érica  Conceição')).toBe(true);
    expect(finds('avila', "Ana D'Ávila")).toBe(true);
    expect(finds('silva', 'Ana Souza-Silva')).toBe(true);
    expect(finds('ana sao', '@Ana São João')).toBe(true);
    expect(finds('@ana', '@Ana São João')).toBe(true);
    expect(finds('da silva', 'Zé "Da Silva"; Jr')).toBe(true);
  });

  it('do not find a name by the middle of a word, or words out of order (word-prefix search)', () => {
    expect(finds('rica', 'Érica Conceição')).toBe(false);
    expect(finds('conceicao erica', 'Érica Conceição')).toBe(false);
    expect(finds('maria', 'Érica Conceição')).toBe(false);
  });

  it('find any digits of the phone when the search has no letter', () => {
    expect(finds('99999', 'Ana', '(79) 99999-1234')).toBe(true);
    expect(finds('(79) 9999', 'Ana', '(79) 99999-1234')).toBe(true);
    expect(finds('9-1234', 'Ana', '(79) 99999-1234')).toBe(true);
    expect(finds('1235', 'Ana', '(79) 99999-1234')).toBe(false);
    // A letter makes it a name search: the phone is not looked at.
    expect(finds('ana 7', 'Ana', '(79) 99999-1234')).toBe(false);
  });

  it('keep the phone digits as the duplicate key, and cut long names', () => {
    const keys = leadKeys('A'.repeat(200), '(79) 99999-1234');
    expect(keys.phone_key).toBe('79999991234');
    expect(Math.max(...keys.search_keys.map((key) => key.length))).toBe(searchKeyMaxLength);
    expect(finds('a'.repeat(60), 'A'.repeat(200))).toBe(true);
    expect(searchKeyOf('   ')).toBeNull();
  });

  it('stay a few hundred keys for the longest name', () => {
    const words = Array.from({ length: 40 }, (_, i) => `Palavra${i}`).join(' ');
    expect(leadKeys(words.slice(0, 200), '(79) 99999-1234').search_keys.length).toBeLessThan(400);
  });
});
