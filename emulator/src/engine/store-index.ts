/**
 * In-memory indexes of one collection's current documents, over the store's document ordinals:
 * ordered indexes (a field's value, then the document id, as Firestore orders them) in chunked
 * sorted lists, and postings (value -> documents, for `==`, `in`, `array-contains`). They are
 * built in bulk (when the data loads, or on a query's first use) and kept on every change. They
 * hold the latest version only; reads at an older time scan the store's history instead.
 */
import type { DocVersion } from '../model/document.js';
import {
  compareSegments,
  compareValues,
  numericId,
  TypeOrder,
  typeOrder,
  type Value,
} from '../model/values.js';
import type { ScalarKey } from '../model/packed-format.js';
import { OrdList } from './ord-list.js';
import { orderKeys, setKey, setScalarKey, valueOrder } from './order-keys.js';
import { sortInSteps } from './sort-steps.js';
import { Postings, type PostingOptions, type PostingSource } from './postings.js';

const NAME = '__name__';

/** What the indexes read of the store. */
export interface IndexSource extends PostingSource {
  /** The ordinals of the collection's current documents, ascending. */
  ords(): number[];
  /** The document id of an ordinal. */
  id(ord: number): string;
  /** The current document of an ordinal. */
  doc(ord: number): DocVersion;
  /** The ordinal of the current document at a path of the collection, or -1. */
  ordOf(path: string): number;
  /** The current documents as of the call, readable later whatever is written meanwhile. */
  frozen(): FrozenDocs;
}

/** A collection's documents as they were at one moment (what a background build reads). */
export interface FrozenDocs extends PostingSource {
  /** The ordinals of the documents, ascending. */
  ords: number[];
  /** Each one's id (same positions as `ords`). */
  ids: string[];
}

export interface IndexOptions extends PostingOptions {
  /** Entries per chunk of an ordered index. */
  chunk?: number;
}

/** Ids compared as `compareSegments` does, natively when neither needs the slow path. */
function plainId(id: string): boolean {
  if (numericId(id) !== undefined) return false;
  for (let i = 0; i < id.length; i++) if (id.charCodeAt(i) >= 0xd800) return false;
  return true;
}

/** Documents that have a field, sorted by (value, id) ascending; `__name__` sorts by id. */
export class OrderedIndex {
  readonly list: OrdList;
  readonly byName: boolean;

  constructor(
    readonly segs: string[],
    private readonly src: IndexSource,
    chunk?: number,
  ) {
    this.byName = segs.length === 1 && segs[0] === NAME;
    this.list = new OrdList(chunk);
  }

  get length(): number {
    return this.list.length;
  }

  at(pos: number): number {
    return this.list.at(pos);
  }

  /** The indexed value of packed document bytes (undefined: not in this index). */
  valueOf(bytes: Buffer): Value | undefined {
    return this.src.packer.field(bytes, this.segs);
  }

  /** The indexed value of a current document (for `__name__`, its name as a reference). */
  value(ord: number): Value | undefined {
    if (this.byName) return { referenceValue: this.src.doc(ord).name };
    return this.valueOf(this.src.bytes(ord) as Buffer);
  }

  /** Whether entry `e` sorts before the document (`v`, `id`). */
  private before(v: Value | undefined, id: string): (e: number) => boolean {
    if (this.byName) return (e) => compareSegments(this.src.id(e), id) < 0;
    return (e) => {
      const c = compareValues(this.value(e) as Value, v as Value);
      return c < 0 || (c === 0 && compareSegments(this.src.id(e), id) < 0);
    };
  }

  /** Removes document `ord`, whose indexed value is `v` (its bytes are still the store's). */
  remove(ord: number, v: Value | undefined): void {
    const p = this.list.search(this.before(v, this.src.id(ord)));
    if (p < this.list.length && this.list.at(p) === ord) {
      this.list.removeAt(p);
      return;
    }
    // Not where its value says: find it anyway, so that the index never keeps a stale entry.
    const all = this.list.toArray();
    const i = all.indexOf(ord);
    if (i >= 0) this.list.removeAt(i);
  }

  /** Adds current document `ord` (when it has the field). */
  add(ord: number): void {
    const v = this.byName ? undefined : this.value(ord);
    if (!this.byName && v === undefined) return;
    this.list.insert(ord, this.before(v, this.src.id(ord)));
  }

  /** First position whose value is >= v (`upper`: > v) in Firestore's order. */
  bound(v: Value, upper: boolean): number {
    return this.list.search((e) => {
      const c = compareValues(this.value(e) as Value, v);
      return c < 0 || (upper && c === 0);
    });
  }

