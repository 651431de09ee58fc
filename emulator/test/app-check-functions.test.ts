/**
 * Callable functions and App Check, with firebase-functions' own `onCall` under the settings
 * firebase-tools' Functions emulator gives every function (FIREBASE_DEBUG_MODE with the
 * `skipTokenVerification` debug feature), called by the web SDK's `httpsCallable` with App Check's
 * CustomProvider. It shows that `enforceAppCheck` there only refuses a request with no token at all
 * (a tampered, expired or non-JWT token passes, its `sub` taken as the app id), and that a
 * function asking this emulator's `appCheck:verify` refuses them as production would.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { deleteApp, initializeApp, type FirebaseApp } from 'firebase/app';
import { CustomProvider, initializeAppCheck } from 'firebase/app-check';
import { connectFunctionsEmulator, getFunctions, httpsCallable } from 'firebase/functions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mintToken, postJson, tamper, type TokenSource } from './support/app-check.js';
import { failureOf, startTestEmulator, type TestEmulator } from './support/emulator.js';

const PROJECT = 'demo-app-check-functions';
const APP_ID = '1:123456789:web:vagas';
/** What firebase-tools sets for functions it runs (functionsEmulator.js, getEmulatorEnvs). */
const EMULATOR_ENV = {
  FIREBASE_DEBUG_MODE: 'true',
  FIREBASE_DEBUG_FEATURES: JSON.stringify({ skipTokenVerification: true, enableCors: true }),
};

let emu: TestEmulator;
let functionsServer: http.Server;
let functionsPort: number;
const apps: FirebaseApp[] = [];
const savedEnv: Record<string, string | undefined> = {};

type Handler = (req: http.IncomingMessage, res: http.ServerResponse) => Promise<unknown>;

/** Serves firebase-functions handlers by name, with the bits of Express's req/res they use. */
function serveFunctions(handlers: Record<string, Handler>): http.Server {
  return http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const name = (req.url ?? '').split('?')[0].split('/').pop() ?? '';
      const text = Buffer.concat(chunks).toString('utf8');
      Object.assign(req, {
        body: text ? (JSON.parse(text) as unknown) : undefined,
        header: (h: string) => req.headers[h.toLowerCase()],
      });
      Object.assign(res, {
        status(code: number) {
          res.statusCode = code;
          return res;
        },
        send(body: unknown) {
          res.setHeader('content-type', 'application/json');
          res.end(JSON.stringify(body));
        },
      });
      const handler = handlers[name];
      if (handler) void handler(req, res);
      else res.writeHead(404).end();
    });
  });
}

beforeAll(async () => {
  for (const [key, value] of Object.entries(EMULATOR_ENV)) {
    savedEnv[key] = process.env[key];
    process.env[key] = value;
  }
  emu = await startTestEmulator({ appCheck: { enforce: true, appIds: [APP_ID] } });
  // Loaded after the environment is set, as in the Functions emulator's worker.
  const { onCall, HttpsError } = await import('firebase-functions/v2/https');
  const verifyUrl = `http://${emu.hostAndPort}/emulator/v1/projects/${PROJECT}/appCheck:verify`;
  const handlers = {
    /** Trusts the Functions emulator's App Check check. */
    trusting: onCall({ enforceAppCheck: true }, (request) => ({
      appId: request.app?.appId ?? null,
    })),
    /** Asks this emulator, as production's verification would refuse. */
    verifying: onCall({ enforceAppCheck: true }, async (request) => {
      const token = request.rawRequest.header('X-Firebase-AppCheck') ?? '';
      const res = await fetch(verifyUrl, { method: 'POST', body: JSON.stringify({ token }) });
      const verdict = (await res.json()) as { valid: boolean; appId?: string; message?: string };
      if (!verdict.valid) throw new HttpsError('unauthenticated', verdict.message ?? 'App Check');
      return { appId: verdict.appId ?? null };
    }),
  };
  functionsServer = serveFunctions(handlers as unknown as Record<string, Handler>);
  await new Promise<void>((resolve) => functionsServer.listen(0, '127.0.0.1', resolve));
  functionsPort = (functionsServer.address() as AddressInfo).port;
});

afterAll(async () => {
  for (const app of apps) await deleteApp(app);
  functionsServer?.closeAllConnections();
  await new Promise<void>((resolve) =>
    functionsServer ? functionsServer.close(() => resolve()) : resolve(),
  );
  await emu?.stop();
  for (const [key, value] of Object.entries(savedEnv)) {
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
});

/** Calls function `name` from a web app whose App Check provider serves `source` (null: no App Check). */
async function callAs(source: TokenSource, name: 'trusting' | 'verifying') {
  const app = initializeApp(
    { projectId: PROJECT, appId: APP_ID, apiKey: 'fake' },
    `fn-${apps.length}`,
  );
  apps.push(app);
  if (source) {
    initializeAppCheck(app, {
      provider: new CustomProvider({ getToken: source }),
      isTokenAutoRefreshEnabled: false,
    });
  }
  const functions = getFunctions(app);
  connectFunctionsEmulator(functions, '127.0.0.1', functionsPort);
  return httpsCallable<unknown, { appId: string | null }>(functions, name)({});
}

const forLife = (token: string) => ({ token, expireTimeMillis: Date.now() + 3_600_000 });
const minted: TokenSource = () => mintToken(emu, PROJECT, APP_ID);
const tampered: TokenSource = async () =>
  forLife(tamper((await mintToken(emu, PROJECT, '1:123456789:web:bot')).token));
const expired: TokenSource = async () =>
  forLife((await mintToken(emu, PROJECT, APP_ID, -60_000)).token);
const notJwt: TokenSource = async () => forLife('not-a-jwt');

describe('enforceAppCheck in the Functions emulator', () => {
  it('refuses a call without a token', async () => {
    expect(await failureOf(callAs(null, 'trusting'))).toMatchObject({
      code: 'functions/unauthenticated',
    });
  });

  it('accepts a tampered token, taking its claimed app id', async () => {
    expect((await callAs(tampered, 'trusting')).data).toEqual({ appId: '1:123456789:web:bot' });
  });

  it('accepts an expired token and one that is not a JWT', async () => {
    expect((await callAs(expired, 'trusting')).data).toEqual({ appId: APP_ID });
    expect((await callAs(notJwt, 'trusting')).data).toEqual({ appId: null });
  });
});

describe('a function that verifies with the emulator', () => {
  it('serves a minted token', async () => {
    expect((await callAs(minted, 'verifying')).data).toEqual({ appId: APP_ID });
  });

  it.each([
    ['a tampered token', tampered, 'invalid signature'],
    ['an expired token', expired, 'has expired'],
    ['a token that is not a JWT', notJwt, 'is malformed'],
  ])('refuses %s, saying why', async (_name, source, reason) => {
    const failure = await failureOf(callAs(source, 'verifying'));
    expect(failure.code).toBe('functions/unauthenticated');
    expect(failure.message).toContain(reason);
  });

  it('the verify endpoint is what it asked', async () => {
    const res = await postJson(emu, `/emulator/v1/projects/${PROJECT}/appCheck:verify`, {
      token: 'not-a-jwt',
    });
    expect(res.body).toMatchObject({ valid: false, reason: 'malformed' });
  });
});
