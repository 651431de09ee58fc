/**
 * One ordered index of a collection's current documents (a field's value, then the document id, as
 * Firestore orders them) in a chunked sorted list, and the sorts that read documents in that order
 * from their packed bytes without an index: a set of candidates, or the first few of them.
 */
import { compareValues, TypeOrder, typeOrder, type Value } from '../model/values.js';
import type { ScalarKey } from '../model/packed-format.js';
import { OrdList } from './ord-list.js';
import { orderKeys, setKey, setScalarKey, valueOrder } from './order-keys.js';
import { sortInSteps } from './sort-steps.js';
import type { DocVersion } from '../model/document.js';
import type { PostingSource } from './postings.js';
import { compareIds, type IdBytes } from './doc-ids.js';

const NAME = '__name__';
const PROBE: ScalarKey = { type: TypeOrder.Null, num: 0, str: undefined };

/** What the indexes read of the store. */
export interface IndexSource extends PostingSource {
  /** The ordinals of the collection's current documents, ascending. */
  ords(): number[];
  /** The documents' ids as bytes, by ordinal (compared without making strings). */
  idBytes: IdBytes;
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
  /** Their ids, by position in `ords`. */
  ids: IdBytes;
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

  /** Whether current document `ord` is in this index (has the field), read from its bytes. */
  holds(ord: number): boolean {
    if (this.byName) return true;
    const b = this.src.bytes(ord);
    return b !== undefined && this.src.packer.scalarKey(b, this.segs, PROBE) !== 'none';
  }

  /** Documents `a` and `b` in id order. */
  private byId(a: number, b: number): number {
    return compareIds(this.src.idBytes, a, b);
  }

  /** Whether entry `e` sorts before document `ord`, whose indexed value is `v`. */
  private before(v: Value | undefined, ord: number): (e: number) => boolean {
    if (this.byName) return (e) => this.byId(e, ord) < 0;
    return (e) => {
      const c = compareValues(this.value(e) as Value, v as Value);
      return c < 0 || (c === 0 && this.byId(e, ord) < 0);
    };
  }

  /** Removes document `ord`, whose indexed value is `v` (its bytes are still the store's). */
  remove(ord: number, v: Value | undefined): void {
    const p = this.list.search(this.before(v, ord));
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
    this.list.insert(ord, this.before(v, ord));
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
      return [...ords].sort((a, b) => this.byId(a, b));
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
    idx.sort(
      valueOrder(
        keys,
        (i) => vals[i],
        (a, b) => this.byId(kept[a], kept[b]),
      ),
    );
    return idx.map((i) => kept[i]);
  }
  /**
   * The first `need` of documents `ords` in this index's order (`dir` -1: reversed) among those
   * `accept` keeps, the ones without the field left out: a bounded heap of (value, id) keys read
   * from the packed bytes. `accept` (which may unpack the document) is asked only of a document
   * that would be among the first `need` so far, so a key compare rules most of them out: the
   * answer of a limited query while the index is not built yet.
   */
  top(
    ords: Iterable<number>,
    need: number,
    dir: 1 | -1,
    accept: (ord: number) => boolean,
  ): number[] {
    if (need <= 0) return [];
    // `need` slots for the heap's entries and one for the document looked at.
    const keys = orderKeys(need + 1);
    const slotOrd = new Int32Array(need + 1);
    const scalar: ScalarKey = { type: TypeOrder.Null, num: 0, str: undefined };
    const packer = this.src.packer;
    const byId = (a: number, b: number) => this.byId(slotOrd[a], slotOrd[b]);
    const base = this.byName
      ? byId
      : valueOrder(keys, (s) => this.value(slotOrd[s]) as Value, byId);
    const cmp = (a: number, b: number) => dir * base(a, b);
    const put = (s: number, ord: number): boolean => {
      slotOrd[s] = ord;
      if (this.byName) return true;
      const b = this.src.bytes(ord);
      const found = b ? packer.scalarKey(b, this.segs, scalar) : 'none';
      if (found === 'none') return false;
      keys.plain[s] = 0;
      if (found === 'key') setScalarKey(keys, s, scalar);
      else setKey(keys, s, this.valueOf(b as Buffer) as Value);
      return true;
    };
    // A max-heap in the wanted order: its root is the last of the first `need` so far.
    const heap: number[] = [];
    let spare = need;
    const siftDown = () => {
      for (let i = 0; ;) {
        const l = 2 * i + 1;
        const r = l + 1;
        let m = i;
        if (l < heap.length && cmp(heap[l], heap[m]) > 0) m = l;
        if (r < heap.length && cmp(heap[r], heap[m]) > 0) m = r;
        if (m === i) return;
        [heap[i], heap[m]] = [heap[m], heap[i]];
        i = m;
      }
    };
    for (const ord of ords) {
      if (heap.length < need) {
        const s = heap.length;
        if (!put(s, ord) || !accept(ord)) continue;
        heap.push(s);
        for (let i = heap.length - 1; i > 0;) {
          const p = (i - 1) >> 1;
          if (cmp(heap[i], heap[p]) <= 0) break;
          [heap[i], heap[p]] = [heap[p], heap[i]];
          i = p;
        }
      } else if (put(spare, ord) && cmp(spare, heap[0]) < 0 && accept(ord)) {
        const out = heap[0];
        heap[0] = spare;
        spare = out;
        siftDown();
      }
    }
    return heap.sort(cmp).map((s) => slotOrd[s]);
  }
}