  /** First position whose value's type sorts after `t` (`upper`) or not before it. */
  typeBound(t: TypeOrder, upper: boolean): number {
    return this.list.search((e) => {
      const mt = typeOrder(this.value(e) as Value);
      return mt < t || (upper && mt === t);
    });
  }

  /** Fills the index from documents `ords` (`rank`: each one's place in id order). */
  load(ords: number[], rank: Int32Array): void {
    const steps = this.loading(ords, rank, (o) => this.src.bytes(o));
    while (!steps.next().done) continue;
  }

  /** `load` in steps, reading the documents' bytes with `bytes` (see Postings.loading). */
  *loading(
    ords: number[],
    rank: Int32Array,
    bytes: (ord: number) => Buffer | undefined,
  ): Generator<void, void, void> {
    if (this.byName) {
      const sorted = new Int32Array(ords.length);
      ords.forEach((o, i) => (sorted[rank[i]] = o));
      this.list.load(sorted);
      return;
    }
    // Each entry's key straight from the bytes (a number or a string): a value object for each of
    // a million documents made the build's heap grow by hundreds of MB.
    const keys = orderKeys(ords.length);
    const scalar: ScalarKey = { type: TypeOrder.Null, num: 0, str: undefined };
    const packer = this.src.packer;
    const idx: number[] = [];
    for (let i = 0; i < ords.length; i++) {
      const b = bytes(ords[i]);
      if ((i & 1023) === 1023) yield;
      const found = b ? packer.scalarKey(b, this.segs, scalar) : 'none';
      if (found === 'none') continue;
      if (found === 'key') setScalarKey(keys, i, scalar);
      else setKey(keys, i, this.valueOf(b as Buffer) as Value);
      idx.push(i);
    }
    const value = (i: number) => this.valueOf(bytes(ords[i]) as Buffer) as Value;
    yield* sortInSteps(
      idx,
      valueOrder(keys, value, (a, b) => rank[a] - rank[b]),
    );
    this.list.load(idx.map((i) => ords[i]));
  }

  /**
   * Documents `ords` in this index's order (value, then id), read from their packed bytes without
   * unpacking them; the ones without the field are left out, as the index leaves them out.
   */
  sorted(ords: number[]): number[] {
    if (this.byName) {
      return [...ords].sort((a, b) => compareSegments(this.src.id(a), this.src.id(b)));
    }
    const kept: number[] = [];
    const vals: Value[] = [];
    for (const o of ords) {
      const v = this.value(o);
      if (v === undefined) continue;
      kept.push(o);
      vals.push(v);
    }
    const keys = orderKeys(vals.length);
    vals.forEach((v, i) => setKey(keys, i, v));
    const idx = Array.from(kept, (_, i) => i);
    const id = (i: number) => this.src.id(kept[i]);
    idx.sort(
      valueOrder(
        keys,
        (i) => vals[i],
        (a, b) => compareSegments(id(a), id(b)),
      ),
    );
    return idx.map((i) => kept[i]);
  }
}

/** Each document's place in id order (`compareSegments`), from the documents' ids. */
function idRanks(ids: string[]): Int32Array {
  const steps = idRanking(ids);
  for (let r = steps.next(); ; r = steps.next()) if (r.done) return r.value;
}

/** `idRanks` in steps. */
function* idRanking(ids: string[]): Generator<void, Int32Array, void> {
  const plain = ids.map(plainId);
  const idx = Array.from(ids, (_, i) => i);
  yield* sortInSteps(idx, (a, b) => {
    if (plain[a] && plain[b]) return ids[a] < ids[b] ? -1 : ids[a] > ids[b] ? 1 : 0;
    return compareSegments(ids[a], ids[b]);
  });
  const rank = new Int32Array(ids.length);
  idx.forEach((i, r) => (rank[i] = r));
  return rank;
}

/** What to index: a field's order, or its postings (of its value, or of its array's elements). */
export interface IndexSpec {
  segs: string[];
  key: string;
  kind: 'ordered' | 'value' | 'elements';
}

/** An index being built in the background, and the documents written since it began. */
interface Build {
  spec: IndexSpec;
  steps: Generator<void, void, void>;
  /** Each document changed since the build began, with its bytes then (undefined: none). */
  touched: Map<number, Buffer | undefined>;
  /** Brings the built index up to date with `touched` and puts it in use. */
  install(): void;
}

const BUILD_ORDER: Record<IndexSpec['kind'], number> = { value: 0, ordered: 1, elements: 2 };

