/**
 * Logic of addAdmin and removeAdmin (Configurações → Equipe): an admin adds a colleague to the
 * allow-list by email, or removes one, and each change is written to the audit list in the same
 * transaction. Written against a small interface so the unit tests run it with in-memory fakes and
 * index.ts runs it with the admin SDK. The refusals are HttpsErrors whose pt-BR messages the panel
 * shows as they are.
 */
import { HttpsError } from 'firebase-functions/https';
import { logger } from 'firebase-functions/logger';
import { isEmail } from '@vagas/common';
import { allowListKey, type AllowListEntry, type AuthUser } from './admin-access.js';
import type { Caller } from './validation.js';

/** The pt-BR refusals (shown by the panel as the server sends them). */
export const teamErrors = {
  notAdmin: 'Apenas administradores podem gerenciar a equipe.',
  badArguments: 'Envie apenas o e-mail do colega.',
  badEmail: 'Informe um e-mail válido (ex.: nome@empresa.com.br).',
  alreadyAdmin: 'Este e-mail já faz parte da equipe.',
  notFound: 'Este e-mail não faz parte da equipe.',
  lastAdmin: 'Não é possível remover o último administrador.',
} as const;

/** What one change of the team writes to the audit list (`admin_audit/{autoId}`). */
export interface TeamAuditEntry {
  action: 'added' | 'removed';
  /** The colleague added or removed. */
  email: string;
  /** The admin who made the change. */
  by: string;
}

/** A new allow-list entry written by addAdmin. */
export interface NewTeamEntry extends AllowListEntry {
  addedBy: string;
}

/** The admin SDK operations the team callables use. */
export interface TeamDirectory {
  getAllowListEntry(email: string): Promise<AllowListEntry | null>;
  findUserByEmail(email: string): Promise<AuthUser | null>;
  /** Creates an account with this email and no password (the colleague sets it by e-mail). */
  createUser(email: string): Promise<AuthUser>;
  setCustomClaims(uid: string, claims: Record<string, unknown>): Promise<void>;
  revokeRefreshTokens(uid: string): Promise<void>;
  /** In one transaction: writes the entry and the audit row; false (nothing written) when listed. */
  insertEntry(entry: NewTeamEntry, audit: TeamAuditEntry): Promise<boolean>;
  /**
   * In one transaction: deletes the entry and writes the audit row, unless the email is not
   * listed ('missing') or its entry is the only one left ('last').
   */
  deleteEntry(email: string, audit: TeamAuditEntry): Promise<'removed' | 'missing' | 'last'>;
}

/** What addAdmin answers. */
export interface AddAdminResult {
  email: string;
  /**
   * The colleague has to prove the address before signing in: their account was created now (no
   * password yet) or its email is unverified. The panel then sends the password e-mail.
   */
  invite: boolean;
}

/**
 * The caller must carry the admin claim and still be on the allow-list: a colleague removed a
 * moment ago keeps a token with the claim until it expires, and must not manage the team with it.
 */
export async function requireTeamAdmin(caller: Caller, directory: TeamDirectory): Promise<string> {
  const email = typeof caller.token.email === 'string' ? allowListKey(caller.token.email) : '';
  const listed = email !== '' && (await directory.getAllowListEntry(email)) !== null;
  if (caller.token.admin !== true || !listed) {
    logger.warn('team: refused a caller who is not an admin', { uid: caller.uid });
    throw new HttpsError('permission-denied', teamErrors.notAdmin);
  }
  return email;
}

/** `{ email }` and nothing else, with a plausible address; the allow-list key of it. */
export function parseEmailArgument(data: unknown): string {
  if (
    typeof data !== 'object' ||
    data === null ||
    Array.isArray(data) ||
    Object.keys(data).join() !== 'email'
  ) {
    throw new HttpsError('invalid-argument', teamErrors.badArguments);
  }
  const raw: unknown = (data as { email: unknown }).email;
  const email = typeof raw === 'string' ? allowListKey(raw) : '';
  if (!isEmail(email)) {
    throw new HttpsError('invalid-argument', teamErrors.badEmail);
  }
  return email;
}

/**
 * Puts a colleague on the allow-list. An account that does not exist yet is created without a
 * password, and the grant is bound to it: only whoever reads that mailbox can set its password.
 * An existing account is bound only when its email is verified; otherwise the grant stays unbound
 * (the allow-list's rule: listed and either bound or verified), and the password e-mail the panel
 * sends verifies the address and ends anybody else's sessions on it.
 */
export async function addAdmin(
  caller: Caller,
  data: unknown,
  directory: TeamDirectory,
): Promise<AddAdminResult> {
  const by = await requireTeamAdmin(caller, directory);
  const email = parseEmailArgument(data);
  if (await directory.getAllowListEntry(email)) {
    throw new HttpsError('already-exists', teamErrors.alreadyAdmin);
  }
  const existing = await directory.findUserByEmail(email);
  const user = existing ?? (await directory.createUser(email));
  const bound = existing === null || existing.emailVerified;
  const inserted = await directory.insertEntry(
    { email, uid: bound ? user.uid : null, addedBy: by },
    { action: 'added', email, by },
  );
  if (!inserted) throw new HttpsError('already-exists', teamErrors.alreadyAdmin);
  if (bound && user.customClaims?.admin !== true) {
    await directory.setCustomClaims(user.uid, { ...user.customClaims, admin: true });
  }
  logger.info('addAdmin: colleague added', { by: caller.uid, uid: user.uid, bound });
  return { email, invite: !bound || existing === null };
}

/**
 * Takes a colleague off the allow-list (never the last admin), removes their admin claim (keeping
 * other claims) and revokes their refresh tokens. Their open panel signs out as its own entry
 * disappears.
 */
export async function removeAdmin(
  caller: Caller,
  data: unknown,
  directory: TeamDirectory,
): Promise<{ email: string }> {
  const by = await requireTeamAdmin(caller, directory);
  const email = parseEmailArgument(data);
  const outcome = await directory.deleteEntry(email, { action: 'removed', email, by });
  if (outcome === 'missing') throw new HttpsError('not-found', teamErrors.notFound);
  if (outcome === 'last') throw new HttpsError('failed-precondition', teamErrors.lastAdmin);
  const user = await directory.findUserByEmail(email);
  if (user) {
    if (user.customClaims && 'admin' in user.customClaims) {
      const { admin: _removed, ...rest } = user.customClaims;
      await directory.setCustomClaims(user.uid, rest);
    }
    await directory.revokeRefreshTokens(user.uid);
  }
  logger.info('removeAdmin: colleague removed', { by: caller.uid, uid: user?.uid ?? null });
  return { email };
}
