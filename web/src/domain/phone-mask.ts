/** The WhatsApp field mask (docs/product.md, "Public pages"): digits only, at most 11, shown as '(DD) NNNNN-NNNN'. */
import { whatsappLimits } from './options';

/** Keeps at most 11 digits of `raw` and formats them progressively: '7', '(79', '(79) 9999', '(79) 99999-9999'. */
export function formatWhatsapp(raw: string): string {
  const digits = raw.replace(/\D/g, '').slice(0, whatsappLimits.maxDigits);
  if (digits.length === 0) return '';
  if (digits.length <= 2) return `(${digits}`;
  const area = digits.slice(0, 2);
  const rest = digits.slice(2);
  if (rest.length <= 5) return `(${area}) ${rest}`;
  return `(${area}) ${rest.slice(0, 5)}-${rest.slice(5)}`;
}
