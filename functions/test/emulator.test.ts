// The callables through the Functions emulator over HTTP, with real ID tokens from the Auth
// emulator, plus the allow-list CLI and the seed against the same emulators.
import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  connectAdmin,
  grantAdmin,
  listAdmins,
  revokeAdmin,
  type AdminConnection,
} from '../../scripts/lib/admin-allowlist.mjs';
import { startLocalSuite, type LocalSuite } from '../../scripts/lib/local-suite.mjs';
import { seed } from '../../scripts/seed.mjs';
import { functionsConfig } from '../src/config.js';
import { countRedirect as runCountRedirect } from '../src/redirect-counter.js';
import { teamErrors } from '../src/team.js';
import {
  authClient,
  callFunction,
  claimsOf,
  type EmulatorHosts,
} from './support/emulator-client.js';

const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const run = promisify(execFile);

let suite: LocalSuite;
let hosts: EmulatorHosts;
let admin: AdminConnection;
let emailCounter = 0;
/** A fresh address per test, so tests sharing the emulators never collide. */
const freshEmail = (label: string) => `${label}-${Date.now()}-${++emailCounter}@example.com`;

beforeAll(async () => {
  suite = await startLocalSuite({
    web: false,
    functions: true,
    log: process.env.VAGAS_SUITE_LOG === '1' ? (line) => console.log(line) : undefined,
  });
  if (!suite.auth || !suite.functions) throw new Error('suite started without Auth/Functions');
  hosts = {
    projectId: suite.projectId,
    authHost: `${suite.auth.host}:${suite.auth.port}`,
    functionsHost: `${suite.functions.host}:${suite.functions.port}`,
    firestoreHost: `${suite.firestore.host}:${suite.firestore.port}`,
    region: functionsConfig.region,
  };
  process.env.FIRESTORE_EMULATOR_HOST = `${suite.firestore.host}:${suite.firestore.port}`;
  admin = connectAdmin({
    projectId: suite.projectId,
    emulators: true,
    firestoreHost: process.env.FIRESTORE_EMULATOR_HOST,
    authHost: hosts.authHost,
  });
});

afterAll(async () => {
  await admin?.close();
  await suite?.stop();
});

