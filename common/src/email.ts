/**
 * E-mail addresses as the team's allow-list and the forms take them: something, '@', a domain
 * with a dot, no spaces or slashes (a slash would make the allow-list key a path). The mailbox
 * itself is proven by Firebase's e-mail, not by this pattern.
 */

/** The longest address (RFC 5321's path limit). */
export const emailMaxLength = 254;

/** The pattern (RE2 and JavaScript alike, matched against the whole text). */
export const emailPattern = '[^\\s@/]+@[^\\s@/]+\\.[^\\s@/]+';

const emailRegExp = new RegExp(`^(?:${emailPattern})$`);

/** An address as typed: trimmed and in lower case (the allow-list's key). */
export function normalizeEmail(text: string): string {
  return text.trim().toLowerCase();
}

/** `text` is an address of the pattern and length above. */
export function isEmail(text: string): boolean {
  return text.length <= emailMaxLength && emailRegExp.test(text);
}
