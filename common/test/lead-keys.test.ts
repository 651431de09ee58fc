import { describe, expect, it } from 'vitest';
import { leadKeys, searchKeyOf, searchWordMaxLength, staleLeadKeys } from '../src/lead-keys.js';

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
    expect(finds("d'avila", "Ana D'Ávila")).toBe(true);
    expect(finds('silva', 'Ana Souza-Silva')).toBe(true);
    expect(finds('ana sao', '@Ana São João')).toBe(true);
    expect(finds('@ana', '@Ana São João')).toBe(true);
    expect(finds('da silva', 'Zé "Da Silva"; Jr')).toBe(true);
  });

  it('find the words in any order, skipping da, de, do, das, dos and e', () => {
    for (const search of ['fatima silva', 'silva fatima', 'Fátima da Silva', 'silva, fatima']) {
      expect(finds(search, 'Fátima da Silva'), search).toBe(true);
    }
    expect(finds('fatima de silva', 'Fátima da Silva')).toBe(true);
    expect(finds('conceicao erica', 'Érica Conceição')).toBe(true);
    expect(finds('conceicao e erica', 'Érica Conceição')).toBe(true);
    expect(finds('erica conceicao', 'Érica Conceição')).toBe(true);
    expect(finds('souza maria jose', 'Maria José dos Santos Souza')).toBe(true);
    expect(finds('santos maria', 'Maria José dos Santos Souza')).toBe(true);
    // Particles do not count towards the words that combine.
    expect(finds('silva fatima lima', 'Maria de Fátima das Dores da Silva Lima')).toBe(true);
    // Every word must be there: another name with one of them is not found.
    expect(finds('fatima silva', 'Fátima Souza')).toBe(false);
    expect(finds('conceicao erica', 'Érica Santos')).toBe(false);
    expect(finds('souza maria jose', 'Maria José dos Santos')).toBe(false);
  });

  it('find a name while its last word is being typed, a particle included', () => {
    const typed = 'fatima da silva';
    for (let end = 1; end <= typed.length; end++) {
      expect(finds(typed.slice(0, end), 'Fátima da Silva'), typed.slice(0, end)).toBe(true);
    }
    expect(finds('silva fat', 'Fátima da Silva')).toBe(true);
    expect(finds('conceicao er', 'Érica Conceição')).toBe(true);
    expect(finds('fatima d', 'Fátima Souza')).toBe(false);
  });

  it('do not find a name by the middle of a word', () => {
    expect(finds('rica', 'Érica Conceição')).toBe(false);
    expect(finds('maria', 'Érica Conceição')).toBe(false);
    // Only the last word typed may be a start: the others are whole words.
    expect(finds('fat silva', 'Fátima da Silva')).toBe(false);
  });

  it('find any digits of the phone when the search has no letter, as WhatsApp shows it too', () => {
    expect(finds('99999', 'Ana', '(79) 99999-1234')).toBe(true);
    expect(finds('(79) 9999', 'Ana', '(79) 99999-1234')).toBe(true);
    expect(finds('9-1234', 'Ana', '(79) 99999-1234')).toBe(true);
    expect(finds('1235', 'Ana', '(79) 99999-1234')).toBe(false);
    for (const typed of ['+55 75 91000-2758', '75 91000 2758', '+55 75 9100', '5575910002758']) {
      expect(finds(typed, 'Ana', '(75) 91000-2758'), typed).toBe(true);
    }
    expect(finds('+55 75 91000-2759', 'Ana', '(75) 91000-2758')).toBe(false);
    // A letter makes it a name search: the phone is not looked at.
    expect(finds('ana 7', 'Ana', '(79) 99999-1234')).toBe(false);
  });

  it('keep the phone digits as the duplicate key, and cut long words', () => {
    const keys = leadKeys('A'.repeat(200), '(79) 99999-1234');
    expect(keys.phone_key).toBe('79999991234');
    expect(Math.max(...keys.search_keys.map((key) => key.length))).toBe(searchWordMaxLength);
    expect(finds('a'.repeat(60), 'A'.repeat(200))).toBe(true);
    expect(searchKeyOf('   ')).toBeNull();
    expect(searchKeyOf(' - ')).toBeNull();
  });

  it('stay a few hundred keys for a usual name, under 2,000 for the longest', () => {
    const usual = leadKeys('José Carlos de Oliveira Souza Filho', '(79) 99999-1234');
    expect(usual.search_keys.length).toBeLessThan(500);
    // 200 characters of different 20-letter words: the most keys a name can have.
    const letters = 'abcdefghijklmnopqrstuvwxyz';
    const word = (i: number) =>
      Array.from({ length: 20 }, (_, j) => letters[(i * 7 + j * 3 + i * j) % 26]).join('');
    const longest = Array.from({ length: 12 }, (_, i) => word(i)).join(' ');
    const keys = leadKeys(longest.slice(0, 200), '(79) 99999-1234').search_keys.length;
    expect(keys).toBeGreaterThan(1000);
    expect(keys).toBeLessThan(2000);
  });

  it('say when a stored lead needs its keys written again', () => {
    const lead = { nome: 'Fátima da Silva', whatsapp: '(75) 91000-2758' };
    const keys = leadKeys(lead.nome, lead.whatsapp);
    expect(staleLeadKeys({ ...lead, ...keys })).toBeNull();
    expect(staleLeadKeys(lead)).toEqual(keys);
    // Keys of an older scheme (the whole name from each word on) are rewritten.
    const old = { ...keys, search_keys: ['fatima da silva', 'silva'] };
    expect(staleLeadKeys({ ...lead, ...old })).toEqual(keys);
    expect(staleLeadKeys({ ...lead, ...keys, last_contacted_at: new Date() })).toEqual({
      ...keys,
      contacted: true,
    });
  });
});
