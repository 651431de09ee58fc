/** Idade: a numeric text field held to 16..70 on blur (no number-format library: lighter bundle). */
import { TextInput, type TextInputProps } from '@mantine/core';
import { clampAge } from '@/domain/lead-form';

export interface AgeInputProps extends Omit<TextInputProps, 'value' | 'onChange'> {
  value: string;
  onChange: (value: string) => void;
}

/** Clamps a typed age into 16..70; '' stays ''. */
export function clampTypedAge(value: string): string {
  return value === '' ? '' : String(clampAge(Number(value)));
}

/** What the field keeps of typed text: at most two digits. */
export function ageDigits(value: string): string {
  return value.replace(/\D/g, '').slice(0, 2);
}

export function AgeInput({ value, onChange, ...props }: AgeInputProps) {
  return (
    <TextInput
      label="Idade"
      name="idade"
      inputMode="numeric"
      maxLength={2}
      {...props}
      value={value}
      onChange={(event) => onChange(ageDigits(event.currentTarget.value))}
      onBlur={() => onChange(clampTypedAge(value))}
    />
  );
}
