/**
 * Index keys straight from packed documents: each posting key of a field (`postingKey` of its
 * value, or of each element of its array) with its hash, without a string per key.
 */
import { Reader, SHORT, Tag, type NameTable } from './packed-format.js';
import { arrayValues, postingKey, type Value } from './values.js';

const FNV_BASIS = 0x811c9dc5 | 0;

/** murmur3's finaliser (FNV's low bits are weak; the hash runs split on the top ones). */
function mix(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** The 32-bit hash of a key given as UTF-16 code units: FNV-1a, then a finaliser. */
export function hashUnits(units: ArrayLike<number>, length: number): number {
  let h = FNV_BASIS;
  for (let i = 0; i < length; i++) h = Math.imul(h ^ units[i], 0x01000193);
  return mix(h);
}

/**
 * The posting keys of a field of packed documents (`postingKey` of its value, or of each element
 * of its array value), as UTF-16 code units in a reused buffer, with their hash, without building
 * a string per key: at a million leads the arrays of search keys hold 90 million elements. A key
 * that shares a prefix with the one before it (sorted keys do) is hashed from there on.
 */
export class KeyWalker {
  /** The current key's code units (the first `length`). */
  units = new Uint16Array(256);
  length = 0;
  /** The current key's hash. */
  hash = 0;
  /** FNV state after each code unit of the current key (states[i]: after the first i). */
  private states = new Int32Array(257);
  private readonly reader: Reader;

  constructor(names: NameTable) {
    this.reader = new Reader(Buffer.alloc(0), names);
  }

  private room(n: number): void {
    if (n <= this.units.length) return;
    const size = Math.max(n, this.units.length * 2);
    const units = new Uint16Array(size);
    units.set(this.units.subarray(0, this.length));
    this.units = units;
    const states = new Int32Array(size + 1);
    states.set(this.states.subarray(0, this.length + 1));
    this.states = states;
  }

  /** Hashes the current key from code unit `from` on (the states before it are the key's). */
  private rehash(from: number): void {
    const u = this.units;
    const st = this.states;
    st[0] = FNV_BASIS;
    let h = st[from];
    for (let i = from; i < this.length; i++) st[i + 1] = h = Math.imul(h ^ u[i], 0x01000193);
    this.hash = mix(h);
  }

  /** The current key as a string. */
  key(): string {
    let s = '';
    for (let i = 0; i < this.length; i += 4096) {
      s += String.fromCharCode.apply(
        null,
        Array.from(this.units.subarray(i, Math.min(this.length, i + 4096))),
      );
    }
    return s;
  }

  /** Whether the current key is `s`. */
  is(s: string): boolean {
    if (s.length !== this.length) return false;
    for (let i = 0; i < s.length; i++) if (s.charCodeAt(i) !== this.units[i]) return false;
    return true;
  }

  /** The key `s`, as the current key. */
  set(s: string): void {
    this.room(s.length);
    for (let i = 0; i < s.length; i++) this.units[i] = s.charCodeAt(i);
    this.length = s.length;
    this.rehash(0);
  }

  /** The UTF-8 bytes [start, end) as UTF-16 code units from unit `from` on. */
  private utf8(buf: Buffer, start: number, end: number, from: number): void {
    this.room(from + (end - start));
    const u = this.units;
    let n = from;
    let i = start;
    while (i < end) {
      const b = buf[i++];
      if (b < 0x80) u[n++] = b;
      else if (b < 0xe0) u[n++] = ((b & 0x1f) << 6) | (buf[i++] & 0x3f);
      else if (b < 0xf0) {
        u[n++] = ((b & 0x0f) << 12) | ((buf[i++] & 0x3f) << 6) | (buf[i++] & 0x3f);
      } else {
        const cp =
          (((b & 0x07) << 18) |
            ((buf[i++] & 0x3f) << 12) |
            ((buf[i++] & 0x3f) << 6) |
            (buf[i++] & 0x3f)) -
          0x10000;
        u[n++] = 0xd800 + (cp >> 10);
        u[n++] = 0xdc00 + (cp & 0x3ff);
      }
    }
    this.length = n;
    // A string key's first unit ('s') was just written: hash it too.
    this.rehash(from === 1 ? 0 : from);
  }

  /**
   * Calls `f` with each key of the field at `segs` of the document packed in `buf` at `start` (the
   * key in `units`, its hash in `hash`); `elements`: the keys of an array value's elements (none
   * for a value that is not an array). False when the document has no such field.
   */
  walk(
    buf: Buffer,
    start: number,
    segs: readonly string[],
    elements: boolean,
    f: (hash: number) => void,
  ): boolean {
    const r = this.reader;
    r.reset(buf, start);
    if (!r.seek(segs)) return false;
    if (!elements) {
      this.one(r, buf, false);
      f(this.hash);
      return true;
    }
    if (buf[r.pos] !== Tag.Array) {
      // An array of an odd shape, kept as JSON: its elements' keys all the same.
      if (buf[r.pos] === Tag.Json) {
        for (const key of keysOf(r.value(), true)) {
          this.set(key);
          f(this.hash);
        }
      }
      return true;
    }
    r.pos += 5;
    const n = r.varint();
    let stringBefore = false;
    for (let i = 0; i < n; i++) {
      stringBefore = this.one(r, buf, stringBefore);
      f(this.hash);
    }
    return true;
  }

  /** Reads one value's key; true when it was a string (Front or a short string may follow). */
  private one(r: Reader, buf: Buffer, stringBefore: boolean): boolean {
    const tag = buf[r.pos];
    if (tag === Tag.Str) {
      r.pos++;
      const len = r.varint();
      this.room(1);
      this.units[0] = 115; // 's'
      this.utf8(buf, r.pos, r.pos + len, 1);
      r.pos += len;
      return true;
    }
    if (tag >= SHORT && (stringBefore || tag < SHORT + 8)) {
      const len = ((tag - SHORT) & 7) + 1;
      this.units[0] = 115; // 's'
      this.utf8(buf, r.pos + 1, r.pos + 1 + len, 1 + ((tag - SHORT) >>> 3));
      r.pos += 1 + len;
      return true;
    }
    if (tag === Tag.Front && stringBefore) {
      r.pos++;
      const shared = r.varint();
      const len = r.varint();
      this.utf8(buf, r.pos, r.pos + len, 1 + shared);
      r.pos += len;
      return true;
    }
    if (tag === Tag.Int) {
      const at = r.pos++;
      const x = r.zigzag();
      if (Number.isSafeInteger(x)) {
        this.integer(x);
        return false;
      }
      r.pos = at;
    }
    const v = r.value();
    this.set(postingKey(v));
    return 'stringValue' in v;
  }

  /**
   * The key of a safe integer (`postingKey`'s 'n' then its digits) written as code units: a field
   * of numbers over 100,000 documents made as many value objects and strings per pass.
   */
  private integer(x: number): void {
    const u = this.units;
    let n = 1;
    u[0] = 110; // 'n'
    let m = x;
    if (m < 0) {
      u[n++] = 45; // '-'
      m = -m;
    }
    let digits = 1;
    for (let p = 10; p <= m; p *= 10) digits++;
    n += digits;
    for (let i = n - 1; i >= n - digits; i--) {
      u[i] = 48 + (m % 10);
      m = Math.floor(m / 10);
    }
    this.length = n;
    this.rehash(0);
  }
}

/** The keys of the elements of an array value, or of the value itself. */
export function keysOf(v: Value | undefined, elements: boolean): string[] {
  if (v === undefined) return [];
  if (!elements) return [postingKey(v)];
  return 'arrayValue' in v ? [...new Set(arrayValues(v).map(postingKey))] : [];
}
