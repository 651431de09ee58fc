/**
 * The settings documents as plain data: `settings/redirect` (WhatsApp link, countdown, counter) and
 * `settings/tracking` (the admin's pixel id). Parsing and validation shared by the redirect page and
 * the Configurações tab; no React, no Firebase.
 */
import { redirectTimeLimits } from './options';

/** What the redirect page needs from `settings/redirect`. */
export interface RedirectSettings {
  /** '' when no link is configured. */
  whatsappLink: string;
  /** Countdown start in seconds. */
  redirectTime: number;
}

/** What is used when nothing is configured or the settings cannot be read. */
export const fallbackRedirectSettings: RedirectSettings = {
  whatsappLink: '',
  redirectTime: redirectTimeLimits.default,
};

/** Reads the stored fields leniently: a missing document or field means the fallback. */
export function parseRedirectSettings(data: Record<string, unknown> | undefined): RedirectSettings {
  const link = typeof data?.whatsapp_link === 'string' ? data.whatsapp_link.trim() : '';
  const time = data?.redirect_time;
  const redirectTime =
    typeof time === 'number' && Number.isFinite(time)
      ? Math.min(redirectTimeLimits.max, Math.max(redirectTimeLimits.min, Math.round(time)))
      : redirectTimeLimits.default;
  return { whatsappLink: link, redirectTime };
}

/** The stored counter (written only by the countRedirect function); 0 when absent. */
export function parseRedirectCount(data: Record<string, unknown> | undefined): number {
  const count = data?.redirect_count;
  return typeof count === 'number' && Number.isFinite(count) ? count : 0;
}

/** Longest link firestore.rules accepts. */
export const whatsappLinkMaxLength = 2000;

/**
 * A link the rules accept and a browser opens as a web page: http(s), a host, no spaces. Anything
 * else (`javascript:`, `wa.me/...` without scheme) is refused before it reaches candidates.
 */
export function isHttpLink(link: string): boolean {
  return link.length <= whatsappLinkMaxLength && /^https?:\/\/[^\s/?#]+\S*$/.test(link);
}

/**
 * What the admin typed in the link field, as the link to store: a WhatsApp number typed alone
 * ('(79) 99999-9999', '+55 79 99999-9999') becomes a wa.me link (Brazil's 55 added to a 10- or
 * 11-digit number); anything else is kept as typed (trimmed).
 */
export function toWhatsappLink(input: string): string {
  const text = input.trim();
  if (!/^\+?[\d\s().-]+$/.test(text)) return text;
  const digits = text.replace(/\D/g, '');
  if (digits.length === 10 || digits.length === 11) return `https://wa.me/55${digits}`;
  if (digits.length >= 12 && digits.length <= 13) return `https://wa.me/${digits}`;
  return text;
}

/** Longest pixel id firestore.rules accepts. */
export const pixelIdMaxLength = 32;

/** A pixel id is digits only (the admin's field accepts nothing else). */
export function isPixelId(value: unknown): value is string {
  return typeof value === 'string' && new RegExp(`^\\d{1,${pixelIdMaxLength}}$`).test(value);
}

/** The admin's input with everything but digits removed, at most the rules' length. */
export function pixelIdDigits(input: string): string {
  return input.replace(/\D/g, '').slice(0, pixelIdMaxLength);
}

/**
 * The localStorage key under which the admin's browser also keeps the pixel id they saved
 * (docs/product.md, "The panel": Configurações); the pages themselves read settings/tracking.
 */
export const pixelStorageKey = 'vagas:pixel-id';
