/** Firestore values (proto3 JSON form): validation, the cross-type order, equality and sizes. */
import { Code, RpcError, type Json, type JsonObject } from '../service.js';
import { normalizeTimestampValue } from './time.js';

/** A google.firestore.v1.Value in proto3 JSON form. */
export type Value = JsonObject;
export type Fields = { [name: string]: Value };

export const NULL_VALUE: Value = { nullValue: null };

/** Type order as Firestore sorts mixed types. */
export enum TypeOrder {
  Null = 0,
  Boolean = 1,
  Number = 2,
  Timestamp = 3,
  String = 4,
  Bytes = 5,
  Reference = 6,
  GeoPoint = 7,
  Array = 8,
  Vector = 9,
  Map = 10,
}

export function isVector(v: Value): boolean {
  const f = (v.mapValue as JsonObject | undefined)?.fields as Fields | undefined;
  return !!f && f.__type__?.stringValue === '__vector__';
}

export function typeOrder(v: Value): TypeOrder {
  if ('nullValue' in v) return TypeOrder.Null;
  if ('booleanValue' in v) return TypeOrder.Boolean;
  if ('integerValue' in v || 'doubleValue' in v) return TypeOrder.Number;
  if ('timestampValue' in v) return TypeOrder.Timestamp;
  if ('stringValue' in v) return TypeOrder.String;
  if ('bytesValue' in v) return TypeOrder.Bytes;
  if ('referenceValue' in v) return TypeOrder.Reference;
  if ('geoPointValue' in v) return TypeOrder.GeoPoint;
  if ('arrayValue' in v) return TypeOrder.Array;
  if ('mapValue' in v) return isVector(v) ? TypeOrder.Vector : TypeOrder.Map;
  throw new RpcError(Code.INVALID_ARGUMENT, 'Value has no type set.');
}

/** The numeric value of a double (handles the JSON strings "NaN", "Infinity", "-Infinity"). */
export function doubleOf(v: Json | undefined): number {
  if (typeof v === 'number') return v;
  if (v === 'NaN') return NaN;
  if (v === 'Infinity') return Infinity;
  if (v === '-Infinity') return -Infinity;
  return Number(v ?? 0);
}

export function doubleToJson(n: number): Json {
  if (Number.isNaN(n)) return 'NaN';
  if (n === Infinity) return 'Infinity';
  if (n === -Infinity) return '-Infinity';
  return n;
}

export function isNaNValue(v: Value | undefined): boolean {
  return !!v && 'doubleValue' in v && Number.isNaN(doubleOf(v.doubleValue));
}

export function arrayValues(v: Value): Value[] {
  return (((v.arrayValue as JsonObject | undefined)?.values as Value[] | undefined) ??
    []) as Value[];
}

export function mapFields(v: Value): Fields {
  return ((v.mapValue as JsonObject | undefined)?.fields as Fields | undefined) ?? {};
}

function cmp<T>(a: T, b: T): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Compares strings by their UTF-8 bytes, as Firestore does. */
export function compareUtf8(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x === y) continue;
    const xs = x >= 0xd800 && x <= 0xdfff;
    const ys = y >= 0xd800 && y <= 0xdfff;
    if (xs === ys) return x < y ? -1 : 1;
    return xs ? 1 : -1; // a surrogate encodes a code point above every BMP character
  }
  return cmp(a.length, b.length);
}

function compareNumbers(a: Value, b: Value): number {
  if ('integerValue' in a && 'integerValue' in b) {
    return cmp(BigInt(a.integerValue as string), BigInt(b.integerValue as string));
  }
  const x = 'integerValue' in a ? Number(a.integerValue) : doubleOf(a.doubleValue);
  const y = 'integerValue' in b ? Number(b.integerValue) : doubleOf(b.doubleValue);
  if (Number.isNaN(x)) return Number.isNaN(y) ? 0 : -1;
  if (Number.isNaN(y)) return 1;
  if (x === y && 'integerValue' in a !== 'integerValue' in b) {
    // Mixed int/double of equal magnitude: compare exactly where doubles lose precision.
    const ai = 'integerValue' in a ? BigInt(a.integerValue as string) : null;
    const bi = 'integerValue' in b ? BigInt(b.integerValue as string) : null;
    if (ai !== null && Number.isInteger(y) && Math.abs(y) < 2 ** 63) return cmp(ai, BigInt(y));
    if (bi !== null && Number.isInteger(x) && Math.abs(x) < 2 ** 63) return cmp(BigInt(x), bi);
  }
  return cmp(x, y);
}