const fullKey = (s: IndexSpec) =>
  (s.kind === 'ordered' ? 'o:' : s.kind === 'elements' ? 'a:' : 'v:') + s.key;

/**
 * The indexes of one collection: each created in bulk on first use, or ahead of it (`ensure`), or
 * built in the background a slice at a time (`schedule`, `step`); a query that needs an index
 * still being built finishes that one build, not the others.
 */
export class CollectionIndex {
  private readonly ordered = new Map<string, OrderedIndex>();
  private readonly postings = new Map<string, Postings>();
  private readonly builds = new Map<string, Build>();
  /** The indexes queries asked for, in the order they first did. */
  private readonly used = new Map<string, IndexSpec>();

  constructor(
    private readonly src: IndexSource,
    private readonly opts: IndexOptions = {},
  ) {}

  doc(ord: number): DocVersion {
    return this.src.doc(ord);
  }

  ordOf(path: string): number {
    return this.src.ordOf(path);
  }

  private built(s: IndexSpec): boolean {
    return s.kind === 'ordered' ? this.ordered.has(s.key) : this.postings.has(fullKey(s));
  }

  /** Builds the indexes of `specs` that do not exist yet (finishing those being built). */
  ensure(specs: IndexSpec[]): void {
    for (const s of specs) {
      const b = this.builds.get(fullKey(s));
      if (b) this.finish(fullKey(s), b);
    }
    const missing = specs.filter((s) => !this.built(s));
    if (!missing.length) return;
    const ords = this.src.ords();
    const rank = missing.some((s) => s.kind === 'ordered')
      ? idRanks(ords.map((o) => this.src.id(o)))
      : undefined;
    for (const s of missing) {
      if (s.kind === 'ordered') {
        const ix = new OrderedIndex(s.segs, this.src, this.opts.chunk);
        ix.load(ords, rank as Int32Array);
        this.ordered.set(s.key, ix);
      } else {
        const p = new Postings(s.segs, s.kind === 'elements', this.src, this.opts);
        p.load(ords);
        this.postings.set((s.kind === 'elements' ? 'a:' : 'v:') + s.key, p);
      }
    }
  }

  /**
   * Starts building the indexes of `specs` that neither exist nor are being built, from the
   * documents as of now; `step` advances them. Writes meanwhile are noted, and applied to each
   * index when its build is done.
   */
  schedule(specs: IndexSpec[]): void {
    // Cheapest first, so that most indexes are ready soonest and a query that must finish one
    // waits behind no other: a field's postings (a key per document), then orders (a sort), then
    // array elements (a key per element; at 100,000 leads `search_keys` took 3.6 s, a field's
    // postings 20-110 ms).
    const missing = specs
      .filter((s) => !this.built(s) && !this.builds.has(fullKey(s)))
      .sort((a, b) => BUILD_ORDER[a.kind] - BUILD_ORDER[b.kind]);
    if (!missing.length) return;
    const view = this.src.frozen();
    let rank: Int32Array | undefined;
    for (const s of missing) {
      const touched = new Map<number, Buffer | undefined>();
      if (s.kind === 'ordered') {
        const ix = new OrderedIndex(s.segs, this.src, this.opts.chunk);
        const steps = (function* () {
          rank ??= yield* idRanking(view.ids);
          yield* ix.loading(view.ords, rank, (o) => view.bytes(o));
        })();
        const install = () => {
          if (touched.size) {
            ix.list.load(ix.list.toArray().filter((o) => !touched.has(o)));
            for (const o of touched.keys()) if (this.src.bytes(o)) ix.add(o);
          }
          this.ordered.set(s.key, ix);
        };
        this.builds.set(fullKey(s), { spec: s, steps, touched, install });
      } else {
        const p = new Postings(s.segs, s.kind === 'elements', this.src, this.opts);
        const install = () => {
          // Every old entry out before any new one goes in: adding a document can promote its
          // key to an exact set, which reads the other documents under that hash as they are
          // now, and one deleted during the build (still under it until removed) would be left
          // behind there.
          for (const [o, was] of touched) p.remove(o, was);
          for (const o of touched.keys()) p.add(o);
          this.postings.set(fullKey(s), p);
        };
        this.builds.set(fullKey(s), {
          spec: s,
          steps: p.loading(view.ords, view),
          touched,
          install,
        });
      }
    }
  }

  /** Documents `ords` in the order of field `segs` (then id), the index built or not. */
  sortedBy(segs: string[], key: string, ords: number[]): number[] {
    return (this.ordered.get(key) ?? new OrderedIndex(segs, this.src)).sorted(ords);
  }

