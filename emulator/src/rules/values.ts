/** Runtime values of the rules language and their conversion from Firestore proto3-JSON Values. */
import type { Json, JsonObject } from '../service.js';

export class RBytes {
  constructor(readonly bytes: Uint8Array) {}
}

/** A point in time, nanoseconds since the Unix epoch. */
export class RTimestamp {
  constructor(readonly ns: bigint) {}
}

/** A signed span of time in nanoseconds. */
export class RDuration {
  constructor(readonly ns: bigint) {}
}

/** A path such as /databases/(default)/documents/users/alice (segments without slashes). */
export class RPath {
  constructor(readonly segments: string[]) {}
  toString(): string {
    return '/' + this.segments.join('/');
  }
}

export class RLatLng {
  constructor(
    readonly lat: number,
    readonly lng: number,
  ) {}
}

export class RSet {
  readonly items: Map<string, RValue>;
  constructor(values: Iterable<RValue>) {
    this.items = new Map();
    for (const v of values) this.items.set(valueKey(v), v);
  }
  has(v: RValue): boolean {
    return this.items.has(valueKey(v));
  }
}

export class RMapDiff {
  constructor(
    readonly left: RMap,
    readonly right: RMap,
  ) {}
}

export type RMap = Map<string, RValue>;

/** A field of `resource` in a `list` evaluation whose value only the query's filters describe. */
export class Sym {
  constructor(
    /** Field path below resource.data (e.g. ['a', 'b']). */
    readonly path: string[],
    readonly c: FieldConstraint | undefined,
    readonly all: Map<string, FieldConstraint>,
  ) {}
}

/** What a conjunction of query filters guarantees about one field of every result. */
export interface FieldConstraint {
  eq?: RValue;
  hasEq: boolean;
  lower: { v: RValue; incl: boolean }[];
  upper: { v: RValue; incl: boolean }[];
  notEq: RValue[];
  arrayContains: RValue[];
  /** The field exists in every result (any filter or an orderBy on it). */
  exists: boolean;
  /** The value's type when known without its value (a document id is a string). */
  type?: string;
}

/** An unknown but present value of a known type: a listed document's id or a wildcard binding. */
export function presentOfType(type: string): FieldConstraint {
  return {
    hasEq: false,
    lower: [],
    upper: [],
    notEq: [null],
    arrayContains: [],
    exists: true,
    type,
  };
}

export type RValue =
  | null
  | boolean
  | bigint
  | number
  | string
  | RBytes
  | RValue[]
  | RMap
  | RSet
  | RTimestamp
  | RDuration
  | RPath
  | RLatLng
  | RMapDiff
  | Sym;

/** An evaluation error; `unknown` marks a value a list query's constraints cannot decide. */
export class RulesEvalError {
  constructor(
    readonly message: string,
    readonly unknown = false,
  ) {}
}

export function fail(message: string): never {
  throw new RulesEvalError(message);
}

export function unknownValue(): never {
  throw new RulesEvalError('Value is not determined by the query.', true);
}

export const INT_MIN = -(2n ** 63n);
export const INT_MAX = 2n ** 63n - 1n;

export function checkInt(v: bigint): bigint {
  if (v < INT_MIN || v > INT_MAX) fail('Integer overflow error.');
  return v;
}

export function typeName(v: RValue): string {
  if (v === null) return 'null';
  switch (typeof v) {
    case 'boolean':
      return 'bool';
    case 'bigint':
      return 'int';
    case 'number':
      return 'float';
    case 'string':
      return 'string';
  }
  if (Array.isArray(v)) return 'list';
  if (v instanceof Map) return 'map';
  if (v instanceof RSet) return 'set';
  if (v instanceof RTimestamp) return 'timestamp';
  if (v instanceof RDuration) return 'duration';
  if (v instanceof RPath) return 'path';
  if (v instanceof RLatLng) return 'latlng';
  if (v instanceof RBytes) return 'bytes';
  if (v instanceof RMapDiff) return 'map_diff';
  return 'unknown';
}

