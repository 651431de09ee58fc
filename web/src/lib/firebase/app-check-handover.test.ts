import { IDBFactory } from 'fake-indexeddb';
import { beforeEach, describe, expect, test } from 'vitest';
import { readHandedToken, saveHandedToken, tokenExpiry } from './app-check-handover';

const jwt = (claims: object) =>
  ['{"alg":"HS256"}', JSON.stringify(claims)]
    .map((part) => btoa(part).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, ''))
    .concat('signature')
    .join('.');

describe('the App Check token handed to the service worker', () => {
  beforeEach(() => {
    globalThis.indexedDB = new IDBFactory();
  });

  test('its expiry is the token’s exp claim; none for what is not a JWT with one', () => {
    expect(tokenExpiry(jwt({ exp: 1_900_000_000, sub: 'app' }))).toBe(1_900_000_000_000);
    expect(tokenExpiry(jwt({ sub: 'app' }))).toBeNull();
    expect(tokenExpiry('not-a-jwt')).toBeNull();
    expect(tokenExpiry('a.@@@.c')).toBeNull();
  });

  test('a page keeps its newest token; one without an expiry is not kept', async () => {
    expect(await readHandedToken()).toBeUndefined();
    const token = jwt({ exp: 1_900_000_000 });
    await saveHandedToken(token);
    expect(await readHandedToken()).toEqual({ token, expireTimeMillis: 1_900_000_000_000 });
    await saveHandedToken('not-a-jwt');
    expect((await readHandedToken())?.token).toBe(token);
  });
});