function compareBytes(a: string, b: string): number {
  return Buffer.compare(Buffer.from(a, 'base64'), Buffer.from(b, 'base64'));
}

const NUMERIC_ID = /^__id(-?\d{1,19})__$/;
const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;

/** The id of a numeric document id segment (`__id<n>__`, n a signed 64-bit integer), else undefined. */
export function numericId(segment: string): bigint | undefined {
  if (segment.charCodeAt(0) !== 95 || !segment.startsWith('__id')) return undefined;
  const m = NUMERIC_ID.exec(segment);
  if (!m) return undefined;
  const n = BigInt(m[1]);
  return n < INT64_MIN || n > INT64_MAX ? undefined : n;
}

/** Compares path segments as Firestore does: numeric ids first (numerically), then UTF-8 order. */
export function compareSegments(a: string, b: string): number {
  const x = numericId(a);
  const y = numericId(b);
  if (x === undefined && y === undefined) return compareUtf8(a, b);
  if (x === undefined) return 1;
  if (y === undefined) return -1;
  return cmp(x, y) || compareUtf8(a, b);
}

/** Compares resource names segment by segment. */
export function compareNames(a: string, b: string): number {
  const as = a.split('/');
  const bs = b.split('/');
  const n = Math.min(as.length, bs.length);
  for (let i = 0; i < n; i++) {
    const c = as[i] === bs[i] ? 0 : compareSegments(as[i], bs[i]);
    if (c !== 0) return c;
  }
  return cmp(as.length, bs.length);
}

function compareArrays(a: Value[], b: Value[]): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const c = compareValues(a[i], b[i]);
    if (c !== 0) return c;
  }
  return cmp(a.length, b.length);
}

function compareMaps(a: Fields, b: Fields): number {
  const ak = Object.keys(a).sort(compareUtf8);
  const bk = Object.keys(b).sort(compareUtf8);
  const n = Math.min(ak.length, bk.length);
  for (let i = 0; i < n; i++) {
    const k = compareUtf8(ak[i], bk[i]);
    if (k !== 0) return k;
    const c = compareValues(a[ak[i]], b[bk[i]]);
    if (c !== 0) return c;
  }
  return cmp(ak.length, bk.length);
}

/** Firestore's total order over values. */
export function compareValues(a: Value, b: Value): number {
  const ta = typeOrder(a);
  const tb = typeOrder(b);
  if (ta !== tb) return cmp(ta, tb);
  switch (ta) {
    case TypeOrder.Null:
      return 0;
    case TypeOrder.Boolean:
      return cmp(a.booleanValue === true ? 1 : 0, b.booleanValue === true ? 1 : 0);
    case TypeOrder.Number:
      return compareNumbers(a, b);
    case TypeOrder.Timestamp:
      return cmp(a.timestampValue as string, b.timestampValue as string);
    case TypeOrder.String:
      return compareUtf8(a.stringValue as string, b.stringValue as string);
    case TypeOrder.Bytes:
      return compareBytes(a.bytesValue as string, b.bytesValue as string);
    case TypeOrder.Reference:
      return compareNames(a.referenceValue as string, b.referenceValue as string);
    case TypeOrder.GeoPoint: {
      const ga = (a.geoPointValue ?? {}) as JsonObject;
      const gb = (b.geoPointValue ?? {}) as JsonObject;
      return (
        cmp(Number(ga.latitude ?? 0), Number(gb.latitude ?? 0)) ||
        cmp(Number(ga.longitude ?? 0), Number(gb.longitude ?? 0))
      );
    }
    case TypeOrder.Array:
      return compareArrays(arrayValues(a), arrayValues(b));
    case TypeOrder.Vector: {
      const va = arrayValues(mapFields(a).value ?? { arrayValue: {} });
      const vb = arrayValues(mapFields(b).value ?? { arrayValue: {} });
      return cmp(va.length, vb.length) || compareArrays(va, vb);
    }
    case TypeOrder.Map:
      return compareMaps(mapFields(a), mapFields(b));
  }
}

