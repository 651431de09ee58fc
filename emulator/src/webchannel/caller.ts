/** Turns an `Authorization` header into the engine's Caller (owner / signed-in user / anonymous). */
import { Code, RpcError, type Caller, type Json } from '../service.js';

function decodeJwtPayload(token: string): { [claim: string]: Json } {
  const parts = token.split('.');
  if (parts.length !== 3) throw new RpcError(Code.UNAUTHENTICATED, 'Malformed ID token.');
  try {
    const payload: unknown = JSON.parse(Buffer.from(parts[1], 'base64url').toString('utf8'));
    if (payload === null || typeof payload !== 'object' || Array.isArray(payload)) {
      throw new Error('not an object');
    }
    return payload as { [claim: string]: Json };
  } catch {
    throw new RpcError(Code.UNAUTHENTICATED, 'Malformed ID token.');
  }
}

/**
 * `Bearer owner` is privileged (admin SDKs), a JWT (signed or the emulators' unsigned `alg: none`)
 * is a user, no header is an anonymous visitor. Throws UNAUTHENTICATED for an unreadable token.
 */
export function callerFromAuthorization(header: string | undefined): Caller {
  if (header === undefined || header.trim() === '') return { kind: 'anonymous' };
  const match = /^Bearer\s+(.+)$/i.exec(header.trim());
  if (!match) throw new RpcError(Code.UNAUTHENTICATED, 'Unsupported authorization scheme.');
  const token = match[1].trim();
  if (token === 'owner') return { kind: 'owner' };
  const claims = decodeJwtPayload(token);
  const uid = claims.user_id ?? claims.sub;
  if (typeof uid !== 'string' || uid === '') {
    throw new RpcError(Code.UNAUTHENTICATED, 'ID token has no user id.');
  }
  return { kind: 'user', uid, token: claims };
}
