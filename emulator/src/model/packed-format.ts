/**
 * The packed form of documents (see packed.ts): its tags, the table of field names, and reading.
 */
import { microsToString } from './time.js';
import { TypeOrder, type Fields, type Value } from './values.js';

export const Tag = {
  Null: 0,
  False: 1,
  True: 2,
  Int: 3,
  IntText: 4,
  Double: 5,
  DoubleText: 6,
  Time: 7,
  TimeText: 8,
  Str: 9,
  StrUtf16: 10,
  Bytes: 11,
  Ref: 12,
  Geo: 13,
  Array: 14,
  ArrayEmpty: 15,
  Map: 16,
  MapEmpty: 17,
  Json: 18,
  /** A string in an array: the length of the prefix it shares with the previous string, then the rest. */
  Front: 19,
  /** A timestamp before 1970: microseconds before the epoch. */
  TimeBefore1970: 20,
} as const;
export type Tag = (typeof Tag)[keyof typeof Tag];

/**
 * A string in an array whose prefix shared with the previous string is under 24 code units and
 * whose rest is 1 to 8 UTF-8 bytes takes one byte from here up, `SHORT + (shared << 3) + rest - 1`,
 * then the rest: a lead's hundred search keys are mostly one more digit or letter than the key
 * before, which Str and Front wrote in three bytes besides that character.
 */
export const SHORT = 0x40;
export const SHORT_SHARED = 24;
export const SHORT_REST = 8;

export const NULL_VALUE: Value = { nullValue: null };

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

/** A value's place in Firestore's order, told by a number or a string (see `scalarKey`). */
export interface ScalarKey {
  type: TypeOrder;
  num: number;
  str: string | undefined;
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

