/**
 * Counts and queries while the postings they filter by are still being built (src/engine/key-reads.ts):
 * a read around those postings that passes over every document leaves each key's documents with
 * the index, and later counts and queries use them instead of reading around again. Whatever is
 * written between them, and however far the builds have got, every answer is the plain scan's.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Database } from '../src/engine/database.js';
import { countDocs } from '../src/engine/reads.js';
import type { IndexSpec } from '../src/engine/store-index.js';
import type { Fields, Value } from '../src/model/values.js';
import { compileQuery, type CompiledQuery } from '../src/query/index.js';
import type { Json } from '../src/service.js';
import { putDoc, sameAsScan } from './support/scan-model.js';

const DB = 'projects/p/databases/(default)';
const COLL = 'leads';
const ids = Array.from({ length: 12 }, (_, i) => `l${i}`);
const str = (s: string): Value => ({ stringValue: s });
const statuses = ['novo', 'principal', 'separado'];

const fieldsArb: fc.Arbitrary<Fields> = fc.record(
  {
    deleted_at: fc.constantFrom<Value>(
      { nullValue: null },
      { timestampValue: '2026-11-01T00:00:00Z' },
    ),
    status: fc.constantFrom<Value>(...statuses.map(str), { integerValue: '1' }),
    tags: fc.constantFrom<Value>(
      { arrayValue: { values: [str('x'), str('y')] } },
      { arrayValue: { values: [str('y')] } },
      str('x'),
    ),
    created_at: fc.integer({ min: 0, max: 5 }).map((n): Value => ({ integerValue: String(n) })),
  },
  { requiredKeys: ['status'] },
);
const writeArb = fc.tuple(fc.constantFrom(...ids), fc.option(fieldsArb, { freq: 4 }));

/** The postings and order the queries below read around while they are built. */
const specs: IndexSpec[] = [
  { segs: ['deleted_at'], key: 'deleted_at', kind: 'value' },
  { segs: ['status'], key: 'status', kind: 'value' },
  { segs: ['tags'], key: 'tags', kind: 'elements' },
  { segs: ['created_at'], key: 'created_at', kind: 'ordered' },
];

const eq = (field: string, op: string, value: Json): Json => ({
  fieldFilter: { field: { fieldPath: field }, op, value },
});
const active = eq('deleted_at', 'EQUAL', { nullValue: null });
const query = (where: Json[], order?: string, limit?: number): CompiledQuery =>
  compileQuery(
    {
      from: [{ collectionId: COLL }],
      where: { compositeFilter: { op: 'AND', filters: where } },
      ...(order ? { orderBy: [{ field: { fieldPath: order }, direction: 'DESCENDING' }] } : {}),
      ...(limit ? { limit } : {}),
    },
    '',
    DB,
  );
const inStatuses = (...s: string[]) =>
  eq('status', 'IN', { arrayValue: { values: s.map((v) => ({ stringValue: v })) } });

/** The panel's counters and their neighbours: equalities, `in`, array-contains, conjunctions. */
const queries: CompiledQuery[] = [
  query([active], 'created_at'),
  ...statuses.map((s) => query([active, eq('status', 'EQUAL', str(s))], 'created_at')),
  query([inStatuses('novo', 'separado')]),
  query([active, inStatuses('principal', 'separado')]),
  query([eq('tags', 'ARRAY_CONTAINS', str('x')), active]),
  query([eq('tags', 'ARRAY_CONTAINS_ANY', { arrayValue: { values: [str('x'), str('y')] } })]),
  query([active, eq('status', 'EQUAL', str('principal'))], 'created_at', 2),
];

const put = (db: Database, id: string, fields: Fields | null, time: number) =>
  putDoc(db, DB, `${COLL}/${id}`, fields, time);
const same = (db: Database, q: CompiledQuery) => sameAsScan(db, q, true);

describe('what a read around postings being built found', () => {
  it('answers counts and queries as the scan does, with writes between them', () => {
    fc.assert(
      fc.property(
        fc.array(writeArb, { minLength: 1, maxLength: 12 }),
        fc.array(
          fc.oneof(
            { arbitrary: writeArb.map((w) => ({ write: w })), weight: 3 },
            { arbitrary: fc.nat(queries.length - 1).map((q) => ({ query: q })), weight: 3 },
            { arbitrary: fc.integer({ min: 1, max: 2 }).map((n) => ({ steps: n })), weight: 1 },
          ),
          { maxLength: 25 },
        ),
        (before, during) => {
          const db = new Database(DB, { projectId: 'p', databaseId: '(default)' }, new Set(), {
            denseAt: 2,
            chunk: 2,
          });
          let time = 1_000_000;
          for (const [id, f] of before) put(db, id, f, (time += 10));
          db.store.indexSpecs = () => specs;
          const [ix] = db.store.scheduleIndexes();
          for (const e of during) {
            if ('write' in e) put(db, e.write[0], e.write[1], (time += 10));
            else if ('steps' in e) ix?.step(Infinity, e.steps);
            else same(db, queries[e.query]);
          }
          while (ix?.step(Infinity)) continue;
          for (const q of queries) same(db, q);
        },
      ),
      { numRuns: 400 },
    );
  });

  it('keeps the counters right through a trash, a restore and a status change', () => {
    const db = new Database(DB, { projectId: 'p', databaseId: '(default)' }, new Set());
    let time = 1_000_000;
    const lead = (status: string, trashed = false): Fields => ({
      status: str(status),
      deleted_at: trashed ? { timestampValue: '2026-11-01T00:00:00Z' } : { nullValue: null },
      created_at: { integerValue: String(time) },
    });
    ids.forEach((id, i) => put(db, id, lead(statuses[i % 3], i % 4 === 0), (time += 10)));
    db.store.indexSpecs = () => specs;
    db.store.scheduleIndexes();
    const counters = queries.slice(0, 4);
    const counts = () => counters.map((q) => countDocs(db, q));
    expect(counts()).toEqual([9, 3, 3, 3]);
    // Served by what the first passes found, kept through each write.
    expect(counts()).toEqual([9, 3, 3, 3]);
    put(db, 'l1', lead('principal', true), (time += 10));
    expect(counts()).toEqual([8, 3, 2, 3]);
    put(db, 'l0', lead('novo'), (time += 10));
    expect(counts()).toEqual([9, 4, 2, 3]);
    put(db, 'l2', lead('principal'), (time += 10));
    expect(counts()).toEqual([9, 4, 3, 2]);
    put(db, 'l3', null, (time += 10));
    put(db, 'new', lead('separado'), (time += 10));
    expect(counts()).toEqual([9, 3, 3, 3]);
    for (const q of counters) same(db, q);
  });
});
