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

// ---- Regular expressions (RE2 syntax, full-match semantics) --------------------------------

const regexCache = new Map<string, RegExp>();

function toJsRegex(re: string, global: boolean, anchored: boolean): RegExp {
  const cacheKey = (global ? 'g' : '-') + (anchored ? 'a' : '-') + re;
  const cached = regexCache.get(cacheKey);
  if (cached) {
    cached.lastIndex = 0;
    return cached;
  }
  let source = re;
  let flags = global ? 'g' : '';
  const inline = /^\(\?([imsU]+)\)/.exec(source);
  if (inline) {
    source = source.slice(inline[0].length);
    for (const f of inline[1]) if (f !== 'U' && !flags.includes(f)) flags += f;
  }
  if (/\(\?[=!]|\(\?<[=!]|\\[1-9]/.test(source)) {
    fail(`Invalid regular expression '${re}': lookaround and backreferences are not RE2 syntax.`);
  }
  source = translateRe2(source);
  if (anchored) source = `^(?:${source})$`;
  let compiled: RegExp;
  try {
    compiled = new RegExp(source, flags + 'u');
  } catch {
    try {
      compiled = new RegExp(source, flags);
    } catch {
      return fail(`Invalid regular expression '${re}'.`);
    }
  }
  if (regexCache.size > 500) regexCache.clear();
  regexCache.set(cacheKey, compiled);
  return compiled;
}

const POSIX_CLASSES: { [name: string]: string } = {
  alpha: 'a-zA-Z',
  digit: '0-9',
  alnum: 'a-zA-Z0-9',
  upper: 'A-Z',
  lower: 'a-z',
  space: '\\t\\n\\v\\f\\r ',
  blank: '\\t ',
  xdigit: '0-9A-Fa-f',
  word: '\\w',
  punct: '!-\\/:-@\\[-`{-~',
  cntrl: '\\x00-\\x1f\\x7f',
  print: ' -~',
  graph: '!-~',
  ascii: '\\x00-\\x7f',
};

/** Rewrites RE2-only syntax (\Q…\E, [[:alpha:]], \pL, (?P<name>, \A, \z) into JavaScript's. */
function translateRe2(re: string): string {
  return re
    .replace(/\\Q([\s\S]*?)(?:\\E|$)/g, (_, text: string) =>
      text.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&'),
    )
    .replace(/\[:(\^?)([a-z]+):\]/g, (whole, neg: string, name: string) => {
      const cls = own(POSIX_CLASSES, name);
      if (!cls) return whole;
      return neg ? fail(`Negated POSIX class [:^${name}:] is not supported.`) : cls;
    })
    .replace(/\\([pP])([A-Z])/g, '\\$1{$2}')
    .replace(/\(\?P</g, '(?<')
    .replace(/\\A/g, '^')
    .replace(/\\z/g, '$')
    .replace(/\\.|\[(?:\\.|[^\]\\])*\]|\./g, re2ClassesToJs);
}

/**
 * RE2's `\s` is only [\t\n\f\r ] and its `.` excludes only \n; JavaScript's `\s` also matches
 * Unicode spaces and its `.` also excludes \r, U+2028 and U+2029. Rewrites one escape, one
 * character class or one dot (as matched in translateRe2) to RE2's meaning.
 */
function re2ClassesToJs(token: string): string {
  const inClass = (escape: string) =>
    escape === '\\s'
      ? '\\t\\n\\f\\r '
      : escape === '\\S'
        ? '\\x00-\\x08\\x0b\\x0e-\\x1f\\x21-\\u{10FFFF}'
        : escape;
  if (token === '.') return '[^\\n]';
  if (token === '\\s') return '[\\t\\n\\f\\r ]';
  if (token === '\\S') return '[^\\t\\n\\f\\r ]';
  if (token.startsWith('[')) return token.replace(/\\./g, inClass);
  return token;
}

// ---- Helpers ------------------------------------------------------------------------------

function arity(name: string, args: RValue[], ...counts: number[]): void {
  if (!counts.includes(args.length)) {
    fail(`Function ${name} expects ${counts.join(' or ')} argument(s), got ${args.length}.`);
  }
}

function wantString(v: RValue, what: string): string {
  if (typeof v !== 'string') return badArg(v, what, 'string');
  return v;
}

function wantInt(v: RValue, what: string): bigint {
  if (typeof v !== 'bigint') return badArg(v, what, 'int');
  return v;
}

function wantNumber(v: RValue, what: string): number {
  if (typeof v === 'bigint') return Number(v);
  if (typeof v !== 'number') return badArg(v, what, 'number');
  return v;
}

function badArg(v: RValue, what: string, expected: string): never {
  if (v instanceof Sym) return unknownValue();
  return fail(`Invalid argument type for ${what}: expected ${expected}, got ${typeName(v)}.`);
}

function wantCollection(v: RValue, what: string): RValue[] {
  if (Array.isArray(v)) return v;
  if (v instanceof RSet) return [...v.items.values()];
  return badArg(v, what, 'list or set');
}

function keySetOf(values: RValue[]): Set<string> {
  return new Set(values.map(valueKey));
}

function hasAll(self: RValue[], arg: RValue[]): boolean {
  const keys = keySetOf(self);
  return arg.every((v) => keys.has(valueKey(v)));
}

function hasAny(self: RValue[], arg: RValue[]): boolean {
  const keys = keySetOf(self);
  return arg.some((v) => keys.has(valueKey(v)));
}

function hasOnly(self: RValue[], arg: RValue[]): boolean {
  const keys = keySetOf(arg);
  return self.every((v) => keys.has(valueKey(v)));
}

const NS_PER_MS = 1_000_000n;
const NS_PER_S = 1_000_000_000n;
const NS_PER_DAY = 86_400n * NS_PER_S;
const MIN_TS = -62135596800n * NS_PER_S; // 0001-01-01T00:00:00Z
const MAX_TS = 253402300800n * NS_PER_S - 1n; // 9999-12-31T23:59:59.999999999Z

export function checkTimestamp(ns: bigint): RTimestamp {
  if (ns < MIN_TS || ns > MAX_TS) fail('Timestamp out of range error.');
  return new RTimestamp(ns);
}

function floorDiv(a: bigint, b: bigint): bigint {
  const q = a / b;
  return a % b !== 0n && a < 0n !== b < 0n ? q - 1n : q;
}

function utcParts(ts: RTimestamp): { date: Date; nanosOfSecond: bigint; dayNs: bigint } {
  const ms = floorDiv(ts.ns, NS_PER_MS);
  const dayStart = floorDiv(ts.ns, NS_PER_DAY) * NS_PER_DAY;
  return {
    date: new Date(Number(ms)),
    nanosOfSecond: ts.ns - floorDiv(ts.ns, NS_PER_S) * NS_PER_S,
    dayNs: dayStart,
  };
}

const DURATION_UNITS: { [unit: string]: bigint } = {
  w: 7n * NS_PER_DAY,
  d: NS_PER_DAY,
  h: 3600n * NS_PER_S,
  m: 60n * NS_PER_S,
  s: NS_PER_S,
  ms: NS_PER_MS,
  ns: 1n,
};

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

function timestampMethod(ts: RTimestamp, name: string, args: RValue[]): RValue {
  arity(name, args, 0);
  const { date, nanosOfSecond, dayNs } = utcParts(ts);
  switch (name) {
    case 'year':
      return BigInt(date.getUTCFullYear());
    case 'month':
      return BigInt(date.getUTCMonth() + 1);
    case 'day':
      return BigInt(date.getUTCDate());
    case 'hours':
      return BigInt(date.getUTCHours());
    case 'minutes':
      return BigInt(date.getUTCMinutes());
    case 'seconds':
      return BigInt(date.getUTCSeconds());
    case 'nanos':
      return nanosOfSecond;
    case 'dayOfWeek':
      return BigInt(date.getUTCDay() === 0 ? 7 : date.getUTCDay());
    case 'dayOfYear': {
      const start = Date.UTC(date.getUTCFullYear(), 0, 1);
      const startOfDay = Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate());
      return BigInt(Math.round((startOfDay - start) / 86_400_000) + 1);
    }
    case 'date':
      return new RTimestamp(dayNs);
    case 'time':
      return new RDuration(ts.ns - dayNs);
    case 'toMillis':
      return floorDiv(ts.ns, NS_PER_MS);
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
