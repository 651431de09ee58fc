// addAdmin / removeAdmin logic with an in-memory Auth + allow-list + audit list.
import { HttpsError } from 'firebase-functions/https';
import { describe, expect, it } from 'vitest';
import type { AllowListEntry, AuthUser } from '../src/admin-access.js';
import {
  addAdmin,
  parseEmailArgument,
  removeAdmin,
  teamErrors,
  type NewTeamEntry,
  type TeamAuditEntry,
  type TeamDirectory,
} from '../src/team.js';
import type { Caller } from '../src/validation.js';

function fakeTeam(users: AuthUser[], entries: AllowListEntry[]) {
  const byEmail = new Map(users.map((u) => [u.email ?? '', { ...u }]));
  const list = new Map<string, AllowListEntry | NewTeamEntry>(entries.map((e) => [e.email, e]));
  const audit: TeamAuditEntry[] = [];
  const revoked: string[] = [];
  let created = 0;
  const directory: TeamDirectory = {
    getAllowListEntry: async (email) => list.get(email) ?? null,
    findUserByEmail: async (email) => {
      const user = byEmail.get(email);
      return user ? { ...user } : null;
    },
    createUser: async (email) => {
      const user = { uid: `new-${++created}`, email, emailVerified: false };
      byEmail.set(email, user);
      return { ...user };
    },
    setCustomClaims: async (uid, claims) => {
      for (const user of byEmail.values()) if (user.uid === uid) user.customClaims = claims;
    },
    revokeRefreshTokens: async (uid) => {
      revoked.push(uid);
    },
    insertEntry: async (entry, row) => {
      if (list.has(entry.email)) return false;
      list.set(entry.email, entry);
      audit.push(row);
      return true;
    },
    deleteEntry: async (email, row) => {
      if (!list.has(email)) return 'missing';
      if (list.size < 2) return 'last';
      list.delete(email);
      audit.push(row);
      return 'removed';
    },
  };
  return {
    directory,
    audit,
    revoked,
    list,
    claimsOf: (email: string) => byEmail.get(email)?.customClaims,
  };
}

const boss: AuthUser = {
  uid: 'boss',
  email: 'boss@x.com',
  emailVerified: true,
  customClaims: { admin: true },
};
const bossCaller: Caller = { uid: 'boss', token: { email: 'boss@x.com', admin: true } };
const bossEntry: AllowListEntry = { email: 'boss@x.com', uid: 'boss' };

