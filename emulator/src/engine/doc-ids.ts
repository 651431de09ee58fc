/**
 * Document ids by ordinal, as bytes in an arena rather than as JS strings: a million leads' ids
 * as strings (with the map from id to ordinal) held about 120 MB of heap, the strings being
 * slices that kept their whole paths alive; as bytes they take about 47 MB outside it. An id is
 * stored as its UTF-8 bytes, whose order is the order of `compareUtf8`; an id that is not
 * well-formed UTF-16 (a lone surrogate, which UTF-8 cannot carry) is stored as a 0xFF byte (never
 * part of UTF-8) then its UTF-16 code units, so that it reads back unchanged.
 * Ids are compared and ranked from their bytes, decoded only where a string is needed (a path).
 */
import { compareSegments } from '../model/values.js';
import { Arena, type ArenaView } from './arena.js';
import { sortInSteps } from './sort-steps.js';

/** Small chunks: a database of a few documents should not hold megabytes of ids. */
const ID_CHUNK_BYTES = 256 << 10;
const ODD = 0xff;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Document ids' bytes, by ordinal or by position (`chunk`, `offset`, `length`). */
export type IdBytes = Pick<ArenaView, 'chunk' | 'offset' | 'length'>;

/** The id at `key` of `v` as a string. */
export function decodeId(v: IdBytes, key: number): string {
  const c = v.chunk(key) as Buffer;
  const off = v.offset(key);
  const end = off + v.length(key);
  return c[off] === ODD && end > off
    ? c.toString('utf16le', off + 1, end)
    : c.toString('utf8', off, end);
}

/**
 * Whether the id at `off` needs `compareSegments` on strings: a numeric id (`__id<n>__`, which
 * sorts first, by its number) or a not-well-formed one.
 */
function slowId(c: Buffer, off: number, len: number): boolean {
  if (len === 0) return false;
  if (c[off] === ODD) return true;
  return (
    len >= 4 && c[off] === 0x5f && c[off + 1] === 0x5f && c[off + 2] === 0x69 && c[off + 3] === 0x64
  );
}

/** Compares ids `a` and `b` of `v` as `compareSegments` compares them as strings. */
export function compareIds(v: IdBytes, a: number, b: number): number {
  const ca = v.chunk(a) as Buffer;
  const cb = v.chunk(b) as Buffer;
  const oa = v.offset(a);
  const ob = v.offset(b);
  const la = v.length(a);
  const lb = v.length(b);
  if (slowId(ca, oa, la) || slowId(cb, ob, lb)) {
    return compareSegments(decodeId(v, a), decodeId(v, b));
  }
  const n = Math.min(la, lb);
  for (let i = 0; i < n; i++) {
    const x = ca[oa + i];
    const y = cb[ob + i];
    if (x !== y) return x < y ? -1 : 1;
  }
  return la < lb ? -1 : la > lb ? 1 : 0;
}

/** Each of ids `0..n-1` of `v`'s place in id order (`compareSegments`). */
export function idRanks(v: IdBytes, n: number): Int32Array {
  const steps = idRanking(v, n);
  for (let r = steps.next(); ; r = steps.next()) if (r.done) return r.value;
}

/**
 * `idRanks` in steps. Each id's first six bytes as a number decide most comparisons (random ids
 * rarely share them); the rest, and numeric ids, are compared in full.
 */
export function* idRanking(v: IdBytes, n: number): Generator<void, Int32Array, void> {
  const head = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const c = v.chunk(i) as Buffer;
    const off = v.offset(i);
    const len = v.length(i);
    if (slowId(c, off, len)) {
      head[i] = -1;
      continue;
    }
    let h = 0;
    for (let k = 0; k < 6; k++) h = h * 256 + (k < len ? c[off + k] : 0);
    head[i] = h;
  }
  yield;
  const idx = Array.from({ length: n }, (_, i) => i);
  yield* sortInSteps(idx, (a, b) => {
    const x = head[a];
    const y = head[b];
    if (x >= 0 && y >= 0 && x !== y) return x < y ? -1 : 1;
    return compareIds(v, a, b);
  });
  const rank = new Int32Array(n);
  idx.forEach((i, r) => (rank[i] = r));
  return rank;
}

