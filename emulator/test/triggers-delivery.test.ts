// Delivery of Firestore trigger events to a Functions emulator (a stand-in that records what
// arrives), decoded with firebase-functions itself: the v2 CloudEvent as the v2 provider reads it,
// the v1 legacy event as the v1 provider does. Every transport and kind of write, auth context,
// order and concurrency. (Failures: triggers-failures.test.ts; the real stack:
// triggers-functions.test.ts.)
import { initializeApp as initAdminApp } from 'firebase-admin/app';
import { FieldValue, type Firestore as AdminFirestore } from 'firebase-admin/firestore';
import { initializeApp as initWebApp } from 'firebase/app';
import { doc, setDoc } from 'firebase/firestore';
import {
  connectFirestoreEmulator as connectLite,
  doc as liteDoc,
  getFirestore as getLite,
  setDoc as liteSetDoc,
  terminate as terminateLite,
} from 'firebase/firestore/lite';
import * as v1 from 'firebase-functions/v1';
import {
  onDocumentCreatedWithAuthContext,
  type QueryDocumentSnapshot,
} from 'firebase-functions/v2/firestore';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startFakeFunctions, type FakeFunctions } from './support/fake-functions.js';
import { cloudEvent, decodeWritten, forKey, register, stateOf, T } from './support/triggers.js';
import {
  OPEN_RULES,
  adminClient,
  restAdminClient,
  startTestEmulator,
  webClient,
  type TestEmulator,
} from './support/emulator.js';

const PROJECT = 'demo-trig-delivery';

process.env.GCLOUD_PROJECT = PROJECT;
// The functions SDK builds its snapshots with the default admin app (no server is contacted).
initAdminApp({ projectId: PROJECT });

let fake: FakeFunctions;
let emu: TestEmulator;
let admin: AdminFirestore;
const closers: (() => Promise<unknown>)[] = [];

/** A client of `kind` on `target`, closed after the file. */
function client<K extends 'admin' | 'rest' | 'web'>(
  kind: K,
  target: TestEmulator = emu,
  user?: { user_id: string; sub: string },
) {
  const c =
    kind === 'admin'
      ? adminClient(target, PROJECT)
      : kind === 'rest'
        ? restAdminClient(target, PROJECT)
        : webClient(target, PROJECT, user);
  closers.push(() => c.close());
  return c.db as K extends 'web' ? ReturnType<typeof webClient>['db'] : AdminFirestore;
}

beforeAll(async () => {
  fake = await startFakeFunctions();
  emu = await startTestEmulator({ rules: OPEN_RULES, functionsEmulator: fake.target });
  admin = client('admin');
});
afterAll(async () => {
  for (const close of closers) await close();
  await emu?.stop();
  await fake?.stop();
});
afterEach(() => {
  fake.answer = () => ({ status: 200, body: '{"status":"acknowledged"}' });
});

