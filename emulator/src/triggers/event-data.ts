/**
 * google.events.cloud.firestore.v1.DocumentEventData in protobuf binary form: the body of a v2
 * Firestore CloudEvent, which the functions SDK decodes with its compiled protos
 * (firebase-functions/lib/common/providers/firestore.js, createSnapshotFromProtobuf). Field numbers
 * as in firebase-functions/protos/compiledFirestore.js. A hand-written encoder: the emulator's
 * protobufjs root belongs to the gRPC transport, and these few messages are simple.
 */
import type { DocVersion } from '../model/document.js';
import { formatFieldPath } from '../model/paths.js';
import { parseTimestamp } from '../model/time.js';
import { doubleOf, type Fields, type Value } from '../model/values.js';
import type { Json, JsonObject } from '../service.js';

/** Protobuf wire types. */
const VARINT = 0;
const FIXED64 = 1;
const BYTES = 2;

/** A message under construction: encoded parts, concatenated at the end. */
class Message {
  private readonly parts: Buffer[] = [];
  private size = 0;

  private push(b: Buffer): void {
    this.parts.push(b);
    this.size += b.length;
  }

  private tag(field: number, wire: number): void {
    this.push(varint(BigInt((field << 3) | wire)));
  }

  varint(field: number, value: bigint): this {
    this.tag(field, VARINT);
    this.push(varint(BigInt.asUintN(64, value)));
    return this;
  }

  double(field: number, value: number): this {
    this.tag(field, FIXED64);
    const b = Buffer.alloc(8);
    b.writeDoubleLE(value);
    this.push(b);
    return this;
  }

  bytes(field: number, value: Buffer): this {
    this.tag(field, BYTES);
    this.push(varint(BigInt(value.length)));
    this.push(value);
    return this;
  }

  string(field: number, value: string): this {
    return this.bytes(field, Buffer.from(value, 'utf8'));
  }

  message(field: number, value: Message): this {
    return this.bytes(field, value.finish());
  }

  finish(): Buffer {
    return Buffer.concat(this.parts, this.size);
  }
}

function varint(n: bigint): Buffer {
  const out: number[] = [];
  let v = n;
  while (v > 0x7fn) {
    out.push(Number(v & 0x7fn) | 0x80);
    v >>= 7n;
  }
  out.push(Number(v));
  return Buffer.from(out);
}

/** google.protobuf.Timestamp from an RFC 3339 string. */
function timestamp(rfc3339: string): Message {
  const { seconds, nanos } = parseTimestamp(rfc3339);
  const m = new Message();
  if (seconds) m.varint(1, BigInt(seconds));
  if (nanos) m.varint(2, BigInt(nanos));
  return m;
}

function timestampFromMicros(us: number): Message {
  const seconds = Math.floor(us / 1e6);
  const m = new Message();
  if (seconds) m.varint(1, BigInt(seconds));
  const nanos = (us - seconds * 1e6) * 1000;
  if (nanos) m.varint(2, BigInt(nanos));
  return m;
}

/** map<string, Value> entries under `field`. */
function fieldsInto(m: Message, field: number, fields: Fields): void {
  for (const [name, v] of Object.entries(fields)) {
    m.message(field, new Message().string(1, name).message(2, value(v)));
  }
}

/** google.events.cloud.firestore.v1.Value from the proto3 JSON form the engine stores. */
function value(v: Value): Message {
  const m = new Message();
  if ('nullValue' in v) return m.varint(11, 0n);
  if ('booleanValue' in v) return m.varint(1, v.booleanValue ? 1n : 0n);
  if ('integerValue' in v) return m.varint(2, BigInt(String(v.integerValue)));
  if ('doubleValue' in v) return m.double(3, doubleOf(v.doubleValue));
  if ('timestampValue' in v) return m.message(10, timestamp(String(v.timestampValue)));
  if ('stringValue' in v) return m.string(17, String(v.stringValue));
  if ('bytesValue' in v) return m.bytes(18, Buffer.from(String(v.bytesValue), 'base64'));
  if ('referenceValue' in v) return m.string(5, String(v.referenceValue));
  if ('geoPointValue' in v) {
    const g = v.geoPointValue as JsonObject;
    const latLng = new Message();
    if (g.latitude) latLng.double(1, doubleOf(g.latitude));
    if (g.longitude) latLng.double(2, doubleOf(g.longitude));
    return m.message(8, latLng);
  }
  if ('arrayValue' in v) {
    const array = new Message();
    for (const item of ((v.arrayValue as JsonObject).values ?? []) as Value[]) {
      array.message(1, value(item));
    }
    return m.message(9, array);
  }
  const map = new Message();
  fieldsInto(map, 1, (((v.mapValue as JsonObject | undefined)?.fields ?? {}) as Fields) ?? {});
  return m.message(6, map);
}

/** google.events.cloud.firestore.v1.Document. */
function document(d: DocVersion): Message {
  const m = new Message().string(1, d.name);
  fieldsInto(m, 2, d.fields);
  return m
    .message(3, timestampFromMicros(d.createTime))
    .message(4, timestampFromMicros(d.updateTime));
}

function sameJson(a: Json | undefined, b: Json | undefined): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * The field paths an update changed (added, removed or different), descending into maps that
 * exist on both sides, in the form of a DocumentMask.
 */
export function changedFieldPaths(before: Fields, after: Fields, prefix: string[] = []): string[] {
  const out: string[] = [];
  const names = new Set([...Object.keys(before), ...Object.keys(after)]);
  for (const name of [...names].sort()) {
    const a = before[name];
    const b = after[name];
    const path = [...prefix, name];
    if (a && b && 'mapValue' in a && 'mapValue' in b) {
      const af = ((a.mapValue as JsonObject).fields ?? {}) as Fields;
      const bf = ((b.mapValue as JsonObject).fields ?? {}) as Fields;
      out.push(...changedFieldPaths(af, bf, path));
    } else if (!sameJson(a, b)) {
      out.push(formatFieldPath(path));
    }
  }
  return out;
}

/** The DocumentEventData of one change: the new value, the old value, and for updates the mask. */
export function encodeDocumentEventData(
  before: DocVersion | null,
  after: DocVersion | null,
): Buffer {
  const m = new Message();
  if (after) m.message(1, document(after));
  if (before) m.message(2, document(before));
  if (before && after) {
    const mask = new Message();
    for (const p of changedFieldPaths(before.fields, after.fields)) mask.string(1, p);
    m.message(3, mask);
  }
  return m.finish();
}
