/**
 * Postings of one field: which documents (ordinals) have each value, or each array element, by its
 * posting key. Keys with many documents ("dense", at least `denseAt`) map to an exact set; the
 * others are kept as (32-bit hash of the key, ordinal) pairs in sorted runs, eight bytes each with no
 * string per key: the search keys of a million leads are about 20 million distinct keys, most of
 * them on one lead, which a Map of Sets of paths holds in gigabytes. A lookup of a rare key gives
 * candidates (another key with the same hash is possible), which the caller checks: queries check
 * every candidate anyway, counts check these few.
 */
import { hashUnits, type KeyWalker, type Packer } from '../model/packed.js';
import { HashRuns } from './hash-runs.js';
import { OrdSet } from './ord-set.js';

export function hashKey(key: string): number {
  const units = new Uint16Array(key.length);
  for (let i = 0; i < key.length; i++) units[i] = key.charCodeAt(i);
  return hashUnits(units, key.length);
}

/** Documents between two yields of a build in steps (a power of two, less one). */
const STEP_MASK = 127;

/** What postings read of the store. */
export interface PostingSource {
  packer: Packer;
  /** The packed bytes of a current document (a view). */
  bytes(ord: number): Buffer | undefined;
  /** The buffer holding a current document's bytes, at `offset(ord)` (no view made). */
  chunk(ord: number): Buffer | undefined;
  offset(ord: number): number;
}

/** The documents a key's lookup gives: exact, or candidates that may hold another key. */
export interface Lookup {
  exact: boolean;
  size: number;
  has(ord: number): boolean;
  forEach(f: (ord: number) => boolean | void): void;
}

const EMPTY: Lookup = { exact: true, size: 0, has: () => false, forEach: () => {} };

export interface PostingOptions {
  /** Documents a key needs to get an exact set of its own. */
  denseAt?: number;
  /** The hash of a key (tests pass one that collides). */
  hash?: (units: ArrayLike<number>, length: number) => number;
}

/** A frequent key's exact set; keys with the same hash are chained. */
interface Dense {
  key: string;
  set: OrdSet;
  next?: Dense;
  /** While a value field's postings are loaded: the key's documents so far, made a set at the end. */
  loaded?: number[];
}

/** A build's rare keys' (hash, ordinal) pairs: the first `n` of `h` and `o`. */
interface Pairs {
  h: Uint32Array;
  o: Int32Array;
  n: number;
}

/**
 * The keys counted under `denseAt` in one of the sketch's rows. A key the sketch calls rare is
 * under it in one row at least, so the two rows' sums bound the rare keys' pairs (a saturated
 * counter is at or over `denseAt`, unless that is over the counters' range).
 */
function rareBound(row: Uint16Array, denseAt: number): number {
  if (denseAt > 0xffff) return Infinity;
  let sum = 0;
  for (let i = 0; i < row.length; i++) if (row[i] < denseAt) sum += row[i];
  return sum;
}

export class Postings {
  /** Hash -> the frequent keys with that hash. */
  private readonly dense = new Map<number, Dense>();
  private readonly sparse = new HashRuns();
  private readonly walker: KeyWalker;
  private readonly denseAt: number;
  private readonly hash?: (units: ArrayLike<number>, length: number) => number;

  constructor(
    readonly segs: string[],
    /** Postings of each element of an array value (array-contains) instead of the value. */
    readonly elements: boolean,
    private readonly src: PostingSource,
    opts: PostingOptions = {},
  ) {
    this.walker = src.packer.walker();
    this.denseAt = opts.denseAt ?? 64;
    this.hash = opts.hash;
  }

  // The dense map is keyed by the hash as a signed 32-bit integer: a small integer to V8, where an
  // unsigned one above 2^31 is a boxed number, slower to hash and garbage to collect.

  /** The frequent key the walker holds (whose hash is `h`), if it is one. */
  private denseOf(h: number): Dense | undefined {
    for (let d = this.dense.get(h | 0); d; d = d.next) if (this.walker.is(d.key)) return d;
    return undefined;
  }

