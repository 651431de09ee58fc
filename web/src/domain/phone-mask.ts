/** The WhatsApp field mask (docs/product.md, "Public pages"): digits only, at most 11, shown as '(DD) NNNNN-NNNN'. */
import { whatsappLimits } from './options';

/**
 * The national digits of `raw`: a leading country code 55 is dropped when what follows is a full
 * Brazilian number ('+55 (75) 9 8123-4567' -> '75981234567'); at most 11 digits are kept.
 */
export function whatsappDigits(raw: string): string {
  let digits = raw.replace(/\D/g, '');
  if (digits.length > whatsappLimits.maxDigits && digits.startsWith('55')) {
    const national = digits.slice(2);
    if (
      national.length >= whatsappLimits.minDigits &&
      national.length <= whatsappLimits.maxDigits
    ) {
      digits = national;
    }
  }
  return digits.slice(0, whatsappLimits.maxDigits);
}

/** Where the caret goes in `formatted`: right after its `digitsBefore`-th digit. */
export function caretAfterDigits(formatted: string, digitsBefore: number): number {
  if (digitsBefore <= 0) return formatted.startsWith('(') ? 1 : 0;
  let seen = 0;
  for (let index = 0; index < formatted.length; index++) {
    if (/\d/.test(formatted[index]) && ++seen === digitsBefore) return index + 1;
  }
  return formatted.length;
}

/** Keeps at most 11 digits of `raw` and formats them progressively: '7', '(79', '(79) 9999', '(79) 99999-9999'. */
export function formatWhatsapp(raw: string): string {
  const digits = whatsappDigits(raw);
  if (digits.length === 0) return '';
  if (digits.length <= 2) return `(${digits}`;
  const area = digits.slice(0, 2);
  const rest = digits.slice(2);
  if (rest.length <= 5) return `(${area}) ${rest}`;
  return `(${area}) ${rest.slice(0, 5)}-${rest.slice(5)}`;
}
