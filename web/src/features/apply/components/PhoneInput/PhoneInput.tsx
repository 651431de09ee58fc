/**
 * A WhatsApp number: a tel input that keeps only digits and shows them as '(DD) NNNNN-NNNN'. A
 * number written the way WhatsApp shows it ('+55 75 99999-1234') loses its country code, typed
 * (formatPhone keeps '+55' until the national number starts; the phone's keyboard has the '+')
 * or pasted (taken whole before the field's length cuts it). The caret stays where the candidate
 * was editing: a mask that throws the caret to the end makes a typo in the middle impossible to
 * fix on a phone.
 */
import { TextInput, type TextInputProps } from '@mantine/core';
import { useLayoutEffect, useRef, type ChangeEvent, type ClipboardEvent } from 'react';
import { digitsOf, formatPhone, phoneLimits } from '@vagas/common';
import { caretAfterDigits } from '@/domain/phone-mask';

export interface PhoneInputProps extends Omit<TextInputProps, 'value' | 'onChange'> {
  value: string;
  onChange: (value: string) => void;
}

export function PhoneInput({ value, onChange, ...props }: PhoneInputProps) {
  const input = useRef<HTMLInputElement>(null);
  /** Digits before the caret after the last edit; applied once the formatted value is shown. */
  const caretDigits = useRef<number | null>(null);

  useLayoutEffect(() => {
    const element = input.current;
    if (caretDigits.current === null || !element || document.activeElement !== element) return;
    const position = caretAfterDigits(value, caretDigits.current);
    caretDigits.current = null;
    element.setSelectionRange(position, position);
  }, [value]);

  const handleChange = (event: ChangeEvent<HTMLInputElement>) => {
    const { value: typed, selectionStart } = event.currentTarget;
    // Only an edit inside the number needs the caret put back; at the end it stays at the end.
    if (selectionStart !== null && selectionStart < typed.length) {
      caretDigits.current = digitsOf(typed.slice(0, selectionStart)).length;
    }
    onChange(formatPhone(typed));
  };

  const handlePaste = (event: ClipboardEvent<HTMLInputElement>) => {
    const pasted = event.clipboardData.getData('text');
    const element = event.currentTarget;
    const start = element.selectionStart ?? element.value.length;
    const end = element.selectionEnd ?? element.value.length;
    const next = element.value.slice(0, start) + pasted + element.value.slice(end);
    if (next.length <= phoneLimits.maxLength) return; // the browser's own paste fits
    event.preventDefault();
    onChange(formatPhone(next));
  };

  return (
    <TextInput
      type="tel"
      inputMode="tel"
      autoComplete="tel-national"
      maxLength={phoneLimits.maxLength}
      {...props}
      ref={input}
      value={value}
      onChange={handleChange}
      onPaste={handlePaste}
    />
  );
}