async function refusal(run: () => Promise<unknown>): Promise<{ code: string; message: string }> {
  try {
    await run();
  } catch (error) {
    if (error instanceof HttpsError) return { code: error.code, message: error.message };
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('parseEmailArgument', () => {
  it('takes { email } only, trimmed and lowercased', () => {
    expect(parseEmailArgument({ email: '  Ana@Empresa.com.BR ' })).toBe('ana@empresa.com.br');
  });

  it.each([null, 'ana@x.com', ['ana@x.com'], {}, { email: 'ana@x.com', admin: true }])(
    'refuses the shape %j',
    async (data) => {
      expect(await refusal(async () => parseEmailArgument(data))).toEqual({
        code: 'invalid-argument',
        message: teamErrors.badArguments,
      });
    },
  );

  it.each(['', 'ana', 'ana@x', 'a b@x.com', 'ana@x/y.com', 42, `${'a'.repeat(250)}@x.com`])(
    'refuses the address %j',
    async (email) => {
      expect(await refusal(async () => parseEmailArgument({ email }))).toEqual({
        code: 'invalid-argument',
        message: teamErrors.badEmail,
      });
    },
  );
});

describe('addAdmin', () => {
  it('creates the account of a new colleague, binds the grant to it and asks for an invite', async () => {
    const f = fakeTeam([boss], [bossEntry]);
    await expect(addAdmin(bossCaller, { email: 'Ana@X.com' }, f.directory)).resolves.toEqual({
      email: 'ana@x.com',
      invite: true,
    });
    expect(f.list.get('ana@x.com')).toEqual({
      email: 'ana@x.com',
      uid: 'new-1',
      addedBy: 'boss@x.com',
    });
    expect(f.claimsOf('ana@x.com')).toEqual({ admin: true });
    expect(f.audit).toEqual([{ action: 'added', email: 'ana@x.com', by: 'boss@x.com' }]);
  });

  it('binds a verified account and merges the claim, without an invite', async () => {
    const ana = {
      uid: 'ana',
      email: 'ana@x.com',
      emailVerified: true,
      customClaims: { team: 'rh' },
    };
    const f = fakeTeam([boss, ana], [bossEntry]);
    await expect(addAdmin(bossCaller, { email: 'ana@x.com' }, f.directory)).resolves.toEqual({
      email: 'ana@x.com',
      invite: false,
    });
    expect(f.list.get('ana@x.com')).toMatchObject({ uid: 'ana' });
    expect(f.claimsOf('ana@x.com')).toEqual({ team: 'rh', admin: true });
  });

  it('leaves the grant unbound for an unverified account someone may have registered', async () => {
    const squatter = { uid: 'squat', email: 'ana@x.com', emailVerified: false };
    const f = fakeTeam([boss, squatter], [bossEntry]);
    await expect(addAdmin(bossCaller, { email: 'ana@x.com' }, f.directory)).resolves.toEqual({
      email: 'ana@x.com',
      invite: true,
    });
    expect(f.list.get('ana@x.com')).toMatchObject({ uid: null });
    expect(f.claimsOf('ana@x.com')).toBeUndefined();
  });

  it('refuses an address already on the team, writing nothing', async () => {
    const f = fakeTeam([boss], [bossEntry, { email: 'ana@x.com', uid: null }]);
    expect(await refusal(() => addAdmin(bossCaller, { email: 'ANA@x.com' }, f.directory))).toEqual({
      code: 'already-exists',
      message: teamErrors.alreadyAdmin,
    });
    expect(f.audit).toEqual([]);
  });

  it.each<[string, Caller]>([
    ['without the claim', { uid: 'boss', token: { email: 'boss@x.com' } }],
    [
      'with a claim that is not true',
      { uid: 'boss', token: { email: 'boss@x.com', admin: 'true' } },
    ],
    [
      'off the allow-list (removed, old token)',
      { uid: 'ex', token: { email: 'ex@x.com', admin: true } },
    ],
    ['without an email', { uid: 'boss', token: { admin: true } }],
  ])('refuses a caller %s with permission-denied', async (_label, caller) => {
    const f = fakeTeam([boss], [bossEntry]);
    expect(await refusal(() => addAdmin(caller, { email: 'ana@x.com' }, f.directory))).toEqual({
      code: 'permission-denied',
      message: teamErrors.notAdmin,
    });
    expect(f.list.has('ana@x.com')).toBe(false);
  });
});

describe('removeAdmin', () => {
  it('removes the entry, the claim (keeping the rest) and revokes the tokens', async () => {
    const ana = {
      uid: 'ana',
      email: 'ana@x.com',
      emailVerified: true,
      customClaims: { admin: true, team: 'rh' },
    };
    const f = fakeTeam([boss, ana], [bossEntry, { email: 'ana@x.com', uid: 'ana' }]);
    await expect(removeAdmin(bossCaller, { email: 'Ana@x.com' }, f.directory)).resolves.toEqual({
      email: 'ana@x.com',
    });
    expect(f.list.has('ana@x.com')).toBe(false);
    expect(f.claimsOf('ana@x.com')).toEqual({ team: 'rh' });
    expect(f.revoked).toEqual(['ana']);
    expect(f.audit).toEqual([{ action: 'removed', email: 'ana@x.com', by: 'boss@x.com' }]);
  });

  it('refuses an address that is not on the team with not-found', async () => {
    const f = fakeTeam([boss], [bossEntry, { email: 'ana@x.com', uid: null }]);
    expect(
      await refusal(() => removeAdmin(bossCaller, { email: 'zé@x.com' }, f.directory)),
    ).toEqual({ code: 'not-found', message: teamErrors.notFound });
  });

  it('refuses to remove the last admin, even oneself', async () => {
    const f = fakeTeam([boss], [bossEntry]);
    expect(
      await refusal(() => removeAdmin(bossCaller, { email: 'boss@x.com' }, f.directory)),
    ).toEqual({ code: 'failed-precondition', message: teamErrors.lastAdmin });
    expect(f.list.has('boss@x.com')).toBe(true);
    expect(f.revoked).toEqual([]);
  });

  it('refuses a caller who is not an admin before looking at the argument', async () => {
    const f = fakeTeam([boss], [bossEntry]);
    const visitor: Caller = { uid: 'v', token: { email: 'v@x.com' } };
    expect(await refusal(() => removeAdmin(visitor, 'junk', f.directory))).toMatchObject({
      code: 'permission-denied',
    });
  });
});
