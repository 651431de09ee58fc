/**
 * Form values of the two application pages, the required-field rule and the mapping to stored
 * leads, all from the fields each form writes (lead.ts `leadFields`): a field added there for a
 * form is held, required and stored here without a change.
 */
import {
  callCenterVaga,
  fieldOptions,
  formFields,
  leadField,
  leadFields,
  type CallCenterLeadInput,
  type LeadFieldName,
  type LeadForm,
  type RootLeadInput,
} from './lead';

/** An integer field's value held within its bounds. */
function clampInt(value: number, { min, max }: { min: number; max: number }): number {
  return Math.min(max, Math.max(min, value));
}

/** An age held within 16..70, as the Idade field and the rules require. */
export function clampAge(age: number): number {
  return clampInt(age, leadFields.idade);
}

/** What a form holds for each field it sends: text, and `number | string` for numbers ('' while empty). */
type FormValuesOf<Input> = {
  [K in keyof Input as undefined extends Input[K] ? never : K]: Input[K] extends number
    ? number | string
    : string;
};

/** What the root page's form holds. */
export type RootFormValues = FormValuesOf<RootLeadInput>;
/** What the call-center page's form holds ('' while a number field is empty). */
export type CallCenterFormValues = FormValuesOf<CallCenterLeadInput>;
type AnyFormValues = Record<string, string | number>;

/** What a preset field holds: its last option (the consent note the form shows now). */
function presetValue(form: LeadForm, name: LeadFieldName): string {
  return fieldOptions(name, form)?.at(-1) ?? '';
}

/** Every field empty, but the preset ones (the form fills those itself). */
const emptyForm = (form: LeadForm) =>
  Object.fromEntries(
    formFields(form).map((name) => [name, leadField(name).preset ? presetValue(form, name) : '']),
  ) as AnyFormValues;

export const emptyRootForm = emptyForm('root') as RootFormValues;
export const emptyCallCenterForm = emptyForm('callCenter') as CallCenterFormValues;

const filled = (value: string | number | null | undefined): boolean =>
  typeof value === 'number' ? Number.isFinite(value) : (value ?? '').trim() !== '';

/** Every field the form sends is filled (spec section 5); numbers must be numbers. */
function isComplete(form: LeadForm, values: AnyFormValues): boolean {
  return formFields(form).every((name) => {
    const value = values[name];
    if (leadField(name).type === 'int') return filled(value) && Number.isFinite(Number(value));
    return filled(value);
  });
}

/** Root form: nome, whatsapp, vaga and cidade are all required (spec section 5). */
export function isRootFormComplete(values: RootFormValues): boolean {
  return isComplete('root', values);
}

/** Call-center form: the root fields plus idade and tempo_experiencia. */
export function isCallCenterFormComplete(values: CallCenterFormValues): boolean {
  return isComplete('callCenter', values);
}

/** The form's fields as stored: texts trimmed, integers rounded and held within their bounds. */
function toLead(form: LeadForm, values: AnyFormValues): Record<string, string | number> {
  const lead: Record<string, string | number> = {};
  for (const name of formFields(form)) {
    const field = leadField(name);
    const value = values[name];
    if (field.type === 'int') lead[name] = clampInt(Math.round(Number(value)), field);
    else if (field.type === 'text') lead[name] = String(value).trim();
    else lead[name] = String(value);
  }
  return lead;
}

/** The root page's lead fields, exactly nome, whatsapp, vaga, cidade. */
export function toRootLead(values: RootFormValues): RootLeadInput {
  return toLead('root', values) as unknown as RootLeadInput;
}

/** The call-center lead fields; vaga gets the employer's prefix, idade is an integer within 16..70. */
export function toCallCenterLead(values: CallCenterFormValues): CallCenterLeadInput {
  const lead = toLead('callCenter', values) as unknown as CallCenterLeadInput;
  return { ...lead, vaga: callCenterVaga(values.vaga) };
}