describe('linkAdminUser and isCurrentUserAdmin', () => {
  it('refuse a caller without an ID token with unauthenticated', async () => {
    for (const name of ['linkAdminUser', 'isCurrentUserAdmin']) {
      const r = await callFunction(hosts, name);
      expect(r).toMatchObject({ ok: false, status: 'UNAUTHENTICATED' });
    }
  });

  it('refuse arguments with invalid-argument', async () => {
    const s = await authClient(hosts).signUp(freshEmail('args'), 'secret-123');
    const r = await callFunction(hosts, 'linkAdminUser', { admin: true }, s.idToken);
    expect(r).toMatchObject({ ok: false, status: 'INVALID_ARGUMENT' });
  });

  it('give nothing to a self-registered account that is not allow-listed', async () => {
    const auth = authClient(hosts);
    const s = await auth.signUp(freshEmail('visitor'), 'secret-123');
    expect(await callFunction(hosts, 'linkAdminUser', null, s.idToken)).toEqual({
      ok: true,
      result: false,
    });
    const refreshed = await auth.refresh(s);
    if (!refreshed.ok) throw new Error(refreshed.error);
    expect(claimsOf(refreshed.session.idToken).admin).toBeUndefined();
    expect(
      await callFunction(hosts, 'isCurrentUserAdmin', null, refreshed.session.idToken),
    ).toEqual({ ok: true, result: false });
    expect((await admin.auth.getUser(s.uid)).customClaims?.admin).toBeUndefined();
  });

  it('link an allow-listed verified account: true, and the claim appears after token refresh', async () => {
    const auth = authClient(hosts);
    const email = freshEmail('Boss');
    const s = await auth.signUp(email, 'secret-123');
    await admin.auth.setCustomUserClaims(s.uid, { team: 'rh' });
    await admin.auth.updateUser(s.uid, { emailVerified: true });
    // Listed by hand (not through grantAdmin), so only linkAdminUser can set the claim.
    await admin.db
      .collection(functionsConfig.adminsCollection)
      .doc(email.toLowerCase())
      .set({ email: email.toLowerCase(), uid: null });

    const before = await auth.signIn(email, 'secret-123');
    expect(claimsOf(before.idToken).admin).toBeUndefined();
    expect(await callFunction(hosts, 'linkAdminUser', null, before.idToken)).toEqual({
      ok: true,
      result: true,
    });
    // The token the client holds predates the claim ...
    expect(await callFunction(hosts, 'isCurrentUserAdmin', null, before.idToken)).toEqual({
      ok: true,
      result: false,
    });
    // ... until it refreshes it (getIdToken(true)).
    const refreshed = await auth.refresh(before);
    if (!refreshed.ok) throw new Error(refreshed.error);
    expect(claimsOf(refreshed.session.idToken)).toMatchObject({ admin: true, team: 'rh' });
    expect(
      await callFunction(hosts, 'isCurrentUserAdmin', null, refreshed.session.idToken),
    ).toEqual({ ok: true, result: true });
    expect((await admin.auth.getUser(s.uid)).customClaims).toEqual({ team: 'rh', admin: true });
  });

  it('refuse an account registered by someone else under an allow-listed address', async () => {
    const email = freshEmail('future-admin');
    await grantAdmin(admin, email); // no account yet: the entry is not bound to a uid
    const intruder = await authClient(hosts).signUp(email, 'intruder-pass');
    expect(await callFunction(hosts, 'linkAdminUser', null, intruder.idToken)).toEqual({
      ok: true,
      result: false,
    });
    expect((await admin.auth.getUser(intruder.uid)).customClaims?.admin).toBeUndefined();
  });
});

