/**
 * App Check tokens as the emulator signs them: JWTs with a real token's claims (`sub` the app id,
 * `aud` the project, `iat`, `exp`, `iss`, `jti`), signed with HMAC-SHA256 under the emulator's key
 * where production signs with RS256 under Google's keys.
 */
import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import type { AppCheckClaims, AppCheckFailure, AppCheckVerdict } from './verdict.js';

/** The issuer prefix of real App Check tokens (firebase-admin checks it). */
export const ISSUER = 'https://firebaseappcheck.googleapis.com/';
export const KEY_ID = 'firestore-emulator';
const HEADER = { alg: 'HS256', typ: 'JWT', kid: KEY_ID };

const b64url = (text: string) => Buffer.from(text, 'utf8').toString('base64url');

function signature(key: Buffer, signingInput: string): Buffer {
  return createHmac('sha256', key).update(signingInput).digest();
}

/** A signed token for `appId` of `projectId`, valid from `nowMillis` until `expireTimeMillis`. */
export function signToken(
  key: Buffer,
  projectId: string,
  appId: string,
  nowMillis: number,
  expireTimeMillis: number,
): { token: string; claims: AppCheckClaims } {
  const claims: AppCheckClaims = {
    iss: `${ISSUER}${projectId}`,
    sub: appId,
    aud: [`projects/${projectId}`],
    iat: Math.floor(nowMillis / 1000),
    exp: Math.floor(expireTimeMillis / 1000),
    jti: randomUUID(),
  };
  const input = `${b64url(JSON.stringify(HEADER))}.${b64url(JSON.stringify(claims))}`;
  return { token: `${input}.${signature(key, input).toString('base64url')}`, claims };
}

type Refusal = Extract<AppCheckVerdict, { valid: false }>;

const refuse = (reason: AppCheckFailure, message: string, appId?: string): Refusal =>
  appId === undefined
    ? { valid: false, reason, message }
    : { valid: false, reason, message, appId };

const malformed = (detail: string) =>
  refuse('malformed', `The App Check token is malformed: ${detail}.`);

const PART = /^[A-Za-z0-9_-]+$/;

function jsonObject(part: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

/**
 * When App Check's provider fails, the web SDK still sends a token: base64 of
 * `{"error":"UNKNOWN_ERROR"}`. Saying so points at the provider rather than at the token.
 */
function placeholder(token: string): Refusal | null {
  const value = jsonObject(token.replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, ''));
  if (!value || typeof value.error !== 'string') return null;
  return malformed(
    `it is the SDK's placeholder ${JSON.stringify(value)}, sent when the app's App Check provider failed to get a token`,
  );
}

/** The token's parts once its form and signature hold, else the refusal. */
function decode(key: Buffer, token: string): { payload: Record<string, unknown> } | Refusal {
  const parts = token.split('.');
  if (parts.length !== 3 || !parts.every((p) => PART.test(p))) {
    return placeholder(token) ?? malformed('it is not a JWT (three base64url parts)');
  }
  const header = jsonObject(parts[0]);
  if (!header) return malformed('its header is not a JSON object');
  const payload = jsonObject(parts[1]);
  if (!payload) return malformed('its payload is not a JSON object');
  const appId = typeof payload.sub === 'string' ? payload.sub : undefined;
  if (header.alg !== 'HS256') {
    return refuse(
      'bad-signature',
      `The App Check token has an invalid signature: it is signed with ${JSON.stringify(header.alg ?? null)}, not by this emulator (HS256).`,
      appId,
    );
  }
  const expected = signature(key, `${parts[0]}.${parts[1]}`);
  const given = Buffer.from(parts[2], 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    return refuse(
      'bad-signature',
      'The App Check token has an invalid signature: it was not signed by this emulator, or was altered.',
      appId,
    );
  }
  return { payload };
}

/** The claims when each has its type, else the refusal. */
function claimsOf(payload: Record<string, unknown>): AppCheckClaims | Refusal {
  const { iss, sub, aud, iat, exp, jti } = payload;
  if (typeof sub !== 'string' || sub === '') return malformed('it has no "sub" (app id) claim');
  if (!Array.isArray(aud) || !aud.every((a) => typeof a === 'string')) {
    return malformed('its "aud" claim is not a list of projects');
  }
  if (typeof exp !== 'number' || !Number.isFinite(exp))
    return malformed('it has no numeric "exp" claim');
  if (typeof iat !== 'number' || !Number.isFinite(iat))
    return malformed('it has no numeric "iat" claim');
  if (typeof iss !== 'string' || !iss.startsWith(ISSUER))
    return malformed('its "iss" claim is not App Check');
  return { iss, sub, aud: aud as string[], iat, exp, jti: typeof jti === 'string' ? jti : '' };
}

/**
 * The verdict on `token` for a request to `projectId` at `nowMillis`, checked in this order: present,
 * a JWT, signed by `key`, its claims, its project, its app (when `appIds` lists the known ones), its expiry.
 */
export function verifyToken(
  key: Buffer,
  token: string | undefined,
  projectId: string,
  nowMillis: number,
  appIds?: ReadonlySet<string>,
): AppCheckVerdict {
  if (token === undefined || token === '') {
    return refuse('missing', 'No App Check token was sent (no X-Firebase-AppCheck header).');
  }
  const decoded = decode(key, token);
  if ('valid' in decoded) return decoded;
  const claims = claimsOf(decoded.payload);
  if ('valid' in claims) return claims;
  const appId = claims.sub;
  const audience = `projects/${projectId}`;
  if (!claims.aud.includes(audience)) {
    return refuse(
      'wrong-project',
      `The App Check token is for another project: its audience is ${claims.aud.join(', ') || 'empty'}, not ${audience}.`,
      appId,
    );
  }
  if (appIds && !appIds.has(appId)) {
    return refuse(
      'wrong-app',
      `The App Check token is for app ${appId}, which is not one of this emulator's apps (${[...appIds].join(', ')}).`,
      appId,
    );
  }
  if (claims.exp * 1000 <= nowMillis) {
    const ago = Math.round((nowMillis - claims.exp * 1000) / 1000);
    return refuse(
      'expired',
      `The App Check token has expired: it expired at ${new Date(claims.exp * 1000).toISOString()}, ${ago} s ago.`,
      appId,
    );
  }
  return { valid: true, appId, claims };
}
