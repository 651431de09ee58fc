/**
 * The App Check endpoints over HTTP: minting tokens shaped as real ones, verifying them (every kind
 * of refusal, with its reason), replay protection by `consume`, malformed requests, the signing
 * key kept in a data directory, and the CLI flags.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jwtPart, mintToken, postJson, tamper } from './support/app-check.js';
import { runCli, spawnCli } from './support/cli.js';
import { startTestEmulator, type TestEmulator } from './support/emulator.js';

const PROJECT = 'demo-app-check';
const APP_ID = '1:123456789:web:vagas';
const verifyPath = (project = PROJECT) => `/emulator/v1/projects/${project}/appCheck:verify`;
const mintPath = (project = PROJECT) => `/emulator/v1/projects/${project}/appCheck:mint`;

let emu: TestEmulator;
/** Enforces App Check and knows one app. */
let strict: TestEmulator;
const dirs: string[] = [];

beforeAll(async () => {
  [emu, strict] = await Promise.all([
    startTestEmulator(),
    startTestEmulator({ appCheck: { enforce: true, appIds: [APP_ID] } }),
  ]);
});

afterAll(async () => {
  await emu?.stop();
  await strict?.stop();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const verify = (target: TestEmulator, token: string, extra: object = {}, project = PROJECT) =>
  postJson(target, verifyPath(project), { token, ...extra });

describe('mint', () => {
  it('signs a JWT with the claims of a real App Check token, for an hour by default', async () => {
    const before = Date.now();
    const minted = await mintToken(emu, PROJECT, APP_ID);
    expect(jwtPart(minted.token, 0)).toMatchObject({ alg: 'HS256', typ: 'JWT' });
    const claims = jwtPart(minted.token, 1);
    expect(claims).toMatchObject({
      sub: APP_ID,
      aud: [`projects/${PROJECT}`],
      iss: `https://firebaseappcheck.googleapis.com/${PROJECT}`,
    });
    expect(typeof claims.jti).toBe('string');
    expect(Number(claims.exp) - Number(claims.iat)).toBe(3600);
    expect(Number(claims.iat) * 1000).toBeGreaterThan(before - 1000);
    // What CustomProvider's getToken must return.
    expect(minted.expireTimeMillis).toBe(Number(claims.exp) * 1000);
    expect(minted.issuedAtTimeMillis).toBe(Number(claims.iat) * 1000);
  });

  it('takes a lifetime in milliseconds, and each token is distinct', async () => {
    const a = await mintToken(emu, PROJECT, APP_ID, 30 * 60 * 1000);
    const b = await mintToken(emu, PROJECT, APP_ID, 30 * 60 * 1000);
    const claims = jwtPart(a.token, 1);
    expect(Number(claims.exp) - Number(claims.iat)).toBe(1800);
    expect(a.token).not.toBe(b.token);
    expect(jwtPart(b.token, 1).jti).not.toBe(claims.jti);
  });

  it.each([
    ['a body that is not JSON', '{appId', 'Request body is not valid JSON.'],
    ['a list', '[1]', 'Request body must be a JSON object.'],
    ['no app id', {}, '"appId" must be the app id'],
    ['an app id that is a number', { appId: 12 }, '"appId" must be the app id'],
    ['an app id with a space', { appId: 'my app' }, '"appId" must be the app id'],
    ['a lifetime that is text', { appId: APP_ID, ttlMillis: '1h' }, '"ttlMillis" must be'],
    ['a lifetime over 7 days', { appId: APP_ID, ttlMillis: 8 * 86_400_000 }, '"ttlMillis" must'],
    ['a misspelt field', { appId: APP_ID, ttl: 5 }, 'Unknown field "ttl"'],
  ])('answers %s with 400 INVALID_ARGUMENT', async (_name, body, message) => {
    const res = await postJson(emu, mintPath(), body);
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: 400, status: 'INVALID_ARGUMENT' });
    expect((res.body.error as { message: string }).message).toContain(message);
  });
});

