/**
 * App Check enforced, through the real SDKs in Node: the JS SDK (gRPC) and Lite (REST) with
 * App Check's CustomProvider, a plain fetch and a raw gRPC client. A minted token is served; no
 * token, a tampered, expired, malformed, another project's or another app's token is refused with
 * PERMISSION_DENIED and the reason; firebase-admin (the owner) is untouched; the console logs each
 * refusal with its verdict; and with the mode off nothing changes.
 */
import * as grpc from '@grpc/grpc-js';
import { FieldValue } from 'firebase-admin/firestore';
import { doc, getDoc, onSnapshot, setDoc, type Firestore } from 'firebase/firestore';
import {
  doc as liteDoc,
  getDoc as liteGetDoc,
  setDoc as liteSetDoc,
  type Firestore as LiteFirestore,
} from 'firebase/firestore/lite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  appCheckLiteClient,
  appCheckWebClient,
  mintToken,
  tamper,
  type TokenSource,
} from './support/app-check.js';
import {
  OPEN_RULES,
  adminClient,
  failureOf,
  restAdminClient,
  startTestEmulator,
  type TestEmulator,
} from './support/emulator.js';
import { firestoreStub, unaryCall, type FirestoreStub } from './support/grpc-stub.js';

const PROJECT = 'demo-app-check';
const APP_ID = '1:123456789:web:vagas';
const DB = `projects/${PROJECT}/databases/(default)`;

let enforced: TestEmulator;
let off: TestEmulator;
const closers: (() => Promise<void>)[] = [];
const stubs: FirestoreStub[] = [];

beforeAll(async () => {
  [enforced, off] = await Promise.all([
    startTestEmulator({ rules: OPEN_RULES, appCheck: { enforce: true, appIds: [APP_ID] } }),
    startTestEmulator({ rules: OPEN_RULES }),
  ]);
});

afterAll(async () => {
  for (const close of closers.reverse()) await close();
  for (const stub of stubs) stub.close();
  await enforced?.stop();
  await off?.stop();
});

const forLife = (token: string) => ({ token, expireTimeMillis: Date.now() + 3_600_000 });

/** The ways a client can present itself, and the reason the emulator gives for each refusal. */
const minted =
  (ttlMillis?: number, project = PROJECT, appId = APP_ID): TokenSource =>
  async () =>
    mintToken(enforced, project, appId, ttlMillis);
/**
 * A token captured a minute after it expired and replayed as if it were current. (The SDK itself
 * never sends a token it knows to be expired: given one by its provider, it asks again at once.)
 */
let expired: Promise<string> | undefined;
const replayedExpired: TokenSource = async () => {
  expired ??= mintToken(enforced, PROJECT, APP_ID, -60_000).then((m) => m.token);
  return forLife(await expired);
};
const REFUSED: [string, TokenSource, string][] = [
  ['no token', null, 'No App Check token was sent (no X-Firebase-AppCheck header).'],
  [
    'a tampered token',
    async () => forLife(tamper((await mintToken(enforced, PROJECT, APP_ID)).token)),
    'The App Check token has an invalid signature',
  ],
  ['an expired token', replayedExpired, 'The App Check token has expired: it expired at'],
  ['a token that is not a JWT', async () => forLife('not-a-jwt'), 'is malformed'],
  ['a token of another project', minted(undefined, 'demo-other'), 'is for another project'],
  [
    'a token of another app',
    minted(undefined, PROJECT, '1:123456789:web:bot'),
    "which is not one of this emulator's apps",
  ],
];

function web(target: TestEmulator, source: TokenSource): Firestore {
  const client = appCheckWebClient(target, PROJECT, APP_ID, source);
  closers.push(client.close);
  return client.db;
}

function lite(target: TestEmulator, source: TokenSource): LiteFirestore {
  const client = appCheckLiteClient(target, PROJECT, APP_ID, source);
  closers.push(client.close);
  return client.db;
}

/** The first error an `onSnapshot` of `path` reports. */
function listenError(db: Firestore, path: string): Promise<{ code: string; message: string }> {
  return new Promise((resolve, reject) => {
    const stop = onSnapshot(
      doc(db, path),
      () => {
        stop();
        reject(new Error('the listener was served'));
      },
      (error) => resolve({ code: error.code, message: error.message }),
    );
  });
}

