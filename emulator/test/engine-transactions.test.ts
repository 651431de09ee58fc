import { FieldValue, Timestamp, type Firestore } from 'firebase-admin/firestore';
import { doc, runTransaction } from 'firebase/firestore';
import { beforeAll, describe, expect, it } from 'vitest';
import { useEmulator } from './support/emulator.js';

const env = useEmulator('demo-engine-transactions');
/** A second firebase-admin client, with its own connection. */
let admin2: Firestore;
beforeAll(() => {
  admin2 = env.newAdmin();
});

/** Resolves once `count` callers have arrived (each caller awaits it). */
function barrier(count: number): () => Promise<void> {
  let arrived = 0;
  let open: () => void = () => {};
  const opened = new Promise<void>((resolve) => (open = resolve));
  return () => {
    if (++arrived >= count) open();
    return opened;
  };
}

describe('read-write transactions', () => {
  it('serializes concurrent admin transactions on one document without lost updates', async () => {
    const ref = env.admin.doc('counters/admin');
    await ref.set({ n: 0 });
    const clients = [env.admin, admin2];
    await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        clients[i % 2].runTransaction(async (tx) => {
          const s = await tx.get(clients[i % 2].doc('counters/admin'));
          await new Promise((r) => setImmediate(r)); // let the others' reads interleave
          tx.update(s.ref, { n: (s.get('n') as number) + 1 });
        }),
      ),
    );
    expect((await ref.get()).get('n')).toBe(10);
  });

  it('serializes concurrent JS SDK transactions without lost updates', async () => {
    await env.admin.doc('counters/web').set({ n: 0 });
    await Promise.all(
      Array.from({ length: 6 }, () =>
        runTransaction(env.web, async (tx) => {
          const s = await tx.get(doc(env.web, 'counters/web'));
          tx.update(doc(env.web, 'counters/web'), { n: (s.get('n') as number) + 1 });
        }),
      ),
    );
    expect((await env.admin.doc('counters/web').get()).get('n')).toBe(6);
  });

  it('resolves lock cycles between transactions (wound-wait) and loses no update', async () => {
    const a = env.admin.doc('cycle/a');
    const b = env.admin.doc('cycle/b');
    await a.set({ n: 0 });
    await b.set({ n: 0 });
    // Each first attempt holds its first document before asking for the other: a lock cycle.
    const bothHoldOne = barrier(2);
    const run = (db: Firestore, first: string, second: string) => {
      let attempt = 0;
      return db.runTransaction(async (tx) => {
        const s1 = await tx.get(db.doc(first));
        if (++attempt === 1) await bothHoldOne();
        const s2 = await tx.get(db.doc(second));
        tx.update(s1.ref, { n: (s1.get('n') as number) + 1 });
        tx.update(s2.ref, { n: (s2.get('n') as number) + 1 });
      });
    };
    await Promise.all([run(env.admin, 'cycle/a', 'cycle/b'), run(admin2, 'cycle/b', 'cycle/a')]);
    expect((await a.get()).get('n')).toBe(2);
    expect((await b.get()).get('n')).toBe(2);
  });

  it('makes a plain write wait for a transaction holding the document', async () => {
    const ref = env.admin.doc('counters/mixed');
    await ref.set({ n: 0 });
    let plainWrite: Promise<unknown> | undefined;
    await env.admin.runTransaction(async (tx) => {
      const s = await tx.get(ref);
      plainWrite = admin2.doc('counters/mixed').update({ n: FieldValue.increment(100) });
      // A later call on the same connection answers only after the server has the update: by
      // then the update is waiting for the transaction's lock (else it would be lost below).
      await admin2.doc('counters/other').get();
      tx.update(ref, { n: (s.get('n') as number) + 1 });
    });
    await plainWrite;
    expect((await ref.get()).get('n')).toBe(101);
  });

  it('releases locks on rollback (a thrown callback)', async () => {
    const ref = env.admin.doc('counters/rollback');
    await ref.set({ n: 0 });
    await expect(
      env.admin.runTransaction(async (tx) => {
        await tx.get(ref);
        throw new Error('user abort');
      }),
    ).rejects.toThrow('user abort');
    // A leaked lock would make this wait for the stalled-holder timeout; engine-locks.test.ts
    // checks with fake timers that a rollback releases at once.
    await ref.update({ n: 1 });
    expect((await ref.get()).get('n')).toBe(1);
  });

  it('reads queries and aggregations inside a transaction', async () => {
    await env.admin.doc('txq/a').set({ v: 1 });
    await env.admin.doc('txq/b').set({ v: 2 });
    const total = await env.admin.runTransaction(async (tx) => {
      const s = await tx.get(env.admin.collection('txq').where('v', '>', 0));
      const c = await tx.get(env.admin.collection('txq').count());
      tx.set(env.admin.doc('txq/sum'), { total: s.size, count: c.data().count });
      return s.size;
    });
    expect(total).toBe(2);
    expect((await env.admin.doc('txq/sum').get()).data()).toEqual({ total: 2, count: 2 });
  });
});

describe('read-only transactions and read times', () => {
  it('reads a consistent snapshot at a past read time', async () => {
    const ref = env.admin.doc('rt/a');
    const w1 = await ref.set({ v: 1 });
    await ref.set({ v: 2 });
    await env.admin.doc('rt/b').set({ v: 3 });
    const past = await env.admin.runTransaction(
      async (tx) => {
        const a = await tx.get(ref);
        const all = await tx.get(env.admin.collection('rt'));
        return { a: a.get('v') as number, size: all.size };
      },
      { readOnly: true, readTime: w1.writeTime },
    );
    expect(past).toEqual({ a: 1, size: 1 });
    const now = await env.admin.runTransaction(
      async (tx) => (await tx.get(ref)).get('v') as number,
      {
        readOnly: true,
      },
    );
    expect(now).toBe(2);
  });

  it('sees deleted documents at a read time before the delete', async () => {
    const ref = env.admin.doc('rt/deleted');
    const w = await ref.set({ v: 'here' });
    await ref.delete();
    const snap = await env.admin.runTransaction((tx) => tx.get(ref), {
      readOnly: true,
      readTime: w.writeTime,
    });
    expect(snap.get('v')).toBe('here');
    const before = await env.admin.runTransaction((tx) => tx.get(ref), {
      readOnly: true,
      readTime: new Timestamp(w.writeTime.seconds - 1, 0),
    });
    expect(before.exists).toBe(false);
  });

  it('rejects writes in a read-only transaction', async () => {
    await expect(
      env.admin.runTransaction(
        async (tx) => {
          tx.set(env.admin.doc('rt/x'), { v: 1 });
        },
        { readOnly: true },
      ),
    ).rejects.toThrow();
    expect((await env.admin.doc('rt/x').get()).exists).toBe(false);
  });
});

describe('JS SDK transactions that only read some documents', () => {
  it('verifies unchanged read documents at commit (verify writes)', async () => {
    await env.admin.doc('verify/src').set({ n: 7 });
    await runTransaction(env.web, async (tx) => {
      const s = await tx.get(doc(env.web, 'verify/src'));
      tx.set(doc(env.web, 'verify/dst'), { copied: s.get('n') as number });
    });
    expect((await env.admin.doc('verify/dst').get()).get('copied')).toBe(7);
  });
});
