/** Methods of the rules value types (string, list, map, set, timestamp, ...) and the global namespaces. */
import { createHash } from 'node:crypto';
import {
  RBytes,
  RDuration,
  RLatLng,
  RMapDiff,
  RPath,
  RSet,
  RTimestamp,
  Sym,
  checkInt,
  fail,
  typeName,
  unknownValue,
  valueKey,
  valuesEqual,
  type RMap,
  type RValue,
} from './values.js';
import {
  arity,
  badArg,
  hasAll,
  hasAny,
  hasOnly,
  keySetOf,
  wantCollection,
  wantInt,
  wantNumber,
  wantString,
} from './args.js';
import { toJsRegex } from './re2.js';
import {
  DURATION_UNITS,
  NS_PER_MS,
  NS_PER_S,
  checkTimestamp,
  timestampMethod,
} from './timestamps.js';

/** Global functions and namespace members the language provides, by name, with their arities. */
export const GLOBAL_FUNCTIONS: { [name: string]: number[] } = {
  get: [1],
  exists: [1],
  getAfter: [1],
  existsAfter: [1],
  path: [1],
  debug: [1],
  int: [1],
  float: [1],
  string: [1],
  bool: [1],
  'math.abs': [1],
  'math.ceil': [1],
  'math.floor': [1],
  'math.round': [1],
  'math.sqrt': [1],
  'math.pow': [2],
  'math.isInfinite': [1],
  'math.isNaN': [1],
  'timestamp.date': [3],
  'timestamp.value': [1],
  'duration.value': [2],
  'duration.time': [4],
  'duration.abs': [1],
  'latlng.value': [2],
  'hashing.md5': [1],
  'hashing.sha256': [1],
  'hashing.crc32': [1],
  'hashing.crc32c': [1],
};

/** `obj[key]` for own properties only, so names like `constructor` never reach Object.prototype. */
export function own<T>(obj: { [key: string]: T }, key: string): T | undefined {
  return Object.hasOwn(obj, key) ? obj[key] : undefined;
}

export const NAMESPACES = new Set(['math', 'timestamp', 'duration', 'latlng', 'hashing']);

export const TYPE_NAMES = new Set([
  'bool',
  'int',
  'float',
  'number',
  'string',
  'list',
  'map',
  'timestamp',
  'duration',
  'path',
  'latlng',
  'bytes',
  'set',
  'map_diff',
]);

export function isType(v: RValue, type: string): boolean {
  const t = typeName(v);
  if (type === 'number') return t === 'int' || t === 'float';
  return t === type;
}

// ---- Hashing ------------------------------------------------------------------------------

