/**
 * Queries at a read time before later writes (firebase-admin's read-only transactions): the
 * documents as they were then, whatever was changed, deleted or created since, in order, with
 * limits, offsets, cursors and counts.
 */
import type { Query, Timestamp } from 'firebase-admin/firestore';
import { beforeAll, describe, expect, it } from 'vitest';
import { useEmulator } from './support/emulator.js';

const env = useEmulator('demo-read-time-queries');

interface Item {
  n: number;
  tag: 'even' | 'odd';
}
/** The collection at the read time: 30 documents, `d00`..`d29`. */
const then: Item[] = Array.from({ length: 30 }, (_, n) => ({ n, tag: n % 2 ? 'odd' : 'even' }));
let readTime: Timestamp;

beforeAll(async () => {
  const db = env.admin;
  const batch = db.batch();
  then.forEach((item, i) => batch.set(db.doc(`past/d${String(i).padStart(2, '0')}`), item));
  readTime = (await batch.commit())[0]!.writeTime;
  // After it: 5 changed (out of their place and their tag), 3 deleted, and 40 new ones that sort
  // before every old one (more than were changed: a limited read must look further).
  const later = db.batch();
  for (let i = 0; i < 5; i++) {
    later.update(db.doc(`past/d0${i}`), { n: 100 + i, tag: 'odd' });
  }
  for (const i of [5, 6, 7]) later.delete(db.doc(`past/d0${i}`));
  for (let i = 0; i < 40; i++) later.set(db.doc(`past/new${i}`), { n: -1 - i, tag: 'even' });
  await later.commit();
});

/** The `n` of each result of `query` at the read time. */
async function nsThen(query: Query): Promise<number[]> {
  const snapshot = await env.admin.runTransaction((tx) => tx.get(query), {
    readOnly: true,
    readTime,
  });
  return snapshot.docs.map((d) => d.get('n') as number);
}

const ns = (items: Item[]) => items.map((item) => item.n);

describe('queries at a past read time', () => {
  const past = () => env.admin.collection('past');

  it('returns the documents as they were, whatever was written since', async () => {
    expect(await nsThen(past().orderBy('n'))).toEqual(ns(then));
    expect(await nsThen(past().where('tag', '==', 'odd'))).toEqual(
      ns(then.filter((item) => item.tag === 'odd')),
    );
    // Today's: the changed, without the deleted, with the new.
    const today = await past().where('tag', '==', 'even').orderBy('n').get();
    expect(today.size).toBe(40 + 11);
  });

  it('keeps limits, offsets and cursors in the order of then', async () => {
    const evens = ns(then.filter((item) => item.tag === 'even'));
    expect(await nsThen(past().where('tag', '==', 'even').orderBy('n').limit(5))).toEqual(
      evens.slice(0, 5),
    );
    // The 40 new documents come first today: the read looks past them.
    expect(await nsThen(past().orderBy('n').limit(3))).toEqual([0, 1, 2]);
    expect(await nsThen(past().orderBy('n', 'desc').offset(1).limit(3))).toEqual([28, 27, 26]);
    expect(await nsThen(past().orderBy('n').startAfter(3).limit(4))).toEqual([4, 5, 6, 7]);
    expect(await nsThen(past().orderBy('n').limitToLast(2))).toEqual([28, 29]);
  });

  it('counts the documents of then', async () => {
    const count = (query: Query) =>
      env.admin.runTransaction(async (tx) => (await tx.get(query.count())).data().count, {
        readOnly: true,
        readTime,
      });
    expect(await count(past())).toBe(30);
    expect(await count(past().where('tag', '==', 'odd'))).toBe(15);
    expect(await count(past().where('tag', '==', 'even').orderBy('n').limit(4))).toBe(4);
  });
});