describe('allow-list code (CLI and seed)', () => {
  it('grant of an existing account sets the claim at once; revoke removes it and ends the session', async () => {
    const auth = authClient(hosts);
    const email = freshEmail('granted');
    const s = await auth.signUp(email, 'secret-123');

    const granted = await grantAdmin(admin, email.toUpperCase());
    expect(granted).toEqual({ email: email.toLowerCase(), uid: s.uid, claimSet: true });
    const refreshed = await auth.refresh(s);
    if (!refreshed.ok) throw new Error(refreshed.error);
    expect(claimsOf(refreshed.session.idToken).admin).toBe(true);
    // Bound to this uid, so even the unverified address links.
    expect(await callFunction(hosts, 'linkAdminUser', null, refreshed.session.idToken)).toEqual({
      ok: true,
      result: true,
    });
    expect((await listAdmins(admin)).find((e) => e.email === email.toLowerCase())).toMatchObject({
      uid: s.uid,
      hasAccount: true,
      hasClaim: true,
    });

    // Revocation has one-second resolution (tokensValidAfterTime vs auth_time): wait until the
    // clock has moved past the token's auth_time second, so the revocation is after it.
    const authTime = Number(claimsOf(refreshed.session.idToken).auth_time);
    await vi.waitFor(() => expect(Math.floor(Date.now() / 1000)).toBeGreaterThan(authTime), {
      timeout: 5_000,
      interval: 50,
    });
    const revoked = await revokeAdmin(admin, email);
    expect(revoked).toMatchObject({ wasListed: true, claimRemoved: true, tokensRevoked: true });
    expect((await admin.auth.getUser(s.uid)).customClaims?.admin).toBeUndefined();
    // The session's tokens are revoked (the Auth emulator, unlike production, still lets the
    // refresh token mint new ID tokens, so check the revocation the way servers do).
    await expect(admin.auth.verifyIdToken(refreshed.session.idToken, true)).rejects.toMatchObject({
      code: 'auth/id-token-revoked',
    });
    // Signing in again gives a token without the claim, and linking no longer works.
    const again = await auth.signIn(email, 'secret-123');
    expect(claimsOf(again.idToken).admin).toBeUndefined();
    expect(await callFunction(hosts, 'linkAdminUser', null, again.idToken)).toEqual({
      ok: true,
      result: false,
    });
  });

  it('npm run admin -- grant / list / revoke works against the emulators', async () => {
    const email = freshEmail('cli');
    const s = await authClient(hosts).signUp(email, 'secret-123');
    const env = {
      ...process.env,
      FIRESTORE_EMULATOR_HOST: process.env.FIRESTORE_EMULATOR_HOST,
      FIREBASE_AUTH_EMULATOR_HOST: hosts.authHost,
    };
    const cli = (...args: string[]) =>
      run(process.execPath, ['--import', 'tsx', path.join(rootDir, 'scripts/admin.mjs'), ...args], {
        env,
      });

    const grant = await cli('grant', email);
    expect(grant.stdout).toContain(`Granted ${email}`);
    expect((await admin.auth.getUser(s.uid)).customClaims).toEqual({ admin: true });

    const list = await cli('list');
    expect(list.stdout).toMatch(new RegExp(`${email.replace(/[.]/g, '\\.')}.*claim set`));

    const revoke = await cli('revoke', email);
    expect(revoke.stdout).toContain(`Revoked ${email}`);
    expect((await admin.auth.getUser(s.uid)).customClaims?.admin).toBeUndefined();
    const entry = await admin.db.collection(functionsConfig.adminsCollection).doc(email).get();
    expect(entry.exists).toBe(false);
    // The CLI's changes are in the team's audit too, by nobody of the panel.
    expect(await auditRowsFor(email)).toEqual(
      expect.arrayContaining([
        { action: 'added', email, by: null, at: 'timestamp' },
        { action: 'removed', email, by: null, at: 'timestamp' },
      ]),
    );

    await expect(cli('grant')).rejects.toMatchObject({ code: 2 });
    await expect(cli('grant', 'not-an-email')).rejects.toMatchObject({ code: 1 });
  });

  it('the seed is idempotent and its demo admin can sign in and link', async () => {
    const target = {
      projectId: suite.projectId,
      firestoreHost: process.env.FIRESTORE_EMULATOR_HOST,
      authHost: hosts.authHost,
      quiet: true,
    };
    await admin.db.doc('settings/tracking').set({ pixel_id: '999' });
    const first = await seed(target);
    const second = await seed(target);
    expect(second.created).toEqual({
      redirect: false,
      tracking: false,
      vacancies: false,
      admin: false,
    });
    expect(first.email).toBe('admin@vagas.test');
    // Existing settings are never overwritten.
    expect((await admin.db.doc('settings/tracking').get()).data()).toEqual({ pixel_id: '999' });
    const redirect = (await admin.db.doc('settings/redirect').get()).data();
    expect(redirect).toMatchObject({ redirect_time: 5, redirect_count: expect.any(Number) });

    const s = await authClient(hosts).signIn(first.email, first.password);
    expect(claimsOf(s.idToken).admin).toBe(true);
    expect(await callFunction(hosts, 'linkAdminUser', null, s.idToken)).toEqual({
      ok: true,
      result: true,
    });
    expect(await callFunction(hosts, 'isCurrentUserAdmin', null, s.idToken)).toEqual({
      ok: true,
      result: true,
    });
  });
});

/** An allow-listed admin with a signed-in session whose token carries the claim. */
async function adminSession(label: string) {
  const email = freshEmail(label);
  await admin.auth.createUser({ email, password: 'secret-123', emailVerified: true });
  await grantAdmin(admin, email);
  return { email, session: await authClient(hosts).signIn(email, 'secret-123') };
}