/** A canonical key for set membership and map-diff comparisons (1 and 1.0 share a key). */
export function valueKey(v: RValue): string {
  if (v === null) return 'z';
  switch (typeof v) {
    case 'boolean':
      return v ? 'bt' : 'bf';
    case 'bigint':
      return 'n' + v.toString();
    case 'number':
      return Number.isInteger(v) ? 'n' + BigInt(v).toString() : 'n' + String(v);
    case 'string':
      return 's' + JSON.stringify(v);
  }
  if (Array.isArray(v)) return 'l[' + v.map(valueKey).join(',') + ']';
  if (v instanceof Map) {
    const keys = [...v.keys()].sort();
    return (
      'm{' + keys.map((k) => JSON.stringify(k) + ':' + valueKey(v.get(k) ?? null)).join(',') + '}'
    );
  }
  if (v instanceof RSet) return 'S{' + [...v.items.keys()].sort().join(',') + '}';
  if (v instanceof RTimestamp) return 't' + v.ns.toString();
  if (v instanceof RDuration) return 'd' + v.ns.toString();
  if (v instanceof RPath) return 'p' + v.toString();
  if (v instanceof RLatLng) return 'g' + v.lat + ',' + v.lng;
  if (v instanceof RBytes) return 'y' + Buffer.from(v.bytes).toString('base64');
  if (v instanceof Sym) return unknownValue();
  return 'x';
}

export function valuesEqual(a: RValue, b: RValue): boolean {
  if (a === b) return a === a; // NaN is not equal to itself
  const ta = typeof a;
  const tb = typeof b;
  if ((ta === 'bigint' || ta === 'number') && (tb === 'bigint' || tb === 'number')) {
    return numCompare(a as number, b as number) === 0;
  }
  if (a === null || b === null || ta !== 'object' || tb !== 'object') return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!valuesEqual(a[i], b[i])) return false;
    return true;
  }
  if (a instanceof Map) {
    if (!(b instanceof Map) || a.size !== b.size) return false;
    for (const [k, v] of a) {
      if (!b.has(k) || !valuesEqual(v, b.get(k) ?? null)) return false;
    }
    return true;
  }
  if (a instanceof RSet) {
    if (!(b instanceof RSet) || a.items.size !== b.items.size) return false;
    for (const k of a.items.keys()) if (!b.items.has(k)) return false;
    return true;
  }
  if (a instanceof RTimestamp) return b instanceof RTimestamp && a.ns === b.ns;
  if (a instanceof RDuration) return b instanceof RDuration && a.ns === b.ns;
  if (a instanceof RPath) {
    return (
      b instanceof RPath &&
      a.segments.length === b.segments.length &&
      a.segments.every((s, i) => s === b.segments[i])
    );
  }
  if (a instanceof RLatLng) return b instanceof RLatLng && a.lat === b.lat && a.lng === b.lng;
  if (a instanceof RBytes) {
    return b instanceof RBytes && Buffer.from(a.bytes).equals(Buffer.from(b.bytes));
  }
  return false;
}

/** Compares an int/float pair exactly (a bigint beyond 2^53 is not rounded). */
function numCompare(a: bigint | number, b: bigint | number): number {
  if (typeof a === 'bigint' && typeof b === 'bigint') return a < b ? -1 : a > b ? 1 : 0;
  const fa = Number(a);
  const fb = Number(b);
  if (fa < fb) return -1;
  if (fa > fb) return 1;
  if (fa === fb) {
    // Both finite and equal as doubles: refine with exact integers where one side is a float integer.
    if (typeof a === 'bigint' && Number.isInteger(fb)) {
      const eb = BigInt(fb);
      return a < eb ? -1 : a > eb ? 1 : 0;
    }
    if (typeof b === 'bigint' && Number.isInteger(fa)) {
      const ea = BigInt(fa);
      return ea < b ? -1 : ea > b ? 1 : 0;
    }
    return 0;
  }
  return NaN;
}

/** Orders two values of a comparable type; NaN for an unordered pair (NaN), throws for mixed types. */
export function compareValues(a: RValue, b: RValue): number {
  const ta = typeof a;
  const tb = typeof b;
  if ((ta === 'bigint' || ta === 'number') && (tb === 'bigint' || tb === 'number')) {
    return numCompare(a as number, b as number);
  }
  if (ta === 'string' && tb === 'string') return a! < b! ? -1 : a! > b! ? 1 : 0;
  if (a instanceof RTimestamp && b instanceof RTimestamp)
    return a.ns < b.ns ? -1 : a.ns > b.ns ? 1 : 0;
  if (a instanceof RDuration && b instanceof RDuration)
    return a.ns < b.ns ? -1 : a.ns > b.ns ? 1 : 0;
  if (a instanceof RBytes && b instanceof RBytes) return Buffer.compare(a.bytes, b.bytes);
  if (typeof a === 'boolean' && typeof b === 'boolean') return Number(a) - Number(b);
  if (Array.isArray(a) && Array.isArray(b)) {
    for (let i = 0; i < Math.min(a.length, b.length); i++) {
      const c = compareValues(a[i], b[i]);
      if (c !== 0) return c;
    }
    return a.length - b.length;
  }
  if (a instanceof RPath && b instanceof RPath) return compareValues(a.segments, b.segments);
  return fail(`Unsupported operation error. Received: ${typeName(a)} < ${typeName(b)}.`);
}

