import { FieldValue, Timestamp } from 'firebase-admin/firestore';
import {
  collection,
  doc,
  getDoc,
  onSnapshot,
  query,
  runTransaction,
  serverTimestamp,
  setDoc,
  where,
  type QuerySnapshot,
} from 'firebase/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminClient,
  startTestEmulator,
  waitFor,
  webClient,
  type TestEmulator,
} from './support/emulator.js';

const PROJECT = 'demo-grpc-basics';
let emu: TestEmulator;
let admin: ReturnType<typeof adminClient>;
let web: ReturnType<typeof webClient>;

beforeAll(async () => {
  emu = await startTestEmulator();
  admin = adminClient(emu, PROJECT);
  web = webClient(emu, PROJECT);
});

afterAll(async () => {
  await web?.close();
  await admin?.close();
  await emu?.stop();
});

describe('gRPC with firebase-admin', () => {
  it('writes and reads back a document with a server timestamp', async () => {
    const before = Date.now();
    const wr = await admin.db.doc('basics/a').set({ n: 1, at: FieldValue.serverTimestamp() });
    const snap = await admin.db.doc('basics/a').get();
    expect(snap.exists).toBe(true);
    expect(snap.get('n')).toBe(1);
    const at = snap.get('at') as Timestamp;
    expect(at.toMillis()).toBeGreaterThanOrEqual(before - 5);
    expect(at.isEqual(wr.writeTime)).toBe(true);
    expect(snap.createTime?.isEqual(wr.writeTime)).toBe(true);
  });

  it('runs a basic query', async () => {
    await admin.db.doc('basics-q/1').set({ v: 3 });
    await admin.db.doc('basics-q/2').set({ v: 1 });
    await admin.db.doc('basics-q/3').set({ v: 2 });
    const q = await admin.db.collection('basics-q').where('v', '>=', 2).orderBy('v').get();
    expect(q.docs.map((d) => d.id)).toEqual(['3', '1']);
  });

  it('gets many documents at once, found and missing', async () => {
    await admin.db.doc('basics-g/x').set({ ok: true });
    const [x, y] = await admin.db.getAll(admin.db.doc('basics-g/x'), admin.db.doc('basics-g/y'));
    expect(x.exists).toBe(true);
    expect(y.exists).toBe(false);
  });

  it('delivers live query snapshots', async () => {
    const sizes: number[] = [];
    const unsub = admin.db.collection('basics-live').onSnapshot((s) => sizes.push(s.size));
    await waitFor(() => sizes.length === 1);
    await admin.db.collection('basics-live').add({ a: 1 });
    await waitFor(() => sizes.length === 2);
    unsub();
    expect(sizes).toEqual([0, 1]);
  });
});

describe('gRPC with the JS SDK in Node', () => {
  it('writes through the Write stream and reads back', async () => {
    await setDoc(doc(web.db, 'basics-web/1'), { hello: 'world', at: serverTimestamp() });
    const snap = await getDoc(doc(web.db, 'basics-web/1'));
    expect(snap.get('hello')).toBe('world');
    expect(snap.get('at')).toBeTruthy();
  });

  it('sees a write by another client in a live query', async () => {
    const seen: string[][] = [];
    const unsub = onSnapshot(
      query(collection(web.db, 'basics-web-live'), where('n', '>', 1)),
      (s: QuerySnapshot) => {
        if (!s.metadata.hasPendingWrites) seen.push(s.docs.map((d) => d.id));
      },
    );
    await waitFor(() => seen.length === 1);
    await admin.db.doc('basics-web-live/small').set({ n: 1 });
    await admin.db.doc('basics-web-live/big').set({ n: 5 });
    await waitFor(() => seen.some((ids) => ids.includes('big')));
    unsub();
    expect(seen[0]).toEqual([]);
    expect(seen[seen.length - 1]).toEqual(['big']);
  });

  it('runs a transaction', async () => {
    await admin.db.doc('basics-web/counter').set({ n: 1 });
    await runTransaction(web.db, async (tx) => {
      const s = await tx.get(doc(web.db, 'basics-web/counter'));
      tx.update(doc(web.db, 'basics-web/counter'), { n: (s.get('n') as number) + 1 });
    });
    expect((await admin.db.doc('basics-web/counter').get()).get('n')).toBe(2);
  });
});

describe('aggregations from the JS SDK', () => {
  it('counts, sums and averages over gRPC', async () => {
    const {
      average,
      collection: col,
      getAggregateFromServer,
      getCountFromServer,
      sum,
    } = await import('firebase/firestore');
    await admin.db.doc('basics-agg/a').set({ n: 2 });
    await admin.db.doc('basics-agg/b').set({ n: 4.5 });
    await admin.db.doc('basics-agg/c').set({ other: true });
    const count = await getCountFromServer(col(web.db, 'basics-agg'));
    expect(count.data().count).toBe(3);
    const agg = await getAggregateFromServer(col(web.db, 'basics-agg'), {
      total: sum('n'),
      mean: average('n'),
    });
    expect(agg.data()).toEqual({ total: 6.5, mean: 3.25 });
  });
});
