/** google.firestore.v1 protobuf <-> proto3 JSON conversion (protobufjs reflection over the shipped .proto files). */
import { createRequire } from 'node:module';
import path from 'node:path';
import protobuf from 'protobufjs';
import type { Json, JsonObject } from '../../service.js';
import { formatTimestamp, parseTimestamp } from '../../model/time.js';

const require = createRequire(import.meta.url);
const PROTO_DIR = path.join(
  path.dirname(require.resolve('@google-cloud/firestore/package.json')),
  'build',
  'protos',
);

const root = new protobuf.Root();
root.resolvePath = (_origin, target) => path.join(PROTO_DIR, target);
root.loadSync('google/firestore/v1/firestore.proto');
// The JS SDK's transactions send `verify` writes (field 5), which these protos no longer declare.
{
  const write = root.lookupType('google.firestore.v1.Write');
  if (!write.fields.verify) {
    const verify = new protobuf.Field('verify', 5, 'string');
    write.add(verify);
    write.oneofs.operation?.add(verify);
  }
}
root.resolveAll();

export const firestoreService = root.lookupService('google.firestore.v1.Firestore');

const WRAPPERS = new Set([
  '.google.protobuf.Int32Value',
  '.google.protobuf.Int64Value',
  '.google.protobuf.UInt32Value',
  '.google.protobuf.UInt64Value',
  '.google.protobuf.DoubleValue',
  '.google.protobuf.FloatValue',
  '.google.protobuf.BoolValue',
  '.google.protobuf.StringValue',
  '.google.protobuf.BytesValue',
]);
const LONG_TYPES = new Set(['int64', 'uint64', 'sint64', 'fixed64', 'sfixed64']);

type Msg = { [key: string]: unknown };

// `fullName` is recomputed on every access in protobufjs: classify each type once.
type Kind = 'timestamp' | 'duration' | 'struct' | 'wrapper' | 'message';
const SPECIAL: { [fullName: string]: Kind } = {
  '.google.protobuf.Timestamp': 'timestamp',
  '.google.protobuf.Duration': 'duration',
  '.google.protobuf.Struct': 'struct',
};
const kinds = new WeakMap<protobuf.Type, Kind>();
function kindOf(type: protobuf.Type): Kind {
  let k = kinds.get(type);
  if (!k) {
    const full = type.fullName;
    k = SPECIAL[full] ?? (WRAPPERS.has(full) ? 'wrapper' : 'message');
    kinds.set(type, k);
  }
  return k;
}

/** A JSON value as a google.protobuf.Value (for Struct fields such as explain's debug stats). */
function structValue(v: Json): Msg {
  if (v === null) return { nullValue: 0 };
  if (typeof v === 'number') return { numberValue: v };
  if (typeof v === 'string') return { stringValue: v };
  if (typeof v === 'boolean') return { boolValue: v };
  if (Array.isArray(v)) return { listValue: { values: v.map(structValue) } };
  return { structValue: structFields(v) };
}

function structFields(o: JsonObject): Msg {
  const fields: Msg = {};
  for (const [k, v] of Object.entries(o)) fields[k] = structValue(v);
  return { fields };
}

/** A proto3 JSON Duration ("1.5s") as seconds and nanos. */
function durationFromJson(s: string): Msg {
  const m = /^(-?)(\d+)(?:\.(\d{1,9}))?s$/.exec(s);
  if (!m) return { seconds: 0, nanos: 0 };
  const sign = m[1] ? -1 : 1;
  return { seconds: sign * Number(m[2]), nanos: sign * Number((m[3] ?? '').padEnd(9, '0')) };
}
const nullEnums = new WeakMap<protobuf.Enum, boolean>();
function isNullEnum(e: protobuf.Enum): boolean {
  let b = nullEnums.get(e);
  if (b === undefined) {
    b = e.fullName === '.google.protobuf.NullValue';
    nullEnums.set(e, b);
  }
  return b;
}

function isLongLike(v: unknown): v is { toString(): string; toNumber(): number } {
  return typeof v === 'object' && v !== null && 'low' in v && 'high' in v;
}

