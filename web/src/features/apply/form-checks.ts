/**
 * What the forms say next to a field (issue 26): an empty required field, an incomplete WhatsApp
 * number, an age outside 16..70. The spec's 'Campos obrigatórios' toast still shows for empty
 * fields; these marks make the form usable with a screen reader (aria-invalid + the message).
 */
import { ageLimits, whatsappLimits } from '@/domain/options';
import { fieldTexts } from './messages';

/** A field's message, by field name; a field without one is fine. */
export type FieldErrors<Values> = Partial<Record<keyof Values & string, string>>;

const isEmpty = (value: unknown) => String(value ?? '').trim() === '';

/** The digits of a WhatsApp field. */
const digitsOf = (value: string) => value.replace(/\D/g, '');

/** Every required field that is empty. */
export function missingFields<Values extends object>(values: Values): FieldErrors<Values> {
  const errors: FieldErrors<Values> = {};
  for (const [key, value] of Object.entries(values)) {
    if (isEmpty(value)) errors[key as keyof Values & string] = fieldTexts.required;
  }
  return errors;
}

/** What is filled but cannot be sent: a WhatsApp number without 10 or 11 digits, an age out of bounds. */
export function invalidFields<Values extends object>(values: Values): FieldErrors<Values> {
  const errors: Record<string, string> = {};
  const record = values as Record<string, unknown>;
  const whatsapp = typeof record.whatsapp === 'string' ? record.whatsapp : '';
  const digits = digitsOf(whatsapp).length;
  if (whatsapp && (digits < whatsappLimits.minDigits || digits > whatsappLimits.maxDigits)) {
    errors.whatsapp = fieldTexts.whatsappIncomplete;
  }
  if ('idade' in record && !isEmpty(record.idade)) {
    const age = Number(record.idade);
    if (!Number.isInteger(age) || age < ageLimits.min || age > ageLimits.max) {
      errors.idade = fieldTexts.ageOutOfRange;
    }
  }
  return errors as FieldErrors<Values>;
}
