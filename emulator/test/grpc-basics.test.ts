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
  Timestamp as WebTimestamp,
  where,
  type QuerySnapshot,
} from 'firebase/firestore';
import { describe, expect, it } from 'vitest';
import { useEmulator, waitFor } from './support/emulator.js';

const PROJECT = 'demo-grpc-basics';
const env = useEmulator(PROJECT);

describe('gRPC with firebase-admin', () => {
  it('writes and reads back a document with a server timestamp', async () => {
    const before = Date.now();
    const wr = await env.admin.doc('basics/a').set({ n: 1, at: FieldValue.serverTimestamp() });
    const snap = await env.admin.doc('basics/a').get();
    expect(snap.exists).toBe(true);
    expect(snap.get('n')).toBe(1);
    const at = snap.get('at') as Timestamp;
    expect(at).toBeInstanceOf(Timestamp);
    expect(at.toMillis()).toBeGreaterThanOrEqual(before - 1);
    expect(at.toMillis()).toBeLessThanOrEqual(Date.now() + 1);
    expect(at.isEqual(wr.writeTime)).toBe(true);
    expect(snap.createTime?.isEqual(wr.writeTime)).toBe(true);
  });

  it('runs a basic query', async () => {
    await env.admin.doc('basics-q/1').set({ v: 3 });
    await env.admin.doc('basics-q/2').set({ v: 1 });
    await env.admin.doc('basics-q/3').set({ v: 2 });
    const q = await env.admin.collection('basics-q').where('v', '>=', 2).orderBy('v').get();
    expect(q.docs.map((d) => d.id)).toEqual(['3', '1']);
  });

  it('gets many documents at once, found and missing', async () => {
    await env.admin.doc('basics-g/x').set({ ok: true });
    const [x, y] = await env.admin.getAll(env.admin.doc('basics-g/x'), env.admin.doc('basics-g/y'));
    expect(x.exists).toBe(true);
    expect(y.exists).toBe(false);
  });

  it('delivers live query snapshots', async () => {
    const sizes: number[] = [];
    const unsub = env.admin.collection('basics-live').onSnapshot((s) => sizes.push(s.size));
    await waitFor(() => sizes.length === 1);
    await env.admin.collection('basics-live').add({ a: 1 });
    await waitFor(() => sizes.length === 2);
    unsub();
    expect(sizes).toEqual([0, 1]);
  });
});

describe('gRPC with the JS SDK in Node', () => {
  it('writes through the Write stream and reads back', async () => {
    const before = Date.now();
    await setDoc(doc(env.web, 'basics-web/1'), { hello: 'world', at: serverTimestamp() });
    const after = Date.now();
    const snap = await getDoc(doc(env.web, 'basics-web/1'));
    expect(snap.get('hello')).toBe('world');
    // The server timestamp is the commit time: a timestamp within the request.
    const at = snap.get('at') as WebTimestamp;
    expect(at).toBeInstanceOf(WebTimestamp);
    expect(at.toMillis()).toBeGreaterThanOrEqual(before - 1);
    expect(at.toMillis()).toBeLessThanOrEqual(after + 1);
  });

  it('sees a write by another client in a live query', async () => {
    const seen: string[][] = [];
    const unsub = onSnapshot(
      query(collection(env.web, 'basics-web-live'), where('n', '>', 1)),
      (s: QuerySnapshot) => {
        if (!s.metadata.hasPendingWrites) seen.push(s.docs.map((d) => d.id));
      },
    );
    await waitFor(() => seen.length === 1);
    await env.admin.doc('basics-web-live/small').set({ n: 1 });
    await env.admin.doc('basics-web-live/big').set({ n: 5 });
    await waitFor(() => seen.some((ids) => ids.includes('big')));
    unsub();
    expect(seen[0]).toEqual([]);
    expect(seen[seen.length - 1]).toEqual(['big']);
  });

  it('runs a transaction', async () => {
    await env.admin.doc('basics-web/counter').set({ n: 1 });
    await runTransaction(env.web, async (tx) => {
      const s = await tx.get(doc(env.web, 'basics-web/counter'));
      tx.update(doc(env.web, 'basics-web/counter'), { n: (s.get('n') as number) + 1 });
    });
    expect((await env.admin.doc('basics-web/counter').get()).get('n')).toBe(2);
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
    await env.admin.doc('basics-agg/a').set({ n: 2 });
    await env.admin.doc('basics-agg/b').set({ n: 4.5 });
    await env.admin.doc('basics-agg/c').set({ other: true });
    const count = await getCountFromServer(col(env.web, 'basics-agg'));
    expect(count.data().count).toBe(3);
    const agg = await getAggregateFromServer(col(env.web, 'basics-agg'), {
      total: sum('n'),
      mean: average('n'),
    });
    expect(agg.data()).toEqual({ total: 6.5, mean: 3.25 });
  });
});
