/**
 * The in-memory indexes (src/engine/store-index.ts, indexed-query.ts) and the kept limit windows
 * (src/engine/streams/window.ts) against the plain scan, over random documents of mixed types,
 * random changes and random queries: the same documents in the same order, for every read time.
 * Each property runs with the indexes laid out as in production and laid out small (chunks of two
 * or three entries, a key dense from its second document, every key's hash one of two values), so
 * that chunk splits and merges, dense and rare keys, and hash collisions all meet the scan.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Database } from '../src/engine/database.js';
import type { IndexOptions } from '../src/engine/store-index.js';
import { indexedCount, indexedQuery } from '../src/engine/indexed-query.js';
import { countDocs, queryDocs, scanQueryDocs } from '../src/engine/reads.js';
import { nextWindow } from '../src/engine/streams/window.js';
import type { DocChange, DocVersion } from '../src/model/document.js';
import { compileQuery, inScope, type CompiledQuery } from '../src/query/index.js';
import type { JsonObject } from '../src/service.js';
import type { Fields, Value } from '../src/model/values.js';

const DB = 'projects/p/databases/(default)';
const COLL = 'leads';

const valuePool: Value[] = [
  { nullValue: null },
  { booleanValue: true },
  { booleanValue: false },
  { integerValue: '0' },
  { integerValue: '1' },
  { integerValue: '2' },
  { doubleValue: 1 },
  { doubleValue: 2.5 },
  { doubleValue: 'NaN' },
  { doubleValue: -0 },
  { timestampValue: '2026-01-01T00:00:00.000001Z' },
  { timestampValue: '2026-01-02T00:00:00Z' },
  { stringValue: 'a' },
  { stringValue: 'b' },
  { stringValue: 'ç' },
  { arrayValue: { values: [{ stringValue: 'a' }, { integerValue: '1' }] } },
  { arrayValue: { values: [{ stringValue: 'b' }] } },
  { arrayValue: {} },
  { mapValue: { fields: { x: { integerValue: '1' } } } },
  { referenceValue: `${DB}/documents/${COLL}/d1` },
];
const fields = ['a', 'b', 't'];
const ids = ['d0', 'd1', 'd2', 'd3', 'd4', 'd5', 'd6', 'd7', 'd8', 'd9', '__id3__', '__id10__'];

/** The index layouts each property runs with, and how many runs each gets. */
const layouts: [string, IndexOptions, number][] = [
  ['as in production', {}, 1],
  ['in small chunks, keys dense from 2', { chunk: 3, denseAt: 2 }, 0.5],
  ['with colliding hashes', { chunk: 2, denseAt: 3, hash: (_u, n) => n % 2 }, 0.5],
];
let layout: IndexOptions = {};
const newDb = () =>
  new Database(DB, { projectId: 'p', databaseId: '(default)' }, new Set(), layout);

/** Mostly a few values, so that filters, cursors and documents often meet on equal ones. */
const valueArb = fc.oneof(
  { arbitrary: fc.constantFrom(...valuePool.slice(3, 7), valuePool[12]), weight: 3 },
  { arbitrary: fc.constantFrom(...valuePool), weight: 2 },
);
const fieldsArb: fc.Arbitrary<Fields> = fc.record(
  { a: valueArb, b: valueArb, t: valueArb },
  { requiredKeys: [] },
);
/** A commit: 1-3 documents set (fields) or deleted (null). */
const commitArb = fc.array(fc.tuple(fc.constantFrom(...ids), fc.option(fieldsArb, { freq: 4 })), {
  minLength: 1,
  maxLength: 3,
});

const fieldOps = [
  'EQUAL',
  'NOT_EQUAL',
  'LESS_THAN',
  'LESS_THAN_OR_EQUAL',
  'GREATER_THAN',
  'GREATER_THAN_OR_EQUAL',
  'ARRAY_CONTAINS',
  'IN',
  'NOT_IN',
  'ARRAY_CONTAINS_ANY',
] as const;
const listOps = new Set<string>(['IN', 'NOT_IN', 'ARRAY_CONTAINS_ANY']);

const leafArb: fc.Arbitrary<JsonObject> = fc.oneof(
  fc
    .tuple(
      fc.constantFrom(...fields),
      fc.constantFrom(...fieldOps),
      valueArb,
      fc.array(valueArb, { minLength: 1, maxLength: 3 }),
    )
    .map(([field, op, v, list]) => ({
      fieldFilter: {
        field: { fieldPath: field },
        op,
        value: listOps.has(op) ? { arrayValue: { values: list } } : v,
      },
    })),
  fc
    .tuple(
      fc.constantFrom(...fields),
      fc.constantFrom('IS_NULL', 'IS_NAN', 'IS_NOT_NULL', 'IS_NOT_NAN'),
    )
    .map(([field, op]) => ({ unaryFilter: { field: { fieldPath: field }, op } })),
);

