/**
 * Logic of linkAdminUser and isCurrentUserAdmin, written against small interfaces so the unit
 * tests run it with in-memory fakes and index.ts runs it with the admin SDK.
 */
import { logger } from 'firebase-functions/logger';
import { normalizeEmail } from '@vagas/common';
import type { Caller } from './validation.js';

/** One entry of the allow-list (`admins/{email}`), as written by scripts/lib/admin-allowlist.mjs. */
export interface AllowListEntry {
  email: string;
  /** The Auth uid the grant was bound to, when the account existed at grant time. */
  uid: string | null;
}

/** What the logic needs to know about an Auth user (a subset of the admin SDK's UserRecord). */
export interface AuthUser {
  uid: string;
  email?: string;
  emailVerified: boolean;
  customClaims?: Record<string, unknown>;
}

/** The admin SDK operations linkAdminUser uses. */
export interface AdminDirectory {
  getAllowListEntry(email: string): Promise<AllowListEntry | null>;
  getUser(uid: string): Promise<AuthUser>;
  setCustomClaims(uid: string, claims: Record<string, unknown>): Promise<void>;
}

/** Allow-list key of an email: trimmed and lowercased. */
export const allowListKey = normalizeEmail;

/**
 * Whether `user` may hold the admin claim according to `entry`. An email on the list is not
 * enough on its own: Firebase email/password sign-up does not prove the address, so anybody
 * could register an allow-listed address before its owner does. The account must either have
 * a verified email or be the very account the grant was bound to.
 */
export function isAllowed(user: AuthUser, entry: AllowListEntry | null): boolean {
  if (!entry || !user.email) return false;
  if (allowListKey(entry.email) !== allowListKey(user.email)) return false;
  return user.emailVerified || entry.uid === user.uid;
}

/**
 * Sets `admin: true` (merged with the user's other claims) when the caller is allow-listed and
 * returns true; otherwise returns false, removing a stale admin claim if one is left over.
 */
export async function linkAdminUser(caller: Caller, directory: AdminDirectory): Promise<boolean> {
  const user = await directory.getUser(caller.uid);
  const entry = user.email ? await directory.getAllowListEntry(allowListKey(user.email)) : null;
  const claims = user.customClaims ?? {};

  if (!isAllowed(user, entry)) {
    if (claims.admin === true) {
      const { admin: _removed, ...rest } = claims;
      await directory.setCustomClaims(user.uid, rest);
      logger.warn('linkAdminUser: removed an admin claim without allow-list entry', {
        uid: user.uid,
      });
    }
    logger.info('linkAdminUser: not an admin', {
      uid: user.uid,
      listed: entry !== null,
      emailVerified: user.emailVerified,
    });
    return false;
  }

  if (claims.admin !== true) {
    await directory.setCustomClaims(user.uid, { ...claims, admin: true });
    logger.info('linkAdminUser: admin claim set', { uid: user.uid });
  }
  return true;
}

/** Whether the caller's verified ID token carries the admin claim. */
export function isCurrentUserAdmin(caller: Caller): boolean {
  return caller.token.admin === true;
}
