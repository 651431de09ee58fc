/**
 * Where the caret goes in a WhatsApp field once the mask has rewritten it (the digits and the mask
 * themselves: @vagas/common phone.ts).
 */

/** Where the caret goes in `formatted`: right after its `digitsBefore`-th digit. */
export function caretAfterDigits(formatted: string, digitsBefore: number): number {
  if (digitsBefore <= 0) return formatted.startsWith('(') ? 1 : 0;
  let seen = 0;
  for (let index = 0; index < formatted.length; index++) {
    if (/\d/.test(formatted[index]) && ++seen === digitsBefore) return index + 1;
  }
  return formatted.length;
}
