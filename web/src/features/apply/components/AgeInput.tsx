/**
 * Idade: a numeric text field of at most two digits (no number-format library: lighter bundle).
 * An age outside 16..70 is said next to the field and not sent (form-checks.ts); it is never
 * silently changed into another age.
 */
import { TextInput, type TextInputProps } from '@mantine/core';
import { applyTexts } from '@/features/apply/messages';

export interface AgeInputProps extends Omit<TextInputProps, 'value' | 'onChange'> {
  value: string;
  onChange: (value: string) => void;
}

/** What the field keeps of typed text: at most two digits. */
export function ageDigits(value: string): string {
  return value.replace(/\D/g, '').slice(0, 2);
}

export function AgeInput({ value, onChange, ...props }: AgeInputProps) {
  return (
    <TextInput
      label={applyTexts.callCenter.idade.label}
      name="idade"
      inputMode="numeric"
      maxLength={2}
      {...props}
      value={value}
      onChange={(event) => onChange(ageDigits(event.currentTarget.value))}
    />
  );
}
