/**
 * The protobuf wire format, as far as the export files need it: varints (int64 exactly, as
 * bigint), fixed64 doubles, length-delimited fields and proto2 groups (the entity schema predates
 * nested messages in places and uses groups for points, references and path elements).
 */

export const enum WireType {
  Varint = 0,
  Fixed64 = 1,
  Delimited = 2,
  StartGroup = 3,
  EndGroup = 4,
  Fixed32 = 5,
}

/** Appends fields to a growing buffer. */
export class ProtoWriter {
  private buf = Buffer.allocUnsafe(64);
  private len = 0;

  private ensure(n: number): void {
    if (this.len + n <= this.buf.length) return;
    const next = Buffer.allocUnsafe(Math.max(this.buf.length * 2, this.len + n));
    this.buf.copy(next, 0, 0, this.len);
    this.buf = next;
  }

  private varint(n: number): void {
    this.ensure(10);
    while (n > 0x7f) {
      this.buf[this.len++] = (n & 0x7f) | 0x80;
      n = Math.floor(n / 128);
    }
    this.buf[this.len++] = n;
  }

  private tag(field: number, type: WireType): void {
    this.varint(field * 8 + type);
  }

  /** An int64 field given as a number (exact below 2^53) or a bigint. */
  int64(field: number, value: bigint | number): void {
    if (typeof value === 'number') {
      if (Number.isSafeInteger(value) && value >= 0) {
        this.tag(field, WireType.Varint);
        this.varint(value);
        return;
      }
      value = BigInt(value);
    }
    this.int64Big(field, value);
  }

  /** Negative values as their 64-bit two's complement (ten bytes). */
  private int64Big(field: number, value: bigint): void {
    this.tag(field, WireType.Varint);
    if (value >= 0n && value <= BigInt(Number.MAX_SAFE_INTEGER)) {
      this.varint(Number(value));
      return;
    }
    let v = BigInt.asUintN(64, value);
    this.ensure(10);
    while (v > 0x7fn) {
      this.buf[this.len++] = Number(v & 0x7fn) | 0x80;
      v >>= 7n;
    }
    this.buf[this.len++] = Number(v);
  }

  uint(field: number, value: number): void {
    this.tag(field, WireType.Varint);
    this.varint(value);
  }

  bool(field: number, value: boolean): void {
    this.uint(field, value ? 1 : 0);
  }

  double(field: number, value: number): void {
    this.tag(field, WireType.Fixed64);
    this.ensure(8);
    this.buf.writeDoubleLE(value, this.len);
    this.len += 8;
  }

  bytes(field: number, value: Uint8Array): void {
    this.tag(field, WireType.Delimited);
    this.varint(value.length);
    this.ensure(value.length);
    this.buf.set(value, this.len);
    this.len += value.length;
  }

  string(field: number, value: string): void {
    const n = Buffer.byteLength(value, 'utf8');
    this.tag(field, WireType.Delimited);
    this.varint(n);
    this.ensure(n);
    this.len += this.buf.write(value, this.len, 'utf8');
  }

  /** A length-delimited message written by `body` into its own writer. */
  message(field: number, body: (w: ProtoWriter) => void): void {
    const inner = new ProtoWriter();
    body(inner);
    this.bytes(field, inner.finish());
  }

  /** A proto2 group: start tag, the fields, end tag. */
  group(field: number, body: (w: ProtoWriter) => void): void {
    this.tag(field, WireType.StartGroup);
    body(this);
    this.tag(field, WireType.EndGroup);
  }

  finish(): Buffer {
    return this.buf.subarray(0, this.len);
  }
}

/** Why bytes are not the protobuf they should be. */
export class WireError extends Error {}

/** Reads fields in order; `group` and `delimited` hand back a reader of the nested bytes. */
export class ProtoReader {
  private pos = 0;

  constructor(private readonly buf: Uint8Array) {}

  get done(): boolean {
    return this.pos >= this.buf.length;
  }

  /** The next field's number and wire type, or undefined at the end. */
  next(): { field: number; type: WireType } | undefined {
    if (this.done) return undefined;
    const key = this.varintNumber();
    const field = Math.floor(key / 8);
    if (field === 0) throw new WireError(`field number 0 at byte ${this.pos}`);
    return { field, type: (key & 7) as WireType };
  }

  private byte(): number {
    if (this.pos >= this.buf.length) throw new WireError('truncated varint');
    return this.buf[this.pos++];
  }

  /** A varint that fits a double exactly (lengths, tags, small enums). */
  varintNumber(): number {
    let n = 0;
    let mul = 1;
    for (let i = 0; i < 10; i++) {
      const b = this.byte();
      n += (b & 0x7f) * mul;
      if (b < 0x80) return n;
      mul *= 128;
    }
    throw new WireError('varint longer than 10 bytes');
  }

  /** A varint as a signed 64-bit integer. */
  int64(): bigint {
    let v = 0n;
    let shift = 0n;
    for (let i = 0; i < 10; i++) {
      const b = this.byte();
      v |= BigInt(b & 0x7f) << shift;
      if (b < 0x80) return BigInt.asIntN(64, v);
      shift += 7n;
    }
    throw new WireError('varint longer than 10 bytes');
  }

  double(): number {
    if (this.pos + 8 > this.buf.length) throw new WireError('truncated double');
    const v = Buffer.from(this.buf.buffer, this.buf.byteOffset + this.pos, 8).readDoubleLE(0);
    this.pos += 8;
    return v;
  }

  delimited(): Uint8Array {
    const n = this.varintNumber();
    if (this.pos + n > this.buf.length) throw new WireError('truncated length-delimited field');
    const out = this.buf.subarray(this.pos, this.pos + n);
    this.pos += n;
    return out;
  }

  string(): string {
    return Buffer.from(this.delimited()).toString('utf8');
  }

  /** The bytes of a group whose start tag was just read, up to its end tag (consumed). */
  group(field: number): Uint8Array {
    const start = this.pos;
    for (;;) {
      const before = this.pos;
      const t = this.next();
      if (!t) throw new WireError(`group ${field} has no end`);
      if (t.type === WireType.EndGroup) {
        if (t.field !== field) throw new WireError(`group ${field} ended by ${t.field}`);
        return this.buf.subarray(start, before);
      }
      this.skip(t.field, t.type);
    }
  }

  skip(field: number, type: WireType): void {
    switch (type) {
      case WireType.Varint:
        this.int64();
        return;
      case WireType.Fixed64:
        this.pos += 8;
        break;
      case WireType.Delimited:
        this.delimited();
        return;
      case WireType.StartGroup:
        this.group(field);
        return;
      case WireType.Fixed32:
        this.pos += 4;
        break;
      default:
        throw new WireError(`unexpected wire type ${type as number} for field ${field}`);
    }
    if (this.pos > this.buf.length) throw new WireError('truncated fixed-size field');
  }
}
