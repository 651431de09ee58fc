/**
 * Indexes built in the background (src/engine/index-build.ts, CollectionIndex.schedule/step):
 * whatever is written while a build runs, and whichever query arrives before it ends, every query
 * gives what the plain scan gives, in the same order; and the indexes a declared composite index
 * calls for are the ones built.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Database } from '../src/engine/database.js';
import { Engine } from '../src/engine/index.js';
import { indexSpecsOf } from '../src/engine/index-build.js';
import { countDocs, queryDocs, scanQueryDocs } from '../src/engine/reads.js';
import type { CollectionIndex, IndexOptions, IndexSpec } from '../src/engine/store-index.js';
import { compileQuery, type CompiledQuery } from '../src/query/index.js';
import type { IndexDef } from '../src/query/index-plan.js';
import type { Fields, Value } from '../src/model/values.js';
import { names, putDoc, sameAsScan } from './support/scan-model.js';

const DB = 'projects/p/databases/(default)';
const COLL = 'leads';
const ids = ['d0', 'd1', 'd2', 'd3', 'd4', 'd5', 'd6', 'd7', '__id3__'];
const pool: Value[] = [
  { nullValue: null },
  { integerValue: '1' },
  { integerValue: '2' },
  { doubleValue: 1.5 },
  { stringValue: 'a' },
  { stringValue: 'b' },
  { timestampValue: '2026-01-01T00:00:00Z' },
  { arrayValue: { values: [{ stringValue: 'a' }, { stringValue: 'b' }] } },
  { arrayValue: { values: [{ stringValue: 'b' }] } },
  { arrayValue: { values: [{ doubleValue: 2 }, { stringValue: 'a' }] } },
];
const valueArb = fc.constantFrom(...pool);
const fieldsArb: fc.Arbitrary<Fields> = fc.record(
  { a: valueArb, b: valueArb },
  { requiredKeys: [] },
);
const writeArb = fc.tuple(fc.constantFrom(...ids), fc.option(fieldsArb, { freq: 4 }));

/** Every index the queries below can use. */
const specs: IndexSpec[] = ['a', 'b'].flatMap((f) => [
  { segs: [f], key: f, kind: 'ordered' as const },
  { segs: [f], key: f, kind: 'value' as const },
  { segs: [f], key: f, kind: 'elements' as const },
]);

const queryArb = fc
  .record({
    field: fc.constantFrom('a', 'b'),
    op: fc.constantFrom('EQUAL', 'IN', 'ARRAY_CONTAINS', 'GREATER_THAN', 'NOT_EQUAL'),
    value: valueArb,
    order: fc.constantFrom('a', 'b', '__name__'),
    dir: fc.constantFrom('ASCENDING', 'DESCENDING'),
    limit: fc.option(fc.integer({ min: 1, max: 4 })),
    offset: fc.option(fc.integer({ min: 1, max: 2 }), { freq: 3 }),
    cursor: fc.option(
      fc.record({ value: valueArb, id: fc.constantFrom(...ids), before: fc.boolean() }),
      { freq: 2 },
    ),
    end: fc.boolean(),
  })
  .map((s): CompiledQuery | undefined => {
    const ref = (id: string): Value => ({ referenceValue: `${DB}/documents/${COLL}/${id}` });
    // A cursor on the order field then the name, or on the name alone.
    const at = s.cursor && {
      values: s.order === '__name__' ? [ref(s.cursor.id)] : [s.cursor.value, ref(s.cursor.id)],
      before: s.cursor.before,
    };
    try {
      return compileQuery(
        {
          from: [{ collectionId: COLL }],
          where: { fieldFilter: { field: { fieldPath: s.field }, op: s.op, value: s.value } },
          orderBy: [{ field: { fieldPath: s.order }, direction: s.dir }],
          ...(s.limit === null ? {} : { limit: s.limit }),
          ...(s.offset === null ? {} : { offset: s.offset }),
          ...(at ? (s.end ? { endAt: at } : { startAt: at }) : {}),
        },
        '',
        DB,
      );
    } catch {
      return undefined;
    }
  });

const put = (db: Database, id: string, fields: Fields | null, time: number) =>
  putDoc(db, DB, `${COLL}/${id}`, fields, time);
const same = (db: Database, q: CompiledQuery) => sameAsScan(db, q);

const layouts: [string, IndexOptions][] = [
  ['as in production', {}],
  ['in small chunks, colliding hashes', { chunk: 2, denseAt: 2, hash: (_u, n) => n % 2 }],
];