function crc32(bytes: Uint8Array, poly: number): number {
  let crc = 0xffffffff;
  for (const b of bytes) {
    crc ^= b;
    for (let k = 0; k < 8; k++) crc = crc & 1 ? (crc >>> 1) ^ poly : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

function toBytes(v: RValue, what: string): Uint8Array {
  if (v instanceof RBytes) return v.bytes;
  return new Uint8Array(Buffer.from(wantString(v, what), 'utf8'));
}

function crcBytes(n: number): RBytes {
  const out = new Uint8Array(4);
  new DataView(out.buffer).setUint32(0, n);
  return new RBytes(out);
}

/** Parses a path string ('/databases/x/documents/a/b' or 'a/b') into a path value. */
export function parsePath(text: string): RPath {
  return new RPath(text.split('/').filter((s) => s !== ''));
}

// ---- Globals ------------------------------------------------------------------------------

/** Calls a pure global (`math.*`, `timestamp.*`, `int()`, ...); `get`/`exists` live in the evaluator. */
export function callGlobal(name: string, args: RValue[]): RValue {
  for (const a of args) if (a instanceof Sym) unknownValue();
  const [a, b] = args;
  switch (name) {
    case 'path':
      return parsePath(wantString(a, 'path()'));
    case 'debug':
      return a;
    case 'int':
      if (typeof a === 'bigint') return a;
      if (typeof a === 'number') {
        if (!Number.isFinite(a)) fail('Cannot convert a non-finite float to int.');
        return checkInt(BigInt(Math.trunc(a)));
      }
      if (typeof a === 'string' && /^[+-]?\d+$/.test(a.trim())) return checkInt(BigInt(a.trim()));
      return fail(`Invalid argument for int(): ${typeName(a)}.`);
    case 'float':
      if (typeof a === 'bigint' || typeof a === 'number') return Number(a);
      if (typeof a === 'string' && a.trim() !== '' && !Number.isNaN(Number(a))) return Number(a);
      return fail(`Invalid argument for float(): ${typeName(a)}.`);
    case 'string':
      if (a === null) return 'null';
      if (typeof a === 'string') return a;
      if (typeof a === 'boolean' || typeof a === 'bigint') return String(a);
      if (typeof a === 'number') return Number.isInteger(a) ? a.toFixed(1) : String(a);
      if (a instanceof RPath) return a.toString();
      return fail(`Invalid argument for string(): ${typeName(a)}.`);
    case 'bool':
      if (typeof a === 'boolean') return a;
      if (a === 'true' || a === 'false') return a === 'true';
      return fail(`Invalid argument for bool(): ${typeName(a)}.`);
    case 'math.abs':
      if (typeof a === 'bigint') return checkInt(a < 0n ? -a : a);
      return Math.abs(wantNumber(a, 'math.abs()'));
    case 'math.ceil':
      return toInt(Math.ceil(wantNumber(a, 'math.ceil()')));
    case 'math.floor':
      return toInt(Math.floor(wantNumber(a, 'math.floor()')));
    case 'math.round':
      return toInt(roundHalfAwayFromZero(wantNumber(a, 'math.round()')));
    case 'math.sqrt':
      return Math.sqrt(wantNumber(a, 'math.sqrt()'));
    case 'math.pow':
      return Math.pow(wantNumber(a, 'math.pow()'), wantNumber(b, 'math.pow()'));
    case 'math.isInfinite':
      return typeof a === 'bigint'
        ? false
        : !Number.isFinite(wantNumber(a, 'math.isInfinite()')) && !Number.isNaN(a);
    case 'math.isNaN':
      return typeof a === 'bigint' ? false : Number.isNaN(wantNumber(a, 'math.isNaN()'));
    case 'timestamp.date': {
      const [y, m, d] = args.map((v) => Number(wantInt(v, 'timestamp.date()')));
      const date = new Date(0);
      date.setUTCFullYear(y, m - 1, d);
      if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) {
        fail('Invalid date for timestamp.date().');
      }
      return checkTimestamp(BigInt(date.getTime()) * NS_PER_MS);
    }
    case 'timestamp.value':
      return checkTimestamp(wantInt(a, 'timestamp.value()') * NS_PER_MS);
    case 'duration.value': {
      const unit = own(DURATION_UNITS, wantString(b, 'duration.value()'));
      if (!unit) fail(`Invalid duration unit '${String(b)}'.`);
      return new RDuration(wantInt(a, 'duration.value()') * unit);
    }
    case 'duration.time': {
      const [h, m, s, ns] = args.map((v) => wantInt(v, 'duration.time()'));
      return new RDuration(h * DURATION_UNITS.h + m * DURATION_UNITS.m + s * NS_PER_S + ns);
    }
    case 'duration.abs':
      if (!(a instanceof RDuration)) return badArg(a, 'duration.abs()', 'duration');
      return new RDuration(a.ns < 0n ? -a.ns : a.ns);
    case 'latlng.value': {
      const lat = wantNumber(a, 'latlng.value()');
      const lng = wantNumber(b, 'latlng.value()');
      if (lat < -90 || lat > 90 || lng < -180 || lng > 180) fail('Invalid latlng value.');
      return new RLatLng(lat, lng);
    }
    case 'hashing.md5':
      return new RBytes(new Uint8Array(createHash('md5').update(toBytes(a, name)).digest()));
    case 'hashing.sha256':
      return new RBytes(new Uint8Array(createHash('sha256').update(toBytes(a, name)).digest()));
    case 'hashing.crc32':
      return crcBytes(crc32(toBytes(a, name), 0xedb88320));
    case 'hashing.crc32c':
      return crcBytes(crc32(toBytes(a, name), 0x82f63b78));
  }
  return fail(`Function not found error: Name: [${name}].`);
}

function toInt(x: number): bigint {
  if (!Number.isFinite(x)) fail('Cannot convert a non-finite float to int.');
  return checkInt(BigInt(x));
}

function roundHalfAwayFromZero(x: number): number {
  return x < 0 ? -Math.round(-x) : Math.round(x);
}

// ---- Methods ------------------------------------------------------------------------------

/** Calls `recv.name(args)`; receivers of `Sym` (list queries) are handled by the evaluator first. */
export function callMethod(recv: RValue, name: string, args: RValue[]): RValue {
  if (recv === null) return fail('Null value error.');
  if (typeof recv === 'string') return stringMethod(recv, name, args);
  if (Array.isArray(recv)) return listMethod(recv, name, args);
  if (recv instanceof Map) return mapMethod(recv, name, args);
  if (recv instanceof RSet) return setMethod(recv, name, args);
  if (recv instanceof RTimestamp) return timestampMethod(recv, name, args);
  if (recv instanceof RDuration) {
    arity(name, args, 0);
    if (name === 'seconds') return recv.ns / NS_PER_S;
    if (name === 'nanos') return recv.ns % NS_PER_S;
  } else if (recv instanceof RMapDiff) {
    arity(name, args, 0);
    const diff = mapDiff(recv);
    if (Object.hasOwn(diff, name)) return new RSet(diff[name as keyof typeof diff]);
  } else if (recv instanceof RBytes) {
    arity(name, args, 0);
    if (name === 'size') return BigInt(recv.bytes.length);
    if (name === 'toBase64') return Buffer.from(recv.bytes).toString('base64');
    if (name === 'toHexString') return Buffer.from(recv.bytes).toString('hex').toUpperCase();
  } else if (recv instanceof RLatLng) {
    if (name === 'latitude' && args.length === 0) return recv.lat;
    if (name === 'longitude' && args.length === 0) return recv.lng;
    if (name === 'distance' && args.length === 1) {
      const o = args[0];
      if (!(o instanceof RLatLng)) return badArg(o, 'distance()', 'latlng');
      return haversine(recv, o);
    }
  } else if (recv instanceof RPath) {
    if (name === 'bind' && args.length === 1) {
      const m = args[0];
      if (!(m instanceof Map)) return badArg(m, 'bind()', 'map');
      return new RPath(
        recv.segments.map((s) => {
          const v = /^\{(\w+)\}$/.exec(s);
          return v && m.has(v[1]) ? String(m.get(v[1])) : s;
        }),
      );
    }
  }
  return fail(`Function not found error: Name: [${name}].`);
}

function stringMethod(s: string, name: string, args: RValue[]): RValue {
  switch (name) {
    case 'size':
      arity(name, args, 0);
      return BigInt([...s].length);
    case 'lower':
      arity(name, args, 0);
      return s.toLowerCase();
    case 'upper':
      arity(name, args, 0);
      return s.toUpperCase();
    case 'trim':
      arity(name, args, 0);
      return s.trim();
    case 'matches':
      arity(name, args, 1);
      return toJsRegex(wantString(args[0], 'matches()'), false, true).test(s);
    case 'split':
      arity(name, args, 1);
      return s.split(toJsRegex(wantString(args[0], 'split()'), true, false));
    case 'replace': {
      arity(name, args, 2);
      const re = toJsRegex(wantString(args[0], 'replace()'), true, false);
      const sub = wantString(args[1], 'replace()')
        .replace(/\$/g, '$$$$')
        .replace(/\\(\d)/g, '$$$1');
      return s.replace(re, sub);
    }
    case 'toUtf8':
      arity(name, args, 0);
      return new RBytes(new Uint8Array(Buffer.from(s, 'utf8')));
  }
  return fail(`Function not found error: Name: [${name}].`);
}

function listMethod(list: RValue[], name: string, args: RValue[]): RValue {
  switch (name) {
    case 'size':
      arity(name, args, 0);
      return BigInt(list.length);
    case 'hasAll':
      arity(name, args, 1);
      return hasAll(list, wantCollection(args[0], 'hasAll()'));
    case 'hasAny':
      arity(name, args, 1);
      return hasAny(list, wantCollection(args[0], 'hasAny()'));
    case 'hasOnly':
      arity(name, args, 1);
      return hasOnly(list, wantCollection(args[0], 'hasOnly()'));
    case 'join': {
      arity(name, args, 0, 1);
      const sep = args.length ? wantString(args[0], 'join()') : '';
      return list.map((v) => wantString(v, 'join()')).join(sep);
    }
    case 'concat': {
      arity(name, args, 1);
      const other = args[0];
      if (!Array.isArray(other)) return badArg(other, 'concat()', 'list');
      return list.concat(other);
    }
    case 'removeAll': {
      arity(name, args, 1);
      const remove = keySetOf(wantCollection(args[0], 'removeAll()'));
      return list.filter((v) => !remove.has(valueKey(v)));
    }
    case 'toSet':
      arity(name, args, 0);
      return new RSet(list);
  }
  return fail(`Function not found error: Name: [${name}].`);
}

function mapMethod(map: RMap, name: string, args: RValue[]): RValue {
  switch (name) {
    case 'size':
      arity(name, args, 0);
      return BigInt(map.size);
    case 'keys':
      arity(name, args, 0);
      return [...map.keys()];
    case 'values':
      arity(name, args, 0);
      return [...map.values()];
    case 'get': {
      arity(name, args, 2);
      const key = args[0];
      const keys = Array.isArray(key) ? key : [key];
      let cur: RValue = map;
      for (const k of keys) {
        const ks = wantString(k, 'get()');
        if (!(cur instanceof Map) || !cur.has(ks)) return args[1];
        cur = cur.get(ks) ?? null;
      }
      return cur;
    }
    case 'diff': {
      arity(name, args, 1);
      const other = args[0];
      if (!(other instanceof Map)) return badArg(other, 'diff()', 'map');
      return new RMapDiff(map, other);
    }
  }
  return fail(`Function not found error: Name: [${name}].`);
}

/** Keys compared from the map calling diff() (`left`) to the map passed to it (`right`). */
function mapDiff(d: RMapDiff): {
  addedKeys: string[];
  removedKeys: string[];
  changedKeys: string[];
  unchangedKeys: string[];
  affectedKeys: string[];
} {
  const addedKeys: string[] = [];
  const removedKeys: string[] = [];
  const changedKeys: string[] = [];
  const unchangedKeys: string[] = [];
  for (const [k, v] of d.left) {
    if (!d.right.has(k)) addedKeys.push(k);
    else if (valuesEqual(v, d.right.get(k) ?? null)) unchangedKeys.push(k);
    else changedKeys.push(k);
  }
  for (const k of d.right.keys()) if (!d.left.has(k)) removedKeys.push(k);
  return {
    addedKeys,
    removedKeys,
    changedKeys,
    unchangedKeys,
    affectedKeys: [...addedKeys, ...removedKeys, ...changedKeys],
  };
}

function setMethod(set: RSet, name: string, args: RValue[]): RValue {
  const self = [...set.items.values()];
  switch (name) {
    case 'size':
      arity(name, args, 0);
      return BigInt(set.items.size);
    case 'hasAll':
      arity(name, args, 1);
      return hasAll(self, wantCollection(args[0], 'hasAll()'));
    case 'hasAny':
      arity(name, args, 1);
      return hasAny(self, wantCollection(args[0], 'hasAny()'));
    case 'hasOnly':
      arity(name, args, 1);
      return hasOnly(self, wantCollection(args[0], 'hasOnly()'));
    case 'difference': {
      arity(name, args, 1);
      const other = keySetOf(wantCollection(args[0], 'difference()'));
      return new RSet(self.filter((v) => !other.has(valueKey(v))));
    }
    case 'intersection': {
      arity(name, args, 1);
      const other = keySetOf(wantCollection(args[0], 'intersection()'));
      return new RSet(self.filter((v) => other.has(valueKey(v))));
    }
    case 'union':
      arity(name, args, 1);
      return new RSet([...self, ...wantCollection(args[0], 'union()')]);
  }
  return fail(`Function not found error: Name: [${name}].`);
}

function haversine(a: RLatLng, b: RLatLng): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLng = (b.lng - a.lng) * rad;
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * 6_371_000 * Math.asin(Math.min(1, Math.sqrt(h)));
}
