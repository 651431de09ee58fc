import http2 from 'node:http2';
import {
  assertFails,
  assertSucceeds,
  initializeTestEnvironment,
  type RulesTestEnvironment,
} from '@firebase/rules-unit-testing';
import {
  collection,
  doc,
  getDoc,
  getDocs,
  onSnapshot,
  query,
  serverTimestamp,
  setDoc,
  where,
  writeBatch,
} from 'firebase/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminClient,
  startTestEmulator,
  webClient,
  type TestEmulator,
} from './support/emulator.js';

const PROJECT = 'demo-grpc-errors';
const RULES = `rules_version = '2';
service cloud.firestore {
  match /databases/{database}/documents {
    match /public/{id} {
      allow read: if true;
      allow create: if request.resource.data.created_at == request.time;
    }
    match /private/{id} {
      allow read, write: if request.auth != null && request.auth.uid == id;
    }
  }
}
`;

let emu: TestEmulator;

beforeAll(async () => {
  emu = await startTestEmulator({ rules: RULES });
});

afterAll(async () => {
  await emu?.stop();
});

/** Sends one raw gRPC request (bytes as given) and returns the grpc-status and grpc-message. */
function rawGrpc(path: string, body: Buffer): Promise<{ status: string; message: string }> {
  return new Promise((resolve, reject) => {
    const client = http2.connect(`http://127.0.0.1:${emu.port}`);
    client.on('error', reject);
    const req = client.request({
      ':method': 'POST',
      ':path': path,
      'content-type': 'application/grpc',
      te: 'trailers',
    });
    let headers: http2.IncomingHttpHeaders = {};
    req.on('response', (h) => (headers = h));
    req.on('trailers', (t) => (headers = { ...headers, ...t }));
    req.on('data', () => {});
    req.on('end', () => {
      client.close();
      resolve({
        status: String(headers['grpc-status']),
        message: decodeURIComponent(String(headers['grpc-message'] ?? '')),
      });
    });
    req.end(body);
  });
}

function grpcFrame(payload: Buffer): Buffer {
  const head = Buffer.alloc(5);
  head.writeUInt32BE(payload.length, 1);
  return Buffer.concat([head, payload]);
}

describe('malformed requests and error shapes', () => {
  it('answers garbage with an error status and keeps serving', async () => {
    const r1 = await rawGrpc(
      '/google.firestore.v1.Firestore/Commit',
      grpcFrame(Buffer.from([0xff, 0xff, 0xff, 0xff, 0x0f])),
    );
    expect(r1.status).toBe('3');
    const r2 = await rawGrpc('/google.firestore.v1.Firestore/Commit', Buffer.from([0, 0, 0]));
    expect(r2.status).not.toBe('0');
    const r3 = await rawGrpc(
      '/google.firestore.v1.Firestore/NoSuchMethod',
      grpcFrame(Buffer.alloc(0)),
    );
    expect(r3.status).toBe('12');
    const r4 = await rawGrpc(
      '/google.firestore.v1.Firestore/GetDocument',
      grpcFrame(Buffer.alloc(0)),
    );
    expect(r4.status).toBe('3');
    const admin = adminClient(emu, PROJECT);
    await admin.db.doc('alive/a').set({ ok: true });
    expect((await admin.db.doc('alive/a').get()).get('ok')).toBe(true);
    await admin.close();
  });

  it('reports NOT_FOUND for a missing document update from the JS SDK', async () => {
    const web = webClient(emu, PROJECT, { user_id: 'x' });
    const { updateDoc } = await import('firebase/firestore');
    await expect(updateDoc(doc(web.db, 'private/x'), { a: 1 })).rejects.toMatchObject({
      code: 'not-found',
    });
    await web.close();
  });
});

