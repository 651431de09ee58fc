import { FieldPath, Filter, GeoPoint, Timestamp } from 'firebase-admin/firestore';
import { beforeAll, describe, expect, it } from 'vitest';
import { useEmulator } from './support/emulator.js';

const PROJECT = 'demo-engine-queries';
const env = useEmulator(PROJECT);

beforeAll(async () => {
  const db = env.admin;
  const batch = db.batch();
  const people = [
    { id: 'ana', age: 30, city: 'SP', tags: ['a', 'b'], score: 7.5 },
    { id: 'bia', age: 25, city: 'RJ', tags: ['b'], score: 9 },
    { id: 'caio', age: 41, city: 'SP', tags: [], score: null },
    { id: 'duda', age: 25, city: 'BH', tags: ['c'], score: NaN },
    { id: 'edu', city: 'SP', tags: ['a'] },
  ];
  for (const p of people) {
    const { id, ...data } = p;
    batch.set(db.doc(`people/${id}`), data);
  }
  await batch.commit();
});

const ids = (s: { docs: { id: string }[] }) => s.docs.map((d) => d.id);

describe('value ordering across types', () => {
  it('orders mixed types the way Firestore does', async () => {
    const db = env.admin;
    const values: [string, unknown][] = [
      ['m-map', { a: 1 }],
      ['l-array', [1, 2]],
      ['k-geo', new GeoPoint(10, 20)],
      ['j-ref', db.doc('people/ana')],
      ['i-bytes', Buffer.from([1, 2, 3])],
      ['h-string', 'hello'],
      ['g-time', Timestamp.fromMillis(1000)],
      ['f-int', 5],
      ['e-double', 2.5],
      ['d-nan', NaN],
      ['c-bool', true],
      ['b-false', false],
      ['a-null', null],
    ];
    await Promise.all(values.map(([id, v]) => db.doc(`mixed/${id}`).set({ v })));
    const s = await db.collection('mixed').orderBy('v').get();
    expect(ids(s)).toEqual([
      'a-null',
      'b-false',
      'c-bool',
      'd-nan',
      'e-double',
      'f-int',
      'g-time',
      'h-string',
      'i-bytes',
      'j-ref',
      'k-geo',
      'l-array',
      'm-map',
    ]);
    const desc = await db.collection('mixed').orderBy('v', 'desc').limit(2).get();
    expect(ids(desc)).toEqual(['m-map', 'l-array']);
  });

  it('compares strings by UTF-8 bytes, not UTF-16 units', async () => {
    const db = env.admin;
    await db.doc('utf8/a').set({ s: '\uFFFD' });
    await db.doc('utf8/b').set({ s: '\u{1F600}' });
    const s = await db.collection('utf8').orderBy('s').get();
    expect(ids(s)).toEqual(['a', 'b']);
  });

  it('treats 1 and 1.0 as equal in filters', async () => {
    const db = env.admin;
    await db.doc('nums/i').set({ n: 1 });
    await db.doc('nums/d').set({ n: 1.5 });
    const s = await db.collection('nums').where('n', '==', 1.0).get();
    expect(ids(s)).toEqual(['i']);
    const s2 = await db.collection('nums').where('n', 'in', [1.5, 7]).get();
    expect(ids(s2)).toEqual(['d']);
  });
});

