/**
 * Fills an application form as a candidate does, from the lead's table: each field the form asks
 * for (`formInputFields`) through its input's kind, found by its label (`applyTexts`), a select's
 * option by the text the select shows (`optionChoice`). A field added to the table is filled here
 * at its example without a change.
 */
import { screen } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { formInputFields, leadField, type FormInputName, type LeadForm } from '@/domain/lead';
import { exampleFormValues } from '@/domain/lead-examples';
import { optionChoice, toLead, type FormValues } from '@/domain/lead-form';
import { applyTexts } from '@/features/apply/messages';

/**
 * The input labelled `label` (the required mark aside). A select's label also names its listbox:
 * the input is the one to click.
 */
export function fieldInput(label: string): HTMLInputElement {
  const escaped = label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const [input] = screen
    .getAllByLabelText(new RegExp(`^${escaped}\\s*\\*?$`))
    .filter((element): element is HTMLInputElement => element.tagName === 'INPUT');
  if (!input) throw new Error(`no input labelled ${label}`);
  return input;
}

/** Gives `name` the `value` the way its input takes it: typed, or chosen from the list. */
export async function fillField<Form extends LeadForm>(
  user: UserEvent,
  form: Form,
  name: FormInputName<Form>,
  value: string | number,
): Promise<void> {
  const texts = applyTexts[form].fields as Record<FormInputName<Form>, { label: string }>;
  const input = fieldInput(texts[name].label);
  if (leadField(name).input?.kind === 'select') {
    await user.click(input);
    await user.click(
      await screen.findByRole('option', { name: optionChoice(name, String(value)).label }),
    );
  } else {
    await user.type(input, String(value));
  }
}

/**
 * Fills in the fields `form` asks for (only `fields` when given, to leave some empty or fill in
 * the rest later), each at `values` or else at the table's example, and returns the lead the form
 * stores from them (what a submit sends).
 */
export async function fillApplicationForm<Form extends LeadForm>(
  user: UserEvent,
  form: Form,
  values: Partial<FormValues<Form>> = {},
  fields: readonly FormInputName<Form>[] = formInputFields(form),
) {
  const filled = { ...exampleFormValues(form), ...values };
  for (const name of fields) {
    await fillField(user, form, name, (filled as Record<string, string | number>)[name]!);
  }
  return toLead(form, filled);
}

/** The fields `form` asks for but `names`. */
export function fieldsBut<Form extends LeadForm>(
  form: Form,
  ...names: FormInputName<Form>[]
): FormInputName<Form>[] {
  return formInputFields(form).filter((name) => !names.includes(name));
}
