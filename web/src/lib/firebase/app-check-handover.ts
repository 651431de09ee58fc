/**
 * The App Check token a page hands over to the service worker (which cannot run reCAPTCHA): the
 * page saves each new token in IndexedDB, the worker reads it. An App Check token is a JWT; its
 * expiry is read from its `exp` claim.
 */
import { createStore, get, set, type UseStore } from 'idb-keyval';

export interface HandedToken {
  token: string;
  expireTimeMillis: number;
}

const key = 'latest';
let store: UseStore | undefined;

function tokens(): UseStore {
  store ??= createStore('vagas-app-check', 'tokens');
  return store;
}

/** When `token` expires (ms), from its `exp` claim; null when it is not a JWT with one. */
export function tokenExpiry(token: string): number | null {
  try {
    const payload = token.split('.')[1];
    if (!payload) return null;
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const exp = (JSON.parse(json) as { exp?: unknown }).exp;
    return typeof exp === 'number' ? exp * 1000 : null;
  } catch {
    return null;
  }
}

/** Keeps `token` for the service worker (nothing when it says no expiry, or IndexedDB is missing). */
export async function saveHandedToken(token: string): Promise<void> {
  const expireTimeMillis = tokenExpiry(token);
  if (expireTimeMillis === null) return;
  try {
    await set(key, { token, expireTimeMillis } satisfies HandedToken, tokens());
  } catch (error) {
    console.info('App Check token not kept for the service worker', error);
  }
}

/** The last token a page kept, or undefined. */
export async function readHandedToken(): Promise<HandedToken | undefined> {
  try {
    return await get<HandedToken>(key, tokens());
  } catch {
    return undefined;
  }
}
