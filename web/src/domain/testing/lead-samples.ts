/**
 * Test data from the lead's table, for every layer's tests and the benches: a field added to
 * `leadFields` appears here at its example, or drawn from its format, without a change.
 * - `aLead(overrides)`: a stored lead, as the panel reads it;
 * - `exampleFormValues(form)`: what a candidate fills in, at the table's examples;
 * - `sampleFormValues(form, random)`: what a candidate fills in, drawn at random.
 */
import { textFormats } from '@vagas/common';
import {
  fieldExample,
  fieldOptions,
  formFields,
  leadField,
  pinnedLeadFields,
  type Lead,
  type LeadForm,
} from '../lead';
import { emptyForm, toLead, type FormValues } from '../lead-form';

/** `form` filled in at the table's examples (an option field at the form's first option). */
export function exampleFormValues<Form extends LeadForm>(form: Form): FormValues<Form> {
  const values: Record<string, string | number> = { ...emptyForm(form) };
  for (const name of formFields(form)) {
    if (!leadField(name).preset) values[name] = fieldExample(name, form);
  }
  return values as FormValues<Form>;
}

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

/** The value the server gives each system field of a new lead ('novo', created now, not trashed). */
function pinnedValues(): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const name of pinnedLeadFields) {
    const field = leadField(name);
    if (field.type === 'status') values[name] = field.initial;
    else if (field.type === 'timestamp') {
      values[name] = field.initial === 'serverTime' ? aLeadCreatedAt : null;
    }
  }
  return values;
}

/**
 * A stored lead for tests: what `form` (the root page by default) sends at the table's examples,
 * as the server stores a new one, then `overrides`.
 */
export function aLead(overrides: Partial<Lead> = {}, form: LeadForm = 'root'): Lead {
  return {
    id: 'lead-1',
    ...toLead(form, exampleFormValues(form)),
    ...pinnedValues(),
    ...overrides,
  } as Lead;
}