/** The password-reset code the Auth emulator "sent" to `email` (its outbox endpoint). */
async function lastResetCode(email: string): Promise<string> {
  const url = `http://${hosts.authHost}/emulator/v1/projects/${hosts.projectId}/oobCodes`;
  const { oobCodes } = (await (await fetch(url)).json()) as {
    oobCodes: { email: string; oobCode: string; requestType: string }[];
  };
  const code = oobCodes
    .filter((c) => c.email === email && c.requestType === 'PASSWORD_RESET')
    .at(-1);
  if (!code) throw new Error(`no password e-mail for ${email}`);
  return code.oobCode;
}

async function auditRowsFor(email: string) {
  const snap = await admin.db
    .collection(functionsConfig.auditCollection)
    .where('email', '==', email)
    .get();
  return snap.docs.map((d) => {
    const { at, ...row } = d.data();
    return { ...row, at: typeof at?.toDate === 'function' ? 'timestamp' : at };
  });
}

describe('addAdmin and removeAdmin (Configurações → Equipe)', () => {
  const call = (name: string, data: unknown, token?: string) =>
    callFunction(hosts, name, data, token);

  it('refuse a caller without an ID token, and a signed-in user who is not an admin', async () => {
    const user = await authClient(hosts).signUp(freshEmail('curioso'), 'secret-123');
    const target = freshEmail('alvo');
    for (const name of ['addAdmin', 'removeAdmin']) {
      expect(await call(name, { email: target })).toMatchObject({
        ok: false,
        status: 'UNAUTHENTICATED',
      });
      expect(await call(name, { email: target }, user.idToken)).toEqual({
        ok: false,
        status: 'PERMISSION_DENIED',
        message: teamErrors.notAdmin,
      });
    }
    expect((await admin.db.collection('admins').doc(target).get()).exists).toBe(false);
    expect(await auditRowsFor(target)).toEqual([]);
  });

  it('an admin adds a new colleague, who sets a password from the e-mail and signs in as admin', async () => {
    const boss = await adminSession('chefe');
    const colleague = freshEmail('Colega');
    const added = await call('addAdmin', { email: ` ${colleague} ` }, boss.session.idToken);
    expect(added).toEqual({ ok: true, result: { email: colleague.toLowerCase(), invite: true } });

    const entry = (await admin.db.collection('admins').doc(colleague.toLowerCase()).get()).data();
    const account = await admin.auth.getUserByEmail(colleague.toLowerCase());
    expect(entry).toMatchObject({
      email: colleague.toLowerCase(),
      uid: account.uid,
      added_by: boss.email,
    });
    expect(entry?.granted_at?.toDate()).toBeInstanceOf(Date);
    expect(account.customClaims).toEqual({ admin: true });
    expect(await auditRowsFor(colleague.toLowerCase())).toEqual([
      { action: 'added', email: colleague.toLowerCase(), by: boss.email, at: 'timestamp' },
    ]);

    // What the panel does next: the password e-mail (sendPasswordResetEmail), then the colleague's
    // first sign-in through the login page's linkAdminUser.
    const base = `http://${hosts.authHost}/identitytoolkit.googleapis.com/v1`;
    const send = await fetch(`${base}/accounts:sendOobCode?key=k`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ requestType: 'PASSWORD_RESET', email: colleague.toLowerCase() }),
    });
    expect(send.status).toBe(200);
    const reset = await fetch(`${base}/accounts:resetPassword?key=k`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        oobCode: await lastResetCode(colleague.toLowerCase()),
        newPassword: 'nova-senha-1',
      }),
    });
    expect(reset.status).toBe(200);
    const s = await authClient(hosts).signIn(colleague.toLowerCase(), 'nova-senha-1');
    expect(claimsOf(s.idToken).admin).toBe(true);
    expect(await call('linkAdminUser', null, s.idToken)).toEqual({ ok: true, result: true });
  });

  it('refuse a bad e-mail, an address already on the team and a colleague not on it', async () => {
    const boss = await adminSession('chefe');
    const token = boss.session.idToken;
    for (const email of ['', 'sem-arroba', 'a@b', 42]) {
      expect(await call('addAdmin', { email }, token)).toEqual({
        ok: false,
        status: 'INVALID_ARGUMENT',
        message: teamErrors.badEmail,
      });
    }
    expect(await call('addAdmin', null, token)).toMatchObject({ status: 'INVALID_ARGUMENT' });
    expect(await call('addAdmin', { email: boss.email.toUpperCase() }, token)).toEqual({
      ok: false,
      status: 'ALREADY_EXISTS',
      message: teamErrors.alreadyAdmin,
    });
    expect(await call('removeAdmin', { email: freshEmail('ninguem') }, token)).toEqual({
      ok: false,
      status: 'NOT_FOUND',
      message: teamErrors.notFound,
    });
  });

  it('an admin removes a colleague: entry, claim and tokens go, and the old token manages nothing', async () => {
    const boss = await adminSession('chefe');
    const colleague = await adminSession('saindo');
    const removed = await call('removeAdmin', { email: colleague.email }, boss.session.idToken);
    expect(removed).toEqual({ ok: true, result: { email: colleague.email } });
    expect((await admin.db.collection('admins').doc(colleague.email).get()).exists).toBe(false);
    expect((await admin.auth.getUserByEmail(colleague.email)).customClaims?.admin).toBeUndefined();
    expect(await auditRowsFor(colleague.email)).toContainEqual({
      action: 'removed',
      email: colleague.email,
      by: boss.email,
      at: 'timestamp',
    });
    // The removed colleague's ID token still carries the claim until it expires: refused anyway.
    expect(claimsOf(colleague.session.idToken).admin).toBe(true);
    expect(
      await call('removeAdmin', { email: boss.email }, colleague.session.idToken),
    ).toMatchObject({ ok: false, status: 'PERMISSION_DENIED' });
    expect((await admin.db.collection('admins').doc(boss.email).get()).exists).toBe(true);
  });

  it('never removes the last admin, even when the last two remove each other at once', async () => {
    // The allow-list is shared with the other tests: set it aside, and put it back afterwards.
    const others = (await admin.db.collection('admins').get()).docs;
    await Promise.all(others.map((d) => d.ref.delete()));
    try {
      const a = await adminSession('ultima-a');
      const b = await adminSession('ultima-b');
      const both = await Promise.all([
        call('removeAdmin', { email: b.email }, a.session.idToken),
        call('removeAdmin', { email: a.email }, b.session.idToken),
      ]);
      const refused = both.filter((r) => !r.ok);
      expect(both.filter((r) => r.ok)).toHaveLength(1);
      expect(refused).toEqual([
        {
          ok: false,
          status: expect.stringMatching(/FAILED_PRECONDITION|PERMISSION_DENIED/),
          message: expect.any(String),
        },
      ]);
      const left = (await admin.db.collection('admins').get()).docs.map((d) => d.id);
      expect(left).toHaveLength(1);
      const last = left[0] === a.email ? a : b;
      expect(await call('removeAdmin', { email: last.email }, last.session.idToken)).toEqual({
        ok: false,
        status: 'FAILED_PRECONDITION',
        message: teamErrors.lastAdmin,
      });
      expect((await admin.db.collection('admins').get()).size).toBe(1);
    } finally {
      await Promise.all(others.map((d) => d.ref.set(d.data())));
    }
  });
});

