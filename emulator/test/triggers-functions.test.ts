// Firestore-triggered functions through the real stack, as `npm start` runs them: our emulator
// with --functions_emulator, firebase-tools' Functions emulator loading a fixture codebase
// (fixtures/trigger-functions), and the local suite registering its triggers with ours. Each
// function records what it received in `trigger-results/{name}`; the tests wait for that document.
import { fileURLToPath } from 'node:url';
import type { Firestore as AdminFirestore, Timestamp } from 'firebase-admin/firestore';
import { FieldValue } from 'firebase-admin/firestore';
import { doc, setDoc } from 'firebase/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalSuite, type LocalSuite } from '../../scripts/lib/local-suite.mjs';
import { OPEN_RULES, adminClient, webClient } from './support/emulator.js';

// firebase-admin here talks to emulators only (npm test sets this too).
process.env.METADATA_SERVER_DETECTION ??= 'none';
const FIXTURE = fileURLToPath(new URL('./fixtures/trigger-functions', import.meta.url));
/** A cold function worker can take long to start on a busy 2-core machine. */
const WAIT_MS = 170_000;

let suite: LocalSuite;
let db: AdminFirestore;
const closers: (() => Promise<void>)[] = [];

beforeAll(async () => {
  suite = await startLocalSuite({
    functions: true,
    functionsSource: FIXTURE,
    // Triggers are the subject here; the app's App Check is tested with the app (e2e, functions/).
    appCheck: false,
    log: process.env.VAGAS_SUITE_LOG === '1' ? (line) => console.log(line) : undefined,
  });
  const admin = adminClient(suite.firestore, suite.projectId);
  closers.push(admin.close);
  db = admin.db;
  // The suite enforces the app's rules; these tests write their own collections from clients.
  const res = await fetch(
    `http://${suite.firestore.host}:${suite.firestore.port}/emulator/v1/projects/${suite.projectId}:securityRules`,
    {
      method: 'PUT',
      body: JSON.stringify({ rules: { files: [{ name: 'open.rules', content: OPEN_RULES }] } }),
    },
  );
  expect(res.status).toBe(200);
}, 300_000);

afterAll(async () => {
  for (const close of closers) await close();
  await suite?.stop();
});

type Result = Record<string, unknown>;

