// functions/ deploys on its own, so it carries a copy of web/src/domain/lead-keys.ts (what the panel
// searches with, and what the seeds write): the two must compute the same keys for every lead.
import { describe, expect, it } from 'vitest';
import * as functionsKeys from '../src/lead-keys.js';

const webPath: string = new URL('../../web/src/domain/lead-keys.ts', import.meta.url).href;
const webKeys = (await import(webPath)) as typeof functionsKeys;

const names = [
  'Érica Conceição',
  "Ana D'Ávila  Souza-Silva",
  '  JOÃO   da  Silva  ',
  'Maria 2',
  'Ç'.repeat(200),
  Array.from({ length: 40 }, (_, i) => `Palavra${i}`).join(' '),
  '',
];
const phones = ['(79) 99999-1234', '7999991234', '', '(71) 3333-0000'];
const searches = ['erica', 'ÉRICA conc', '(79) 9999', '12', ' ', 'ana 7', 'x'.repeat(80)];

describe('the lead keys (functions copy)', () => {
  it('are those of web/src/domain/lead-keys.ts', () => {
    for (const nome of names) {
      for (const whatsapp of phones) {
        expect(functionsKeys.leadKeys(nome, whatsapp)).toEqual(webKeys.leadKeys(nome, whatsapp));
        const at = new Date();
        expect(functionsKeys.leadKeys(nome, whatsapp, at)).toEqual(
          webKeys.leadKeys(nome, whatsapp, at),
        );
      }
    }
    for (const search of searches) {
      expect(functionsKeys.searchKeyOf(search)).toBe(webKeys.searchKeyOf(search));
    }
    expect(functionsKeys.searchKeyMaxLength).toBe(webKeys.searchKeyMaxLength);
    expect(functionsKeys.searchKeyMaxWords).toBe(webKeys.searchKeyMaxWords);
  });

  it('are computed for a lead without a name or phone', () => {
    expect(functionsKeys.leadKeys(undefined, 42)).toEqual({
      search_keys: [],
      phone_key: '',
      contacted: false,
      name_key: '',
    });
  });
});
