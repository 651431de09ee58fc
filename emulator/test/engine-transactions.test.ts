import { FieldValue, Timestamp } from 'firebase-admin/firestore';
import { doc, runTransaction } from 'firebase/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminClient,
  startTestEmulator,
  webClient,
  type TestEmulator,
} from './support/emulator.js';

const PROJECT = 'demo-engine-transactions';
let emu: TestEmulator;
let admin: ReturnType<typeof adminClient>;
let admin2: ReturnType<typeof adminClient>;
let web: ReturnType<typeof webClient>;

beforeAll(async () => {
  emu = await startTestEmulator();
  admin = adminClient(emu, PROJECT);
  admin2 = adminClient(emu, PROJECT);
  web = webClient(emu, PROJECT);
});

afterAll(async () => {
  await web?.close();
  await admin2?.close();
  await admin?.close();
  await emu?.stop();
});

describe('read-write transactions', () => {
  it('serializes concurrent admin transactions on one document without lost updates', async () => {
    const ref = admin.db.doc('counters/admin');
    await ref.set({ n: 0 });
    const clients = [admin.db, admin2.db];
    await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        clients[i % 2].runTransaction(async (tx) => {
          const s = await tx.get(clients[i % 2].doc('counters/admin'));
          await new Promise((r) => setTimeout(r, 5));
          tx.update(s.ref, { n: (s.get('n') as number) + 1 });
        }),
      ),
    );
    expect((await ref.get()).get('n')).toBe(10);
  });

  it('serializes concurrent JS SDK transactions without lost updates', async () => {
    await admin.db.doc('counters/web').set({ n: 0 });
    await Promise.all(
      Array.from({ length: 6 }, () =>
        runTransaction(web.db, async (tx) => {
          const s = await tx.get(doc(web.db, 'counters/web'));
          tx.update(doc(web.db, 'counters/web'), { n: (s.get('n') as number) + 1 });
        }),
      ),
    );
    expect((await admin.db.doc('counters/web').get()).get('n')).toBe(6);
  });

  it('resolves lock cycles between transactions (wound-wait) and loses no update', async () => {
    const a = admin.db.doc('cycle/a');
    const b = admin.db.doc('cycle/b');
    await a.set({ n: 0 });
    await b.set({ n: 0 });
    const run = (db: typeof admin.db, first: string, second: string) =>
      db.runTransaction(async (tx) => {
        const s1 = await tx.get(db.doc(first));
        await new Promise((r) => setTimeout(r, 50));
        const s2 = await tx.get(db.doc(second));
        tx.update(s1.ref, { n: (s1.get('n') as number) + 1 });
        tx.update(s2.ref, { n: (s2.get('n') as number) + 1 });
      });
    const started = Date.now();
    await Promise.all([run(admin.db, 'cycle/a', 'cycle/b'), run(admin2.db, 'cycle/b', 'cycle/a')]);
    expect(Date.now() - started).toBeLessThan(4000);
    expect((await a.get()).get('n')).toBe(2);
    expect((await b.get()).get('n')).toBe(2);
  });

  it('makes a plain write wait for a transaction holding the document', async () => {
    const ref = admin.db.doc('counters/mixed');
    await ref.set({ n: 0 });
    let plainWrite: Promise<unknown> | undefined;
    await admin.db.runTransaction(async (tx) => {
      const s = await tx.get(ref);
      plainWrite = admin2.db.doc('counters/mixed').update({ n: FieldValue.increment(100) });
      await new Promise((r) => setTimeout(r, 50));
      tx.update(ref, { n: (s.get('n') as number) + 1 });
    });
    await plainWrite;
    expect((await ref.get()).get('n')).toBe(101);
  });

  it('releases locks on rollback (a thrown callback)', async () => {
    const ref = admin.db.doc('counters/rollback');
    await ref.set({ n: 0 });
    await expect(
      admin.db.runTransaction(async (tx) => {
        await tx.get(ref);
        throw new Error('user abort');
      }),
    ).rejects.toThrow('user abort');
    const started = Date.now();
    await ref.update({ n: 1 });
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('reads queries and aggregations inside a transaction', async () => {
    await admin.db.doc('txq/a').set({ v: 1 });
    await admin.db.doc('txq/b').set({ v: 2 });
    const total = await admin.db.runTransaction(async (tx) => {
      const s = await tx.get(admin.db.collection('txq').where('v', '>', 0));
      const c = await tx.get(admin.db.collection('txq').count());
      tx.set(admin.db.doc('txq/sum'), { total: s.size, count: c.data().count });
      return s.size;
    });
    expect(total).toBe(2);
    expect((await admin.db.doc('txq/sum').get()).data()).toEqual({ total: 2, count: 2 });
  });
});

describe('read-only transactions and read times', () => {
  it('reads a consistent snapshot at a past read time', async () => {
    const ref = admin.db.doc('rt/a');
    const w1 = await ref.set({ v: 1 });
    await ref.set({ v: 2 });
    await admin.db.doc('rt/b').set({ v: 3 });
    const past = await admin.db.runTransaction(
      async (tx) => {
        const a = await tx.get(ref);
        const all = await tx.get(admin.db.collection('rt'));
        return { a: a.get('v') as number, size: all.size };
      },
      { readOnly: true, readTime: w1.writeTime },
    );
    expect(past).toEqual({ a: 1, size: 1 });
    const now = await admin.db.runTransaction(
      async (tx) => (await tx.get(ref)).get('v') as number,
      {
        readOnly: true,
      },
    );
    expect(now).toBe(2);
  });

  it('sees deleted documents at a read time before the delete', async () => {
    const ref = admin.db.doc('rt/deleted');
    const w = await ref.set({ v: 'here' });
    await ref.delete();
    const snap = await admin.db.runTransaction((tx) => tx.get(ref), {
      readOnly: true,
      readTime: w.writeTime,
    });
    expect(snap.get('v')).toBe('here');
    const before = await admin.db.runTransaction((tx) => tx.get(ref), {
      readOnly: true,
      readTime: new Timestamp(w.writeTime.seconds - 1, 0),
    });
    expect(before.exists).toBe(false);
  });

  it('rejects writes in a read-only transaction', async () => {
    await expect(
      admin.db.runTransaction(
        async (tx) => {
          tx.set(admin.db.doc('rt/x'), { v: 1 });
        },
        { readOnly: true },
      ),
    ).rejects.toThrow();
    expect((await admin.db.doc('rt/x').get()).exists).toBe(false);
  });
});

describe('JS SDK transactions that only read some documents', () => {
  it('verifies unchanged read documents at commit (verify writes)', async () => {
    await admin.db.doc('verify/src').set({ n: 7 });
    await runTransaction(web.db, async (tx) => {
      const s = await tx.get(doc(web.db, 'verify/src'));
      tx.set(doc(web.db, 'verify/dst'), { copied: s.get('n') as number });
    });
    expect((await admin.db.doc('verify/dst').get()).get('copied')).toBe(7);
  });
});