// ---- Conversion from Firestore Values ------------------------------------------------------

const timestampRe =
  /^(\d{4,})-(\d\d)-(\d\d)[Tt ](\d\d):(\d\d):(\d\d)(?:\.(\d{1,9}))?([Zz]|[+-]\d\d:\d\d)$/;

/** Parses an RFC 3339 timestamp (as proto3 JSON carries it) to nanoseconds since the epoch. */
export function parseTimestamp(text: string): RTimestamp {
  let ts = timestampCache.get(text);
  if (!ts) {
    if (timestampCache.size > 256) timestampCache.clear();
    ts = parseTimestampUncached(text);
    timestampCache.set(text, ts);
  }
  return ts;
}

const timestampCache = new Map<string, RTimestamp>();

function parseTimestampUncached(text: string): RTimestamp {
  const m = timestampRe.exec(text);
  if (!m) return fail(`Invalid timestamp '${text}'.`);
  const base = Date.UTC(+m[1], +m[2] - 1, +m[3], +m[4], +m[5], +m[6]);
  let ns = BigInt(base) * 1_000_000n;
  if (m[7]) ns += BigInt(m[7].padEnd(9, '0'));
  if (m[8] !== 'Z' && m[8] !== 'z') {
    const sign = m[8][0] === '-' ? -1n : 1n;
    const offsetMin = BigInt(+m[8].slice(1, 3) * 60 + +m[8].slice(4, 6));
    ns -= sign * offsetMin * 60_000_000_000n;
  }
  return new RTimestamp(ns);
}

/** Resource names keep their `projects/{p}` prefix out of rules paths: /databases/{d}/documents/... */
export function nameToPath(name: string): RPath {
  let path = pathCache.get(name);
  if (!path) {
    const segments = name.split('/');
    const start = segments[0] === 'projects' ? 2 : 0;
    path = new RPath(segments.slice(start).filter((s) => s !== ''));
    if (pathCache.size > 1024) pathCache.clear();
    pathCache.set(name, path);
  }
  return path;
}

/** Paths are immutable, so the names of often-read documents are parsed once. */
const pathCache = new Map<string, RPath>();

export function fromFirestoreValue(value: JsonObject): RValue {
  if ('stringValue' in value) return value.stringValue as string;
  if ('integerValue' in value) return BigInt(value.integerValue as string | number);
  if ('doubleValue' in value) return Number(value.doubleValue);
  if ('booleanValue' in value) return value.booleanValue as boolean;
  if ('nullValue' in value) return null;
  if ('timestampValue' in value) return parseTimestamp(String(value.timestampValue));
  if ('mapValue' in value) {
    const fields = ((value.mapValue as JsonObject | null)?.fields ?? {}) as {
      [k: string]: JsonObject;
    };
    return fromFirestoreFields(fields);
  }
  if ('arrayValue' in value) {
    const values = ((value.arrayValue as JsonObject | null)?.values ?? []) as JsonObject[];
    return values.map(fromFirestoreValue);
  }
  if ('referenceValue' in value) return nameToPath(String(value.referenceValue));
  if ('bytesValue' in value) {
    return new RBytes(new Uint8Array(Buffer.from(String(value.bytesValue), 'base64')));
  }
  if ('geoPointValue' in value) {
    const g = (value.geoPointValue ?? {}) as JsonObject;
    return new RLatLng(Number(g.latitude ?? 0), Number(g.longitude ?? 0));
  }
  return null;
}

export function fromFirestoreFields(fields: { [k: string]: JsonObject }): RMap {
  const out: RMap = new Map();
  for (const key of Object.keys(fields)) out.set(key, fromFirestoreValue(fields[key]));
  return out;
}

/** Converts plain JSON (auth token claims) to rules values: whole numbers become ints. */
export function fromJson(value: Json): RValue {
  if (value === null) return null;
  if (typeof value === 'number') return Number.isInteger(value) ? BigInt(value) : value;
  if (typeof value === 'string' || typeof value === 'boolean') return value;
  if (Array.isArray(value)) return value.map(fromJson);
  const out: RMap = new Map();
  for (const key of Object.keys(value)) out.set(key, fromJson(value[key]));
  return out;
}