/** A raw REST create of `leads/{id}`, as a script would send it. */
function restCreate(target: TestEmulator, id: string, token?: string): Promise<Response> {
  return fetch(`http://${target.hostAndPort}/v1/${DB}/documents/leads?documentId=${id}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token === undefined ? {} : { 'X-Firebase-AppCheck': token }),
    },
    body: JSON.stringify({ fields: { nome: { stringValue: 'Bot' } } }),
  });
}

function grpcGet(target: TestEmulator, path: string, token?: string) {
  const stub = firestoreStub(target.hostAndPort);
  stubs.push(stub);
  const metadata = new grpc.Metadata();
  metadata.set('google-cloud-resource-prefix', DB);
  if (token !== undefined) metadata.set('x-firebase-appcheck', token);
  return unaryCall(stub, 'getDocument', { name: `${DB}/documents/${path}` }, metadata);
}

describe('with a token the emulator minted', () => {
  it('the JS SDK writes and reads over gRPC (Write and Listen streams)', async () => {
    const db = web(enforced, minted());
    await setDoc(doc(db, 'leads/web-ok'), { nome: 'Ana' });
    expect((await getDoc(doc(db, 'leads/web-ok'))).data()).toEqual({ nome: 'Ana' });
  });

  it('Lite writes and reads over REST', async () => {
    const db = lite(enforced, minted());
    await liteSetDoc(liteDoc(db, 'leads/lite-ok'), { nome: 'Bia' });
    expect((await liteGetDoc(liteDoc(db, 'leads/lite-ok'))).data()).toEqual({ nome: 'Bia' });
  });

  it('a plain REST request and a raw gRPC call with the header are served', async () => {
    const { token } = await mintToken(enforced, PROJECT, APP_ID);
    expect((await restCreate(enforced, 'rest-ok', token)).status).toBe(200);
    expect(await grpcGet(enforced, 'leads/rest-ok', token)).toMatchObject({
      name: `${DB}/documents/leads/rest-ok`,
    });
  });
});

describe.each(REFUSED)('with %s', (name, source, reason) => {
  const id = name.replace(/\W+/g, '-');

  it('the JS SDK (gRPC) is refused on Write and Listen, saying why', async () => {
    const db = web(enforced, source);
    const write = await failureOf(setDoc(doc(db, `leads/${id}`), { nome: 'Bot' }));
    expect(write.code).toBe('permission-denied');
    expect(write.message).toContain('Missing or insufficient permissions.');
    expect(write.message).toContain(reason);
    const listen = await listenError(db, 'leads/web-ok');
    expect(listen).toMatchObject({ code: 'permission-denied' });
    expect(listen.message).toContain(reason);
  });

  it('Lite (REST) is refused on write and read, saying why', async () => {
    const db = lite(enforced, source);
    const write = await failureOf(liteSetDoc(liteDoc(db, `leads/${id}`), { nome: 'Bot' }));
    expect(write.code).toBe('permission-denied');
    expect(write.message).toContain(reason);
    const read = await failureOf(liteGetDoc(liteDoc(db, 'leads/lite-ok')));
    expect(read.code).toBe('permission-denied');
    expect(read.message).toContain(reason);
  });
});

describe('a script without the SDK', () => {
  it.each([
    ['no token', undefined, 'No App Check token was sent'],
    ['a tampered token', 'tampered', 'invalid signature'],
    ['an expired token', 'expired', 'has expired'],
  ])('with %s gets 403 PERMISSION_DENIED over REST', async (_name, kind, reason) => {
    const token =
      kind === 'tampered'
        ? tamper((await mintToken(enforced, PROJECT, APP_ID)).token)
        : kind === 'expired'
          ? (await mintToken(enforced, PROJECT, APP_ID, -1000)).token
          : undefined;
    const res = await restCreate(enforced, `script-${kind ?? 'none'}`, token);
    expect(res.status).toBe(403);
    const body = (await res.json()) as { error: { code: number; status: string; message: string } };
    expect(body.error).toMatchObject({ code: 403, status: 'PERMISSION_DENIED' });
    expect(body.error.message).toContain(reason);
  });

  it.each([
    ['no token', undefined, 'No App Check token was sent'],
    ['a tampered token', 'tampered', 'invalid signature'],
    ['an expired token', 'expired', 'has expired'],
  ])('with %s gets status 7 over gRPC', async (_name, kind, reason) => {
    const token =
      kind === 'tampered'
        ? tamper((await mintToken(enforced, PROJECT, APP_ID)).token)
        : kind === 'expired'
          ? (await mintToken(enforced, PROJECT, APP_ID, -1000)).token
          : undefined;
    const error = (await failureOf(grpcGet(enforced, 'leads/web-ok', token))) as {
      code: unknown;
      message: string;
    };
    expect(error.code).toBe(grpc.status.PERMISSION_DENIED);
    expect(error.message).toContain(reason);
  });

  it('RPCs that touch no document are refused too', async () => {
    const stub = firestoreStub(enforced.hostAndPort);
    stubs.push(stub);
    const error = await failureOf(unaryCall(stub, 'beginTransaction', { database: DB }));
    expect(error.code).toBe(grpc.status.PERMISSION_DENIED);
    expect(error.message).toContain('No App Check token was sent');
  });

  it('stores nothing: only the leads with a valid token exist', async () => {
    const admin = adminClient(enforced, PROJECT);
    closers.push(admin.close);
    const ids = (await admin.db.collection('leads').listDocuments()).map((d) => d.id).sort();
    expect(ids).toEqual(['lite-ok', 'rest-ok', 'web-ok']);
  });
});

describe('the owner and the console', () => {
  it('firebase-admin over gRPC and REST needs no token', async () => {
    const grpcAdmin = adminClient(enforced, PROJECT);
    const restAdmin = restAdminClient(enforced, PROJECT);
    closers.push(grpcAdmin.close, restAdmin.close);
    await grpcAdmin.db.doc('stats/leads').set({ n: FieldValue.increment(1) });
    await restAdmin.db.doc('stats/leads').update({ n: FieldValue.increment(1) });
    expect((await restAdmin.db.doc('stats/leads').get()).data()).toEqual({ n: 2 });
  });

  it("logs each refusal with App Check's verdict, and the app of served requests", async () => {
    const res = await fetch(`http://${enforced.hostAndPort}/console/api/requests`);
    const { requests } = (await res.json()) as {
      requests: {
        path: string;
        allowed: boolean;
        basis: string;
        message?: string;
        appCheck?: { valid: boolean; reason?: string; appId?: string | null };
      }[];
    };
    const refused = requests.filter((r) => r.basis === 'app-check');
    const reasons = new Set(refused.map((r) => r.appCheck?.reason));
    expect([...reasons].sort()).toEqual(
      ['bad-signature', 'expired', 'malformed', 'missing', 'wrong-app', 'wrong-project'].sort(),
    );
    for (const r of refused) {
      expect(r.allowed).toBe(false);
      expect(r.message).toMatch(/^(No App Check token was sent|The App Check token )/);
    }
    const expired = refused.find((r) => r.appCheck?.reason === 'expired');
    expect(expired).toMatchObject({ appCheck: { valid: false, appId: APP_ID } });
    expect(expired?.message).toContain('The App Check token has expired');
    const served = requests.find((r) => r.path === 'leads/web-ok' && r.allowed);
    expect(served?.appCheck).toEqual({ valid: true, appId: APP_ID });
  });
});

describe('with the mode off', () => {
  it('clients without a token, or with a bad one, are served as before', async () => {
    const none = web(off, null);
    await setDoc(doc(none, 'leads/a'), { nome: 'Ana' });
    const tampered = lite(off, async () => forLife('not-a-jwt'));
    expect((await liteGetDoc(liteDoc(tampered, 'leads/a'))).data()).toEqual({ nome: 'Ana' });
    expect((await restCreate(off, 'b')).status).toBe(200);
    expect(await grpcGet(off, 'leads/b')).toMatchObject({ name: `${DB}/documents/leads/b` });
  });

  it('logs no verdict', async () => {
    const res = await fetch(`http://${off.hostAndPort}/console/api/requests`);
    const { requests } = (await res.json()) as { requests: { appCheck?: unknown }[] };
    expect(requests.length).toBeGreaterThan(0);
    expect(requests.filter((r) => r.appCheck !== undefined)).toEqual([]);
  });
});
