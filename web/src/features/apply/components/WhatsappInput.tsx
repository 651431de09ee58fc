/**
 * The WhatsApp field: a tel input that keeps only digits and shows them as '(DD) NNNNN-NNNN'. A
 * pasted number longer than the field ('+55 (75) 9 8123-4567') is taken whole before the field's
 * length cuts it, and the caret stays where the candidate was editing (issue 26).
 */
import { TextInput, type TextInputProps } from '@mantine/core';
import { useLayoutEffect, useRef, type ChangeEvent, type ClipboardEvent } from 'react';
import { caretAfterDigits, formatWhatsapp } from '@/domain/phone-mask';
import { whatsappLimits } from '@/domain/options';
import { applyTexts } from '@/features/apply/messages';

export interface WhatsappInputProps extends Omit<TextInputProps, 'value' | 'onChange'> {
  value: string;
  onChange: (value: string) => void;
}

const digitCount = (text: string) => text.replace(/\D/g, '').length;

export function WhatsappInput({ value, onChange, ...props }: WhatsappInputProps) {
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
      caretDigits.current = digitCount(typed.slice(0, selectionStart));
    }
    onChange(formatWhatsapp(typed));
  };

  const handlePaste = (event: ClipboardEvent<HTMLInputElement>) => {
    const pasted = event.clipboardData.getData('text');
    const element = event.currentTarget;
    const start = element.selectionStart ?? element.value.length;
    const end = element.selectionEnd ?? element.value.length;
    const next = element.value.slice(0, start) + pasted + element.value.slice(end);
    if (next.length <= whatsappLimits.maxLength) return; // the browser's own paste fits
    event.preventDefault();
    onChange(formatWhatsapp(next));
  };

  return (
    <TextInput
      label={applyTexts.whatsapp.label}
      name="whatsapp"
      placeholder={applyTexts.whatsapp.placeholder}
      type="tel"
      inputMode="numeric"
      autoComplete="tel-national"
      maxLength={whatsappLimits.maxLength}
      {...props}
      ref={input}
      value={value}
      onChange={handleChange}
      onPaste={handlePaste}
    />
  );
}