describe('countRedirect', () => {
  const ref = () => admin.db.doc('settings/redirect');

  beforeEach(async () => {
    await ref().delete();
  });

  it('counts nothing and creates nothing while no settings exist', async () => {
    expect(await callFunction(hosts, 'countRedirect')).toEqual({ ok: true, result: 0 });
    expect((await ref().get()).exists).toBe(false);
  });

  it('counts nothing while the link is empty', async () => {
    await ref().set({ whatsapp_link: '', redirect_time: 5, redirect_count: 3 });
    expect(await callFunction(hosts, 'countRedirect')).toEqual({ ok: true, result: 3 });
    expect((await ref().get()).get('redirect_count')).toBe(3);
  });

  it('refuses arguments with invalid-argument', async () => {
    expect(await callFunction(hosts, 'countRedirect', { by: 100 })).toMatchObject({
      ok: false,
      status: 'INVALID_ARGUMENT',
    });
  });

  it('adds exactly one per transaction under contention: 20 concurrent -> +20', async () => {
    // The callable's transaction, run in this process against the Firestore emulator, so all 20
    // really contend on the document at once (see the next test for why HTTP bursts are smaller).
    await ref().set({ whatsapp_link: 'https://wa.me/5579999999999', redirect_count: 5 });
    const counts = await Promise.all(Array.from({ length: 20 }, () => runCountRedirect(admin.db)));
    expect([...counts].sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => 6 + i));
    expect((await ref().get()).get('redirect_count')).toBe(25);
  });

  it('adds exactly one per call through the Functions emulator: 8 parallel calls -> +8', async () => {
    // The Functions emulator serves one request per worker process and boots a worker per
    // request that finds none idle; booting many at once on a small machine exceeds its 30 s
    // load timeout. Grow the pool one worker per wave (no link yet, so nothing is counted) ...
    const parallel = 8;
    await ref().set({ whatsapp_link: '', redirect_time: 5, redirect_count: 5 });
    for (let wave = 2; wave <= parallel; wave++) {
      const warm = await Promise.all(
        Array.from({ length: wave }, () => callFunction(hosts, 'countRedirect')),
      );
      expect(warm).toEqual(Array.from({ length: wave }, () => ({ ok: true, result: 5 })));
    }
    // ... then fire them all at once.
    await ref().update({ whatsapp_link: 'https://wa.me/5579999999999' });
    const results = await Promise.all(
      Array.from({ length: parallel }, () => callFunction(hosts, 'countRedirect')),
    );
    const counts = results.map((r) => (r.ok ? Number(r.result) : r.status));
    expect([...counts].sort()).toEqual(Array.from({ length: parallel }, (_, i) => 6 + i).sort());
    expect((await ref().get()).data()).toEqual({
      whatsapp_link: 'https://wa.me/5579999999999',
      redirect_time: 5,
      redirect_count: 5 + parallel,
    });
  }, 240_000);
});

