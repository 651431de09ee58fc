import { describe, expect, it } from 'vitest';
import {
  allowListKey,
  isCurrentUserAdmin,
  linkAdminUser,
  type AdminDirectory,
  type AllowListEntry,
  type AuthUser,
} from '../src/admin-access.js';

/** An in-memory Auth + allow-list that records every claims write. */
function fakeDirectory(users: AuthUser[], entries: AllowListEntry[]) {
  const byUid = new Map(users.map((u) => [u.uid, { ...u }]));
  const list = new Map(entries.map((e) => [allowListKey(e.email), e]));
  const writes: Array<{ uid: string; claims: Record<string, unknown> }> = [];
  const directory: AdminDirectory = {
    async getAllowListEntry(email) {
      return list.get(email) ?? null;
    },
    async getUser(uid) {
      const user = byUid.get(uid);
      if (!user) throw new Error(`no user ${uid}`);
      return { ...user };
    },
    async setCustomClaims(uid, claims) {
      writes.push({ uid, claims });
      const user = byUid.get(uid);
      if (user) user.customClaims = claims;
    },
  };
  return { directory, writes, claimsOf: (uid: string) => byUid.get(uid)?.customClaims };
}

const caller = (uid: string) => ({ uid, token: {} });

describe('linkAdminUser', () => {
  it('returns false and writes nothing for an email that is not allow-listed', async () => {
    const f = fakeDirectory([{ uid: 'u1', email: 'someone@x.com', emailVerified: true }], []);
    await expect(linkAdminUser(caller('u1'), f.directory)).resolves.toBe(false);
    expect(f.writes).toEqual([]);
  });

  it('sets admin:true merged with existing claims for a verified allow-listed email', async () => {
    const f = fakeDirectory(
      [{ uid: 'u1', email: 'Boss@X.com', emailVerified: true, customClaims: { team: 'rh' } }],
      [{ email: 'boss@x.com', uid: null }],
    );
    await expect(linkAdminUser(caller('u1'), f.directory)).resolves.toBe(true);
    expect(f.claimsOf('u1')).toEqual({ team: 'rh', admin: true });
  });

  it('accepts an unverified email when the grant was bound to this very account', async () => {
    const f = fakeDirectory(
      [{ uid: 'u1', email: 'boss@x.com', emailVerified: false }],
      [{ email: 'boss@x.com', uid: 'u1' }],
    );
    await expect(linkAdminUser(caller('u1'), f.directory)).resolves.toBe(true);
    expect(f.claimsOf('u1')).toEqual({ admin: true });
  });

  it('refuses an unverified account that registered an allow-listed address', async () => {
    const f = fakeDirectory(
      [{ uid: 'intruder', email: 'boss@x.com', emailVerified: false }],
      [{ email: 'boss@x.com', uid: null }],
    );
    await expect(linkAdminUser(caller('intruder'), f.directory)).resolves.toBe(false);
    expect(f.writes).toEqual([]);
  });

  it('refuses an unverified account whose address was granted to another uid', async () => {
    const f = fakeDirectory(
      [{ uid: 'new', email: 'boss@x.com', emailVerified: false }],
      [{ email: 'boss@x.com', uid: 'old' }],
    );
    await expect(linkAdminUser(caller('new'), f.directory)).resolves.toBe(false);
  });

  it('does not rewrite claims that already say admin', async () => {
    const f = fakeDirectory(
      [{ uid: 'u1', email: 'boss@x.com', emailVerified: true, customClaims: { admin: true } }],
      [{ email: 'boss@x.com', uid: 'u1' }],
    );
    await expect(linkAdminUser(caller('u1'), f.directory)).resolves.toBe(true);
    expect(f.writes).toEqual([]);
  });

  it('removes a left-over admin claim of a user no longer on the list, keeping the others', async () => {
    const f = fakeDirectory(
      [
        {
          uid: 'u1',
          email: 'old@x.com',
          emailVerified: true,
          customClaims: { admin: true, team: 'rh' },
        },
      ],
      [],
    );
    await expect(linkAdminUser(caller('u1'), f.directory)).resolves.toBe(false);
    expect(f.claimsOf('u1')).toEqual({ team: 'rh' });
  });

  it('returns false for an account without email (e.g. anonymous)', async () => {
    const f = fakeDirectory([{ uid: 'anon', emailVerified: false }], []);
    await expect(linkAdminUser(caller('anon'), f.directory)).resolves.toBe(false);
  });
});

describe('isCurrentUserAdmin', () => {
  it('is true only for a token whose admin claim is exactly true', () => {
    expect(isCurrentUserAdmin({ uid: 'u', token: { admin: true } })).toBe(true);
    expect(isCurrentUserAdmin({ uid: 'u', token: {} })).toBe(false);
    expect(isCurrentUserAdmin({ uid: 'u', token: { admin: 'true' } })).toBe(false);
    expect(isCurrentUserAdmin({ uid: 'u', token: { admin: false } })).toBe(false);
  });
});