describe('verify', () => {
  it('accepts a minted token and gives its app and claims', async () => {
    const minted = await mintToken(emu, PROJECT, APP_ID);
    const res = await verify(emu, minted.token);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ valid: true, appId: APP_ID, token: { sub: APP_ID } });
    expect(res.body).not.toHaveProperty('alreadyConsumed');
  });

  it('refuses a token with changed claims: its signature no longer matches', async () => {
    const minted = await mintToken(emu, PROJECT, APP_ID);
    const res = await verify(emu, tamper(minted.token));
    expect(res.body).toMatchObject({ valid: false, reason: 'bad-signature', appId: APP_ID });
    expect(res.body.message).toContain('not signed by this emulator, or was altered');
  });

  it("refuses another emulator's token and one signed with another algorithm", async () => {
    const other = await mintToken(strict, PROJECT, APP_ID);
    expect((await verify(emu, other.token)).body).toMatchObject({ reason: 'bad-signature' });
    const [, payload] = other.token.split('.');
    const unsigned = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${payload}.`;
    const res = await verify(emu, unsigned + 'x');
    expect(res.body).toMatchObject({ valid: false, reason: 'bad-signature' });
    expect(res.body.message).toContain('signed with "none"');
  });

  it('refuses an expired token and says when it expired', async () => {
    const minted = await mintToken(emu, PROJECT, APP_ID, -60_000);
    expect(minted.expireTimeMillis).toBeLessThan(Date.now());
    const res = await verify(emu, minted.token);
    expect(res.body).toMatchObject({ valid: false, reason: 'expired', appId: APP_ID });
    const at = new Date(minted.expireTimeMillis).toISOString();
    expect(res.body.message).toContain(`it expired at ${at}`);
  });

  it('refuses a token of another project', async () => {
    const minted = await mintToken(emu, 'demo-other', APP_ID);
    const res = await verify(emu, minted.token);
    expect(res.body).toMatchObject({ valid: false, reason: 'wrong-project' });
    expect(res.body.message).toContain(`projects/demo-other, not projects/${PROJECT}`);
    expect((await verify(emu, minted.token, {}, 'demo-other')).body.valid).toBe(true);
  });

  it('refuses a token for an app the emulator does not list', async () => {
    const minted = await mintToken(strict, PROJECT, '1:123456789:web:impostor');
    const res = await verify(strict, minted.token);
    expect(res.body).toMatchObject({ valid: false, reason: 'wrong-app' });
    expect(res.body.message).toContain(`not one of this emulator's apps (${APP_ID})`);
    expect(
      (await verify(strict, (await mintToken(strict, PROJECT, APP_ID)).token)).body,
    ).toMatchObject({ valid: true });
  });

  it.each([
    ['', 'missing', 'No App Check token was sent'],
    ['not-a-jwt', 'malformed', 'it is not a JWT'],
    ['a.b.c', 'malformed', 'its header is not a JSON object'],
    // What the web SDK sends when its App Check provider failed.
    ['eyJlcnJvciI6IlVOS05PV05fRVJST1IifQ==', 'malformed', "the SDK's placeholder"],
  ])('refuses %j as %s', async (token, reason, message) => {
    const res = await verify(emu, token);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ valid: false, reason });
    expect(res.body.message).toContain(message);
  });

  it('consumes a token once: the second use is reported as a replay', async () => {
    const minted = await mintToken(emu, PROJECT, APP_ID);
    expect((await verify(emu, minted.token, { consume: true })).body).toMatchObject({
      valid: true,
      alreadyConsumed: false,
    });
    expect((await verify(emu, minted.token, { consume: true })).body).toMatchObject({
      valid: true,
      alreadyConsumed: true,
    });
    const fresh = await mintToken(emu, PROJECT, APP_ID);
    expect((await verify(emu, fresh.token, { consume: true })).body.alreadyConsumed).toBe(false);
  });

  it.each([
    ['no token', {}, '"token" must be a string.'],
    ['a token that is a number', { token: 5 }, '"token" must be a string.'],
    ['a consume that is text', { token: 'x', consume: 'yes' }, '"consume" must be true or false.'],
  ])('answers %s with 400 and keeps serving', async (_name, body, message) => {
    const res = await postJson(emu, verifyPath(), body);
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ status: 'INVALID_ARGUMENT', message });
    expect(await (await fetch(`http://${emu.hostAndPort}/`)).text()).toBe('Ok');
  });
});

describe('mode and key', () => {
  it('says whether App Check is enforced and for which apps', async () => {
    const get = async (target: TestEmulator) =>
      (await fetch(`http://${target.hostAndPort}/emulator/v1/appCheck`)).json();
    expect(await get(emu)).toEqual({ enforced: false, appIds: null });
    expect(await get(strict)).toEqual({ enforced: true, appIds: [APP_ID] });
  });

  it('keeps its signing key in the data directory: tokens outlive a restart', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'app-check-key-'));
    const otherDir = mkdtempSync(path.join(tmpdir(), 'app-check-key-'));
    dirs.push(dir, otherDir);
    const first = await startTestEmulator({ dataDir: dir });
    const minted = await mintToken(first, PROJECT, APP_ID);
    await first.stop();
    const again = await startTestEmulator({ dataDir: dir });
    const elsewhere = await startTestEmulator({ dataDir: otherDir });
    try {
      expect((await verify(again, minted.token)).body).toMatchObject({ valid: true });
      expect((await verify(elsewhere, minted.token)).body).toMatchObject({
        reason: 'bad-signature',
      });
    } finally {
      await again.stop();
      await elsewhere.stop();
    }
  });
});

describe('command line', () => {
  it('--app-check enforce and --app-check-apps switch the mode on', async () => {
    const cli = await spawnCli([
      '--port',
      '0',
      '--app-check',
      'enforce',
      '--app-check-apps',
      `${APP_ID},1:2:web:b`,
    ]);
    try {
      const res = await fetch(`http://${cli.host}:${cli.port}/emulator/v1/appCheck`);
      expect(await res.json()).toEqual({ enforced: true, appIds: [APP_ID, '1:2:web:b'] });
    } finally {
      cli.child.kill('SIGTERM');
      await cli.exited;
    }
  });

  it('a bad --app-check value is a usage error', async () => {
    const run = await runCli(['--port', '0', '--app-check', 'on']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('--app-check must be "enforce" or "off", got "on"');
  });
});
