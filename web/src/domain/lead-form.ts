/**
 * The application forms' values, checks and stored lead, all from the fields each form writes
 * (lead.ts `leadFields`): a field added there for a form is asked, checked and stored here
 * without a change. The selects of a vacancy list (Vaga, Cidade) offer the list as the page last
 * read it (`OpenLists`), checked against it too; without one, the table's seed.
 */
import { checkValue, textFormats, type ValueProblem } from '@vagas/common';
import {
  fieldOptions,
  formFields,
  formInputFields,
  leadField,
  optionStyleOf,
  vacancyKindOf,
  valueFormatOf,
  type FormInputName,
  type LeadFieldName,
  type LeadForm,
  type LeadInput,
  type OptionChoice,
} from './lead';

/** What a form holds for each field it sends: text, and `number | string` for numbers ('' while empty). */
type FormValuesOf<Input> = {
  [K in keyof Input as undefined extends Input[K] ? never : K]: Input[K] extends number
    ? number | string
    : string;
};

/** What `Form`'s inputs hold (with the preset consent version). */
export type FormValues<Form extends LeadForm> = FormValuesOf<LeadInput<Form>>;
/** What the root page's form holds. */
export type RootFormValues = FormValues<'root'>;
/** What the call-center page's form holds ('' while a number field is empty). */
export type CallCenterFormValues = FormValues<'callCenter'>;
type AnyFormValues = Record<string, string | number>;

/** What a preset field holds: its last option (the consent note the form shows now). */
function presetValue(form: LeadForm, name: LeadFieldName): string {
  return fieldOptions(name, form)?.at(-1) ?? '';
}

/** `form` with every field empty, but the preset ones (the form fills those itself). */
export function emptyForm<Form extends LeadForm>(form: Form): FormValues<Form> {
  return Object.fromEntries(
    formFields(form).map((name) => [name, leadField(name).preset ? presetValue(form, name) : '']),
  ) as FormValues<Form>;
}

export const emptyRootForm = emptyForm('root');
export const emptyCallCenterForm = emptyForm('callCenter');

/** A select's option: the value stored, and how it reads. */
export type Choice = OptionChoice & { value: string };

/** The choices a form's vacancy-list selects offer now (the open jobs, the open localities). */
export type OpenLists = Partial<Record<LeadFieldName, readonly Choice[]>>;

/** The values `lists` offers for `name`; undefined when they do not say (the table's then). */
function listedValues(name: LeadFieldName, lists?: OpenLists): readonly string[] | undefined {
  if (!lists || vacancyKindOf(name) === null) return undefined;
  return lists[name]?.map((choice) => choice.value);
}

/**
 * What keeps each of the candidate's fields from being sent: empty, or not of its format (an
 * option no longer offered, when `lists` says what is open now).
 */
export function formProblems<Form extends LeadForm>(
  form: Form,
  values: FormValues<Form>,
  lists?: OpenLists,
): Partial<Record<FormInputName<Form>, ValueProblem>> {
  const problems: Partial<Record<FormInputName<Form>, ValueProblem>> = {};
  for (const name of formInputFields(form)) {
    const value = (values as AnyFormValues)[name];
    const field = leadField(name);
    // A format is checked on the text as it will be stored.
    const stored =
      field.type === 'text' && field.format && typeof value === 'string'
        ? textFormats[field.format].normalize(value.trim())
        : value;
    const problem = checkValue(valueFormatOf(name, form, listedValues(name, lists)), stored);
    if (problem) problems[name] = problem;
  }
  return problems;
}

/** Every field the form sends is filled and of its format. */
export function isFormComplete<Form extends LeadForm>(
  form: Form,
  values: FormValues<Form>,
  lists?: OpenLists,
): boolean {
  return Object.keys(formProblems(form, values, lists)).length === 0;
}

/**
 * The form's fields as stored: texts trimmed (and written in their format's way), integers
 * rounded. Call it on a form without problems.
 */
export function toLead<Form extends LeadForm>(
  form: Form,
  values: FormValues<Form>,
): LeadInput<Form> {
  const lead: Record<string, string | number> = {};
  for (const name of formFields(form)) {
    const field = leadField(name);
    const value = (values as AnyFormValues)[name];
    if (field.type === 'int') lead[name] = Math.round(Number(value));
    else if (field.type === 'text') {
      const text = String(value).trim();
      lead[name] = field.format ? textFormats[field.format].normalize(text) : text;
    } else lead[name] = String(value);
  }
  return lead as LeadInput<Form>;
}

/**
 * How a stored option of `name` reads in its select (and in the pixel's content category):
 * without a form's prefix, and under its group when it starts with one of the style's groups.
 */
export function optionChoice(name: LeadFieldName, option: string): OptionChoice {
  const style = optionStyleOf(name);
  const prefix = Object.values(style.prefix ?? {}).find((p) => p && option.startsWith(p));
  const rest = prefix ? option.slice(prefix.length) : option;
  const separator = style.groupSeparator;
  const group = separator && style.groups?.find((g) => rest.startsWith(`${g}${separator}`));
  return group && separator
    ? { group, label: rest.slice(group.length + separator.length) }
    : { label: rest };
}

/** The options `form` offers for `name`, as its select lists them: `lists`' when given, else the table's. */
export function formChoices(name: LeadFieldName, form: LeadForm, lists?: OpenLists): Choice[] {
  const listed = vacancyKindOf(name) === null ? undefined : lists?.[name];
  if (listed) return [...listed];
  return (fieldOptions(name, form) ?? []).map((value) => ({
    value,
    ...optionChoice(name, value),
  }));
}