/** Resolves with `trigger-results/{id}` once it exists and `ready` holds (a live listener, no polling). */
function result(id: string, ready: (data: Result) => boolean = () => true): Promise<Result> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      stop();
      reject(new Error(`trigger-results/${id} did not appear`));
    }, WAIT_MS);
    const stop = db.doc(`trigger-results/${id}`).onSnapshot(
      (snap) => {
        const data = snap.data();
        if (!data || !ready(data)) return;
        clearTimeout(timer);
        stop();
        resolve(data);
      },
      (error) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

const seenLength = (n: number) => (data: Result) => (data.seen as unknown[]).length >= n;

describe('v2 functions', () => {
  it(
    'onDocumentCreated / Updated / Deleted / Written run with snapshots, times and params, in commit order',
    async () => {
      const ref = db.doc('v2/ana');
      const created = await ref.set({ step: 1, at: FieldValue.serverTimestamp() });
      const updated = await ref.update({ step: 2 });
      await ref.delete();
      const onCreated = await result('v2Created-ana');
      expect(onCreated).toMatchObject({
        type: 'google.cloud.firestore.document.v1.created',
        document: 'v2/ana',
        params: { docId: 'ana' },
        value: { data: { step: 1 } },
      });
      const value = onCreated.value as { data: { at: Timestamp }; createTime: Timestamp };
      // The server timestamp arrives resolved, equal to the commit time.
      expect(value.data.at.isEqual(created.writeTime)).toBe(true);
      expect(value.createTime.isEqual(created.writeTime)).toBe(true);
      const onUpdated = await result('v2Updated-ana-2');
      expect(onUpdated).toMatchObject({
        before: { data: { step: 1 } },
        after: { data: { step: 2 } },
      });
      expect(
        (onUpdated.after as { updateTime: Timestamp }).updateTime.isEqual(updated.writeTime),
      ).toBe(true);
      expect(await result('v2Deleted-ana')).toMatchObject({ value: { data: { step: 2 } } });
      expect((await result('v2Written-ana', seenLength(3))).seen).toEqual([
        'create:1',
        'update:2',
        'delete:2',
      ]);
    },
    WAIT_MS,
  );

  it(
    '{path=**} and single-segment wildcards fill the params',
    async () => {
      await db.doc('deep/a/b/c').set({ v: 1 });
      await db.doc('authed/g1/items/i1').set({ v: 1 });
      expect(await result('v2Deep-a~b~c')).toEqual({
        params: { path: 'a/b/c' },
        document: 'deep/a/b/c',
      });
      expect(await result('v2Auth-g1-i1-create')).toMatchObject({
        params: { group: 'g1', itemId: 'i1' },
      });
    },
    WAIT_MS,
  );

  it(
    '…WithAuthContext gives the writer: an end user through the client SDK, the service account for the admin SDK',
    async () => {
      const alice = webClient(suite.firestore, suite.projectId, { user_id: 'alice', sub: 'alice' });
      closers.push(alice.close);
      await setDoc(doc(alice.db, 'authed/g2/items/by-alice'), { v: 1 });
      await db.doc('authed/g2/items/by-admin').set({ v: 2 });
      expect(await result('v2Auth-g2-by-alice-create')).toMatchObject({
        type: 'google.cloud.firestore.document.v1.written.withAuthContext',
        authType: 'app_user',
        authId: 'alice',
      });
      expect(await result('v2Auth-g2-by-admin-create')).toMatchObject({
        authType: 'service_account',
        authId: `${suite.projectId}@appspot.gserviceaccount.com`,
      });
    },
    WAIT_MS,
  );

  it(
    'a batch runs the function once per matching document',
    async () => {
      const batch = db.batch();
      for (const id of ['b1', 'b2', 'b3']) batch.set(db.doc(`v2/${id}`), { step: id });
      await batch.commit();
      for (const id of ['b1', 'b2', 'b3']) {
        expect(await result(`v2Created-${id}`)).toMatchObject({ value: { data: { step: id } } });
      }
    },
    WAIT_MS,
  );

  it(
    'a transaction that does not commit runs nothing',
    async () => {
      await expect(
        db.runTransaction(async (tx) => {
          await tx.get(db.doc('v2/tx'));
          tx.set(db.doc('v2/tx'), { step: 'rolled back' });
          throw new Error('abandoned');
        }),
      ).rejects.toThrow('abandoned');
      await db.doc('v2/tx').set({ step: 'committed' });
      // One document's events arrive in commit order: once this one ran, any earlier one had too.
      expect((await result('v2Written-tx', seenLength(1))).seen).toEqual(['create:committed']);
    },
    WAIT_MS,
  );

  it(
    'a function that throws is logged, and the others still run',
    async () => {
      await db.doc('boom/x').set({ v: 1 });
      expect(await result('boomSurvivor-x')).toEqual({ ok: true });
      const base = `http://${suite.firestore.host}:${suite.firestore.port}`;
      let failed: { delivery: { result: string; message: string } } | undefined;
      while (!failed) {
        const { requests } = (await (await fetch(`${base}/console/api/requests`)).json()) as {
          requests: {
            path: string;
            delivery?: { function: string; result: string; message: string };
          }[];
        };
        failed = requests.find(
          (r) => r.delivery?.function === 'us-central1-boom' && r.path === 'boom/x',
        ) as typeof failed;
        if (!failed) await new Promise((r) => setTimeout(r, 200));
      }
      // The error's text is in the Functions emulator's log; its answer is a 500 (with that text,
      // or ECONNRESET when it ends the worker that threw before the answer is out).
      expect(failed.delivery).toMatchObject({ result: 'failed' });
      expect(failed.delivery.message).toMatch(/^HTTP 500: /);
      await db.doc('v2/after-boom').set({ step: 'after' });
      expect(await result('v2Created-after-boom')).toMatchObject({
        value: { data: { step: 'after' } },
      });
    },
    WAIT_MS,
  );

  it(
    "a function's own write triggers the next function",
    async () => {
      await db.doc('chain/c1').set({ v: 1 });
      expect(await result('chain-c1')).toEqual({ from: 'chain/c1' });
    },
    WAIT_MS,
  );
});

describe('v1 functions', () => {
  it(
    'onCreate and onWrite run with their snapshots, params and event types',
    async () => {
      const created = await db.doc('v1/job').set({ title: 'Operador' });
      await db.doc('v1/job').update({ title: 'Supervisor' });
      const onCreate = await result('v1Create-job');
      expect(onCreate).toMatchObject({
        eventType: 'google.firestore.document.create',
        resource: `projects/${suite.projectId}/databases/(default)/documents/v1/job`,
        params: { docId: 'job' },
        value: { data: { title: 'Operador' } },
      });
      expect(
        (onCreate.value as { createTime: Timestamp }).createTime.isEqual(created.writeTime),
      ).toBe(true);
      expect(await result('v1Write-job-create')).toMatchObject({
        eventType: 'google.firestore.document.write',
        before: null,
        after: { data: { title: 'Operador' } },
      });
      expect(await result('v1Write-job-update')).toMatchObject({
        before: { data: { title: 'Operador' } },
        after: { data: { title: 'Supervisor' } },
      });
    },
    WAIT_MS,
  );
});
