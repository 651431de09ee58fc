// TTL policies declared as firebase-tools deploys them (firestore.indexes.json fieldOverrides with
// "ttl": true): expired documents are deleted by the sweep, the deletion reaches a JS SDK listener
// as a removal and a registered Firestore trigger as a delete event (decoded with
// firebase-functions), and only the databases whose indexes file declares the policy are swept.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { initializeApp as initAdminApp } from 'firebase-admin/app';
import { Timestamp, type Firestore as AdminFirestore } from 'firebase-admin/firestore';
import { collection, onSnapshot, type DocumentChange } from 'firebase/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeFunctions, type FakeFunctions } from './support/fake-functions.js';
import {
  OPEN_RULES,
  adminClient,
  startTestEmulator,
  waitFor,
  webClient,
  type TestEmulator,
} from './support/emulator.js';
import { decodeWritten, forKey, register, stateOf, T } from './support/triggers.js';

const PROJECT = 'demo-ttl';
process.env.GCLOUD_PROJECT = PROJECT;
// The functions SDK builds its snapshots with the default admin app (no server is contacted).
initAdminApp({ projectId: PROJECT });

const dir = mkdtempSync(path.join(tmpdir(), 'fs-emu-ttl-'));
const closers: (() => Promise<void>)[] = [];
let fake: FakeFunctions;
let emu: TestEmulator;
let admin: AdminFirestore;
let archive: AdminFirestore;

/** Resolves once the document at `p` no longer exists. */
async function gone(p: string): Promise<void> {
  let missing = false;
  await waitFor(() => {
    void admin
      .doc(p)
      .get()
      .then((s) => (missing = !s.exists));
    return missing;
  }, 60_000);
}

const past = () => Timestamp.fromMillis(Date.now() - 60_000);
const future = () => Timestamp.fromMillis(Date.now() + 3_600_000);

beforeAll(async () => {
  const ttl = {
    indexes: [],
    fieldOverrides: [
      { collectionGroup: 'outbox', fieldPath: 'expireAt', ttl: true, indexes: [] },
      { collectionGroup: 'sessions', fieldPath: 'meta.until', ttl: true, indexes: [] },
      { collectionGroup: 'leads', fieldPath: 'status', indexes: [] },
    ],
  };
  writeFileSync(path.join(dir, 'ttl.indexes.json'), JSON.stringify(ttl));
  writeFileSync(path.join(dir, 'plain.indexes.json'), JSON.stringify({ indexes: [] }));
  writeFileSync(path.join(dir, 'open.rules'), OPEN_RULES);
  writeFileSync(
    path.join(dir, 'firebase.json'),
    JSON.stringify({
      firestore: [
        { database: '(default)', rules: 'open.rules', indexes: 'ttl.indexes.json' },
        { database: 'archive', rules: 'open.rules', indexes: 'plain.indexes.json' },
      ],
    }),
  );
  fake = await startFakeFunctions();
  emu = await startTestEmulator({
    firebaseConfig: path.join(dir, 'firebase.json'),
    functionsEmulator: fake.target,
    ttlSweepIntervalMs: 50,
  });
  const a = adminClient(emu, PROJECT);
  const b = adminClient(emu, PROJECT, 'archive');
  closers.push(a.close, b.close);
  admin = a.db;
  archive = b.db;
});
afterAll(async () => {
  for (const close of closers.reverse()) await close();
  await emu?.stop();
  await fake?.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe('TTL policies', () => {
  it('delete expired documents: a listener sees the removal, a trigger gets the delete event', async () => {
    await register(emu, PROJECT, 'us-central1-outboxGone-0', `${T}deleted`, 'outbox/{id}');
    const web = webClient(emu, PROJECT);
    closers.push(web.close);
    const changes: DocumentChange[] = [];
    let ids: string[] = [];
    const unsubscribe = onSnapshot(collection(web.db, 'outbox'), (s) => {
      changes.push(...s.docChanges());
      ids = s.docs.map((d) => d.id).sort();
    });
    closers.push(async () => unsubscribe());
    await admin.doc('outbox/kept').set({ expireAt: future(), to: 'ana' });
    await admin.doc('outbox/no-timestamp').set({ expireAt: 'tomorrow', to: 'bia' });
    await admin.doc('outbox/no-field').set({ to: 'caio' });
    await waitFor(() => ids.length === 3);
    // Written with a time already past: it goes at the next sweep.
    await admin.doc('outbox/due').set({ expireAt: past(), to: 'davi' });

    await waitFor(() => changes.some((c) => c.type === 'removed' && c.doc.id === 'due'), 20_000);
    expect(ids).toEqual(['kept', 'no-field', 'no-timestamp']);
    expect(changes.find((c) => c.type === 'removed')?.doc.data()).toMatchObject({ to: 'davi' });

    await fake.waitFor((events) => forKey('us-central1-outboxGone-0')(events).length > 0);
    const [event] = forKey('us-central1-outboxGone-0')(fake.received);
    expect(event.headers['ce-type']).toBe(`${T}deleted`);
    const decoded = await decodeWritten('outbox/{id}', event);
    expect(decoded.params).toEqual({ id: 'due' });
    expect(stateOf(decoded.data.after)).toBeNull();
    expect(stateOf(decoded.data.before)).toMatchObject({ to: 'davi' });
  });

  it('applies to the whole collection group, nested field paths, and documents that expire later', async () => {
    await admin.doc('users/u1/outbox/m1').set({ expireAt: past() });
    await admin.doc('sessions/s1').set({ meta: { until: past() } });
    await admin.doc('sessions/s2').set({ meta: { until: future() } });
    const soon = Timestamp.fromMillis(Date.now() + 1500);
    await admin.doc('outbox/soon').set({ expireAt: soon });
    let deletedAt: Timestamp | undefined;
    const unsubscribe = admin.doc('outbox/soon').onSnapshot((snap) => {
      if (!snap.exists) deletedAt = snap.readTime;
    });
    closers.push(async () => unsubscribe());
    await gone('users/u1/outbox/m1');
    await gone('sessions/s1');
    await waitFor(() => deletedAt !== undefined, 20_000);
    // `soon` went only once its time had come (the snapshot's read time is the delete's commit).
    expect(deletedAt?.toMillis()).toBeGreaterThanOrEqual(soon.toMillis());
    expect((await admin.doc('sessions/s2').get()).exists).toBe(true);
  });

  it('sweeps only the databases whose indexes file declares the policy', async () => {
    await archive.doc('outbox/old').set({ expireAt: past() });
    // Two deletions in the default database after the write above: a whole sweep has passed.
    for (const id of ['first', 'second']) {
      await admin.doc(`outbox/${id}`).set({ expireAt: past() });
      await gone(`outbox/${id}`);
    }
    expect((await archive.doc('outbox/old').get()).exists).toBe(true);
  });
});
