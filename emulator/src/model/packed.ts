/**
 * Documents packed into bytes, the form the store keeps every version in. As protobuf-JSON objects
 * a lead with its ~90 `search_keys` holds about 6 KB of heap (an object and a string per value); packed
 * it is about 440 bytes outside the heap: field names are numbers from a table of the store's
 * names, integers, doubles and timestamps are binary, strings are UTF-8, and a string in an array is
 * written as the part that differs from the string before it (sorted keys share long prefixes),
 * most of them in one byte besides that part (see `SHORT`).
 * `unpack(pack(f))` gives back `f` exactly (same types, same JSON, same key order); a value of a
 * shape this file does not know is kept as its JSON text.
 */
import {
  NameTable,
  Reader,
  SHORT,
  SHORT_REST,
  SHORT_SHARED,
  Shortener,
  Tag,
  type ScalarKey,
} from './packed-format.js';
import { KeyWalker } from './packed-keys.js';
import { canonicalMicros } from './time.js';
import type { Fields, Value } from './values.js';

export { hashUnits, keysOf, KeyWalker } from './packed-keys.js';
export { NameTable } from './packed-format.js';

const SAFE_INT = /^-?\d{1,15}$/;
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
/** Whether the string is valid UTF-16, so that UTF-8 gives it back (lone surrogates do not survive). */
const wellFormed: (s: string) => boolean =
  typeof (String.prototype as { isWellFormed?: unknown }).isWellFormed === 'function'
    ? (s) => (s as unknown as { isWellFormed(): boolean }).isWellFormed()
    : (s) => !LONE_SURROGATE.test(s);

/** Writes packed values into a growing buffer. */
class Writer {
  buf = Buffer.allocUnsafe(1 << 16);
  pos = 0;

  constructor(private readonly names: NameTable) {}

  private room(n: number): void {
    if (this.pos + n <= this.buf.length) return;
    let size = this.buf.length * 2;
    while (size < this.pos + n) size *= 2;
    const next = Buffer.allocUnsafe(size);
    this.buf.copy(next, 0, 0, this.pos);
    this.buf = next;
  }

  byte(b: number): void {
    this.room(1);
    this.buf[this.pos++] = b;
  }

  varint(n: number): void {
    this.room(8);
    const buf = this.buf;
    while (n > 0xffffffff) {
      buf[this.pos++] = (n % 0x80) | 0x80;
      n = Math.floor(n / 0x80);
    }
    while (n >= 0x80) {
      buf[this.pos++] = (n & 0x7f) | 0x80;
      n >>>= 7;
    }
    buf[this.pos++] = n;
  }

  string(s: string): void {
    const len = s.length;
    this.room(5 + len * 3);
    const buf = this.buf;
    if (len < 0x80) {
      // Short ASCII (most keys and values): byte by byte, cheaper than a call into the encoder.
      let p = this.pos + 1;
      let i = 0;
      for (; i < len; i++) {
        const c = s.charCodeAt(i);
        if (c >= 0x80) break;
        buf[p++] = c;
      }
      if (i === len) {
        buf[this.pos] = len;
        this.pos = p;
        return;
      }
    }
    const n = Buffer.byteLength(s);
    this.varint(n);
    buf.write(s, this.pos);
    this.pos += n;
  }

  utf16(s: string): void {
    this.varint(s.length);
    this.room(s.length * 2);
    for (let i = 0; i < s.length; i++) this.buf.writeUInt16LE(s.charCodeAt(i), this.pos + 2 * i);
    this.pos += s.length * 2;
  }

  double(n: number): void {
    this.room(8);
    this.buf.writeDoubleLE(n, this.pos);
    this.pos += 8;
  }

  name(name: string): void {
    this.varint(this.names.intern(name));
  }

  /** A length-prefixed block (arrays, maps, documents): readers skip it without parsing it. */
  block(write: () => void): void {
    this.room(4);
    const at = this.pos;
    this.pos += 4;
    write();
    this.buf.writeUInt32LE(this.pos - at - 4, at);
  }

  fields(f: Fields): void {
    this.block(() => {
      let n = 0;
      for (const k in f) if (Object.hasOwn(f, k)) n++;
      this.varint(n);
      for (const k in f) if (Object.hasOwn(f, k)) this.value(f[k], k);
    });
  }