describe('filters', () => {
  it('supports every comparison operator', async () => {
    const c = env.admin.collection('people');
    expect(ids(await c.where('age', '<', 30).get())).toEqual(['bia', 'duda']);
    expect(ids(await c.where('age', '<=', 30).get())).toEqual(['bia', 'duda', 'ana']);
    expect(ids(await c.where('age', '>', 30).get())).toEqual(['caio']);
    expect(ids(await c.where('age', '>=', 30).get())).toEqual(['ana', 'caio']);
    expect(ids(await c.where('age', '==', 25).get())).toEqual(['bia', 'duda']);
    // != excludes documents without the field
    expect(ids(await c.where('age', '!=', 25).get())).toEqual(['ana', 'caio']);
  });

  it('supports array and set membership operators', async () => {
    const c = env.admin.collection('people');
    expect(ids(await c.where('tags', 'array-contains', 'a').get())).toEqual(['ana', 'edu']);
    expect(ids(await c.where('tags', 'array-contains-any', ['b', 'c']).get())).toEqual([
      'ana',
      'bia',
      'duda',
    ]);
    expect(ids(await c.where('city', 'in', ['RJ', 'BH']).get())).toEqual(['bia', 'duda']);
    expect(ids(await c.where('city', 'not-in', ['SP', 'BH']).get())).toEqual(['bia']);
  });

  it('supports null and NaN (unary) filters', async () => {
    const c = env.admin.collection('people');
    expect(ids(await c.where('score', '==', null).get())).toEqual(['caio']);
    expect(ids(await c.where('score', '==', NaN).get())).toEqual(['duda']);
    expect(ids(await c.where('score', '!=', null).get())).toEqual(['duda', 'ana', 'bia']);
    expect(ids(await c.where('score', '!=', NaN).get())).toEqual(['ana', 'bia']);
  });

  it('supports composite AND and OR filters', async () => {
    const c = env.admin.collection('people');
    const or = await c
      .where(Filter.or(Filter.where('city', '==', 'RJ'), Filter.where('age', '>', 40)))
      .get();
    expect(ids(or).sort()).toEqual(['bia', 'caio']);
    const nested = await c
      .where(
        Filter.and(
          Filter.where('city', '==', 'SP'),
          Filter.or(Filter.where('age', '==', 30), Filter.where('tags', 'array-contains', 'a')),
        ),
      )
      .get();
    expect(ids(nested).sort()).toEqual(['ana', 'edu']);
    // An inequality anywhere orders by its field, which excludes documents lacking it (edu).
    const ineq = await c
      .where(Filter.or(Filter.where('age', '<', 26), Filter.where('tags', 'array-contains', 'a')))
      .get();
    expect(ids(ineq)).toEqual(['bia', 'duda', 'ana']);
  });

  it('filters on document ids and nested / backquoted field paths', async () => {
    const db = env.admin;
    await db.doc('paths/1').set({ 'a.b': 1, a: { b: 2 }, 'we-ird': { 'x y': 3 } });
    const dotted = await db.collection('paths').where(new FieldPath('a.b'), '==', 1).get();
    expect(ids(dotted)).toEqual(['1']);
    const nested = await db.collection('paths').where('a.b', '==', 2).get();
    expect(ids(nested)).toEqual(['1']);
    const weird = await db.collection('paths').where(new FieldPath('we-ird', 'x y'), '==', 3).get();
    expect(ids(weird)).toEqual(['1']);
    const byId = await db
      .collection('people')
      .where(FieldPath.documentId(), 'in', ['bia', 'edu'])
      .get();
    expect(ids(byId)).toEqual(['bia', 'edu']);
  });
});

describe('ordering, cursors, limits and projection', () => {
  it('orders by __name__ implicitly, following the last direction', async () => {
    const c = env.admin.collection('people');
    expect(ids(await c.orderBy('age').get())).toEqual(['bia', 'duda', 'ana', 'caio']);
    expect(ids(await c.orderBy('age', 'desc').get())).toEqual(['caio', 'ana', 'duda', 'bia']);
    expect(ids(await c.get())).toEqual(['ana', 'bia', 'caio', 'duda', 'edu']);
  });

  it('orders by inequality fields implicitly after the explicit order', async () => {
    const c = env.admin.collection('people');
    const s = await c.where('age', '>', 20).where('city', '>', 'A').orderBy('city').get();
    expect(ids(s)).toEqual(['duda', 'bia', 'ana', 'caio']);
  });

  it('supports startAt / startAfter / endAt / endBefore, also from snapshots', async () => {
    const c = env.admin.collection('people').orderBy('age');
    expect(ids(await c.startAt(25).get())).toEqual(['bia', 'duda', 'ana', 'caio']);
    expect(ids(await c.startAfter(25).get())).toEqual(['ana', 'caio']);
    expect(ids(await c.endAt(30).get())).toEqual(['bia', 'duda', 'ana']);
    expect(ids(await c.endBefore(30).get())).toEqual(['bia', 'duda']);
    const bia = await env.admin.doc('people/bia').get();
    expect(ids(await c.startAfter(bia).get())).toEqual(['duda', 'ana', 'caio']);
  });

  it('applies limit, offset, limitToLast and select', async () => {
    const c = env.admin.collection('people').orderBy('age');
    expect(ids(await c.limit(2).get())).toEqual(['bia', 'duda']);
    expect(ids(await c.offset(1).limit(2).get())).toEqual(['duda', 'ana']);
    expect(ids(await c.limitToLast(2).get())).toEqual(['ana', 'caio']);
    const sel = await env.admin.collection('people').select('city').where('age', '==', 41).get();
    expect(sel.docs[0].data()).toEqual({ city: 'SP' });
  });
});