describe('v2 CloudEvents', () => {
  it('decode with firebase-functions into before/after snapshots, times, params and resolved transforms', async () => {
    await register(emu, PROJECT, 'us-central1-people-0', `${T}written`, 'people/{personId}');
    const ref = admin.doc('people/ana');
    const created = await ref.set({ name: 'Ana', at: FieldValue.serverTimestamp(), n: 1 });
    const updated = await ref.update({ n: FieldValue.increment(2), 'tags.city': 'Aracaju' });
    await ref.delete();
    await fake.waitFor((events) => forKey('us-central1-people-0')(events).length === 3);
    const [c, u, d] = await Promise.all(
      forKey('us-central1-people-0')(fake.received).map((e) =>
        decodeWritten('people/{personId}', e),
      ),
    );
    expect(c.type).toBe(`${T}written`);
    expect(c.document).toBe('people/ana');
    expect(c.params).toEqual({ personId: 'ana' });
    expect(c.data.before.exists).toBe(false);
    expect(stateOf(c.data.after)).toEqual({ name: 'Ana', n: 1, at: created.writeTime });
    expect(c.data.after.createTime).toEqual(created.writeTime);
    expect(c.data.after.ref.path).toBe('people/ana');

    expect(stateOf(u.data.before)).toEqual({ name: 'Ana', n: 1, at: created.writeTime });
    expect(stateOf(u.data.after)).toEqual({
      name: 'Ana',
      n: 3,
      at: created.writeTime,
      tags: { city: 'Aracaju' },
    });
    expect(u.data.after.createTime).toEqual(created.writeTime);
    expect(u.data.after.updateTime).toEqual(updated.writeTime);

    expect(stateOf(d.data.before)).toEqual(stateOf(u.data.after));
    expect(d.data.after.exists).toBe(false);
    const headers = forKey('us-central1-people-0')(fake.received)[0].headers;
    expect(headers).toMatchObject({
      'content-type': 'application/protobuf',
      'ce-specversion': '1.0',
      'ce-source': `//firestore.googleapis.com/projects/${PROJECT}/databases/(default)`,
      'ce-subject': 'documents/people/ana',
      'ce-project': PROJECT,
      'ce-database': '(default)',
    });
  });

  it('carry {path=**} and nested {id} params, and percent-encode what a header cannot hold', async () => {
    await register(emu, PROJECT, 'us-central1-deep-0', `${T}written`, 'deep/{path=**}');
    await register(
      emu,
      PROJECT,
      'us-central1-nested-0',
      `${T}written`,
      'org/{orgId}/team/{teamId}',
    );
    await admin.doc('deep/a/b/c').set({ x: 1 });
    await admin.doc('org/o1/team/São Paulo').set({ x: 2 });
    await fake.waitFor(
      (events) =>
        forKey('us-central1-deep-0')(events).length === 1 &&
        forKey('us-central1-nested-0')(events).length === 1,
    );
    const deep = await decodeWritten(
      'deep/{path=**}',
      forKey('us-central1-deep-0')(fake.received)[0],
    );
    expect(deep.params).toEqual({ path: 'a/b/c' });
    const nested = await decodeWritten(
      'org/{orgId}/team/{teamId}',
      forKey('us-central1-nested-0')(fake.received)[0],
    );
    expect(nested.params).toEqual({ orgId: 'o1', teamId: 'São Paulo' });
    expect(stateOf(nested.data.after)).toEqual({ x: 2 });
  });

  it('give the writer as authtype/authid for …WithAuthContext: a user, unauthenticated, the service account', async () => {
    await register(
      emu,
      PROJECT,
      'us-central1-authed-0',
      `${T}created.withAuthContext`,
      'authed/{id}',
    );
    const alice = client('web', emu, { user_id: 'alice', sub: 'alice' });
    const anonymous = client('web');
    await setDoc(doc(alice, 'authed/by-alice'), { v: 1 });
    await setDoc(doc(anonymous, 'authed/by-nobody'), { v: 2 });
    await admin.doc('authed/by-admin').set({ v: 3 });
    await fake.waitFor((events) => forKey('us-central1-authed-0')(events).length === 3);
    const seen: Record<string, { authType: string; authId?: string; v: unknown }> = {};
    for (const e of forKey('us-central1-authed-0')(fake.received)) {
      const fn = onDocumentCreatedWithAuthContext('authed/{id}', (event) => {
        seen[event.params.id] = {
          authType: event.authType,
          authId: event.authId,
          v: (event.data as QueryDocumentSnapshot).get('v'),
        };
      });
      await fn(cloudEvent(e) as never);
    }
    expect(seen).toEqual({
      'by-alice': { authType: 'app_user', authId: 'alice', v: 1 },
      'by-nobody': { authType: 'unauthenticated', authId: undefined, v: 2 },
      'by-admin': {
        authType: 'service_account',
        authId: `${PROJECT}@appspot.gserviceaccount.com`,
        v: 3,
      },
    });
  });
});