function scalarToJson(field: protobuf.Field, v: unknown): Json {
  if (field.type === 'bytes') return Buffer.from(v as Uint8Array).toString('base64');
  if (LONG_TYPES.has(field.type)) return isLongLike(v) ? v.toString() : String(v);
  if (field.type === 'double' || field.type === 'float') {
    const n = v as number;
    if (Number.isNaN(n)) return 'NaN';
    if (n === Infinity) return 'Infinity';
    if (n === -Infinity) return '-Infinity';
    return n;
  }
  return v as Json;
}

function valueToJson(field: protobuf.Field, v: unknown): Json {
  const rt = field.resolvedType;
  if (rt instanceof protobuf.Type) return messageToJson(rt, v as Msg);
  if (rt instanceof protobuf.Enum) {
    if (isNullEnum(rt)) return null;
    return rt.valuesById[v as number] ?? (v as number);
  }
  return scalarToJson(field, v);
}

/** A decoded protobufjs message -> proto3 JSON (with the contract's FieldMask {fieldPaths} form). */
export function messageToJson(type: protobuf.Type, msg: Msg): Json {
  const kind = kindOf(type);
  if (kind === 'timestamp') {
    const s = msg.seconds;
    const seconds = isLongLike(s) ? s.toNumber() : Number(s ?? 0);
    return formatTimestamp(seconds, Number(msg.nanos ?? 0));
  }
  if (kind === 'wrapper') {
    const f = type.fields.value;
    return valueToJson(f, msg.value ?? (f.type === 'bool' ? false : f.type === 'string' ? '' : 0));
  }
  const out: JsonObject = {};
  for (const field of type.fieldsArray) {
    if (!Object.prototype.hasOwnProperty.call(msg, field.name)) continue;
    const v = msg[field.name];
    if (v === null || v === undefined) continue;
    if (field.map) {
      const m = v as { [k: string]: unknown };
      const o: JsonObject = {};
      let any = false;
      for (const k of Object.keys(m)) {
        o[k] = valueToJson(field, m[k]);
        any = true;
      }
      if (any || field.partOf) out[field.name] = o;
    } else if (field.repeated) {
      const arr = v as unknown[];
      if (arr.length === 0) continue;
      out[field.name] = arr.map((x) => valueToJson(field, x));
    } else {
      out[field.name] = valueToJson(field, v);
    }
  }
  return out;
}

function valueFromJson(field: protobuf.Field, v: Json): unknown {
  const rt = field.resolvedType;
  if (rt instanceof protobuf.Type) return messageFromJson(rt, v);
  if (rt instanceof protobuf.Enum) {
    if (isNullEnum(rt)) return 0;
    return v;
  }
  if ((field.type === 'double' || field.type === 'float') && typeof v === 'string') {
    return Number(v);
  }
  return v;
}

/** proto3 JSON -> a plain object protobufjs `fromObject` accepts. */
export function messageFromJson(type: protobuf.Type, json: Json): unknown {
  const kind = kindOf(type);
  if (kind === 'timestamp') {
    if (typeof json !== 'string') return json;
    const { seconds, nanos } = parseTimestamp(json);
    return { seconds, nanos };
  }
  if (kind === 'duration') return typeof json === 'string' ? durationFromJson(json) : json;
  if (kind === 'struct') {
    return typeof json === 'object' && json !== null && !Array.isArray(json)
      ? structFields(json)
      : json;
  }
  if (kind === 'wrapper') {
    if (typeof json === 'object' && json !== null && !Array.isArray(json)) return json;
    return { value: valueFromJson(type.fields.value, json) };
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json)) return json;
  const out: Msg = {};
  for (const key of Object.keys(json)) {
    const field = type.fields[key];
    const v = json[key];
    if (!field || v === undefined) continue;
    if (field.map) {
      const m = v as JsonObject;
      const o: Msg = {};
      for (const k of Object.keys(m)) o[k] = valueFromJson(field, m[k]);
      out[key] = o;
    } else if (field.repeated) {
      out[key] = Array.isArray(v) ? v.map((x) => valueFromJson(field, x)) : [];
    } else if (v === null && !(field.resolvedType instanceof protobuf.Enum)) {
      continue;
    } else {
      out[key] = valueFromJson(field, v);
    }
  }
  return out;
}

