import { describe, expect, test } from 'vitest';
import { formInputFields, leadForms } from './lead';
import { exampleFormValues, exampleLead } from './lead-examples';
import { toLead } from './lead-form';
import { fillTemplate } from './lead-record';

describe('the example lead', () => {
  test.each(leadForms)('is what the %s form stores at the examples, as a new lead', (form) => {
    const createdAt = new Date(2026, 0, 2, 3, 4);
    const lead = exampleLead(form, createdAt);
    expect(lead).toMatchObject(toLead(form, exampleFormValues(form)));
    expect(lead).toMatchObject({ status: 'novo', created_at: createdAt, deleted_at: null });
    for (const name of formInputFields(form)) expect(lead[name], name).not.toBe('');
  });

  test('fills every placeholder of a template preview, the vaga without its employer', () => {
    const lead = exampleLead('callCenter');
    const preview = fillTemplate('{primeiro_nome}|{nome}|{vaga}|{cidade}', lead);
    expect(preview).not.toMatch(/[{}[\]]/);
    expect(preview.split('|')).toEqual([
      lead.nome.split(' ')[0],
      lead.nome,
      expect.stringMatching(/\S/),
      lead.cidade,
    ]);
    expect(lead.vaga).toContain(preview.split('|')[2]);
  });
});
