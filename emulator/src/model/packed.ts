/**
 * Documents packed into bytes, the form the store keeps every version in. As protobuf-JSON objects
 * a lead with its ~90 `search_keys` holds about 6 KB of heap (an object and a string per value); packed
 * it is about 600 bytes outside the heap: field names are numbers from a table of the store's
 * names, integers, doubles and timestamps are binary, strings are UTF-8, and a string in an array is
 * written as the part that differs from the string before it (sorted keys share long prefixes).
 * `unpack(pack(f))` gives back `f` exactly (same types, same JSON, same key order); a value of a
 * shape this file does not know is kept as its JSON text.
 */
import { microsToString } from './time.js';
import { arrayValues, postingKey, type Fields, type Value } from './values.js';

const enum Tag {
  Null = 0,
  False = 1,
  True = 2,
  Int = 3,
  IntText = 4,
  Double = 5,
  DoubleText = 6,
  Time = 7,
  TimeText = 8,
  Str = 9,
  StrUtf16 = 10,
  Bytes = 11,
  Ref = 12,
  Geo = 13,
  Array = 14,
  ArrayEmpty = 15,
  Map = 16,
  MapEmpty = 17,
  Json = 18,
  /** A string in an array: the length of the prefix it shares with the previous string, then the rest. */
  Front = 19,
  /** A timestamp before 1970: microseconds before the epoch. */
  TimeBefore1970 = 20,
}

const NULL_VALUE: Value = { nullValue: null };
const SAFE_INT = /^-?\d{1,15}$/;
const DAY_SECONDS = 86_400;
let lastPrefix = '';
let lastSeconds = 0;

/** Days from 1970-01-01 to a proleptic Gregorian date (H. Hinnant's days_from_civil). */
function daysFromCivil(y: number, m: number, d: number): number {
  y -= m <= 2 ? 1 : 0;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const doy = Math.floor((153 * (m + (m > 2 ? -3 : 9)) + 2) / 5) + d - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146097 + doe - 719468;
}

function digits(s: string, from: number, to: number): number {
  let n = 0;
  for (let i = from; i < to; i++) {
    const c = s.charCodeAt(i) - 48;
    if (c < 0 || c > 9) return -1;
    n = n * 10 + c;
  }
  return n;
}

/**
 * The microseconds of a timestamp in the form the emulator stores (`YYYY-MM-DDTHH:MM:SS.ffffffZ`,
 * what `microsToString` writes) when they are an exact double; undefined for any other text.
 */
function canonicalMicros(s: string): number | undefined {
  if (
    s.length !== 27 ||
    s.charCodeAt(4) !== 45 ||
    s.charCodeAt(7) !== 45 ||
    s.charCodeAt(10) !== 84 ||
    s.charCodeAt(13) !== 58 ||
    s.charCodeAt(16) !== 58 ||
    s.charCodeAt(19) !== 46 ||
    s.charCodeAt(26) !== 90
  ) {
    return undefined;
  }
  const frac = digits(s, 20, 26);
  if (frac < 0) return undefined;
  const prefix = s.slice(0, 19);
  if (prefix !== lastPrefix) {
    const [y, mo, d, h, mi, sec] = [
      digits(s, 0, 4),
      digits(s, 5, 7),
      digits(s, 8, 10),
      digits(s, 11, 13),
      digits(s, 14, 16),
      digits(s, 17, 19),
    ];
    if (y < 0 || mo < 1 || mo > 12 || d < 1 || h < 0 || h > 23 || mi < 0 || mi > 59)
      return undefined;
    if (sec < 0 || sec > 59) return undefined;
    // The day must exist in its month (February 30th is not a stored timestamp).
    if (d > daysInMonth(y, mo)) return undefined;
    lastSeconds = daysFromCivil(y, mo, d) * DAY_SECONDS + h * 3600 + mi * 60 + sec;
    lastPrefix = prefix;
  }
  const micros = lastSeconds * 1e6 + frac;
  return Number.isSafeInteger(micros) ? micros : undefined;
}