  private value(v: Value, name: string): void {
    this.name(name);
    this.element(v);
  }

  element(v: Value, prev?: string): string | undefined {
    let only: string | undefined;
    for (const k in v) {
      if (only !== undefined) return this.json(v);
      only = k;
    }
    const x = v[only as string];
    switch (only) {
      case 'nullValue':
        if (x !== null) break;
        this.byte(Tag.Null);
        return;
      case 'booleanValue':
        if (typeof x !== 'boolean') break;
        this.byte(x ? Tag.True : Tag.False);
        return;
      case 'integerValue':
        if (typeof x !== 'string') break;
        if (SAFE_INT.test(x) && String(Number(x)) === x) {
          const n = Number(x);
          this.byte(Tag.Int);
          this.varint(n >= 0 ? n * 2 : -n * 2 - 1);
        } else this.text(Tag.IntText, x);
        return;
      case 'doubleValue':
        if (typeof x === 'number') {
          this.byte(Tag.Double);
          this.double(x);
        } else if (typeof x === 'string') this.text(Tag.DoubleText, x);
        else break;
        return;
      case 'timestampValue':
        if (typeof x !== 'string') break;
        this.time(x);
        return;
      case 'stringValue':
        if (typeof x !== 'string') break;
        return this.str(x, prev);
      case 'bytesValue':
        if (typeof x !== 'string') break;
        this.text(Tag.Bytes, x);
        return;
      case 'referenceValue':
        if (typeof x !== 'string') break;
        this.text(Tag.Ref, x);
        return;
      case 'geoPointValue':
        if (!isGeo(x)) break;
        this.byte(Tag.Geo);
        this.double(x.latitude);
        this.double(x.longitude);
        return;
      case 'arrayValue':
        if (!this.array(x)) break;
        return;
      case 'mapValue':
        if (!this.map(x)) break;
        return;
    }
    return this.json(v);
  }

  private text(tag: Tag, s: string): void {
    if (!wellFormed(s)) return void this.json(textValue(tag, s));
    this.byte(tag);
    this.string(s);
  }

  private time(s: string): void {
    const micros = canonicalMicros(s);
    if (micros === undefined) return this.text(Tag.TimeText, s);
    this.byte(micros >= 0 ? Tag.Time : Tag.TimeBefore1970);
    this.varint(Math.abs(micros));
  }

  private str(s: string, prev: string | undefined): string {
    if (!wellFormed(s)) {
      this.byte(Tag.StrUtf16);
      this.utf16(s);
      return s;
    }
    if (prev !== undefined) {
      const n = Math.min(s.length, prev.length);
      let shared = 0;
      while (shared < n && s.charCodeAt(shared) === prev.charCodeAt(shared)) shared++;
      // Never between the two halves of a surrogate pair: the rest must be valid UTF-16 alone.
      if (shared > 0 && (s.charCodeAt(shared - 1) & 0xfc00) === 0xd800) shared--;
      if (shared < SHORT_SHARED && s.length - shared <= SHORT_REST && this.short(s, shared)) {
        return s;
      }
      if (shared > 0) {
        this.byte(Tag.Front);
        this.varint(shared);
        this.string(s.slice(shared));
        return s;
      }
    }
    this.byte(Tag.Str);
    this.string(s);
    return s;
  }

  /** Writes `s` after `shared` code units of the previous string in one byte, if its rest fits. */
  private short(s: string, shared: number): boolean {
    let bytes = 0;
    for (let i = shared; i < s.length; i++) {
      const c = s.charCodeAt(i);
      bytes +=
        c < 0x80
          ? 1
          : c < 0x800
            ? 2
            : (c & 0xfc00) === 0xd800
              ? 4
              : (c & 0xfc00) === 0xdc00
                ? 0
                : 3;
    }
    if (bytes < 1 || bytes > SHORT_REST) return false;
    this.room(1 + bytes);
    this.buf[this.pos++] = SHORT + (shared << 3) + bytes - 1;
    if (bytes === s.length - shared) {
      for (let i = shared; i < s.length; i++) this.buf[this.pos++] = s.charCodeAt(i);
    } else this.pos += this.buf.write(s.slice(shared), this.pos);
    return true;
  }