/** Equality as used by `==`, `in`, array-contains and array transforms (1 == 1.0, NaN == NaN). */
export function valuesEqual(a: Value, b: Value): boolean {
  return typeOrder(a) === typeOrder(b) && compareValues(a, b) === 0;
}

/** Strict structural equality (to detect no-op writes: 1 and 1.0 differ). */
export function valuesIdentical(a: Value, b: Value): boolean {
  return stableKey(a) === stableKey(b);
}

function stableKey(v: Json): string {
  if (v === null || typeof v !== 'object') return JSON.stringify(v);
  if (Array.isArray(v)) return '[' + v.map(stableKey).join(',') + ']';
  const keys = Object.keys(v).sort();
  return '{' + keys.map((k) => JSON.stringify(k) + ':' + stableKey(v[k])).join(',') + '}';
}

export function fieldsIdentical(a: Fields, b: Fields): boolean {
  return stableKey(a) === stableKey(b);
}

export function clampInt64(n: bigint): bigint {
  return n < INT64_MIN ? INT64_MIN : n > INT64_MAX ? INT64_MAX : n;
}

/** Validates a client-supplied value and returns its canonical form; throws INVALID_ARGUMENT. */
export function normalizeValue(v: Json, depth: number, inArray: boolean): Value {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) {
    throw new RpcError(Code.INVALID_ARGUMENT, 'Invalid value: expected a Value message.');
  }
  if (depth > 20) {
    throw new RpcError(
      Code.INVALID_ARGUMENT,
      'Value is too deeply nested (a document may not have more than 20 levels of nesting).',
    );
  }
  const keys = Object.keys(v);
  if (keys.length !== 1) {
    throw new RpcError(Code.INVALID_ARGUMENT, 'A Value must have exactly one value type set.');
  }
  const k = keys[0];
  const x = v[k];
  switch (k) {
    case 'nullValue':
      return NULL_VALUE;
    case 'booleanValue':
      return { booleanValue: x === true };
    case 'integerValue': {
      let n: bigint;
      try {
        n = BigInt(x as string | number);
      } catch {
        throw new RpcError(Code.INVALID_ARGUMENT, `Invalid integer value: ${String(x)}`);
      }
      if (n < INT64_MIN || n > INT64_MAX) {
        throw new RpcError(Code.INVALID_ARGUMENT, `Integer value out of range: ${String(x)}`);
      }
      return { integerValue: n.toString() };
    }
    case 'doubleValue': {
      const n = typeof x === 'number' || typeof x === 'string' ? doubleOf(x) : NaN;
      if (Number.isNaN(n) && x !== 'NaN' && typeof x !== 'number') {
        throw new RpcError(Code.INVALID_ARGUMENT, `Invalid double value: ${String(x)}`);
      }
      return { doubleValue: doubleToJson(n) };
    }
    case 'timestampValue':
      return { timestampValue: normalizeTimestampValue(String(x)) };
    case 'stringValue':
      if (typeof x !== 'string') throw new RpcError(Code.INVALID_ARGUMENT, 'Invalid string value.');
      return { stringValue: x };
    case 'bytesValue':
      // Base64, standard or URL-safe (proto3 JSON accepts both); anything else is the client's error.
      if (typeof x !== 'string' || !/^[A-Za-z0-9+/_-]*={0,2}$/.test(x)) {
        throw new RpcError(Code.INVALID_ARGUMENT, 'Invalid bytes value: expected base64.');
      }
      return { bytesValue: Buffer.from(String(x), 'base64').toString('base64') };
    case 'referenceValue':
      if (typeof x !== 'string' || !/^projects\/[^/]+\/databases\/[^/]+\/documents\/.+/.test(x)) {
        throw new RpcError(Code.INVALID_ARGUMENT, `Invalid reference value: ${String(x)}`);
      }
      if ((x.split('/').length - 5) % 2 !== 0) {
        throw new RpcError(Code.INVALID_ARGUMENT, `Reference must point to a document: ${x}`);
      }
      return { referenceValue: x };
    case 'geoPointValue': {
      const g = (x ?? {}) as JsonObject;
      const latitude = Number(g.latitude ?? 0);
      const longitude = Number(g.longitude ?? 0);
      if (!(latitude >= -90 && latitude <= 90) || !(longitude >= -180 && longitude <= 180)) {
        throw new RpcError(Code.INVALID_ARGUMENT, 'GeoPoint out of range.');
      }
      return { geoPointValue: { latitude, longitude } };
    }
    case 'arrayValue': {
      if (inArray) {
        throw new RpcError(
          Code.INVALID_ARGUMENT,
          'Cannot convert an array value in an array value.',
        );
      }
      const values = ((x ?? {}) as JsonObject).values;
      const arr = Array.isArray(values)
        ? values.map((e) => normalizeValue(e, depth + 1, true))
        : [];
      return { arrayValue: arr.length ? { values: arr } : {} };
    }
    case 'mapValue': {
      const fields = normalizeFields(((x ?? {}) as JsonObject).fields, depth + 1);
      return { mapValue: Object.keys(fields).length ? { fields } : {} };
    }
    default:
      throw new RpcError(Code.INVALID_ARGUMENT, `Unknown value type: ${k}`);
  }
}