describe('collection groups and aggregations', () => {
  it('queries a collection group across parents', async () => {
    const db = env.admin;
    await db.doc('shops/s1/items/i1').set({ price: 10 });
    await db.doc('shops/s2/items/i2').set({ price: 20 });
    await db.doc('other/o/deeper/d/items/i3').set({ price: 30 });
    await db.doc('items/top').set({ price: 40 });
    const all = await db.collectionGroup('items').where('price', '>=', 20).orderBy('price').get();
    expect(ids(all)).toEqual(['i2', 'i3', 'top']);
    const under = await db.doc('shops/s1').collection('items').get();
    expect(ids(under)).toEqual(['i1']);
  });

  it('counts, sums and averages', async () => {
    const c = env.admin.collection('people');
    const { AggregateField } = await import('firebase-admin/firestore');
    const r = await c
      .where('age', '>=', 25)
      .aggregate({
        n: AggregateField.count(),
        total: AggregateField.sum('age'),
        mean: AggregateField.average('age'),
      })
      .get();
    expect(r.data()).toEqual({ n: 4, total: 121, mean: 30.25 });
    const none = await c
      .where('age', '>', 100)
      .aggregate({ total: AggregateField.sum('age'), mean: AggregateField.average('age') })
      .get();
    expect(none.data()).toEqual({ total: 0, mean: null });
    expect((await c.count().get()).data().count).toBe(5);
  });
});

describe('partition queries', () => {
  it('splits a collection group into partitions that cover every document once', async () => {
    const db = env.admin;
    const batch = db.batch();
    for (let i = 0; i < 40; i++)
      batch.set(db.doc(`parts/p${i % 4}/chunks/c${String(i).padStart(2, '0')}`), { i });
    await batch.commit();
    const seen: string[] = [];
    let partitions = 0;
    for await (const p of db.collectionGroup('chunks').getPartitions(4)) {
      partitions++;
      const s = await p.toQuery().get();
      seen.push(...s.docs.map((d) => d.ref.path));
    }
    expect(partitions).toBeGreaterThan(1);
    expect(seen.length).toBe(40);
    expect(new Set(seen).size).toBe(40);
  });
});

describe('vector search', () => {
  it('finds nearest neighbours with each distance measure, threshold and result field', async () => {
    const { FieldValue: FV } = await import('firebase-admin/firestore');
    const db = env.admin;
    await db.doc('vec/a').set({ kind: 'x', v: FV.vector([1, 0]) });
    await db.doc('vec/b').set({ kind: 'x', v: FV.vector([0, 1]) });
    await db.doc('vec/c').set({ kind: 'y', v: FV.vector([2, 2]) });
    await db.doc('vec/d').set({ kind: 'x', v: FV.vector([1, 2, 3]) });
    const q = (measure: 'EUCLIDEAN' | 'COSINE' | 'DOT_PRODUCT', extra: object = {}) =>
      db
        .collection('vec')
        .findNearest({
          vectorField: 'v',
          queryVector: [1, 0.1],
          limit: 3,
          distanceMeasure: measure,
          ...extra,
        })
        .get();
    expect(ids(await q('EUCLIDEAN'))).toEqual(['a', 'b', 'c']);
    expect(ids(await q('COSINE'))).toEqual(['a', 'c', 'b']);
    expect(ids(await q('DOT_PRODUCT'))).toEqual(['c', 'a', 'b']);
    const near = await q('EUCLIDEAN', { distanceThreshold: 1.2, distanceResultField: 'dist' });
    expect(ids(near)).toEqual(['a']);
    expect(near.docs[0].get('dist')).toBeCloseTo(0.1, 6);
    const filtered = await db
      .collection('vec')
      .where('kind', '==', 'y')
      .findNearest({
        vectorField: 'v',
        queryVector: [1, 0],
        limit: 5,
        distanceMeasure: 'EUCLIDEAN',
      })
      .get();
    expect(ids(filtered)).toEqual(['c']);
  });
});