  private array(x: unknown): boolean {
    if (!isPlainObject(x)) return false;
    let keys = 0;
    for (const k in x) if (Object.hasOwn(x, k)) keys++;
    if (keys === 0) {
      this.byte(Tag.ArrayEmpty);
      return true;
    }
    const values = x.values;
    if (keys !== 1 || !Array.isArray(values) || values.length === 0) return false;
    if (!values.every(isPlainObject)) return false;
    this.byte(Tag.Array);
    this.block(() => {
      this.varint(values.length);
      // '' (not undefined): a string in an array, which may take the short form even without a
      // string before it.
      let prev = '';
      for (const e of values as Value[]) prev = this.element(e, prev) ?? '';
    });
    return true;
  }

  private map(x: unknown): boolean {
    if (!isPlainObject(x)) return false;
    let keys = 0;
    for (const k in x) if (Object.hasOwn(x, k)) keys++;
    if (keys === 0) {
      this.byte(Tag.MapEmpty);
      return true;
    }
    const fields = x.fields;
    if (keys !== 1 || !isPlainObject(fields)) return false;
    for (const k in fields) if (Object.hasOwn(fields, k) && !isPlainObject(fields[k])) return false;
    this.byte(Tag.Map);
    this.fields(fields as Fields);
    return true;
  }

  private json(v: Value): undefined {
    this.byte(Tag.Json);
    this.string(JSON.stringify(v));
    return undefined;
  }
}

function isPlainObject(x: unknown): x is { [k: string]: unknown } {
  return typeof x === 'object' && x !== null && !Array.isArray(x);
}

function isGeo(x: unknown): x is { latitude: number; longitude: number } {
  if (!isPlainObject(x)) return false;
  const keys = Object.keys(x);
  return (
    keys.length === 2 &&
    keys[0] === 'latitude' &&
    keys[1] === 'longitude' &&
    typeof x.latitude === 'number' &&
    typeof x.longitude === 'number'
  );
}

function textValue(tag: Tag, s: string): Value {
  switch (tag) {
    case Tag.IntText:
      return { integerValue: s };
    case Tag.DoubleText:
      return { doubleValue: s };
    case Tag.TimeText:
      return { timestampValue: s };
    case Tag.Bytes:
      return { bytesValue: s };
    default:
      return { referenceValue: s };
  }
}

const NO_BYTES = Buffer.alloc(0);

/** Packs and unpacks the documents of one store (which owns the name table). */
export class Packer {
  readonly names = new NameTable();
  private readonly writer = new Writer(this.names);
  private readonly shortener = new Shortener(this.names);
  private readonly reader = new Reader(NO_BYTES, this.names);

  /** The packed bytes of `fields`, in a scratch buffer valid until the next call. */
  pack(fields: Fields): Buffer {
    const w = this.writer;
    w.pos = 0;
    w.fields(fields);
    return w.buf.subarray(0, w.pos);
  }

  unpack(bytes: Buffer): Fields {
    return new Reader(bytes, this.names).fields();
  }

  /** See `Shortener`: the bytes with earlier array strings shortened, or undefined if none. */
  shortened(bytes: Buffer): Buffer | undefined {
    return this.shortener.shorten(bytes);
  }

  /** The value at a field path of a packed document, or undefined when it has none. */
  field(bytes: Buffer, segs: readonly string[]): Value | undefined {
    const r = new Reader(bytes, this.names);
    return r.seek(segs) ? r.value() : undefined;
  }

  /**
   * The order key of the value at a field path (see `Reader.scalarKey`) into `k`: 'key', or
   * 'value' when the value must be read whole, or 'none' when the document has no such field.
   */
  scalarKey(bytes: Buffer, segs: readonly string[], k: ScalarKey): 'key' | 'value' | 'none' {
    const r = this.reader;
    r.reset(bytes, 0);
    const found = !r.seek(segs) ? 'none' : r.scalarKey(k) ? 'key' : 'value';
    // Not kept: the bytes are a view of an arena chunk, which compaction may drop.
    r.reset(NO_BYTES, 0);
    return found;
  }

  /** The bytes of a field's value in a packed document (to tell whether it changed). */
  fieldBytes(bytes: Buffer, segs: readonly string[]): Buffer | undefined {
    const r = new Reader(bytes, this.names);
    if (!r.seek(segs)) return undefined;
    const start = r.pos;
    r.skip();
    return bytes.subarray(start, r.pos);
  }

  walker(): KeyWalker {
    return new KeyWalker(this.names);
  }
}
