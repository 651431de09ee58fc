/**
 * Stands in for `@firebase/webchannel-wrapper/bloom-blob` inside Firestore Lite (vite.config.ts
 * resolves that import here for Firestore Lite only; the full SDK keeps the real one). Lite takes
 * a single thing from it: `Integer.fromString(id).compare(other)`, to order numeric document ids
 * (`__id123__`) in paths. The real module is Closure's Integer, Md5 and BloomFilter together
 * (about 3.4 KB gzip on each form page's Firestore chunk); this is the same two calls over BigInt,
 * with Closure's parsing kept as it is: 8 characters at a time through `parseInt`, a chunk that is
 * not a number counting 0, a leading '-' negating, an empty string or an inner '-' an error.
 */
export class Integer {
  private constructor(private readonly value: bigint) {}

  static fromString(text: string, radix = 10): Integer {
    if (text.length === 0) throw new Error('number format error: empty string');
    if (radix < 2 || radix > 36) throw new Error(`radix out of range: ${radix}`);
    if (text.charAt(0) === '-') return new Integer(-Integer.fromString(text.slice(1), radix).value);
    if (text.includes('-')) throw new Error('number format error: interior "-" character');
    let value = BigInt(0);
    for (let at = 0; at < text.length; at += 8) {
      const chunk = text.substring(at, at + 8);
      const parsed = parseInt(chunk, radix);
      const chunkValue = Number.isFinite(parsed) ? BigInt(parsed) : BigInt(0);
      value = value * BigInt(radix) ** BigInt(chunk.length) + chunkValue;
    }
    return new Integer(value);
  }

  /** -1, 0 or 1, as `this` is less than, equal to or greater than `other`. */
  compare(other: Integer): number {
    if (this.value === other.value) return 0;
    return this.value < other.value ? -1 : 1;
  }
}