describe('security rules for client SDK traffic', () => {
  it('denies and allows reads by auth, with the official message shape', async () => {
    const admin = adminClient(emu, PROJECT);
    await admin.db.doc('private/alice').set({ secret: 1 });
    const anon = webClient(emu, PROJECT);
    const alice = webClient(emu, PROJECT, { user_id: 'alice' });
    const err = await getDoc(doc(anon.db, 'private/alice')).catch(
      (e: { code: string; message: string }) => e,
    );
    expect((err as { code: string }).code).toBe('permission-denied');
    expect((err as { message: string }).message).toMatch(/for 'get' @ L\d+/);
    expect((await getDoc(doc(alice.db, 'private/alice'))).get('secret')).toBe(1);
    // The owner (admin SDK) bypasses rules.
    expect((await admin.db.doc('private/alice').get()).get('secret')).toBe(1);
    await expect(getDocs(collection(anon.db, 'private'))).rejects.toMatchObject({
      code: 'permission-denied',
    });
    await anon.close();
    await alice.close();
    await admin.close();
  });

  it('checks transaction reads (get) and aggregations (list) too', async () => {
    const { getCountFromServer, runTransaction } = await import('firebase/firestore');
    const admin = adminClient(emu, PROJECT);
    await admin.db.doc('private/erin').set({ n: 1 });
    const anon = webClient(emu, PROJECT);
    await expect(
      runTransaction(anon.db, async (tx) => {
        await tx.get(doc(anon.db, 'private/erin'));
      }),
    ).rejects.toMatchObject({ code: 'permission-denied' });
    await expect(getCountFromServer(collection(anon.db, 'private'))).rejects.toMatchObject({
      code: 'permission-denied',
    });
    const erin = webClient(emu, PROJECT, { user_id: 'erin' });
    const n = await runTransaction(erin.db, async (tx) => {
      const s = await tx.get(doc(erin.db, 'private/erin'));
      tx.update(s.ref, { n: (s.get('n') as number) + 1 });
      return s.get('n') as number;
    });
    expect(n).toBe(1);
    expect((await admin.db.doc('private/erin').get()).get('n')).toBe(2);
    await erin.close();
    await anon.close();
    await admin.close();
  });

  it('checks request.time against serverTimestamp() on create', async () => {
    const anon = webClient(emu, PROJECT);
    await setDoc(doc(anon.db, 'public/ok'), { created_at: serverTimestamp() });
    await expect(
      setDoc(doc(anon.db, 'public/bad'), { created_at: new Date(2020, 1, 1) }),
    ).rejects.toMatchObject({ code: 'permission-denied' });
    await anon.close();
  });

  it('rejects a whole batch when one write is denied', async () => {
    const bob = webClient(emu, PROJECT, { user_id: 'bob' });
    const admin = adminClient(emu, PROJECT);
    const b = writeBatch(bob.db);
    b.set(doc(bob.db, 'private/bob'), { mine: true });
    b.set(doc(bob.db, 'private/carol'), { mine: false });
    await expect(b.commit()).rejects.toMatchObject({ code: 'permission-denied' });
    expect((await admin.db.doc('private/bob').get()).exists).toBe(false);
    await bob.close();
    await admin.close();
  });

  it('rejects a denied listener with permission-denied', async () => {
    const anon = webClient(emu, PROJECT);
    const code = await new Promise<string>((resolve) => {
      const u = onSnapshot(
        query(collection(anon.db, 'private'), where('secret', '==', 1)),
        () => {},
        (e) => {
          u();
          resolve(e.code);
        },
      );
    });
    expect(code).toBe('permission-denied');
    await anon.close();
  });
});

describe('emulator endpoints used by @firebase/rules-unit-testing', () => {
  let env: RulesTestEnvironment;
  const projectId = 'demo-grpc-errors-rut';

  beforeAll(async () => {
    env = await initializeTestEnvironment({
      projectId,
      firestore: { host: '127.0.0.1', port: emu.port, rules: RULES },
    });
  });

  afterAll(async () => {
    await env?.cleanup();
  });

  it('loads rules, clears data and evaluates contexts', async () => {
    await env.withSecurityRulesDisabled(async (ctx) => {
      await setDoc(doc(ctx.firestore(), 'private/dan'), { v: 1 });
    });
    await assertSucceeds(getDoc(doc(env.authenticatedContext('dan').firestore(), 'private/dan')));
    await assertFails(getDoc(doc(env.unauthenticatedContext().firestore(), 'private/dan')));
    await env.clearFirestore();
    const after = await getDoc(doc(env.authenticatedContext('dan').firestore(), 'private/dan'));
    expect(after.exists()).toBe(false);
  });

  it('answers 400 with file:line:col for rules that do not compile, keeping the old rules', async () => {
    const res = await fetch(
      `http://127.0.0.1:${emu.port}/emulator/v1/projects/${projectId}:securityRules`,
      {
        method: 'PUT',
        body: JSON.stringify({
          rules: { files: [{ name: 'bad.rules', content: 'service cloud.firestore {' }] },
        }),
      },
    );
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: { message: string } };
    expect(body.error.message).toMatch(/^bad\.rules:\d+:\d+ /);
    await assertFails(getDoc(doc(env.unauthenticatedContext().firestore(), 'private/dan')));
  });

  it('answers CORS preflights and Ok on /', async () => {
    const pre = await fetch(
      `http://127.0.0.1:${emu.port}/emulator/v1/projects/x/databases/(default)/documents`,
      {
        method: 'OPTIONS',
        headers: { origin: 'http://localhost:5173', 'access-control-request-method': 'DELETE' },
      },
    );
    expect(pre.headers.get('access-control-allow-origin')).toBe('*');
    expect(await (await fetch(`http://127.0.0.1:${emu.port}/`)).text()).toBe('Ok');
  });
});

describe('rules on live document listeners', () => {
  it('re-evaluates get rules when a listened document changes', async () => {
    const rules = `rules_version = '2';
service cloud.firestore {
  match /databases/{database}/documents {
    match /shared/{id} {
      allow read: if resource == null || resource.data.visible == true;
    }
  }
}
`;
    const local = await startTestEmulator({ rules });
    const admin = adminClient(local, 'demo-grpc-errors-recheck');
    const anon = webClient(local, 'demo-grpc-errors-recheck');
    await admin.db.doc('shared/doc').set({ visible: true, v: 1 });
    const seen: number[] = [];
    const code = await new Promise<string>((resolve) => {
      onSnapshot(
        doc(anon.db, 'shared/doc'),
        (s) => {
          seen.push(s.get('v') as number);
          if (seen.length === 1) void admin.db.doc('shared/doc').set({ visible: false, v: 2 });
        },
        (e) => resolve(e.code),
      );
    });
    expect(code).toBe('permission-denied');
    expect(seen).toEqual([1]);
    await anon.close();
    await admin.close();
    await local.stop();
  });
});