export interface MethodCodec {
  name: string;
  requestStream: boolean;
  responseStream: boolean;
  decodeRequest(buf: Uint8Array): JsonObject;
  encodeResponse(json: JsonObject): Uint8Array;
}

const documentType = root.lookupType('google.firestore.v1.Document');
/** Encoded Documents by their JSON object (the engine reuses one JSON object per stored version). */
const documentBytes = new WeakMap<object, Uint8Array>();

function encodeDocument(doc: JsonObject): Uint8Array {
  let b = documentBytes.get(doc);
  if (!b) {
    b = documentType
      .encode(documentType.fromObject(messageFromJson(documentType, doc) as Msg))
      .finish();
    documentBytes.set(doc, b);
  }
  return b;
}

function varint(n: number, out: number[]): void {
  while (n > 127) {
    out.push((n & 127) | 128);
    n = Math.floor(n / 128);
  }
  out.push(n);
}

function lengthDelimited(tag: number, body: Uint8Array | number[]): Buffer {
  const head: number[] = [tag];
  varint(body.length, head);
  return Buffer.concat([Buffer.from(head), Buffer.from(body)]);
}

function packedIds(tag: number, ids: Json | undefined): Buffer | null {
  if (!Array.isArray(ids) || ids.length === 0) return Buffer.alloc(0);
  const body: number[] = [];
  for (const id of ids) {
    if (typeof id !== 'number' || id < 0 || !Number.isInteger(id)) return null;
    varint(id, body);
  }
  return lengthDelimited(tag, body);
}

/**
 * Fast path for the hottest message, a Listen documentChange: the Document is encoded once per
 * version and shared by every target and stream it goes to. Returns null to use the generic path.
 */
function encodeDocumentChange(json: JsonObject): Uint8Array | null {
  const keys = Object.keys(json);
  if (keys.length !== 1 || keys[0] !== 'documentChange') return null;
  const dc = json.documentChange as JsonObject;
  const doc = dc.document;
  if (typeof doc !== 'object' || doc === null || Array.isArray(doc)) return null;
  const targets = packedIds(0x2a, dc.targetIds);
  const removed = packedIds(0x32, dc.removedTargetIds);
  if (!targets || !removed) return null;
  const body = Buffer.concat([lengthDelimited(0x0a, encodeDocument(doc)), targets, removed]);
  return lengthDelimited(0x1a, body);
}

const listenBytes = new WeakMap<object, Uint8Array>();

function codecFor(method: protobuf.Method): MethodCodec {
  const req = method.resolvedRequestType as protobuf.Type;
  const res = method.resolvedResponseType as protobuf.Type;
  return {
    name: method.name,
    requestStream: !!method.requestStream,
    responseStream: !!method.responseStream,
    decodeRequest: (buf) => messageToJson(req, req.decode(buf) as unknown as Msg) as JsonObject,
    encodeResponse: (json) => {
      if (method.name !== 'Listen') {
        return res.encode(res.fromObject(messageFromJson(res, json) as Msg)).finish();
      }
      // Listen messages shared by many streams (a commit's global snapshot) are encoded once.
      let b = listenBytes.get(json);
      if (!b) {
        b =
          encodeDocumentChange(json) ??
          res.encode(res.fromObject(messageFromJson(res, json) as Msg)).finish();
        listenBytes.set(json, b);
      }
      return b;
    },
  };
}

/** Codecs for every RPC of google.firestore.v1.Firestore, by method name. */
export const methodCodecs = new Map<string, MethodCodec>(
  firestoreService.methodsArray.map((m) => {
    m.resolve();
    return [m.name, codecFor(m)];
  }),
);

/** Test/benchmark helper: encode a request message (proto3 JSON) for a method. */
export function encodeRequest(methodName: string, json: JsonObject): Uint8Array {
  const m = firestoreService.methods[methodName];
  const req = m.resolvedRequestType as protobuf.Type;
  return req.encode(req.fromObject(messageFromJson(req, json) as Msg)).finish();
}