describe('v1 legacy events', () => {
  it('build the v1 provider snapshots, params and event type', async () => {
    await register(
      emu,
      PROJECT,
      'us-central1-jobs-0',
      'providers/cloud.firestore/eventTypes/document.write',
      'jobs/{jobId}',
      'v1',
    );
    const created = await admin.doc('jobs/j1').set({ title: 'Operador' });
    await admin.doc('jobs/j1').update({ title: 'Supervisor' });
    await fake.waitFor((events) => forKey('us-central1-jobs-0')(events).length === 2);
    const seen: {
      params: unknown;
      eventType: string;
      name: string;
      before: unknown;
      after: unknown;
      created?: unknown;
    }[] = [];
    const fn = v1.firestore.document('jobs/{jobId}').onWrite((change, context) => {
      seen.push({
        params: context.params,
        eventType: context.eventType,
        name: context.resource.name,
        before: stateOf(change.before),
        after: stateOf(change.after),
        created: change.after.createTime,
      });
    });
    for (const e of forKey('us-central1-jobs-0')(fake.received)) {
      expect(e.headers['content-type']).toBe('application/json');
      // What the Functions emulator's runtime does with a legacy event (processBackground).
      const { data, ...context } = JSON.parse(e.body.toString('utf8')) as { data: unknown };
      await fn(data, context as never);
    }
    expect(seen).toEqual([
      {
        params: { jobId: 'j1' },
        eventType: 'google.firestore.document.write',
        name: `projects/${PROJECT}/databases/(default)/documents/jobs/j1`,
        before: null,
        after: { title: 'Operador' },
        created: created.writeTime,
      },
      expect.objectContaining({
        before: { title: 'Operador' },
        after: { title: 'Supervisor' },
        created: created.writeTime,
      }),
    ]);
  });
});

