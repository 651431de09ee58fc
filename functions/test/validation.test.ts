import { HttpsError } from 'firebase-functions/https';
import { describe, expect, it } from 'vitest';
import { assertNoArguments, requireCaller } from '../src/validation.js';

function codeOf(fn: () => unknown): string | undefined {
  try {
    fn();
  } catch (error) {
    if (error instanceof HttpsError) return error.code;
    throw error;
  }
  return undefined;
}

describe('assertNoArguments', () => {
  it('accepts what the SDKs send for a call without arguments', () => {
    expect(codeOf(() => assertNoArguments(null))).toBeUndefined();
    expect(codeOf(() => assertNoArguments(undefined))).toBeUndefined();
    expect(codeOf(() => assertNoArguments({}))).toBeUndefined();
  });

  it.each([['x'], [0], [true], [[]], [{ email: 'a@b.c' }], [[1, 2]]])(
    'rejects %j with invalid-argument',
    (data) => {
      expect(codeOf(() => assertNoArguments(data))).toBe('invalid-argument');
    },
  );
});

describe('requireCaller', () => {
  it('returns uid and token of a signed-in caller', () => {
    const caller = requireCaller({
      auth: { uid: 'u1', token: { email: 'a@b.c' } as never, rawToken: 't' },
    });
    expect(caller.uid).toBe('u1');
    expect(caller.token.email).toBe('a@b.c');
  });

  it('throws unauthenticated without auth', () => {
    expect(codeOf(() => requireCaller({ auth: undefined }))).toBe('unauthenticated');
  });
});
