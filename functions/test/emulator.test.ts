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
      run(process.execPath, [path.join(rootDir, 'scripts/admin.mjs'), ...args], { env });

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
    expect(second.created).toEqual({ redirect: false, tracking: false, admin: false });
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
