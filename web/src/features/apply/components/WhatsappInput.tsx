/** The WhatsApp field: a tel input that keeps only digits and shows them as '(DD) NNNNN-NNNN'. */
import { TextInput, type TextInputProps } from '@mantine/core';
import { formatWhatsapp } from '@/domain/phone-mask';
import { whatsappLimits } from '@/domain/options';
import { applyTexts } from '@/features/apply/messages';

export interface WhatsappInputProps extends Omit<TextInputProps, 'value' | 'onChange'> {
  value: string;
  onChange: (value: string) => void;
}

export function WhatsappInput({ value, onChange, ...props }: WhatsappInputProps) {
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
      value={value}
      onChange={(event) => onChange(formatWhatsapp(event.currentTarget.value))}
    />
  );
}
