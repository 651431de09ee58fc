/**
 * A small whole number (Idade): a numeric text field that keeps only digits, at most `maxDigits`
 * (no number-format library: a lighter bundle on the public pages). A value out of bounds is said
 * next to the field and not sent; it is never silently changed into another number.
 */
import { TextInput, type TextInputProps } from '@mantine/core';

export interface DigitsInputProps extends Omit<TextInputProps, 'value' | 'onChange'> {
  value: string;
  maxDigits: number;
  onChange: (value: string) => void;
}

/** What the field keeps of typed text: at most `maxDigits` digits. */
export function keepDigits(value: string, maxDigits: number): string {
  return value.replace(/\D/g, '').slice(0, maxDigits);
}

export function DigitsInput({ value, maxDigits, onChange, ...props }: DigitsInputProps) {
  return (
    <TextInput
      inputMode="numeric"
      maxLength={maxDigits}
      {...props}
      value={value}
      onChange={(event) => onChange(keepDigits(event.currentTarget.value, maxDigits))}
    />
  );
}