describe('App Check on the callables (the suite enforces it)', () => {
  const ref = () => admin.db.doc('settings/redirect');

  it.each([
    ['no token', 'none', 'Unauthenticated'],
    ['a forged token', 'forged', 'invalid signature'],
    ['an expired token', 'expired', 'has expired'],
  ] as const)('refuse a call with %s, counting nothing', async (_label, sent, reason) => {
    await ref().set({ whatsapp_link: 'https://wa.me/5579999999999', redirect_count: 7 });
    const r = await callFunction(hosts, 'countRedirect', null, undefined, sent);
    expect(r).toMatchObject({ ok: false, status: 'UNAUTHENTICATED' });
    expect((r as { message: string }).message).toContain(reason);
    expect((await ref().get()).get('redirect_count')).toBe(7);
  });

  it('refuse a signed-in admin whose call carries a forged token', async () => {
    const email = freshEmail('appcheck-admin');
    await authClient(hosts).signUp(email, 'secret-123');
    await grantAdmin(admin, email);
    const fresh = await authClient(hosts).signIn(email, 'secret-123');
    expect(await callFunction(hosts, 'isCurrentUserAdmin', null, fresh.idToken)).toEqual({
      ok: true,
      result: true,
    });
    for (const sent of ['none', 'forged', 'expired'] as const) {
      expect(
        await callFunction(hosts, 'isCurrentUserAdmin', null, fresh.idToken, sent),
      ).toMatchObject({ ok: false, status: 'UNAUTHENTICATED' });
    }
  });

  it('serve a call with a token the emulator minted', async () => {
    await ref().set({ whatsapp_link: 'https://wa.me/5579999999999', redirect_count: 7 });
    expect(await callFunction(hosts, 'countRedirect')).toEqual({ ok: true, result: 8 });
  });
});