  /**
   * Whether the postings of a field (of its array's elements: `elements`) are being built; if so,
   * a query reads around them, and they are built next.
   */
  postingsBuilding(key: string, elements: boolean): boolean {
    const k = (elements ? 'a:' : 'v:') + key;
    const b = this.builds.get(k);
    if (!b) return false;
    this.use(k, b.spec);
    const rest = [...this.builds].filter(([other]) => other !== k);
    this.builds.clear();
    this.builds.set(k, b);
    for (const [other, ob] of rest) this.builds.set(other, ob);
    return true;
  }

  /**
   * Reads a field's keys from the documents' own bytes (`holds`), for a query that comes while
   * the field's postings are being built: it need not wait for the build.
   */
  keyCheck(segs: string[], elements: boolean): Postings {
    return new Postings(segs, elements, this.src, this.opts);
  }

  /** The ordinals of the current documents, ascending. */
  ords(): number[] {
    return this.src.ords();
  }

  /** Whether indexes are being built. */
  get building(): boolean {
    return this.builds.size > 0;
  }

  /**
   * Advances the builds until `deadline` (a `performance.now()` time) or for `steps` steps at
   * most; false once all are done.
   */
  step(deadline: number, steps = Infinity): boolean {
    let left = steps;
    for (const [key, b] of this.builds) {
      let done = false;
      while (!done && left-- > 0 && performance.now() < deadline) {
        done = b.steps.next().done === true;
      }
      if (done) {
        this.builds.delete(key);
        b.install();
      } else break;
    }
    return this.builds.size > 0;
  }

  private finish(key: string, b: Build): void {
    while (!b.steps.next().done) continue;
    this.builds.delete(key);
    b.install();
  }

  /** Stops the builds (the collection's documents are gone). */
  abandon(): void {
    this.builds.clear();
  }

  /** The ordered index of a field path (`['__name__']` for names). */
  orderedBy(segs: string[], key: string): OrderedIndex {
    this.use('o:' + key, { segs, key, kind: 'ordered' });
    if (!this.ordered.has(key)) this.ensure([{ segs, key, kind: 'ordered' }]);
    return this.ordered.get(key) as OrderedIndex;
  }

  /** Postings of a field's values, or of its array elements (`elements`). */
  postingsOf(segs: string[], key: string, elements: boolean): Postings {
    const k = (elements ? 'a:' : 'v:') + key;
    this.use(k, { segs, key, kind: elements ? 'elements' : 'value' });
    if (!this.postings.has(k)) this.ensure([{ segs, key, kind: elements ? 'elements' : 'value' }]);
    return this.postings.get(k) as Postings;
  }

  private use(k: string, s: IndexSpec): void {
    if (!this.used.has(k)) this.used.set(k, s);
  }

  /**
   * The indexes queries asked for, in the order they first did (for the record of what to build
   * at the next start, and in what order).
   */
  usedSpecs(): IndexSpec[] {
    return [...this.used.values()];
  }

  /** The indexes that exist. */
  specs(): IndexSpec[] {
    const out: IndexSpec[] = [];
    for (const [key, ix] of this.ordered) out.push({ segs: ix.segs, key, kind: 'ordered' });
    for (const [k, p] of this.postings) {
      out.push({ segs: p.segs, key: k.slice(2), kind: p.elements ? 'elements' : 'value' });
    }
    return out;
  }

  /** The indexes being built in the background, in the order they are built. */
  buildingSpecs(): IndexSpec[] {
    return [...this.builds.values()].map((b) => b.spec);
  }

  /**
   * Keeps every index in step with one document's change from `before` to `after` (packed bytes;
   * undefined: no document). `write` stores the new bytes: entries are taken out of the ordered
   * indexes while the store still has the old ones, and put back once it has the new ones.
   */
  update(
    ord: number,
    before: Buffer | undefined,
    after: Buffer | undefined,
    write: () => void,
  ): void {
    for (const b of this.builds.values()) if (!b.touched.has(ord)) b.touched.set(ord, before);
    const readd: OrderedIndex[] = [];
    for (const ix of this.ordered.values()) {
      if (ix.byName) {
        if (before && !after) ix.remove(ord, undefined);
        else if (!before && after) readd.push(ix);
        continue;
      }
      const a = before && ix.valueOf(before);
      const b = after && ix.valueOf(after);
      if (a && b && compareValues(a, b) === 0) continue;
      if (a) ix.remove(ord, a);
      if (b) readd.push(ix);
    }
    write();
    for (const ix of readd) ix.add(ord);
    for (const p of this.postings.values()) p.update(ord, before, after);
  }
}