describe('which writes count', () => {
  it('every transport, batches, BatchWrite and committed transactions; one event per document and trigger', async () => {
    await register(emu, PROJECT, 'us-central1-viaCreated-0', `${T}created`, 'via/{id}');
    await register(emu, PROJECT, 'us-central1-viaWritten-0', `${T}written`, 'via/{id}');
    await admin.doc('via/admin').set({ v: 1 });
    await client('rest').doc('via/rest').set({ v: 1 });
    await setDoc(doc(client('web'), 'via/web'), { v: 1 });
    const lite = getLite(initWebApp({ projectId: PROJECT, apiKey: 'k' }, 'lite-trig'));
    connectLite(lite, emu.host, emu.port);
    closers.push(() => terminateLite(lite));
    await liteSetDoc(liteDoc(lite, 'via/lite'), { v: 1 });
    const batch = admin.batch();
    for (const id of ['b1', 'b2', 'b3']) batch.set(admin.doc(`via/${id}`), { v: 1 });
    await batch.commit();
    const bulk = admin.bulkWriter();
    void bulk.set(admin.doc('via/bulk1'), { v: 1 });
    void bulk.set(admin.doc('via/bulk2'), { v: 1 });
    await bulk.close();
    await admin.runTransaction(async (tx) => {
      await tx.get(admin.doc('via/tx'));
      tx.set(admin.doc('via/tx'), { v: 1 });
    });
    const ids = ['admin', 'rest', 'web', 'lite', 'b1', 'b2', 'b3', 'bulk1', 'bulk2', 'tx'];
    await fake.waitFor((events) =>
      ids.every((id) => forKey('us-central1-viaWritten-0', `via/${id}`)(events).length === 1),
    );
    await fake.waitFor(
      (events) => forKey('us-central1-viaCreated-0')(events).length === ids.length,
    );
    const created = forKey('us-central1-viaCreated-0')(fake.received).map(
      (e) => e.headers['ce-document'],
    );
    expect(created.sort()).toEqual(ids.map((id) => `via/${id}`).sort());
  });

  it('a transaction that does not commit, or a commit that fails, triggers nothing', async () => {
    await register(emu, PROJECT, 'us-central1-txWritten-0', `${T}written`, 'tx/{id}');
    await expect(
      admin.runTransaction(async (tx) => {
        tx.set(admin.doc('tx/a'), { attempt: 'rolled back' });
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    await admin.doc('tx/b').set({ attempt: 'first' });
    await expect(
      admin.runTransaction(async (tx) => {
        tx.create(admin.doc('tx/b'), { attempt: 'already exists' });
      }),
    ).rejects.toThrow(/ALREADY_EXISTS|already exists/i);
    await expect(admin.doc('tx/c').update({ attempt: 'missing' })).rejects.toThrow(
      /NOT_FOUND|No document/,
    );
    // Later writes of the same documents: their events come after any earlier ones (one lane per
    // document), so once they are here, nothing else was sent for the failed writes.
    await admin.doc('tx/a').set({ attempt: 'second' });
    await admin.doc('tx/b').set({ attempt: 'second' });
    await admin.doc('tx/c').set({ attempt: 'second' });
    await fake.waitFor((events) => forKey('us-central1-txWritten-0', 'tx/c')(events).length === 1);
    await fake.waitFor((events) => forKey('us-central1-txWritten-0')(events).length >= 4);
    const attempts = await Promise.all(
      forKey('us-central1-txWritten-0')(fake.received).map(async (e) => {
        const w = await decodeWritten('tx/{id}', e);
        return `${w.params.id}:${String(w.data.after.get('attempt'))}`;
      }),
    );
    expect(attempts.sort()).toEqual(['a:second', 'b:first', 'b:second', 'c:second']);
  });
});

describe('bulk loads', () => {
  it('importing a fixture through the console triggers nothing; later writes do', async () => {
    await register(emu, PROJECT, 'us-central1-imported-0', `${T}written`, 'imported/{id}');
    const db = encodeURIComponent(`projects/${PROJECT}/databases/(default)`);
    const fixture = {
      format: 'vagas-firestore-fixture',
      version: 1,
      database: `projects/${PROJECT}/databases/(default)`,
      documents: {
        'imported/a': { v: { integerValue: '1' } },
        'imported/b': { v: { integerValue: '1' } },
      },
    };
    const res = await fetch(`http://${emu.hostAndPort}/console/api/import?db=${db}`, {
      method: 'POST',
      body: JSON.stringify(fixture),
    });
    expect(await res.json()).toEqual({ imported: 2 });
    await admin.doc('imported/a').set({ v: 2 });
    await fake.waitFor(
      (events) => forKey('us-central1-imported-0', 'imported/a')(events).length === 1,
    );
    const [only] = forKey('us-central1-imported-0')(fake.received);
    const w = await decodeWritten('imported/{id}', only);
    // Its before is the imported document: the import itself sent nothing.
    expect([stateOf(w.data.before), stateOf(w.data.after)]).toEqual([{ v: 1 }, { v: 2 }]);
  });
});

describe('delivery', () => {
  it('never holds up a commit: writes are acknowledged while functions run, at most 4 at a time', async () => {
    await register(emu, PROJECT, 'us-central1-slow-0', `${T}created`, 'slow/{id}');
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    fake.answer = () => released.then(() => ({ status: 200 }));
    for (let i = 0; i < 12; i++) await admin.doc(`slow/${i}`).set({ i });
    // Every commit above was answered while no function had finished.
    expect(forKey('us-central1-slow-0')(fake.received)).toHaveLength(0);
    await fake.waitFor(() => fake.inFlight === 4);
    release();
    await fake.waitFor((events) => forKey('us-central1-slow-0')(events).length === 12);
    expect(fake.maxInFlight).toBeLessThanOrEqual(4);
  });

  it("keeps one document's events in commit order while other documents go ahead", async () => {
    await register(emu, PROJECT, 'us-central1-steps-0', `${T}written`, 'steps/{id}');
    let n = 0;
    // Uneven answer times: a later event would overtake an earlier one if lanes were not kept.
    fake.answer = () =>
      new Promise((resolve) => setTimeout(() => resolve({ status: 200 }), (n++ * 7) % 23));
    for (let step = 1; step <= 8; step++) {
      await admin.doc('steps/one').set({ step });
      await admin.doc(`steps/other-${step}`).set({ step });
    }
    await fake.waitFor((events) => forKey('us-central1-steps-0', 'steps/one')(events).length === 8);
    const steps = await Promise.all(
      forKey(
        'us-central1-steps-0',
        'steps/one',
      )(fake.received).map(async (e) =>
        (await decodeWritten('steps/{id}', e)).data.after.get('step'),
      ),
    );
    expect(steps).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });
});