  private makeDense(key: string, h: number, set: OrdSet): Dense {
    const d: Dense = { key, set, next: this.dense.get(h | 0) };
    this.dense.set(h | 0, d);
    return d;
  }

  private dropDense(h: number, gone: Dense): void {
    let first = this.dense.get(h | 0);
    if (first === gone) first = gone.next;
    else for (let d = first; d; d = d.next) if (d.next === gone) d.next = gone.next;
    if (first) this.dense.set(h | 0, first);
    else this.dense.delete(h | 0);
  }

  /** Calls `f` with the hash of each key of `bytes` (the walker holds the key). */
  private walk(bytes: Buffer | undefined, f: (h: number) => void): void {
    if (bytes) this.walkAt(bytes, 0, f);
  }

  /** The same for the current document `ord`. */
  private walkOrd(ord: number, f: (h: number) => void): void {
    const chunk = this.src.chunk(ord);
    if (chunk) this.walkAt(chunk, this.src.offset(ord), f);
  }

  private walkAt(buf: Buffer, start: number, f: (h: number) => void): void {
    const w = this.walker;
    const custom = this.hash;
    if (custom) w.walk(buf, start, this.segs, this.elements, () => f(custom(w.units, w.length)));
    else w.walk(buf, start, this.segs, this.elements, f);
  }

  /** Adds document `ord` under each of its keys (its bytes are in the store). */
  add(ord: number): void {
    const promote: [string, number][] = [];
    this.walkOrd(ord, (h) => {
      const d = this.denseOf(h);
      if (d) d.set.add(ord);
      else if (this.sparse.add(h, ord) && this.sparse.count(h) >= this.denseAt) {
        promote.push([this.walker.key(), h]);
      }
    });
    for (const [key, h] of promote) this.promote(key, h);
  }

  /** Removes document `ord` (whose keys are in `bytes`) from its keys. */
  remove(ord: number, bytes: Buffer | undefined): void {
    this.walk(bytes, (h) => {
      const d = this.denseOf(h);
      if (!d) {
        this.sparse.remove(h, ord);
        return;
      }
      d.set.delete(ord);
      if (d.set.size === 0) this.dropDense(h, d);
    });
  }

  /** A document changed: its keys move when the field's bytes changed. */
  update(ord: number, before: Buffer | undefined, after: Buffer | undefined): boolean {
    const packer = this.src.packer;
    const a = before && packer.fieldBytes(before, this.segs);
    const b = after && packer.fieldBytes(after, this.segs);
    if (a === b || (a && b && a.equals(b))) return false;
    this.remove(ord, before);
    if (after) this.add(ord);
    return true;
  }

  /** Moves the documents of `key` (checked: its hash may be another key's) to an exact set. */
  private promote(key: string, h: number): void {
    this.walker.set(key);
    if (this.denseOf(h)) return;
    const set = new OrdSet();
    for (const ord of this.sparse.ords(h)) {
      let has = false;
      let other = false;
      this.walkOrd(ord, (k) => {
        if (k !== h) return;
        if (this.walker.is(key)) has = true;
        else other = true;
      });
      if (has) set.add(ord);
      if (has && !other) this.sparse.remove(h, ord);
    }
    this.makeDense(key, h, set);
  }

  private hashOfKey(key: string): number {
    this.walker.set(key);
    return this.hash ? this.hash(this.walker.units, this.walker.length) : this.walker.hash;
  }

  /** The documents under a key. */
  lookup(key: string): Lookup {
    const h = this.hashOfKey(key);
    const d = this.denseOf(h);
    if (d) {
      const set = d.set;
      return {
        exact: true,
        size: set.size,
        has: (o) => set.has(o),
        forEach: (f) => set.forEach(f),
      };
    }
    const ords = this.sparse.ords(h);
    if (ords.length === 0) return EMPTY;
    return {
      exact: false,
      size: ords.length,
      has: (o) => this.sparse.has(h, o),
      forEach: (f) => {
        for (const o of ords) if (f(o) === false) return;
      },
    };
  }

  /** Whether current document `ord` has `key`, read from its bytes (the postings are not used). */
  holds(ord: number, key: string): boolean {
    let found = false;
    this.walkOrd(ord, () => {
      found ||= this.walker.is(key);
    });
    return found;
  }