/** Validates a fields map (document body or map value). */
export function normalizeFields(fields: Json | undefined, depth = 0): Fields {
  if (fields === undefined || fields === null) return {};
  if (typeof fields !== 'object' || Array.isArray(fields)) {
    throw new RpcError(Code.INVALID_ARGUMENT, 'Invalid fields: expected a map.');
  }
  const out: Fields = {};
  for (const name of Object.keys(fields)) {
    if (name === '') throw new RpcError(Code.INVALID_ARGUMENT, 'Field names may not be empty.');
    if (depth === 0 && /^__.*__$/.test(name)) {
      throw new RpcError(
        Code.INVALID_ARGUMENT,
        `Field name "${name}" is reserved (names matching __.*__ are reserved).`,
      );
    }
    out[name] = normalizeValue(fields[name], depth, false);
  }
  return out;
}

/**
 * A key for indexes: values equal under `==` (1 == 1.0, NaN == NaN) always share a key. Keys may
 * also be shared by unequal values (maps, arrays, bytes, very large integers): an index gives
 * candidates, and every candidate is checked against the query's filters.
 */
export function postingKey(v: Value): string {
  if ('nullValue' in v) return 'z';
  if ('booleanValue' in v) return v.booleanValue === true ? 'b1' : 'b0';
  if ('integerValue' in v) return 'n' + String(Number(v.integerValue));
  if ('doubleValue' in v) return 'n' + String(doubleOf(v.doubleValue));
  if ('timestampValue' in v) return 't' + String(v.timestampValue);
  if ('stringValue' in v) return 's' + String(v.stringValue);
  if ('referenceValue' in v) return 'r' + String(v.referenceValue);
  return 'x' + String(typeOrder(v));
}

/** Posting keys that only equal values share (null, booleans, timestamps, strings, references). */
export const EXACT_KEY = /^[zbtsr]/;

/** Storage size of a value (https://firebase.google.com/docs/firestore/storage-size). */
export function valueSize(v: Value): number {
  if ('nullValue' in v || 'booleanValue' in v) return 1;
  if ('integerValue' in v || 'doubleValue' in v) return 8;
  if ('timestampValue' in v) return 8;
  if ('stringValue' in v) return Buffer.byteLength(v.stringValue as string) + 1;
  if ('bytesValue' in v) return Buffer.byteLength(v.bytesValue as string, 'base64');
  if ('referenceValue' in v) {
    const parts = (v.referenceValue as string).split('/').slice(5);
    return parts.reduce((s, p) => s + Buffer.byteLength(p) + 1, 16);
  }
  if ('geoPointValue' in v) return 16;
  if ('arrayValue' in v) return arrayValues(v).reduce((s, e) => s + valueSize(e), 0);
  if ('mapValue' in v) return fieldsSize(mapFields(v));
  return 0;
}

export function fieldsSize(fields: Fields): number {
  let s = 0;
  for (const k of Object.keys(fields)) s += Buffer.byteLength(k) + 1 + valueSize(fields[k]);
  return s;
}
