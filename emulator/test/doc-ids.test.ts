/**
 * Document ids kept as bytes (engine/doc-ids.ts, engine/id-table.ts) against string models: each
 * collection's table from id to ordinal against a `Map` under random adds, removals, re-adds and
 * lookups (with weak hashes, so that probe chains are long and wrap around), ids read back
 * unchanged, and the ranking and comparison of ids by their bytes against `compareSegments`.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { byPosition, compareIds, DocIds, idRanks } from '../src/engine/doc-ids.js';
import { IdTable } from '../src/engine/id-table.js';
import { compareSegments } from '../src/model/values.js';

const INT64 = 2n ** 63n;
/** Ids of every kind: short ones that recur, non-ASCII, lone surrogates, numeric, long. */
const idArb = fc.oneof(
  fc.constantFrom(
    'a',
    'b',
    'ab',
    'ab\u0000',
    'é',
    '😀',
    '\uffff',
    '\ud800',
    'a\udc00b',
    '__id1__',
    '__id-5__',
    '__id01__',
    '__id99999999999999999999__',
    '__idx__',
    '__i',
  ),
  fc.string({ unit: 'binary', minLength: 1, maxLength: 8 }),
  fc.string({ unit: fc.constantFrom('a', '_', 'é', '😀', '\ud83d', '\ude00'), minLength: 1 }),
  fc.bigInt({ min: -INT64, max: INT64 - 1n }).map((n) => `__id${n}__`),
  // Up to 1,500 bytes of UTF-8.
  fc.string({ unit: fc.constantFrom('x', 'ç', '€'), minLength: 300, maxLength: 500 }),
);

/** `DocIds` whose hashes take `buckets` values only: most ids collide. */
class FewHashes extends DocIds {
  constructor(private readonly buckets: number) {
    super();
  }
  override scratchHash(n: number): number {
    return super.scratchHash(n) % this.buckets;
  }
  override hashOf(ord: number): number {
    return super.hashOf(ord) % this.buckets;
  }
}

describe('IdTable (property)', () => {
  it('maps each collection id to its ordinal as a Map does, through growth and removals', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(0, 1, 3, 64),
        // A few ids per run, so that each comes back: removed, added again, looked up.
        fc.array(idArb, { minLength: 1, maxLength: 30 }),
        fc.array(fc.tuple(fc.integer({ min: 0, max: 2 }), fc.boolean(), fc.nat()), {
          maxLength: 300,
        }),
        (buckets, pool, ops) => {
          const ids = buckets ? new FewHashes(buckets) : new DocIds();
          const tables = [0, 1, 2].map(() => new IdTable(ids));
          const models = [0, 1, 2].map(() => new Map<string, number>());
          const free: number[] = [];
          let next = 0;
          for (const [c, add, pick] of ops) {
            const id = pool[pick % pool.length];
            const table = tables[c];
            const model = models[c];
            const had = model.get(id);
            expect(table.get(id)).toBe(had);
            // As the store gives out ordinals: a freed one first.
            const newOrd = () => (free.length ? (free.pop() as number) : next++);
            if (add) {
              // Half the time as the store adds (one lookup), else the id stored first.
              const ord = pick % 2 || had !== undefined ? table.getOrAdd(id, newOrd) : newOrd();
              if (had === undefined && pick % 2 === 0) {
                ids.set(ord as number, id);
                table.add(ord as number);
              }
              expect(ord).toBe(had ?? ord);
              model.set(id, ord as number);
            } else if (had === undefined) {
              expect(table.getOrAdd(id, () => undefined)).toBeUndefined();
            } else {
              expect(table.remove(had)).toBe(true);
              ids.delete(had);
              model.delete(id);
              free.push(had);
            }
            expect(table.size).toBe(model.size);
          }
          models.forEach((model, c) => {
            for (const [id, ord] of model) {
              expect(tables[c].get(id)).toBe(ord);
              expect(ids.id(ord)).toBe(id);
            }
            expect([...tables[c].ords()]).toEqual([...model.values()].sort((a, b) => a - b));
          });
        },
      ),
      { numRuns: 300 },
    );
  });

  it('grows to a million-like size and shrinks back, finding every id on the way', () => {
    const ids = new DocIds();
    const table = new IdTable(ids);
    const n = 20_000;
    for (let ord = 0; ord < n; ord++) {
      ids.set(ord, `id-${ord}`);
      table.add(ord);
    }
    for (let ord = 0; ord < n; ord += 2) expect(table.remove(ord)).toBe(true);
    for (let ord = 0; ord < n; ord++)
      expect(table.get(`id-${ord}`)).toBe(ord % 2 ? ord : undefined);
    for (let ord = 1; ord < n; ord += 2) expect(table.remove(ord)).toBe(true);
    expect(table.size).toBe(0);
    expect(table.get('id-1')).toBeUndefined();
    expect(table.remove(1)).toBe(false);
  });
});

describe('Document ids as bytes (property)', () => {
  it('read back as written, and compare as compareSegments compares the strings', () => {
    fc.assert(
      fc.property(idArb, idArb, (a, b) => {
        const ids = new DocIds();
        ids.set(0, a);
        ids.set(1, b);
        expect(ids.id(0)).toBe(a);
        expect(ids.id(1)).toBe(b);
        expect(Math.sign(compareIds(ids.bytes, 0, 1))).toBe(Math.sign(compareSegments(a, b)));
      }),
      { numRuns: 2000 },
    );
  });

  it('rank as a stable sort by compareSegments does, live or frozen while they change', () => {
    fc.assert(
      fc.property(fc.array(idArb, { maxLength: 120 }), (list) => {
        const ids = new DocIds();
        // Ordinals out of position order, as a collection's are after reuse.
        const ords = list.map((_, i) => (list.length - i) * 3);
        list.forEach((id, i) => ids.set(ords[i], id));
        const byString = Array.from(list, (_, i) => i).sort(
          (a, b) => compareSegments(list[a], list[b]) || a - b,
        );
        const want = new Int32Array(list.length);
        byString.forEach((i, r) => (want[i] = r));
        expect(idRanks(byPosition(ids.bytes, ords), list.length)).toEqual(want);
        const frozen = ids.freeze(ords);
        list.forEach((id, i) => ids.set(ords[i], `changed ${list.length - i}`));
        expect(idRanks(frozen, list.length)).toEqual(want);
      }),
      { numRuns: 300 },
    );
  });
});