  /**
   * Calls `f` with the hash of each key of current document `ord`, read from its bytes; during
   * the call, `heldIs` and `heldKey` tell which key it is (a read around that sorts documents by
   * their keys, the postings not being used).
   */
  keysOf(ord: number, f: (h: number) => void): void {
    this.walkOrd(ord, f);
  }

  /** Whether the key `keysOf` is calling back with is `key`. */
  heldIs(key: string): boolean {
    return this.walker.is(key);
  }

  /** The key `keysOf` is calling back with. */
  heldKey(): string {
    return this.walker.key();
  }

  /** The documents under a key, exactly (a rare key's candidates are checked). */
  exact(key: string): Lookup {
    const l = this.lookup(key);
    if (l.exact) return l;
    const ords: number[] = [];
    l.forEach((ord) => {
      let has = false;
      this.walkOrd(ord, () => {
        has ||= this.walker.is(key);
      });
      if (has) ords.push(ord);
    });
    const set = new Set(ords);
    return {
      exact: true,
      size: ords.length,
      has: (o) => set.has(o),
      forEach: (f) => {
        for (const o of ords) if (f(o) === false) return;
      },
    };
  }

  /**
   * Builds the postings of documents `ords` (ascending) at once: a first pass counts keys by hash
   * in a small sketch (two rows of counters, so a rare key is not taken for a frequent one), and
   * the second files each key as dense or sparse.
   */
  load(ords: ArrayLike<number>): void {
    const steps = this.loading(ords, this.src);
    while (!steps.next().done) continue;
  }

  /**
   * `load` in steps (it yields every few hundred documents), reading the documents' bytes from
   * `via`: a build in the background reads the documents as they were when it began.
   */
  *loading(ords: ArrayLike<number>, via: PostingSource): Generator<void, void, void> {
    const bits = Math.min(24, Math.max(10, Math.ceil(Math.log2(ords.length * 16 + 1))));
    const mask = (1 << bits) - 1;
    const shift = 32 - bits;
    let row0 = new Uint16Array(1 << bits);
    let row1 = new Uint16Array(1 << bits);
    let entries = 0;
    const count = (h: number) => {
      const a = h & mask;
      const b = Math.imul(h ^ (h >>> 15), 0x2c1b3c6d) >>> shift;
      if (row0[a] < 0xffff) row0[a]++;
      if (row1[b] < 0xffff) row1[b]++;
      entries++;
    };
    const frequent = (h: number) =>
      row0[h & mask] >= this.denseAt &&
      row1[Math.imul(h ^ (h >>> 15), 0x2c1b3c6d) >>> shift] >= this.denseAt;
    const walkVia = (o: number, f: (h: number) => void) => {
      const chunk = via.chunk(o);
      if (chunk) this.walkAt(chunk, via.offset(o), f);
    };
    let pairs: Pairs;
    if (this.elements) {
      for (let i = 0; i < ords.length; i++) {
        walkVia(ords[i], count);
        if ((i & STEP_MASK) === STEP_MASK) yield;
      }
      const room = Math.min(entries, rareBound(row0, this.denseAt) + rareBound(row1, this.denseAt));
      pairs = yield* this.fileElements(ords, walkVia, frequent, room);
    } else {
      pairs = yield* this.loadingValues(ords, walkVia, count, frequent);
    }
    // The sketch's rows (up to 64 MB) are not needed to sort the runs.
    row0 = row1 = new Uint16Array(0);
    yield* this.finishLoad(pairs);
  }

