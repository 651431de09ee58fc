/**
 * The input that asks for one of the lead's fields, as the lead's table describes it (lead.ts
 * `input`): a text, a WhatsApp number, an e-mail, a small number or a select of the form's
 * options. Named after the field, so what a candidate types before the page is hydrated is kept.
 */
import { TextInput } from '@mantine/core';
import { useMemo } from 'react';
import { leadField, type LeadFieldName, type LeadForm } from '@/domain/lead';
import { formChoices, type OpenLists } from '@/domain/lead-form';
import type { FieldText } from '@/features/apply/messages';
import { DigitsInput } from '../DigitsInput/DigitsInput';
import { OptionSelect } from '../OptionSelect/OptionSelect';
import { PhoneInput } from '../PhoneInput/PhoneInput';

export interface LeadFieldInputProps {
  form: LeadForm;
  name: LeadFieldName;
  texts: FieldText;
  value: string | number;
  error?: string;
  onChange: (value: string) => void;
  /** The open jobs and localities the form offers now (the table's seed without them). */
  lists?: OpenLists;
}

/**
 * The select's options, under their groups (Aracaju, Região Metropolitana) in the order each group
 * first comes; options without one first.
 */
function useSelectData(name: LeadFieldName, form: LeadForm, lists?: OpenLists) {
  return useMemo(() => {
    const groups = new Map<string, { value: string; label: string }[]>();
    const flat: { value: string; label: string }[] = [];
    for (const { value, label, group } of formChoices(name, form, lists)) {
      if (!group) flat.push({ value, label });
      else if (groups.has(group)) groups.get(group)?.push({ value, label });
      else groups.set(group, [{ value, label }]);
    }
    return [...flat, ...[...groups].map(([group, items]) => ({ group, items }))];
  }, [name, form, lists]);
}

/** As many digits as the field's largest value has. */
function maxDigitsOf(name: LeadFieldName): number {
  const field = leadField(name);
  if (field.type !== 'int') throw new Error(`${name} is not a number`);
  return String(field.max).length;
}

export function LeadFieldInput({
  form,
  name,
  texts,
  value,
  error,
  onChange,
  lists,
}: LeadFieldInputProps) {
  const field = leadField(name);
  const input = field.input;
  const common = {
    label: texts.label,
    placeholder: texts.placeholder,
    name,
    required: !field.optional,
    error,
  };
  const selectData = useSelectData(name, form, lists);
  switch (input?.kind) {
    case 'phone':
      return <PhoneInput {...common} value={String(value)} onChange={onChange} />;
    case 'number':
      return (
        <DigitsInput
          {...common}
          maxDigits={maxDigitsOf(name)}
          value={String(value)}
          onChange={onChange}
        />
      );
    case 'select':
      return (
        <OptionSelect
          {...common}
          data={selectData}
          maxDropdownHeight="15rem"
          value={String(value)}
          onChange={onChange}
        />
      );
    case 'email':
    case 'text':
      return (
        <TextInput
          {...common}
          type={input.kind === 'email' ? 'email' : 'text'}
          autoComplete={input.kind === 'email' ? 'email' : input.autoComplete}
          maxLength={field.type === 'text' ? field.max : undefined}
          value={String(value)}
          onChange={(event) => onChange(event.currentTarget.value)}
        />
      );
    default:
      throw new Error(`${name} has no input`);
  }
}