function daysInMonth(y: number, m: number): number {
  if (m === 2) return (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0 ? 29 : 28;
  return [4, 6, 9, 11].includes(m) ? 30 : 31;
}
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
/** Whether the string is valid UTF-16, so that UTF-8 gives it back (lone surrogates do not survive). */
const wellFormed: (s: string) => boolean =
  typeof (String.prototype as { isWellFormed?: unknown }).isWellFormed === 'function'
    ? (s) => (s as unknown as { isWellFormed(): boolean }).isWellFormed()
    : (s) => !LONE_SURROGATE.test(s);

/** A store's field names, numbered in order of first use. */
export class NameTable {
  readonly names: string[] = [];
  private readonly ids = new Map<string, number>();

  id(name: string): number | undefined {
    return this.ids.get(name);
  }

  /** The name's number, giving it one if it has none. */
  intern(name: string): number {
    let id = this.ids.get(name);
    if (id === undefined) {
      id = this.names.length;
      this.names.push(name);
      this.ids.set(name, id);
    }
    return id;
  }
}

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
      let prev: string | undefined;
      for (const e of values as Value[]) prev = this.element(e, prev);
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

/** Reads packed values from a buffer. */
export class Reader {
  pos = 0;

  constructor(
    public buf: Buffer,
    private readonly names: NameTable,
  ) {}

  /** Reads another buffer from `pos` on. */
  reset(buf: Buffer, pos: number): void {
    this.buf = buf;
    this.pos = pos;
  }

  varint(): number {
    let n = 0;
    let mul = 1;
    for (;;) {
      const b = this.buf[this.pos++];
      n += (b & 0x7f) * mul;
      if (b < 0x80) return n;
      mul *= 0x80;
    }
  }

  private zigzag(): number {
    const z = this.varint();
    return z % 2 === 0 ? z / 2 : -(z + 1) / 2;
  }

  string(): string {
    const n = this.varint();
    const start = this.pos;
    this.pos += n;
    return this.buf.toString('utf8', start, this.pos);
  }

  private utf16(): string {
    const n = this.varint();
    let s = '';
    for (let i = 0; i < n; i++) s += String.fromCharCode(this.buf.readUInt16LE(this.pos + 2 * i));
    this.pos += 2 * n;
    return s;
  }

  private double(): number {
    const n = this.buf.readDoubleLE(this.pos);
    this.pos += 8;
    return n;
  }

  name(): string {
    return this.names.names[this.varint()];
  }

  fields(): Fields {
    this.pos += 4;
    const n = this.varint();
    const out: Fields = {};
    for (let i = 0; i < n; i++) {
      const name = this.name();
      const v = this.value();
      if (name === '__proto__') Object.defineProperty(out, name, { value: v, enumerable: true });
      else out[name] = v;
    }
    return out;
  }

  /** One value; `prev` is the string before it in its array (for Front). */
  value(prev = ''): Value {
    const tag = this.buf[this.pos++] as Tag;
    switch (tag) {
      case Tag.Null:
        return NULL_VALUE;
      case Tag.False:
        return { booleanValue: false };
      case Tag.True:
        return { booleanValue: true };
      case Tag.Int:
        return { integerValue: String(this.zigzag()) };
      case Tag.IntText:
        return { integerValue: this.string() };
      case Tag.Double:
        return { doubleValue: this.double() };
      case Tag.DoubleText:
        return { doubleValue: this.string() };
      case Tag.Time:
        return { timestampValue: microsToString(this.varint()) };
      case Tag.TimeBefore1970:
        return { timestampValue: microsToString(-this.varint()) };
      case Tag.TimeText:
        return { timestampValue: this.string() };
      case Tag.Str:
        return { stringValue: this.string() };
      case Tag.StrUtf16:
        return { stringValue: this.utf16() };
      case Tag.Front: {
        const shared = this.varint();
        return { stringValue: prev.slice(0, shared) + this.string() };
      }
      case Tag.Bytes:
        return { bytesValue: this.string() };
      case Tag.Ref:
        return { referenceValue: this.string() };
      case Tag.Geo:
        return { geoPointValue: { latitude: this.double(), longitude: this.double() } };
      case Tag.Array: {
        this.pos += 4;
        const n = this.varint();
        const values: Value[] = new Array<Value>(n);
        let last = '';
        for (let i = 0; i < n; i++) {
          const e = this.value(last);
          values[i] = e;
          last = typeof e.stringValue === 'string' ? e.stringValue : '';
        }
        return { arrayValue: { values } };
      }
      case Tag.ArrayEmpty:
        return { arrayValue: {} };
      case Tag.Map:
        return { mapValue: { fields: this.fields() } };
      case Tag.MapEmpty:
        return { mapValue: {} };
      case Tag.Json:
        return JSON.parse(this.string()) as Value;
      default:
        throw new Error(`Corrupt packed document: tag ${String(tag)} at byte ${this.pos - 1}`);
    }
  }

  /** Moves past one value without building it. */
  skip(): void {
    const tag = this.buf[this.pos++] as Tag;
    switch (tag) {
      case Tag.Null:
      case Tag.False:
      case Tag.True:
      case Tag.ArrayEmpty:
      case Tag.MapEmpty:
        return;
      case Tag.Int:
      case Tag.Time:
      case Tag.TimeBefore1970:
        this.varint();
        return;
      case Tag.Double:
        this.pos += 8;
        return;
      case Tag.Geo:
        this.pos += 16;
        return;
      case Tag.Front:
        this.varint();
        this.advance(this.varint());
        return;
      case Tag.StrUtf16:
        this.advance(2 * this.varint());
        return;
      case Tag.Array:
      case Tag.Map:
        this.pos += 4 + this.buf.readUInt32LE(this.pos);
        return;
      default:
        this.advance(this.varint());
    }
  }

  /** (`this.pos += this.varint()` would add to the position before the varint was read.) */
  private advance(n: number): void {
    this.pos += n;
  }

  /**
   * Positions the reader on the value of the field at `segs` (maps descended into) and returns
   * true, or false when the document has no such field.
   */
  seek(segs: readonly string[]): boolean {
    for (let depth = 0; depth < segs.length; depth++) {
      if (depth > 0 && this.buf[this.pos++] !== Tag.Map) return false;
      const end = this.pos + 4 + this.buf.readUInt32LE(this.pos);
      this.pos += 4;
      const n = this.varint();
      const wantId = this.names.id(segs[depth]);
      if (wantId === undefined) return false;
      let found = false;
      for (let i = 0; i < n && !found; i++) {
        found = this.varint() === wantId;
        if (!found) this.skip();
      }
      if (!found) {
        this.pos = end;
        return false;
      }
    }
    return true;
  }
}

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

  /** Reads one value's key; true when it was a string (Front may follow). */
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
    if (tag === Tag.Front && stringBefore) {
      r.pos++;
      const shared = r.varint();
      const len = r.varint();
      this.utf8(buf, r.pos, r.pos + len, 1 + shared);
      r.pos += len;
      return true;
    }
    const v = r.value();
    this.set(postingKey(v));
    return 'stringValue' in v;
  }
}

/** The keys of the elements of an array value, or of the value itself. */
export function keysOf(v: Value | undefined, elements: boolean): string[] {
  if (v === undefined) return [];
  if (!elements) return [postingKey(v)];
  return 'arrayValue' in v ? [...new Set(arrayValues(v).map(postingKey))] : [];
}

/** Packs and unpacks the documents of one store (which owns the name table). */
export class Packer {
  readonly names = new NameTable();
  private readonly writer = new Writer(this.names);

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

  /** The value at a field path of a packed document, or undefined when it has none. */
  field(bytes: Buffer, segs: readonly string[]): Value | undefined {
    const r = new Reader(bytes, this.names);
    return r.seek(segs) ? r.value() : undefined;
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