  /**
   * The second pass of an array field's build: each key the sketch calls frequent goes to its
   * exact set, the others' pairs to one array of `room` pairs, which the first pass's counts bound
   * (a rare key is under `denseAt` in a row at least). The array is allocated at once: a large one
   * is mapped by the system and takes memory only as far as it is written, where one grown by
   * doubling held up to twice the pairs, and their copy on each growth.
   */
  private *fileElements(
    ords: ArrayLike<number>,
    walkVia: (o: number, f: (h: number) => void) => void,
    frequent: (h: number) => boolean,
    room: number,
  ): Generator<void, Pairs, void> {
    let sh = new Uint32Array(Math.max(8, room));
    let so = new Int32Array(sh.length);
    let n = 0;
    let ord = 0;
    const file = (h: number) => {
      if (frequent(h)) {
        this.fileDense(h, ord);
        return;
      }
      if (n === sh.length) {
        // Not reached while the documents read are the first pass's; kept as a guard.
        const nh = new Uint32Array(n * 2);
        nh.set(sh);
        const no = new Int32Array(n * 2);
        no.set(so);
        sh = nh;
        so = no;
      }
      sh[n] = h;
      so[n++] = ord;
    };
    for (let i = 0; i < ords.length; i++) {
      ord = ords[i];
      walkVia(ord, file);
      if ((i & STEP_MASK) === STEP_MASK) yield;
    }
    return { h: sh, o: so, n };
  }

  /** Adds `ord` to the exact set of the frequent key the walker holds (whose hash is `h`). */
  private fileDense(h: number, ord: number): void {
    (this.denseOf(h) ?? this.makeDense(this.walker.key(), h, new OrdSet())).set.add(ord);
  }

  /** Sorts the rare keys' pairs into runs (their arrays become the runs') and trims the exact sets. */
  private *finishLoad(pairs: Pairs): Generator<void, void, void> {
    yield* this.sparse.loading(pairs.h, pairs.o, pairs.n);
    // Growth by half left up to a third of each set unused: a hundred MB over a million leads.
    for (const first of this.dense.values()) {
      for (let d: Dense | undefined = first; d; d = d.next) d.set.trim();
    }
  }

  /**
   * `loading` for a field's values (a key per document at most), walking most documents once: the
   * first pass files a document whose key the sketch already counts as frequent in that key's
   * exact set, and keeps the others' hashes. The second walks only the documents of frequent keys
   * met before their count got there (about `denseAt` per key); a rare key's documents go to the
   * runs by the hash kept. (An array field has too many keys per document to keep their hashes:
   * 90 million for the search keys of a million leads.)
   */
  private *loadingValues(
    ords: ArrayLike<number>,
    walkVia: (o: number, f: (h: number) => void) => void,
    count: (h: number) => void,
    frequent: (h: number) => boolean,
  ): Generator<void, Pairs, void> {
    const total = ords.length;
    const hashes = new Uint32Array(total);
    /** Per document: 0 no such field, 1 filed, 2 to file in the second pass. */
    const state = new Uint8Array(total);
    let left = 0;
    let at = 0;
    // A frequent key's documents are gathered in a list and laid out once as a set, rather than
    // added one by one to a set that grows, then trimmed.
    const gather = (h: number, ord: number) => {
      const d = this.denseOf(h) ?? this.makeDense(this.walker.key(), h, new OrdSet());
      (d.loaded ??= []).push(ord);
    };
    const first = (h: number) => {
      count(h);
      if (frequent(h)) {
        gather(h, ords[at]);
        state[at] = 1;
      } else {
        hashes[at] = h;
        state[at] = 2;
        left++;
      }
    };
    for (at = 0; at < total; at++) {
      walkVia(ords[at], first);
      if ((at & STEP_MASK) === STEP_MASK) yield;
    }
    const sh = new Uint32Array(Math.max(8, left));
    const so = new Int32Array(sh.length);
    let n = 0;
    let ord = 0;
    const dense = (h: number) => gather(h, ord);
    for (let i = 0; i < total; i++) {
      if (state[i] !== 2) continue;
      ord = ords[i];
      if (frequent(hashes[i])) walkVia(ord, dense);
      else {
        sh[n] = hashes[i];
        so[n++] = ord;
      }
      if ((i & STEP_MASK) === STEP_MASK) yield;
    }
    for (const head of this.dense.values()) {
      for (let d: Dense | undefined = head; d; d = d.next) {
        if (!d.loaded) continue;
        // Ascending but for the documents the second pass added.
        d.set = OrdSet.of(Int32Array.from(d.loaded).sort());
        d.loaded = undefined;
      }
    }
    return { h: sh, o: so, n };
  }
}