  zigzag(): number {
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
        if (tag >= SHORT) {
          const start = this.pos;
          this.pos += ((tag - SHORT) & 7) + 1;
          const rest = this.buf.toString('utf8', start, this.pos);
          return { stringValue: prev.slice(0, (tag - SHORT) >>> 3) + rest };
        }
        throw new Error(`Corrupt packed document: tag ${String(tag)} at byte ${this.pos - 1}`);
    }
  }

  /**
   * The value here as its type's rank and a number (null, booleans, safe integers, doubles but
   * NaN, timestamps in microseconds) or a string (`str`, for strings), with no value object
   * built; false for any other value, which the caller reads whole.
   */
  scalarKey(k: ScalarKey): boolean {
    const tag = this.buf[this.pos++];
    k.str = undefined;
    k.num = 0;
    switch (tag) {
      case Tag.Null:
        k.type = TypeOrder.Null;
        return true;
      case Tag.False:
      case Tag.True:
        k.type = TypeOrder.Boolean;
        k.num = tag === Tag.True ? 1 : 0;
        return true;
      case Tag.Int:
        k.type = TypeOrder.Number;
        k.num = this.zigzag();
        return Number.isSafeInteger(k.num);
      case Tag.Double:
        k.type = TypeOrder.Number;
        k.num = this.double();
        return !Number.isNaN(k.num);
      case Tag.Time:
      case Tag.TimeBefore1970:
        k.type = TypeOrder.Timestamp;
        k.num = tag === Tag.Time ? this.varint() : -this.varint();
        return Number.isSafeInteger(k.num);
      case Tag.Str:
        k.type = TypeOrder.String;
        k.str = this.string();
        return true;
      default:
        return false;
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
        if (tag >= SHORT) this.pos += ((tag - SHORT) & 7) + 1;
        else this.advance(this.varint());
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

/**
 * A packed document with its arrays' strings in the one-byte form wherever that applies, copied
 * from bytes written before the form existed (Str, or Front: the prefix shared with the string
 * before, then the rest; the one-byte form means the same); undefined when nothing changes.
 * Byte for byte, with no value built: a million leads' snapshot loads in about the same time.
 */
const NO_BYTES = Buffer.alloc(0);

export class Shortener {
  private out = Buffer.alloc(1024);
  private pos = 0;
  private changed = false;
  private readonly r: Reader;

  constructor(names: NameTable) {
    this.r = new Reader(NO_BYTES, names);
  }

  /** The shortened bytes (valid until the next call), or undefined. */
  shorten(bytes: Buffer): Buffer | undefined {
    this.r.reset(bytes, 0);
    // Most documents have nothing to shorten: a scan that copies nothing tells first.
    const long = this.longIn(true);
    if (long) {
      if (this.out.length < bytes.length) this.out = Buffer.alloc(bytes.length * 2);
      this.r.reset(bytes, 0);
      this.pos = 0;
      this.changed = false;
      this.fields();
    }
    // Not kept: the bytes may be a view of a large buffer (a snapshot's read block).
    this.r.reset(NO_BYTES, 0);
    return long && this.changed ? this.out.subarray(0, this.pos) : undefined;
  }

  /** Whether the fields (`fields`) or the value at the reader hold a string to shorten. */
  private longIn(fields: boolean): boolean {
    const r = this.r;
    const src = r.buf;
    let tag: number = Tag.Map;
    if (!fields) {
      tag = src[r.pos];
      if (tag !== Tag.Map && tag !== Tag.Array) {
        r.skip();
        return false;
      }
      r.pos++;
    }
    r.pos += 4;
    const n = r.varint();
    for (let i = 0; i < n; i++) {
      if (tag === Tag.Map) {
        r.varint();
        if (this.longIn(false)) return true;
        continue;
      }
      const t = src[r.pos];
      if (t >= SHORT) r.pos += ((t - SHORT) & 7) + 2;
      else if (t === Tag.Str || t === Tag.Front) {
        r.pos++;
        const shared = t === Tag.Front ? r.varint() : 0;
        const rest = r.varint();
        if (shared < SHORT_SHARED && rest >= 1 && rest <= SHORT_REST) return true;
        r.pos += rest;
      } else if (this.longIn(false)) return true;
    }
    return false;
  }

  /** Copies the source from the reader's position to `end`. */
  private copy(from: number, to: number): void {
    const src = this.r.buf;
    const out = this.out;
    // Most ranges are a few bytes: a loop costs less than a call into the runtime.
    if (to - from > 32) src.copy(out, this.pos, from, to);
    else for (let i = from, p = this.pos; i < to; i++, p++) out[p] = src[i];
    this.pos += to - from;
  }

  /** A block (u32 length, then its content written by `body`), its length set once written. */
  private block(body: () => void): void {
    const at = this.pos;
    this.pos += 4;
    this.r.pos += 4;
    body();
    this.out.writeUInt32LE(this.pos - at - 4, at);
  }

  private varint(): number {
    const from = this.r.pos;
    const n = this.r.varint();
    this.copy(from, this.r.pos);
    return n;
  }

  private fields(): void {
    this.block(() => {
      const n = this.varint();
      for (let i = 0; i < n; i++) {
        this.varint();
        this.value();
      }
    });
  }

  private value(): void {
    const r = this.r;
    const tag = r.buf[r.pos];
    if (tag === Tag.Map || tag === Tag.Array) {
      this.out[this.pos++] = tag;
      r.pos++;
      if (tag === Tag.Map) this.fields();
      else this.block(() => this.elements(this.varint()));
      return;
    }
    const from = r.pos;
    r.skip();
    this.copy(from, r.pos);
  }

  private elements(n: number): void {
    const r = this.r;
    const src = r.buf;
    const out = this.out;
    for (let i = 0; i < n; i++) {
      const tag = src[r.pos];
      if (tag !== Tag.Str && tag !== Tag.Front) {
        this.value();
        continue;
      }
      const from = r.pos++;
      // Both lengths are one byte whenever the short form applies (under 0x80).
      const shared = tag === Tag.Front ? (src[r.pos] < 0x80 ? src[r.pos++] : r.varint()) : 0;
      const rest = src[r.pos] < 0x80 ? src[r.pos++] : r.varint();
      if (shared < SHORT_SHARED && rest >= 1 && rest <= SHORT_REST) {
        let p = this.pos;
        out[p++] = SHORT + (shared << 3) + rest - 1;
        for (let k = r.pos, end = r.pos + rest; k < end; k++) out[p++] = src[k];
        this.pos = p;
        this.changed = true;
      } else this.copy(from, r.pos + rest);
      r.pos += rest;
    }
  }
}