const whereArb: fc.Arbitrary<JsonObject | undefined> = fc.oneof(
  fc.constant(undefined),
  leafArb,
  fc
    .tuple(fc.constantFrom('AND', 'OR'), fc.array(leafArb, { minLength: 1, maxLength: 3 }))
    .map(([op, filters]) => ({ compositeFilter: { op, filters } })),
);

const orderArb = fc.array(
  fc.tuple(fc.constantFrom(...fields, '__name__'), fc.constantFrom('ASCENDING', 'DESCENDING')),
  { maxLength: 2 },
);

const cursorValueArb = fc.oneof(
  valueArb,
  fc.constantFrom(...ids).map((id) => ({ referenceValue: `${DB}/documents/${COLL}/${id}` })),
);
const cursorArb = fc.option(
  fc.record({
    values: fc.array(cursorValueArb, { minLength: 1, maxLength: 2 }),
    before: fc.boolean(),
  }),
  { freq: 3 },
);

const queryArb = fc.record({
  where: whereArb,
  orderBy: orderArb,
  startAt: cursorArb,
  endAt: cursorArb,
  limit: fc.option(fc.integer({ min: 0, max: 5 }), { freq: 2 }),
  offset: fc.option(fc.integer({ min: 0, max: 3 }), { freq: 3 }),
});

type QueryShape = typeof queryArb extends fc.Arbitrary<infer T> ? T : never;

/** The StructuredQuery of a shape, compiled; undefined when the emulator refuses it. */
function compiled(s: QueryShape): CompiledQuery | undefined {
  const sq: JsonObject = {
    from: [{ collectionId: COLL }],
    orderBy: s.orderBy.map(([f, direction]) => ({ field: { fieldPath: f }, direction })),
  };
  if (s.where) sq.where = s.where;
  if (s.startAt) sq.startAt = s.startAt;
  if (s.endAt) sq.endAt = s.endAt;
  if (s.limit !== null) sq.limit = s.limit;
  if (s.offset !== null) sq.offset = s.offset;
  try {
    return compileQuery(sq, '', DB);
  } catch {
    return undefined;
  }
}

/** Applies a commit at `time`; returns its changes as the commit pipeline hands them on. */
function commit(db: Database, writes: [string, Fields | null][], time: number): DocChange[] {
  const changes: DocChange[] = [];
  const seen = new Set<string>();
  for (const [id, data] of writes) {
    const path = `${COLL}/${id}`;
    if (seen.has(path)) continue;
    seen.add(path);
    const before = db.store.get(path);
    const after: DocVersion | null = data
      ? {
          name: `${DB}/documents/${path}`,
          path,
          fields: data,
          createTime: before?.createTime ?? time,
          updateTime: time,
        }
      : null;
    if (!before && !after) continue;
    db.store.put(path, after, time);
    changes.push({ path, before, after });
  }
  return changes;
}

const names = (docs: DocVersion[]) => docs.map((d) => d.path);

const plans = { walk: 0, postings: 0, counts: 0 };

const indexCount = (db: Database, q: CompiledQuery) => {
  const ix = db.store.indexOf(COLL);
  return ix && indexedCount(ix, db.store.collectionSize(COLL), q);
};

/** The indexed answers (by cost, and by each plan that applies) and the scan agree. */
function same(db: Database, q: CompiledQuery, readTime?: number, unordered = false): void {
  const run = (f: () => DocVersion[] | undefined) => {
    try {
      const docs = f();
      if (!docs) return undefined;
      return unordered ? names(docs).sort() : names(docs);
    } catch (e) {
      return String(e);
    }
  };
  const expected = run(() => scanQueryDocs(db, q, readTime, unordered));
  expect(run(() => queryDocs(db, q, readTime, unordered))).toEqual(expected);
  if (unordered && Array.isArray(expected)) {
    if (indexCount(db, q) !== undefined) plans.counts++;
    expect(countDocs(db, q, readTime)).toBe(expected.length);
  }
  if (readTime !== undefined) return;
  const ix = db.store.indexOf(COLL);
  if (!ix) return;
  for (const plan of ['walk', 'postings'] as const) {
    const got = run(() => indexedQuery(ix, db.store.collectionSize(COLL), q, unordered, plan));
    if (got === undefined) continue;
    plans[plan]++;
    expect(got).toEqual(expected);
  }
}

