/** What transports read of the caller: who it is (`Authorization`) and its App Check token. */
import type { Caller, Json } from '../service.js';

function decodeJwtPayload(token: string): { [claim: string]: Json } | null {
  const parts = token.split('.');
  if (parts.length < 2) return null;
  try {
    const payload = JSON.parse(Buffer.from(parts[1], 'base64url').toString('utf8')) as unknown;
    return typeof payload === 'object' && payload !== null && !Array.isArray(payload)
      ? (payload as { [claim: string]: Json })
      : null;
  } catch {
    return null;
  }
}

/**
 * Parses an `Authorization` header value (or undefined). The emulator does not verify signatures,
 * as the official one does not: the Auth emulator and rules-unit-testing issue unsigned tokens.
 */
export function callerFromAuthorization(header: string | string[] | undefined): Caller {
  const value = Array.isArray(header) ? header[0] : header;
  if (!value) return { kind: 'anonymous' };
  const m = /^Bearer\s+(.+)$/i.exec(value.trim());
  if (!m) return { kind: 'anonymous' };
  const token = m[1].trim();
  if (token === 'owner') return { kind: 'owner' };
  const payload = decodeJwtPayload(token);
  if (!payload) return { kind: 'anonymous' };
  const uid = payload.sub ?? payload.user_id ?? payload.uid;
  if (typeof uid !== 'string' || uid === '') return { kind: 'anonymous' };
  return { kind: 'user', uid, token: payload };
}

/** The App Check token of an `X-Firebase-AppCheck` header value (undefined when absent or empty). */
export function appCheckTokenFrom(header: string | string[] | undefined): string | undefined {
  const value = (Array.isArray(header) ? header[0] : header)?.trim();
  return value ? value : undefined;
}