describe('indexes built in the background', () => {
  it.each(layouts)(
    'answer as the scan does, with writes and queries during the build, %s',
    (_name, layout) => {
      fc.assert(
        fc.property(
          fc.array(writeArb, { minLength: 1, maxLength: 12 }),
          fc.array(
            fc.oneof(
              writeArb.map((w) => ({ write: w })),
              queryArb.map((q) => ({ query: q })),
              fc.integer({ min: 1, max: 3 }).map((n) => ({ steps: n })),
            ),
            { maxLength: 20 },
          ),
          fc.array(queryArb, { minLength: 1, maxLength: 4 }),
          (before, during, after) => {
            const db = new Database(
              DB,
              { projectId: 'p', databaseId: '(default)' },
              new Set(),
              layout,
            );
            let time = 1_000_000;
            for (const [id, f] of before) put(db, id, f, (time += 10));
            db.store.indexSpecs = () => specs;
            const [ix] = db.store.scheduleIndexes();
            for (const e of during) {
              if ('write' in e) put(db, e.write[0], e.write[1], (time += 10));
              else if ('steps' in e) ix?.step(Infinity, e.steps);
              else if (e.query) same(db, e.query);
            }
            while (ix?.step(Infinity)) continue;
            for (const q of after) if (q) same(db, q);
          },
        ),
        { numRuns: 300 },
      );
    },
  );

  it('leave no deleted document under a key a write during the build made exact', () => {
    // A hash all keys share, and exact sets from two documents: the new document's key becomes
    // exact when the build is installed, while the deleted one was still under that hash.
    const db = new Database(DB, { projectId: 'p', databaseId: '(default)' }, new Set(), {
      chunk: 2,
      denseAt: 2,
      hash: () => 0,
    });
    const tag = { arrayValue: { values: [{ stringValue: 'b' }] } };
    put(db, 'd6', { b: tag }, 10);
    db.store.indexSpecs = () => specs;
    const [ix] = db.store.scheduleIndexes();
    put(db, 'd0', { b: tag }, 20);
    put(db, 'd6', null, 30);
    while (ix?.step(Infinity)) continue;
    for (const value of [{ integerValue: '2' }, tag]) {
      const q = compileQuery(
        {
          from: [{ collectionId: COLL }],
          where: { fieldFilter: { field: { fieldPath: 'b' }, op: 'EQUAL', value } },
          orderBy: [{ field: { fieldPath: '__name__' }, direction: 'ASCENDING' }],
        },
        '',
        DB,
      );
      same(db, q);
    }
    expect(
      names(scanQueryDocs(db, compileQuery({ from: [{ collectionId: COLL }] }, '', DB))),
    ).toEqual([`${COLL}/d0`]);
  });

  it('are the postings of equality and array fields and the order of the last field', () => {
    const defs: IndexDef[] = [
      {
        collectionGroup: 'leads',
        queryScope: 'COLLECTION',
        fields: [
          { fieldPath: 'deleted_at', order: 'ASCENDING' },
          { fieldPath: 'created_at', order: 'DESCENDING' },
        ],
      },
      {
        collectionGroup: 'leads',
        queryScope: 'COLLECTION',
        fields: [
          { fieldPath: 'search_keys', arrayConfig: 'CONTAINS' },
          { fieldPath: 'source.fbclid', order: 'ASCENDING' },
          { fieldPath: '__name__', order: 'ASCENDING' },
        ],
      },
      {
        collectionGroup: 'leads',
        queryScope: 'COLLECTION_GROUP',
        fields: [
          { fieldPath: 'x', order: 'ASCENDING' },
          { fieldPath: 'y', order: 'ASCENDING' },
        ],
      },
      {
        collectionGroup: 'vagas',
        queryScope: 'COLLECTION',
        fields: [
          { fieldPath: 'z', order: 'ASCENDING' },
          { fieldPath: 'w', order: 'ASCENDING' },
        ],
      },
    ];
    const got = (p: string) =>
      indexSpecsOf(defs, p)
        .map((s) => `${s.kind} ${s.key}`)
        .sort();
    const leads = [
      'elements search_keys',
      'ordered created_at',
      'ordered source.fbclid',
      'value deleted_at',
    ];
    expect(got('leads')).toEqual(leads);
    expect(got('users/u1/leads')).toEqual(leads);
    expect(got('other')).toEqual([]);
  });
});

