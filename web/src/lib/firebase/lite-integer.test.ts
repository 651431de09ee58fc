import { Integer as ClosureInteger } from '@firebase/webchannel-wrapper/bloom-blob';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Integer } from './lite-integer';

/** What Firestore Lite does with it: compare two numeric ids of a path. */
const compare = (a: string, b: string) => Integer.fromString(a).compare(Integer.fromString(b));
const closureCompare = (a: string, b: string) =>
  ClosureInteger.fromString(a).compare(ClosureInteger.fromString(b));

/** Numeric ids as Firestore writes them, and the odd strings a path may hold between `__id`/`__`. */
const idText = fc.oneof(
  fc.bigInt({ min: -(10n ** 40n), max: 10n ** 40n }).map(String),
  fc.stringMatching(/^-?[0-9]{1,30}$/),
  fc.stringMatching(/^[0-9a-z +.]{1,20}$/),
);

describe('Integer (Firestore Lite stand-in for Closure’s)', () => {
  it('orders numeric ids by value, not as text', () => {
    expect(compare('9', '10')).toBe(-1);
    expect(compare('10', '9')).toBe(1);
    expect(compare('0012', '12')).toBe(0);
    expect(compare('-5', '3')).toBe(-1);
    expect(compare('123456789012345678901234567890', '123456789012345678901234567891')).toBe(-1);
  });

  it('compares any two ids as Closure’s Integer does', () => {
    fc.assert(
      fc.property(idText, idText, (a, b) => {
        expect(compare(a, b)).toBe(closureCompare(a, b));
      }),
      { numRuns: 2_000 },
    );
  });

  it('refuses what Closure refuses', () => {
    expect(() => Integer.fromString('')).toThrow('empty string');
    expect(() => ClosureInteger.fromString('')).toThrow('empty string');
    expect(() => Integer.fromString('12-3')).toThrow('interior "-"');
    expect(() => ClosureInteger.fromString('12-3')).toThrow('interior "-"');
  });
});
