/**
 * A lead at the table's examples (`leadFields`): what a form sends when every field holds its
 * example, stored as a new lead. The panel shows it where it needs a lead to show something on
 * (the message templates' preview), and the tests' `aLead` builds on it, so a field added to the
 * table appears in both at its example.
 */
import {
  fieldExample,
  formFields,
  leadField,
  pinnedLeadFields,
  type Lead,
  type LeadForm,
} from './lead';
import { emptyForm, toLead, type FormValues } from './lead-form';

/** `form` filled in at the table's examples (an option field at the form's first option). */
export function exampleFormValues<Form extends LeadForm>(form: Form): FormValues<Form> {
  const values: Record<string, string | number> = { ...emptyForm(form) };
  for (const name of formFields(form)) {
    if (!leadField(name).preset) values[name] = fieldExample(name, form);
  }
  return values as FormValues<Form>;
}

/**
 * The value the server gives each system field of a new lead: its status's initial one ('novo'),
 * `createdAt` for a field set to the write's time, null for one that starts empty (not trashed).
 */
function initialSystemValues(createdAt: Date | null): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const name of pinnedLeadFields) {
    const field = leadField(name);
    if (field.type === 'status') values[name] = field.initial;
    else if (field.type === 'timestamp') {
      values[name] = field.initial === 'serverTime' ? createdAt : null;
    }
  }
  return values;
}

/**
 * The lead `form` stores when filled in at the examples, as the server keeps a new one, created
 * at `createdAt` (null: a lead the server has not dated, as a pending write reads).
 */
export function exampleLead(form: LeadForm = 'root', createdAt: Date | null = null): Lead {
  return {
    id: 'exemplo',
    ...toLead(form, exampleFormValues(form)),
    ...initialSystemValues(createdAt),
  } as Lead;
}