describe('indexes left to the background builder', () => {
  it.each(layouts)(
    'answer as the scan does, from the first query on, with writes during the builds, %s',
    (_name, layout) => {
      fc.assert(
        fc.property(
          fc.array(writeArb, { minLength: 1, maxLength: 12 }),
          fc.array(
            fc.oneof(
              writeArb.map((w) => ({ write: w })),
              queryArb.map((q) => ({ query: q })),
              fc.integer({ min: 1, max: 3 }).map((n) => ({ steps: n })),
            ),
            { maxLength: 20 },
          ),
          (before, during) => {
            const db = new Database(
              DB,
              { projectId: 'p', databaseId: '(default)' },
              new Set(),
              layout,
            );
            let time = 1_000_000;
            for (const [id, f] of before) put(db, id, f, (time += 10));
            // No index named at load: each query's own are built by the builder, a step at a time.
            const queued = new Set<CollectionIndex>();
            db.store.onIndexBuild = (ix) => queued.add(ix);
            for (const e of during) {
              if ('write' in e) put(db, e.write[0], e.write[1], (time += 10));
              else if ('steps' in e) for (const ix of queued) ix.step(Infinity, e.steps);
              else if (e.query) same(db, e.query);
            }
            for (const ix of queued) while (ix.step(Infinity)) continue;
            for (const e of during) if ('query' in e && e.query) same(db, e.query);
          },
        ),
        { numRuns: 300 },
      );
    },
  );

  it('a query does not build: its indexes are queued, its own first', () => {
    const db = new Database(DB, { projectId: 'p', databaseId: '(default)' }, new Set());
    for (let i = 0; i < 30; i++) {
      put(
        db,
        `d${i}`,
        { a: { integerValue: String(i % 4) }, c: { integerValue: String(i) } },
        i + 1,
      );
    }
    const queued = new Set<CollectionIndex>();
    db.store.onIndexBuild = (ix) => queued.add(ix);
    const newest = compileQuery(
      {
        from: [{ collectionId: COLL }],
        orderBy: [{ field: { fieldPath: 'c' }, direction: 'DESCENDING' }],
        limit: 3,
      },
      '',
      DB,
    );
    expect(names(queryDocs(db, newest))).toEqual([`${COLL}/d29`, `${COLL}/d28`, `${COLL}/d27`]);
    const [ix] = queued;
    expect(ix.specs()).toEqual([]);
    expect(ix.buildingSpecs().map((s) => `${s.kind} ${s.key}`)).toEqual(['ordered c']);
    while (ix.step(Infinity)) continue;
    expect(ix.specs().map((s) => `${s.kind} ${s.key}`)).toEqual(['ordered c']);
    same(db, newest);
  });
});

describe('a count in the order of a field whose index is not built', () => {
  it('leaves out the documents without the field, as they change', () => {
    const db = new Database(DB, { projectId: 'p', databaseId: '(default)' }, new Set());
    const lead = (i: number, withC: boolean): Fields => ({
      a: { stringValue: `a${i % 2}` },
      ...(withC ? { c: { integerValue: String(i) } } : {}),
    });
    for (let i = 0; i < 20; i++) put(db, `d${i}`, lead(i, i % 7 !== 0), i + 1);
    const queued = new Set<CollectionIndex>();
    db.store.onIndexBuild = (ix) => queued.add(ix);
    const counted = compileQuery(
      {
        from: [{ collectionId: COLL }],
        where: {
          fieldFilter: { field: { fieldPath: 'a' }, op: 'EQUAL', value: { stringValue: 'a0' } },
        },
        orderBy: [{ field: { fieldPath: 'c' }, direction: 'DESCENDING' }],
      },
      '',
      DB,
    );
    const scanned = () => scanQueryDocs(db, counted, undefined, true).length;
    expect(countDocs(db, counted)).toBe(scanned());
    put(db, 'd2', lead(2, false), 100);
    put(db, 'd14', lead(14, true), 101);
    put(db, 'd40', lead(40, false), 102);
    put(db, 'd42', lead(42, true), 103);
    expect(countDocs(db, counted)).toBe(scanned());
    expect(countDocs(db, counted)).toBe(9);
    const [ix] = queued;
    expect(ix.specs().filter((s) => s.kind === 'ordered')).toEqual([]);
    while (ix.step(Infinity)) continue;
    expect(countDocs(db, counted)).toBe(scanned());
  });
});