/** The ids of a store's documents, by ordinal. */
export class DocIds {
  private readonly arena = new Arena(ID_CHUNK_BYTES);
  /** The bytes of the id last encoded (`encode`), at its start. */
  private scratch = Buffer.allocUnsafeSlow(256);

  /** The ids' bytes by ordinal, as they are now. */
  get bytes(): IdBytes {
    return this.arena;
  }

  /**
   * Encodes `id` into the scratch buffer (see `matches`, `scratchHash`); returns its length.
   * Well-formed text goes out as UTF-8, anything else as the odd form.
   */
  encode(id: string): number {
    const len = id.length;
    if (len * 3 + 1 > this.scratch.length) this.scratch = Buffer.allocUnsafeSlow(len * 6 + 2);
    const s = this.scratch;
    // ASCII (most ids) copied by hand: quicker than the encoder's call for 20 characters.
    let i = 0;
    for (; i < len; i++) {
      const c = id.charCodeAt(i);
      if (c >= 0x80) break;
      s[i] = c;
    }
    if (i === len) return len;
    const n = s.write(id, 0, 'utf8');
    if (!LONE_SURROGATE.test(id)) return n;
    this.scratch[0] = ODD;
    return 1 + this.scratch.write(id, 1, 'utf16le');
  }

  /** Hash of the `n` bytes last encoded (a signed 32-bit integer). */
  scratchHash(n: number): number {
    return hashBytes(this.scratch, 0, n);
  }

  /** Hash of ordinal `ord`'s id (as `scratchHash` of the same id). */
  hashOf(ord: number): number {
    return hashBytes(
      this.arena.chunk(ord) as Buffer,
      this.arena.offset(ord),
      this.arena.length(ord),
    );
  }

  /** Whether ordinal `ord`'s id is the `n` bytes last encoded. */
  matches(ord: number, n: number): boolean {
    if (this.arena.length(ord) !== n) return false;
    const c = this.arena.chunk(ord) as Buffer;
    const off = this.arena.offset(ord);
    const s = this.scratch;
    for (let i = 0; i < n; i++) if (c[off + i] !== s[i]) return false;
    return true;
  }

  /** Gives ordinal `ord` the id `id`. */
  set(ord: number, id: string): void {
    this.setEncoded(ord, this.encode(id));
  }

  /** Gives ordinal `ord` the id of the `n` bytes last encoded. */
  setEncoded(ord: number, n: number): void {
    this.arena.set(ord, this.scratch.subarray(0, n));
  }

  delete(ord: number): void {
    this.arena.delete(ord);
  }

  /** The id of ordinal `ord` (which has one). */
  id(ord: number): string {
    return decodeId(this.arena, ord);
  }

  /** The ids of `ords` as of now, by position in `ords`, whatever is written later. */
  freeze(ords: ArrayLike<number>): IdBytes {
    return this.arena.freezeAt(ords);
  }

  /** Bytes held, for the stats. */
  get held(): number {
    return this.arena.bytes;
  }

  clear(): void {
    this.arena.clear();
  }
}

/** FNV-1a over the bytes, its bits then mixed so that the low ones spread (a table's mask). */
function hashBytes(c: Buffer, off: number, n: number): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < n; i++) h = Math.imul(h ^ c[off + i], 0x01000193);
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  return h ^ (h >>> 16);
}

/** The ids of `ords` by position in `ords`, read from `v` by ordinal. */
export function byPosition(v: IdBytes, ords: ArrayLike<number>): IdBytes {
  return {
    chunk: (i) => v.chunk(ords[i]),
    offset: (i) => v.offset(ords[i]),
    length: (i) => v.length(ords[i]),
  };
}
