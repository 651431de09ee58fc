/**
 * Test data from the lead's table, for every layer's tests and the benches: a field added to
 * `leadFields` appears here at its example, or drawn from its format, without a change.
 * - `aLead(overrides)`: a stored lead, as the panel reads it;
 * - `exampleFormValues(form)`: what a candidate fills in, at the table's examples;
 * - `sampleFormValues(form, random)`: what a candidate fills in, drawn at random.
 */
import { textFormats } from '@vagas/common';
import { fieldOptions, formFields, leadField, type Lead, type LeadForm } from '../lead';
import { exampleFormValues, exampleLead } from '../lead-examples';
import type { FormValues } from '../lead-form';

export { exampleFormValues };

/** `form` filled in with valid values drawn with `random` (a function like Math.random). */
export function sampleFormValues<Form extends LeadForm>(
  form: Form,
  random: () => number,
): FormValues<Form> {
  const values: Record<string, string | number> = { ...exampleFormValues(form) };
  for (const name of formFields(form)) {
    const field = leadField(name);
    if (field.preset) continue;
    if (field.type === 'option') {
      const options = fieldOptions(name, form) ?? [];
      values[name] = options[Math.floor(random() * options.length)];
    } else if (field.type === 'int') {
      values[name] = field.min + Math.floor(random() * (field.max - field.min + 1));
    } else if (field.type === 'text' && field.format) {
      values[name] = textFormats[field.format].sample(random);
    }
  }
  return values as FormValues<Form>;
}

/** The time `aLead` gives a lead that says none: a fixed moment, so tests read the same dates. */
export const aLeadCreatedAt = new Date(2026, 10, 20, 9, 0);

/**
 * A stored lead for tests: what `form` (the root page by default) sends at the table's examples,
 * as the server stores a new one, then `overrides`.
 */
export function aLead(overrides: Partial<Lead> = {}, form: LeadForm = 'root'): Lead {
  return { ...exampleLead(form, aLeadCreatedAt), id: 'lead-1', ...overrides };
}