describe('a query during the builds', () => {
  const q = (structured: Record<string, unknown>) =>
    compileQuery({ from: [{ collectionId: COLL }], ...structured }, '', DB);
  const eq = (field: string, value: Value, op = 'EQUAL') => ({
    fieldFilter: { field: { fieldPath: field }, op, value },
  });
  const kinds = (list: IndexSpec[]) => list.map((s) => `${s.kind} ${s.key}`);

  /** 40 documents, the builds of `a`'s and `b`'s postings, `c`'s order and `t`'s elements queued. */
  function building() {
    const db = new Database(DB, { projectId: 'p', databaseId: '(default)' }, new Set());
    for (let i = 0; i < 40; i++) {
      put(
        db,
        `d${String(i).padStart(2, '0')}`,
        {
          a: { stringValue: `a${i % 3}` },
          b: { stringValue: `k${i % 8}` },
          c: { integerValue: String(i) },
          t: { arrayValue: { values: [{ stringValue: `t${i % 5}` }] } },
        },
        1_000 + i,
      );
    }
    const field = (kind: IndexSpec['kind'], key: string): IndexSpec => ({ segs: [key], key, kind });
    db.store.indexSpecs = () => [
      field('elements', 't'),
      field('ordered', 'c'),
      field('value', 'a'),
      field('value', 'b'),
    ];
    const [ix] = db.store.scheduleIndexes();
    return { db, ix };
  }

  it('are queued cheapest first: postings, then orders, then array elements', () => {
    const { ix } = building();
    expect(kinds(ix.buildingSpecs())).toEqual(['value a', 'value b', 'ordered c', 'elements t']);
  });

  it('an unlimited one reads around the postings it needs, which go first', () => {
    const { db, ix } = building();
    const query = q({ where: eq('b', { stringValue: 'k3' }) });
    same(db, query);
    expect(kinds(ix.specs())).toEqual([]);
    expect(kinds(ix.buildingSpecs())).toEqual(['value b', 'value a', 'ordered c', 'elements t']);
  });

  it('an unlimited one on array elements finishes that one build, not the others', () => {
    const { db, ix } = building();
    same(db, q({ where: eq('t', { stringValue: 't1' }, 'ARRAY_CONTAINS') }));
    expect(kinds(ix.specs())).toEqual(['elements t']);
    expect(kinds(ix.buildingSpecs())).toEqual(['value a', 'value b', 'ordered c']);
  });

  it('limited ones and a count read around the builds they need, which go first', () => {
    const { db, ix } = building();
    same(db, q({ orderBy: [{ field: { fieldPath: 'c' }, direction: 'DESCENDING' }], limit: 1 }));
    expect(kinds(ix.buildingSpecs())).toEqual(['ordered c', 'value a', 'value b', 'elements t']);
    const limited = q({
      where: eq('t', { stringValue: 't2' }, 'ARRAY_CONTAINS'),
      orderBy: [{ field: { fieldPath: 'c' }, direction: 'DESCENDING' }],
      limit: 3,
    });
    same(db, limited);
    // Those queries wait for go first, cheapest kind first, the latest asked first within one.
    expect(kinds(ix.buildingSpecs())).toEqual(['ordered c', 'elements t', 'value a', 'value b']);
    const counted = q({
      where: {
        compositeFilter: {
          op: 'AND',
          filters: [eq('b', { stringValue: 'k1' }), eq('a', { stringValue: 'a2' })],
        },
      },
    });
    expect(countDocs(db, counted)).toBe(scanQueryDocs(db, counted, undefined, true).length);
    expect(kinds(ix.specs())).toEqual([]);
    expect(kinds(ix.buildingSpecs())).toEqual(['value a', 'value b', 'ordered c', 'elements t']);
    while (ix.step(Infinity)) continue;
    expect(kinds(ix.specs()).sort()).toEqual(['elements t', 'ordered c', 'value a', 'value b']);
    same(db, limited);
  });
});

describe('the indexes queries asked for before', () => {
  it('are built first at load, in the order they were first asked for, then the declared', () => {
    const engine = new Engine({
      indexes: () => [
        {
          collectionGroup: 'leads',
          queryScope: 'COLLECTION',
          fields: [
            { fieldPath: 'search_keys', arrayConfig: 'CONTAINS' },
            { fieldPath: 'deleted_at', order: 'ASCENDING' },
            { fieldPath: 'created_at', order: 'DESCENDING' },
          ],
        },
      ],
    });
    try {
      const db = engine.database({ projectId: 'p', databaseId: '(default)' });
      put(db, 'd1', { phone_key: { stringValue: '1' }, created_at: { integerValue: '1' } }, 10);
      const field = (kind: IndexSpec['kind'], key: string): IndexSpec => ({
        segs: [key],
        key,
        kind,
      });
      engine.startIndexing((dbName, coll) =>
        dbName === DB && coll === 'leads'
          ? [field('ordered', 'created_at'), field('value', 'phone_key'), field('value', 'status')]
          : [],
      );
      const [leads] = engine.collectionIndexes();
      expect(leads.building.map((s) => `${s.kind} ${s.key}`)).toEqual([
        'value phone_key',
        'value status',
        'value deleted_at',
        'ordered created_at',
        'elements search_keys',
      ]);
      expect(leads.used).toEqual([]);
      const query = compileQuery(
        {
          from: [{ collectionId: COLL }],
          where: {
            fieldFilter: {
              field: { fieldPath: 'phone_key' },
              op: 'EQUAL',
              value: { stringValue: '1' },
            },
          },
        },
        '',
        DB,
      );
      same(db, query);
      expect(engine.collectionIndexes()[0].used.map((s) => `${s.kind} ${s.key}`)).toEqual([
        'value phone_key',
      ]);
    } finally {
      engine.close();
    }
  });
});
