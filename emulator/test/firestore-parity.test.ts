/**
 * Behaviours of Cloud Firestore that client-library suites check, through the real SDKs:
 * firebase-admin over gRPC and REST (`preferRest`), and the firebase JS SDK in Node.
 */
import {
  AggregateField,
  FieldPath,
  type Firestore as AdminFirestore,
} from 'firebase-admin/firestore';
import {
  collection as webCollection,
  documentId,
  getDocs,
  orderBy,
  query as webQuery,
  where as webWhere,
} from 'firebase/firestore';
import { describe, expect, it } from 'vitest';
import { failureOf, useEmulator } from './support/emulator.js';

const PROJECT = 'demo-parity';
const env = useEmulator(PROJECT);
let seq = 0;

/** A fresh collection name per test, so tests never see each other's documents. */
function coll(prefix: string): string {
  return `${prefix}-${++seq}`;
}

const ids = (s: { docs: { id: string }[] }) => s.docs.map((d) => d.id);

async function seed(db: AdminFirestore, name: string, docs: Record<string, object>) {
  const batch = db.batch();
  for (const [id, data] of Object.entries(docs)) batch.set(db.collection(name).doc(id), data);
  await batch.commit();
}

/** A raw REST call as the owner. */
async function rest(path: string, body: unknown): Promise<{ status: number; body: unknown }> {
  const db = `projects/${PROJECT}/databases/(default)`;
  const res = await fetch(`http://${env.emu.hostAndPort}/v1/${db}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: 'Bearer owner' },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: await res.json() };
}

describe('numeric document ids (__id<n>__)', () => {
  const docs = {
    __id20__: { n: 1 },
    '__id-2__': { n: 1 },
    __id3__: { n: 1 },
    B: { n: 1 },
    a: { n: 1 },
  };
  const order = ['__id-2__', '__id3__', '__id20__', 'B', 'a'];

  it('are valid ids that sort numerically before string ids (gRPC and REST)', async () => {
    const name = coll('numeric');
    await seed(env.admin, name, docs);
    for (const db of [env.admin, env.newRestAdmin()]) {
      expect(ids(await db.collection(name).get())).toEqual(order);
      expect(ids(await db.collection(name).orderBy(FieldPath.documentId()).get())).toEqual(order);
      const desc = await db.collection(name).orderBy(FieldPath.documentId(), 'desc').get();
      expect(ids(desc)).toEqual([...order].reverse());
      const after = await db
        .collection(name)
        .orderBy(FieldPath.documentId())
        .startAfter('__id3__')
        .get();
      expect(ids(after)).toEqual(['__id20__', 'B', 'a']);
      const below = await db
        .collection(name)
        .where(FieldPath.documentId(), '<', db.collection(name).doc('B'))
        .get();
      expect(ids(below)).toEqual(['__id-2__', '__id3__', '__id20__']);
    }
  });

  it('keep that order in listeners and in the JS SDK', async () => {
    const name = coll('numeric-listen');
    await seed(env.admin, name, docs);
    const seen = await new Promise<string[]>((resolve, reject) => {
      const stop = env.admin.collection(name).onSnapshot((s) => {
        if (s.size === order.length) {
          stop();
          resolve(ids(s));
        }
      }, reject);
    });
    expect(seen).toEqual(order);
    const web = await getDocs(webQuery(webCollection(env.web, name), orderBy(documentId())));
    expect(ids(web)).toEqual(order);
  });

  it('stay reserved when not a signed 64-bit integer', async () => {
    for (const id of ['__idx__', '__id9223372036854775808__', '__id__']) {
      const err = await failureOf(env.admin.collection('numeric-bad').doc(id).set({ n: 1 }));
      expect(err.code).toBe(3);
    }
    await env.admin.collection('numeric-ok').doc('__id-9223372036854775808__').set({ n: 1 });
  });
});

describe('NaN and null in filters', () => {
  it('never match a range, and `in [null]` / `in [NaN]` match nothing', async () => {
    const name = coll('nan');
    await seed(env.admin, name, {
      nan: { v: NaN },
      nul: { v: null },
      one: { v: 1 },
      two: { v: 2 },
    });
    const c = env.admin.collection(name);
    expect(ids(await c.where('v', '<', 3).get())).toEqual(['one', 'two']);
    expect(ids(await c.where('v', '>=', -Infinity).get())).toEqual(['one', 'two']);
    expect(ids(await c.where('v', 'in', [null]).get())).toEqual([]);
    expect(ids(await c.where('v', 'in', [NaN, 2]).get())).toEqual(['two']);
    expect(ids(await c.where('v', '==', NaN).get())).toEqual(['nan']);
    expect(ids(await c.where('v', '==', null).get())).toEqual(['nul']);
    expect(ids(await c.where('v', '!=', null).get())).toEqual(['nan', 'one', 'two']);
    expect(ids(await c.where('v', 'not-in', [1]).get())).toEqual(['nan', 'two']);
    expect(ids(await c.where('v', 'not-in', [null]).get())).toEqual([]);
    // The SDKs refuse a range on NaN or null before sending it; the backend answers nothing.
    const range = (op: string, value: object) =>
      rest('/documents:runQuery', {
        structuredQuery: {
          from: [{ collectionId: name }],
          where: { fieldFilter: { field: { fieldPath: 'v' }, op, value } },
        },
      });
    for (const value of [{ doubleValue: 'NaN' }, { nullValue: null }]) {
      for (const op of [
        'LESS_THAN',
        'LESS_THAN_OR_EQUAL',
        'GREATER_THAN',
        'GREATER_THAN_OR_EQUAL',
      ]) {
        const reply = await range(op, value);
        expect(reply.status).toBe(200);
        expect((reply.body as object[]).filter((m) => 'document' in m)).toEqual([]);
      }
    }
  });
});

describe('array-contains-any with null or NaN', () => {
  it('never matches null or NaN through the list, as `in` does not (gRPC, REST, JS SDK, listener)', async () => {
    const name = coll('any-null');
    await seed(env.admin, name, {
      withNull: { a: [null] },
      withNaN: { a: [NaN] },
      with43: { a: [43] },
      withBoth: { a: [null, NaN, 7] },
    });
    for (const db of [env.admin, env.newRestAdmin()]) {
      const c = db.collection(name);
      expect(ids(await c.where('a', 'array-contains-any', [null]).get())).toEqual([]);
      expect(ids(await c.where('a', 'array-contains-any', [43, null]).get())).toEqual(['with43']);
      expect(ids(await c.where('a', 'array-contains-any', [NaN]).get())).toEqual([]);
      expect(ids(await c.where('a', 'array-contains-any', [NaN, null, 7]).get())).toEqual([
        'withBoth',
      ]);
      expect((await c.where('a', 'array-contains-any', [null, NaN]).count().get()).data()).toEqual({
        count: 0,
      });
    }
    const web = await getDocs(
      webQuery(webCollection(env.web, name), webWhere('a', 'array-contains-any', [43, null, NaN])),
    );
    expect(ids(web)).toEqual(['with43']);
    // A listener's first snapshot holds what the server matched, and nothing more.
    const listened = await new Promise<string[]>((resolve, reject) => {
      const stop = env.admin
        .collection(name)
        .where('a', 'array-contains-any', [null, NaN, 43])
        .onSnapshot((s) => {
          stop();
          resolve(ids(s));
        }, reject);
    });
    expect(listened).toEqual(['with43']);
  });
});

describe('filter lists', () => {
  it('may hold arrays as elements of in / not-in / array-contains-any', async () => {
    const name = coll('lists');
    await seed(env.admin, name, {
      a: { zip: 98101 },
      b: { zip: [98101, 98102] },
      c: { zip: 98103 },
      d: { zips: [98101] },
    });
    for (const db of [env.admin, env.newRestAdmin()]) {
      const c = db.collection(name);
      expect(ids(await c.where('zip', 'in', [98101, [98101, 98102]]).get())).toEqual(['a', 'b']);
      expect(ids(await c.where('zip', 'not-in', [98101, [98101, 98102]]).get())).toEqual(['c']);
      expect(ids(await c.where('zips', 'array-contains-any', [[98101], 98101]).get())).toEqual([
        'd',
      ]);
    }
  });
});

describe('implicit order with several inequality filters', () => {
  it('orders by the inequality fields in field-path order, then the key', async () => {
    const name = coll('ineq');
    await seed(env.admin, name, {
      doc1: { key: 'a', sort: 5, B: 1 },
      doc2: { key: 'aa', sort: 4, B: 2 },
      doc3: { key: 'b', sort: 3, B: 2 },
      doc4: { key: 'b', sort: 2, B: 1 },
      doc5: { key: 'bb', sort: 1, B: 3 },
    });
    const c = env.admin.collection(name);
    // key asc, sort asc, __name__ asc: whatever order the filters come in.
    const q1 = c.where('sort', '>=', 1).where('key', '!=', 'a');
    expect(ids(await q1.get())).toEqual(['doc2', 'doc4', 'doc3', 'doc5']);
    // The key in an inequality is ordered last, not by its name.
    const q2 = c
      .where(FieldPath.documentId(), '<', c.doc('doc5'))
      .where('sort', '>=', 1)
      .where('key', '!=', 'a');
    expect(ids(await q2.get())).toEqual(['doc2', 'doc4', 'doc3']);
    // 'B' sorts before 'key' (UTF-8 order): B asc, key asc, __name__ asc.
    const q3 = c.where('key', '>', 'a').where('B', '>', 0);
    expect(ids(await q3.get())).toEqual(['doc4', 'doc2', 'doc3', 'doc5']);
    // The JS SDK computes the same order locally and agrees with the server.
    const web = await getDocs(
      webQuery(webCollection(env.web, name), webWhere('key', '>', 'a'), webWhere('B', '>', 0)),
    );
    expect(ids(web)).toEqual(['doc4', 'doc2', 'doc3', 'doc5']);
  });
});

describe('aggregations over several fields', () => {
  it('consider only the documents that have every aggregated field', async () => {
    const name = coll('agg');
    await seed(env.admin, name, {
      a: { pages: 100, year: 1980 },
      b: { pages: 50, year: 2020 },
      c: { pages: 150, year: 2021 },
      d: { pages: 50 },
    });
    for (const db of [env.admin, env.newRestAdmin()]) {
      const snap = await db
        .collection(name)
        .aggregate({
          sum: AggregateField.sum('pages'),
          avgPages: AggregateField.average('pages'),
          avgYear: AggregateField.average('year'),
          count: AggregateField.count(),
        })
        .get();
      expect(snap.data()).toEqual({ sum: 300, avgPages: 100, avgYear: 2007, count: 3 });
      const single = await db
        .collection(name)
        .aggregate({ sum: AggregateField.sum('pages') })
        .get();
      expect(single.data().sum).toBe(350);
    }
  });
});

describe('validation Firestore performs', () => {
  it('refuses a reserved collection id in queries and aggregations', async () => {
    const q = env.admin.collection('__badpath__');
    expect((await failureOf(q.get())).code).toBe(3);
    expect((await failureOf(q.count().get())).code).toBe(3);
  });

  it('refuses fields after the key in the order, and a lone key equality beside inequalities', async () => {
    const c = env.admin.collection(coll('keys'));
    const after = await failureOf(c.where('key', '!=', 42).orderBy(FieldPath.documentId()).get());
    expect(after.code).toBe(3);
    expect(after.message).toMatch(/order by clause cannot contain more fields after the key/i);
    const equality = await failureOf(
      c.where('key', '!=', 42).where(FieldPath.documentId(), '==', 'doc1').get(),
    );
    expect(equality.code).toBe(3);
    expect(equality.message).toContain(
      'Equality on key is not allowed if there are other inequality fields and key does not appear in inequalities.',
    );
  });

  it('words the aggregation limit as Firestore does', async () => {
    const c = env.admin.collection(coll('agg-limit'));
    const err = await failureOf(
      c
        .aggregate({
          a: AggregateField.sum('a'),
          b: AggregateField.sum('b'),
          c: AggregateField.sum('c'),
          d: AggregateField.sum('d'),
          e: AggregateField.sum('e'),
          f: AggregateField.count(),
        })
        .get(),
    );
    expect(err.code).toBe(3);
    expect(err.message).toContain('maximum number of aggregations');
  });
});

describe('one document written twice in a commit', () => {
  it('refuses an update with an exists precondition after a delete of the same document', async () => {
    const ref = env.admin.collection(coll('twice')).doc('d');
    await ref.set({ a: 1 });
    const err = await failureOf(env.admin.batch().delete(ref).update(ref, { a: 2 }).commit());
    expect(err.code).toBe(3);
    expect((await ref.get()).data()).toEqual({ a: 1 });
  });

  it('applies writes in order when no precondition depends on an earlier one', async () => {
    const ref = env.admin.collection(coll('twice-ok')).doc('d');
    await env.admin.batch().delete(ref).set(ref, { a: 1, b: 1 }).update(ref, { b: 2 }).commit();
    expect((await ref.get()).data()).toEqual({ a: 1, b: 2 });
    // A precondition is checked against the earlier writes: a create after a set finds the document.
    const other = env.admin.collection(coll('twice-create')).doc('d');
    const err = await failureOf(env.admin.batch().set(other, { a: 1 }).create(other, {}).commit());
    expect(err.code).toBe(6);
    expect((await other.get()).exists).toBe(false);
  });
});

describe('REST batchWrite', () => {
  it('rejects the whole request (400) when a document name is invalid', async () => {
    const db = `projects/${PROJECT}/databases/(default)`;
    const reply = await rest('/documents:batchWrite', {
      writes: [
        { update: { name: `${db}/documents/bw/ok`, fields: {} } },
        { update: { name: `${db}/documents/bw`, fields: {} } },
      ],
    });
    expect(reply.status).toBe(400);
    expect(reply.body).toMatchObject({ error: { status: 'INVALID_ARGUMENT' } });
    expect((await env.admin.doc('bw/ok').get()).exists).toBe(false);
  });
});
