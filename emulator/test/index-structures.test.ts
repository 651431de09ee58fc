/**
 * The structures the query indexes are made of, against plain models under random operations:
 * the chunked sorted list (ordered indexes), the ordinal set (array, then bitmap), the hash runs of
 * rare keys (splitting as they grow) and the arena that holds packed documents.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Arena } from '../src/engine/arena.js';
import { OrdList } from '../src/engine/ord-list.js';
import { OrdSet } from '../src/engine/ord-set.js';
import { HashRuns } from '../src/engine/hash-runs.js';
import { Postings } from '../src/engine/postings.js';
import { Packer } from '../src/model/packed.js';

describe('OrdList (property)', () => {
  it('stays sorted through inserts and removals, with ties, at any chunk size', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 9 }),
        fc.array(fc.tuple(fc.boolean(), fc.integer({ min: 0, max: 300 })), { maxLength: 400 }),
        (cap, ops) => {
          // Entries are ordinals; their order is a key with many ties, then the ordinal.
          const key = (o: number) => o % 7;
          const cmp = (a: number, b: number) => key(a) - key(b) || a - b;
          const list = new OrdList(cap);
          const model: number[] = [];
          for (const [add, o] of ops) {
            const before = (e: number) => cmp(e, o) < 0;
            const at = list.search(before);
            expect(at).toBe(model.filter(before).length);
            if (add && !model.includes(o)) {
              list.insert(o, before);
              model.push(o);
              model.sort(cmp);
            } else if (!add && model.includes(o)) {
              expect(list.at(at)).toBe(o);
              list.removeAt(at);
              model.splice(model.indexOf(o), 1);
            }
            expect(list.length).toBe(model.length);
          }
          expect(list.toArray()).toEqual(model);
          model.forEach((o, i) => expect(list.at(i)).toBe(o));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('loads a sorted array and keeps it in order through later changes', () => {
    const list = new OrdList(8);
    const sorted = Array.from({ length: 1000 }, (_, i) => i * 2);
    list.load(sorted);
    list.insert(7, (e) => e < 7);
    list.removeAt(list.search((e) => e < 500));
    expect(list.toArray()).toEqual(
      [...sorted.slice(0, 4), 7, ...sorted.slice(4)].filter((o) => o !== 500),
    );
  });
});

describe('OrdSet (property)', () => {
  it('holds what a Set holds, as an array or a bitmap, ascending, trimmed or not', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.boolean(), fc.integer({ min: 0, max: 2000 })), { maxLength: 3000 }),
        fc.integer({ min: 0, max: 2000 }),
        (ops, probe) => {
          const set = new OrdSet();
          const model = new Set<number>();
          for (const [i, [add, o]] of ops.entries()) {
            // Trimmed now and then, as a bulk load leaves its sets, and changed after that.
            if (i % 97 === 0) set.trim();
            expect(add ? set.add(o) : set.delete(o)).toBe(add ? !model.has(o) : model.has(o));
            if (add) model.add(o);
            else model.delete(o);
          }
          expect(set.size).toBe(model.size);
          expect(set.has(probe)).toBe(model.has(probe));
          const sorted = [...model].sort((a, b) => a - b);
          expect([...set]).toEqual(sorted);
          const seen: number[] = [];
          set.forEach((o) => void seen.push(o));
          expect(seen).toEqual(sorted);
          expect([...OrdSet.of(sorted)]).toEqual(sorted);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('becomes a bitmap when dense and an array again when sparse', () => {
    const set = new OrdSet();
    for (let o = 0; o < 10_000; o++) set.add(o);
    for (let o = 0; o < 10_000; o++) if (o % 1000) set.delete(o);
    expect([...set]).toEqual([0, 1000, 2000, 3000, 4000, 5000, 6000, 7000, 8000, 9000]);
  });

  it('holds what a Set holds with ordinals spread over many buckets of 65,536', () => {
    // Clusters near the buckets' edges (a million leads' ordinals span 16 buckets).
    const ordArb = fc.oneof(
      fc.integer({ min: 0, max: 1_200_000 }),
      fc
        .tuple(fc.integer({ min: 0, max: 18 }), fc.integer({ min: -3, max: 3 }))
        .map(([b, d]) => Math.max(0, b * 65_536 + d)),
    );
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.boolean(), ordArb), { maxLength: 600 }),
        ordArb,
        (ops, probe) => {
          const set = new OrdSet();
          const model = new Set<number>();
          for (const [i, [add, o]] of ops.entries()) {
            if (i % 41 === 0) set.trim();
            expect(add ? set.add(o) : set.delete(o)).toBe(add ? !model.has(o) : model.has(o));
            if (add) model.add(o);
            else model.delete(o);
            expect(set.has(o)).toBe(model.has(o));
          }
          expect(set.size).toBe(model.size);
          expect(set.has(probe)).toBe(model.has(probe));
          const sorted = [...model].sort((a, b) => a - b);
          expect([...set]).toEqual(sorted);
          expect([...OrdSet.of(sorted)]).toEqual(sorted);
          const stopped: number[] = [];
          set.forEach((o) => stopped.push(o) < 3);
          expect(stopped).toEqual(sorted.slice(0, 3));
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('HashRuns (property)', () => {
  it('pairs hashes with ordinals as a multimap does, split into many runs', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.tuple(fc.boolean(), fc.integer({ min: 0, max: 40 }), fc.integer({ min: 0, max: 50 })),
          {
            maxLength: 500,
          },
        ),
        (ops) => {
          // Few hashes spread over the whole range (the runs split on the top bits).
          const hashOf = (k: number) => (Math.imul(k + 1, 0x9e3779b1) >>> 0) % 2 ** 32;
          const runs = new HashRuns();
          const model = new Map<number, Set<number>>();
          for (const [add, k, o] of ops) {
            const h = hashOf(k);
            const m = model.get(h) ?? new Set<number>();
            expect(add ? runs.add(h, o) : runs.remove(h, o)).toBe(add ? !m.has(o) : m.has(o));
            if (add) m.add(o);
            else m.delete(o);
            model.set(h, m);
          }
          for (const [h, m] of model) {
            expect(runs.ords(h)).toEqual([...m].sort((a, b) => a - b));
            expect(runs.count(h)).toBe(m.size);
          }
        },
      ),
      { numRuns: 200 },
    );
  });

  it('keeps every pair through splits and a bulk load', () => {
    const runs = new HashRuns();
    const n = 40_000;
    const h = (i: number) => Math.imul(i, 0x9e3779b1) >>> 0;
    for (let i = 0; i < n; i++) runs.add(h(i), i);
    expect(runs.size).toBe(n);
    for (let i = 0; i < n; i += 97) expect(runs.has(h(i), i)).toBe(true);
    const loaded = new HashRuns();
    const hs = Uint32Array.from({ length: n }, (_, i) => h(n - i));
    const os = Int32Array.from({ length: n }, (_, i) => n - i);
    loaded.load(hs, os, n);
    for (let i = 1; i <= n; i += 89) expect(loaded.ords(h(i))).toEqual([i]);
  });

  it('pairs as a multimap does after a bulk load into its own arrays, then changes', () => {
    fc.assert(
      fc.property(
        // Up to 12,000 pairs: up to four runs.
        fc.array(fc.tuple(fc.integer({ min: 0, max: 300 }), fc.integer({ min: 0, max: 60 })), {
          maxLength: 12_000,
          size: 'max',
        }),
        fc.array(
          fc.tuple(fc.boolean(), fc.integer({ min: 0, max: 300 }), fc.integer({ min: 0, max: 60 })),
          { maxLength: 400 },
        ),
        fc.integer({ min: 0, max: 50 }),
        (loaded, ops, room) => {
          const hashOf = (k: number) => Math.imul(k + 1, 0x9e3779b1) >>> 0;
          const model = new Map<number, Set<number>>();
          const at = (h: number) => model.get(h) ?? model.set(h, new Set()).get(h)!;
          // Repeated pairs and unused room past the pairs, as a build hands them over.
          const hs = new Uint32Array(loaded.length + room);
          const os = new Int32Array(hs.length);
          loaded.forEach(([k, o], i) => {
            hs[i] = hashOf(k);
            os[i] = o;
            at(hashOf(k)).add(o);
          });
          const runs = new HashRuns();
          runs.load(hs, os, loaded.length);
          for (const [add, k, o] of ops) {
            const h = hashOf(k);
            const m = at(h);
            expect(add ? runs.add(h, o) : runs.remove(h, o)).toBe(add ? !m.has(o) : m.has(o));
            if (add) m.add(o);
            else m.delete(o);
          }
          let size = 0;
          for (const [h, m] of model) {
            expect(runs.ords(h)).toEqual([...m].sort((a, b) => a - b));
            size += m.size;
          }
          expect(runs.size).toBe(size);
        },
      ),
      { numRuns: 60 },
    );
  });
});

describe('Arena', () => {
  it('keeps each document bytes through replacements, deletes and compaction', () => {
    const arena = new Arena(64);
    const model = new Map<number, Buffer>();
    let seed = 1;
    const rand = (n: number) => (seed = (seed * 1103515245 + 12345) % 2 ** 31) % n;
    for (let step = 0; step < 5000; step++) {
      const ord = rand(50);
      if (rand(4) === 0) {
        arena.delete(ord);
        model.delete(ord);
      } else {
        const bytes = Buffer.alloc(1 + rand(40), step % 256);
        arena.set(ord, bytes);
        model.set(ord, bytes);
      }
    }
    for (let ord = 0; ord < 50; ord++) expect(arena.get(ord)).toEqual(model.get(ord));
    // Mostly garbage was dropped along the way.
    expect(arena.bytes).toBeLessThan(64 * 200);
  });
});

describe('Postings (property)', () => {
  const keysArb = fc.array(fc.constantFrom('a', 'b', 'ab', 'abc', 'b1', 'zz', 'ç', '😀'), {
    maxLength: 4,
  });
  type Hash = ((u: ArrayLike<number>, n: number) => number) | undefined;
  const hashes: [string, Hash][] = [
    ['the real hash', undefined],
    ['one hash for every key', () => 7],
    ['two hashes', (_u, n) => n % 2],
  ];
  // Of an array's elements (array-contains), and of a value (==, a key per document at most).
  const cases: [string, string, Hash, boolean][] = hashes.flatMap(([name, hash]) => [
    ['array elements', name, hash, true] as [string, string, Hash, boolean],
    ['values', name, hash, false] as [string, string, Hash, boolean],
  ]);
  it.each(cases)(
    'give every document of a key, and exactly them when asked (%s, %s)',
    (_kind, _name, hash, elements) => {
      fc.assert(
        fc.property(
          // Up to 300: a key that is never dense.
          fc.oneof(fc.integer({ min: 1, max: 4 }), fc.constant(300)),
          fc.array(fc.tuple(fc.integer({ min: 0, max: 12 }), fc.option(keysArb, { freq: 4 })), {
            maxLength: 80,
          }),
          fc.array(fc.tuple(fc.integer({ min: 0, max: 12 }), keysArb), { maxLength: 13 }),
          (denseAt, ops, initial) => {
            const packer = new Packer();
            const docs = new Map<number, Buffer>();
            const src = {
              packer,
              bytes: (o: number) => docs.get(o),
              chunk: (o: number) => docs.get(o),
              offset: () => 0,
            };
            // A value's document has its first key as a string, or no such field.
            const pack = (keys: string[]) =>
              Buffer.from(
                packer.pack(
                  elements
                    ? {
                        k: keys.length
                          ? { arrayValue: { values: keys.map((s) => ({ stringValue: s })) } }
                          : { arrayValue: {} },
                      }
                    : keys.length
                      ? { k: { stringValue: keys[0] } }
                      : { other: { nullValue: null } },
                ),
              );
            const model = new Map<number, string[]>();
            for (const [o, keys] of initial) {
              docs.set(o, pack(keys));
              model.set(o, elements ? keys : keys.slice(0, 1));
            }
            const p = new Postings(['k'], elements, src, { denseAt, hash });
            p.load([...docs.keys()].sort((a, b) => a - b));
            for (const [o, keys] of ops) {
              const before = docs.get(o);
              if (keys) {
                docs.set(o, pack(keys));
                model.set(o, elements ? keys : keys.slice(0, 1));
              } else {
                docs.delete(o);
                model.delete(o);
              }
              p.update(o, before, docs.get(o));
            }
            for (const key of ['a', 'b', 'ab', 'abc', 'b1', 'zz', 'ç', '😀', 'none']) {
              const want = [...model].filter(([, ks]) => ks.includes(key)).map(([o]) => o);
              const got: number[] = [];
              p.lookup('s' + key).forEach((o) => void got.push(o));
              for (const o of want) expect(got).toContain(o);
              const exact: number[] = [];
              p.exact('s' + key).forEach((o) => void exact.push(o));
              expect(exact.sort((a, b) => a - b)).toEqual(want.sort((a, b) => a - b));
            }
          },
        ),
        { numRuns: 300 },
      );
    },
  );
});
