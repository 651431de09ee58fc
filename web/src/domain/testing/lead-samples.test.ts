import { describe, expect, test } from 'vitest';
import { leadFieldNames, leadForms, onEveryLead } from '../lead';
import { formProblems } from '../lead-form';
import { aLead, aLeadCreatedAt, exampleFormValues, sampleFormValues } from './lead-samples';

/** A fixed-seed stand-in for Math.random, so a failure shows the same values again. */
function seeded(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

describe('test data from the lead table', () => {
  test.each(leadForms)('the %s form at the examples can be sent', (form) => {
    expect(formProblems(form, exampleFormValues(form))).toEqual({});
  });

  test.each(leadForms)('the %s form filled at random can always be sent', (form) => {
    const random = seeded(42);
    for (let i = 0; i < 300; i++) {
      const values = sampleFormValues(form, random);
      expect(formProblems(form, values), JSON.stringify(values)).toEqual({});
    }
  });

  test('aLead is a new lead of the root page, with every field each stored lead has', () => {
    const lead = aLead();
    for (const name of leadFieldNames.filter(onEveryLead)) expect(lead, name).toHaveProperty(name);
    expect(lead).toMatchObject({
      status: 'novo',
      created_at: aLeadCreatedAt,
      deleted_at: null,
      vaga: 'Aux Eletricista',
    });
    expect(aLead({ id: 'x', nome: 'Bruno' })).toMatchObject({ id: 'x', nome: 'Bruno' });
    expect(aLead({}, 'callCenter')).toMatchObject({
      vaga: '[Conecta] Operador de Call Center',
      idade: 27,
    });
  });
});