describe('indexed queries (property)', () => {
  it.each(layouts)(
    'return what the scan returns, in the same order, now, counted and at older read times, %s',
    (_name, options, share) => {
      layout = options;
      plans.walk = plans.postings = 0;
      fc.assert(
        fc.property(
          fc.array(commitArb, { minLength: 1, maxLength: 25 }),
          fc.array(queryArb, { minLength: 1, maxLength: 6 }),
          (commits, shapes) => {
            const db = newDb();
            const queries = shapes.flatMap((s) => compiled(s) ?? []);
            let time = 1_000_000;
            const times: number[] = [];
            commits.forEach((writes, i) => {
              time += 10;
              commit(db, writes, time);
              times.push(time);
              // Queries in between, so the indexes exist early and are kept through later commits.
              if (i % 5 === 0) for (const q of queries) same(db, q);
            });
            for (const q of queries) {
              same(db, q);
              same(db, q, undefined, true);
              same(db, q, time + 5);
              same(db, q, times[times.length >> 1]);
              same(db, q, times[0] - 1);
            }
          },
        ),
        { numRuns: 400 * share },
      );
      // Both ways of answering were compared many times.
      expect(plans.walk).toBeGreaterThan(300 * share);
      expect(plans.postings).toBeGreaterThan(300 * share);
    },
  );
});

const eqLeafArb = fc.oneof(
  fc.tuple(fc.constantFrom(...fields), valueArb).map(([field, value]) => ({
    fieldFilter: { field: { fieldPath: field }, op: 'EQUAL', value },
  })),
  fc
    .constantFrom(...fields)
    .map((field) => ({ unaryFilter: { field: { fieldPath: field }, op: 'IS_NULL' } })),
);
/** Ranges, `!=` and `is not null` on `a` (counted from the length of a part of its index). */
const rangeLeafArb = fc
  .tuple(
    fc.constantFrom(
      'LESS_THAN',
      'LESS_THAN_OR_EQUAL',
      'GREATER_THAN',
      'GREATER_THAN_OR_EQUAL',
      'NOT_EQUAL',
    ),
    fc.oneof(valueArb, fc.constant<Value>({ doubleValue: 'NaN' })),
  )
  .map(([op, value]) => ({ fieldFilter: { field: { fieldPath: 'a' }, op, value } }));
const countShapeArb: fc.Arbitrary<QueryShape> = fc.record({
  where: fc
    .oneof(fc.array(eqLeafArb, { maxLength: 3 }), fc.array(rangeLeafArb, { maxLength: 2 }))
    .map((filters) => (filters.length ? { compositeFilter: { op: 'AND', filters } } : undefined)),
  orderBy: fc.array(
    fc.tuple(fc.constantFrom('a', '__name__'), fc.constantFrom('ASCENDING', 'DESCENDING')),
    {
      maxLength: 1,
    },
  ),
  startAt: fc.constant(null),
  endAt: fc.constant(null),
  limit: fc.option(fc.integer({ min: 0, max: 5 }), { freq: 3 }),
  offset: fc.option(fc.integer({ min: 0, max: 3 }), { freq: 3 }),
});

describe('counts from the postings (property)', () => {
  it.each(layouts)('equal the number of results of the scan, %s', (_name, options, share) => {
    layout = options;
    let exact = 0;
    fc.assert(
      fc.property(
        fc.array(commitArb, { minLength: 1, maxLength: 25 }),
        fc.array(countShapeArb, { minLength: 1, maxLength: 6 }),
        fc.boolean(),
        (commits, shapes, everyDocHasA) => {
          const db = newDb();
          const queries = shapes.flatMap((s) => compiled(s) ?? []);
          let time = 1_000_000;
          for (const writes of commits) {
            const all = writes.map(([id, f], i): [string, Fields | null] => [
              id,
              f && everyDocHasA
                ? { a: i % 2 ? { doubleValue: 'NaN' } : { integerValue: '1' }, ...f }
                : f,
            ]);
            commit(db, all, (time += 10));
            for (const q of queries) {
              if (indexCount(db, q) !== undefined) exact++;
              expect(countDocs(db, q)).toBe(scanQueryDocs(db, q).length);
            }
          }
        },
      ),
      { numRuns: 300 * share },
    );
    expect(exact).toBeGreaterThan(1000 * share);
  });
});

describe('kept limit windows (property)', () => {
  it.each(layouts)(
    'hold what re-running the query gives after every commit, %s',
    (_name, options, share) => {
      layout = options;
      fc.assert(
        fc.property(
          fc.array(commitArb, { maxLength: 12 }),
          fc.array(commitArb, { minLength: 1, maxLength: 15 }),
          queryArb.filter((s) => s.limit !== null && s.limit > 0),
          (initial, later, shape) => {
            const q = compiled({ ...shape, offset: null });
            if (!q) return;
            const db = newDb();
            let time = 1_000_000;
            for (const writes of initial) commit(db, writes, (time += 10));
            let window = queryDocs(db, q);
            for (const writes of later) {
              const relevant = commit(db, writes, (time += 10)).filter((c) => inScope(q, c.path));
              window = nextWindow(q, window, relevant, q.limit as number) ?? queryDocs(db, q);
              expect(names(window)).toEqual(names(scanQueryDocs(db, q)));
            }
          },
        ),
        { numRuns: 400 * share },
      );
    },
  );
});
