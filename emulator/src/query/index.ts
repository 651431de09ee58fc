/** StructuredQuery compilation and evaluation: filters, normalized order, cursors, offset/limit, projection. */
import type { DocVersion } from '../model/document.js';
import {
  assertNever,
  isInequality,
  isListOp,
  parseFilter,
  type FieldOp,
  type Filter,
  type UnaryOp,
} from '../model/filters.js';
import { compileNearest, runNearest, type Nearest } from './vector-search.js';
import {
  checkCollectionId,
  formatFieldPath,
  getField,
  parseFieldPath,
  setField,
} from '../model/paths.js';
import { Code, RpcError, repeatedField, type Json, type JsonObject } from '../service.js';
import {
  arrayValues,
  compareNames,
  compareSegments,
  compareValues,
  isNaNValue,
  normalizeValue,
  typeOrder,
  valuesEqual,
  type Fields,
  type Value,
} from '../model/values.js';

export interface Order {
  segs: string[];
  key: string;
  isName: boolean;
  dir: 1 | -1;
}

interface Cursor {
  values: Value[];
  before: boolean;
}

export interface CompiledQuery {
  /** Parent path below `documents` ('' for the root). */
  parentPath: string;
  collectionId: string;
  allDescendants: boolean;
  matches(doc: DocVersion): boolean;
  orders: Order[];
  startAt?: Cursor;
  endAt?: Cursor;
  offset: number;
  limit?: number;
  select?: string[][];
  /** Vector search (find_nearest). */
  nearest?: Nearest;
  /** The query as sent (for rules). */
  source: JsonObject;
  /** The parsed filter (for index selection and explain). */
  filter?: Filter;
  /** Fields compared with a range, `!=`, `not-in` or a not-null/not-NaN test. */
  inequalityFields: string[][];
}

const NAME = '__name__';

type Pred = (doc: DocVersion) => boolean;

function fieldValue(doc: DocVersion, segs: string[]): Value | undefined {
  if (segs.length === 1 && segs[0] === NAME) return { referenceValue: doc.name };
  return getField(doc.fields, segs);
}

function fieldRefSegs(ref: Json | undefined): string[] {
  const p = (ref as JsonObject | undefined)?.fieldPath;
  return parseFieldPath(p);
}

interface FilterInfo {
  inequalityFields: Map<string, string[]>;
  /** An `==` / `in` filter on `__name__` was seen. */
  keyEquality: boolean;
}

/** A filter's value; the elements of an `in` / `not-in` / `array-contains-any` list may be arrays. */
export function filterValue(op: FieldOp, raw: Json): Value {
  const list = (raw as JsonObject).arrayValue as JsonObject | undefined;
  if (!isListOp(op) || typeof list !== 'object' || list === null || Array.isArray(list)) {
    return normalizeValue(raw, 0, false);
  }
  const values = Array.isArray(list.values) ? list.values : [];
  return { arrayValue: { values: values.map((e) => normalizeValue(e, 1, false)) } };
}

/** Null and NaN are equal to themselves for `==`, but never match a range or an `in` list. */
function isNullOrNaN(v: Value): boolean {
  return 'nullValue' in v || isNaNValue(v);
}

function checkNameValue(v: Value, dbPrefix: string): void {
  if (!('referenceValue' in v)) {
    throw new RpcError(Code.INVALID_ARGUMENT, '__key__ filter value must be a Key');
  }
  if (!(v.referenceValue as string).startsWith(dbPrefix)) {
    throw new RpcError(
      Code.INVALID_ARGUMENT,
      `__key__ filter value must be a Key in database ${dbPrefix.replace(/\/documents\/$/, '')}`,
    );
  }
}

function compileUnary(segs: string[], op: UnaryOp, info: FilterInfo): Pred {
  if (isInequality(op)) info.inequalityFields.set(formatFieldPath(segs), segs);
  switch (op) {
    case 'IS_NAN':
      return (d) => isNaNValue(fieldValue(d, segs));
    case 'IS_NULL':
      return (d) => {
        const v = fieldValue(d, segs);
        return !!v && 'nullValue' in v;
      };
    case 'IS_NOT_NAN':
      return (d) => {
        const v = fieldValue(d, segs);
        return !!v && !('nullValue' in v) && !isNaNValue(v);
      };
    case 'IS_NOT_NULL':
      return (d) => {
        const v = fieldValue(d, segs);
        return !!v && !('nullValue' in v);
      };
    default:
      return assertNever(op);
  }
}

function compileList(op: FieldOp, value: Value, isName: boolean, dbPrefix: string): Value[] {
  if (!('arrayValue' in value)) {
    throw new RpcError(Code.INVALID_ARGUMENT, `'${op}' requires an ArrayValue.`);
  }
  const l = arrayValues(value);
  if (l.length === 0) {
    throw new RpcError(Code.INVALID_ARGUMENT, `'${op}' requires a non-empty ArrayValue.`);
  }
  const max = op === 'NOT_IN' ? 10 : 30;
  if (l.length > max) {
    throw new RpcError(Code.INVALID_ARGUMENT, `'${op}' supports up to ${max} comparison values.`);
  }
  if (isName) l.forEach((v) => checkNameValue(v, dbPrefix));
  return l;
}

function compileField(
  segs: string[],
  op: FieldOp,
  raw: Json | undefined,
  info: FilterInfo,
  dbPrefix: string,
): Pred {
  const isName = segs.length === 1 && segs[0] === NAME;
  if (raw === undefined) throw new RpcError(Code.INVALID_ARGUMENT, 'Filter has no value.');
  const value = filterValue(op, raw);
  if (isInequality(op)) info.inequalityFields.set(formatFieldPath(segs), segs);
  if (isName && (op === 'EQUAL' || op === 'IN')) info.keyEquality = true;
  const cmpOp = (test: (c: number) => boolean): Pred => {
    if (isName) checkNameValue(value, dbPrefix);
    if (isNullOrNaN(value)) return () => false;
    const t = typeOrder(value);
    return (d) => {
      const v = fieldValue(d, segs);
      if (!v || typeOrder(v) !== t || isNaNValue(v)) return false;
      return test(compareValues(v, value));
    };
  };
  switch (op) {
    case 'LESS_THAN':
      return cmpOp((c) => c < 0);
    case 'LESS_THAN_OR_EQUAL':
      return cmpOp((c) => c <= 0);
    case 'GREATER_THAN':
      return cmpOp((c) => c > 0);
    case 'GREATER_THAN_OR_EQUAL':
      return cmpOp((c) => c >= 0);
    case 'EQUAL':
      if (isName) checkNameValue(value, dbPrefix);
      return (d) => {
        const v = fieldValue(d, segs);
        return !!v && valuesEqual(v, value);
      };
    case 'NOT_EQUAL':
      if (isName) checkNameValue(value, dbPrefix);
      return (d) => {
        const v = fieldValue(d, segs);
        return !!v && !('nullValue' in v) && !valuesEqual(v, value);
      };
    case 'ARRAY_CONTAINS':
      return (d) => {
        const v = fieldValue(d, segs);
        return !!v && 'arrayValue' in v && arrayValues(v).some((e) => valuesEqual(e, value));
      };
    case 'IN': {
      const l = compileList(op, value, isName, dbPrefix).filter((e) => !isNullOrNaN(e));
      return (d) => {
        const v = fieldValue(d, segs);
        return !!v && l.some((e) => valuesEqual(v, e));
      };
    }
    case 'NOT_IN': {
      const l = compileList(op, value, isName, dbPrefix);
      if (l.some((e) => 'nullValue' in e)) return () => false;
      return (d) => {
        const v = fieldValue(d, segs);
        return !!v && !('nullValue' in v) && !l.some((e) => valuesEqual(v, e));
      };
    }
    case 'ARRAY_CONTAINS_ANY': {
      // As for `in`, Firestore never matches null or NaN through the list.
      const l = compileList(op, value, isName, dbPrefix).filter((e) => !isNullOrNaN(e));
      return (d) => {
        const v = fieldValue(d, segs);
        return (
          !!v && 'arrayValue' in v && arrayValues(v).some((e) => l.some((x) => valuesEqual(e, x)))
        );
      };
    }
    default:
      return assertNever(op);
  }
}

function compileFilter(f: Filter, info: FilterInfo, dbPrefix: string): Pred {
  switch (f.kind) {
    case 'composite': {
      const subs = f.filters.map((s) => compileFilter(s, info, dbPrefix));
      if (f.op === 'OR') return subs.length ? (d) => subs.some((p) => p(d)) : () => true;
      return (d) => subs.every((p) => p(d));
    }
    case 'unary':
      return compileUnary(parseFieldPath(f.field), f.op, info);
    case 'field':
      return compileField(parseFieldPath(f.field), f.op, f.value, info, dbPrefix);
    default:
      return assertNever(f);
  }
}

function compileCursor(c: Json | undefined, orders: Order[], dbPrefix: string): Cursor | undefined {
  if (!c) return undefined;
  const cj = c as JsonObject;
  const values = ((cj.values ?? []) as Json[]).map((v) => normalizeValue(v, 0, false));
  if (values.length > orders.length) {
    throw new RpcError(
      Code.INVALID_ARGUMENT,
      `Too many cursor values specified. The specified order by clause has ${orders.length} fields.`,
    );
  }
  values.forEach((v, i) => {
    if (orders[i].isName) {
      if (!('referenceValue' in v)) {
        throw new RpcError(
          Code.INVALID_ARGUMENT,
          'Cursor position is outside the range of the query: __name__ cursor value must be a reference.',
        );
      }
      if (!(v.referenceValue as string).startsWith(dbPrefix)) {
        throw new RpcError(Code.INVALID_ARGUMENT, 'Cursor reference is not in this database.');
      }
    }
  });
  return { values, before: cj.before === true };
}

/** Compiles a StructuredQuery under `parentPath` (relative to the database's documents root). */
export function compileQuery(sq: JsonObject, parentPath: string, dbName: string): CompiledQuery {
  const dbPrefix = `${dbName}/documents/`;
  const from = repeatedField(sq.from, 'from') as JsonObject[];
  if (from.length !== 1) {
    throw new RpcError(Code.INVALID_ARGUMENT, 'A query must have exactly one collection selector.');
  }
  const collectionId = (from[0].collectionId ?? '') as string;
  const allDescendants = from[0].allDescendants === true;
  if (!allDescendants && collectionId === '') {
    throw new RpcError(Code.INVALID_ARGUMENT, 'Collection id must be set.');
  }
  if (collectionId !== '') checkCollectionId(collectionId);
  const info: FilterInfo = { inequalityFields: new Map(), keyEquality: false };
  const filter = sq.where ? parseFilter(sq.where as JsonObject) : undefined;
  const matches = filter ? compileFilter(filter, info, dbPrefix) : () => true;

  const orders: Order[] = [];
  const seen = new Set<string>();
  for (const o of repeatedField(sq.orderBy, 'orderBy') as JsonObject[]) {
    const segs = fieldRefSegs(o.field);
    const key = formatFieldPath(segs);
    if (seen.has(key)) continue;
    seen.add(key);
    const dir = o.direction === 'DESCENDING' ? -1 : 1;
    orders.push({ segs, key, isName: key === NAME, dir });
  }
  const lastDir = orders.length ? orders[orders.length - 1].dir : 1;
  // Inequality fields not ordered explicitly follow in field-path order; the key always comes last.
  const ineq = [...info.inequalityFields.entries()]
    .filter(([k]) => !seen.has(k) && k !== NAME)
    .sort((a, b) => compareFieldPaths(a[1], b[1]));
  for (const [key, segs] of ineq) {
    seen.add(key);
    orders.push({ segs, key, isName: false, dir: lastDir });
  }
  if (!seen.has(NAME)) orders.push({ segs: [NAME], key: NAME, isName: true, dir: lastDir });
  checkKeyUse(orders, info);

  const offset = sq.offset === undefined ? 0 : Number(sq.offset);
  if (!Number.isInteger(offset) || offset < 0) {
    throw new RpcError(Code.INVALID_ARGUMENT, 'offset must be non-negative.');
  }
  let limit: number | undefined;
  if (sq.limit !== undefined && sq.limit !== null) {
    const l = typeof sq.limit === 'object' ? (sq.limit as JsonObject).value : sq.limit;
    limit = Number(l ?? 0);
    if (!Number.isInteger(limit) || limit < 0) {
      throw new RpcError(Code.INVALID_ARGUMENT, 'limit is negative');
    }
  }
  let select: string[][] | undefined;
  if (sq.select) {
    const fields = repeatedField((sq.select as JsonObject).fields, 'select.fields') as JsonObject[];
    select = fields.map((f) => parseFieldPath(f.fieldPath));
  }
  const nearest = sq.findNearest ? compileNearest(sq.findNearest as JsonObject) : undefined;
  return {
    nearest,
    parentPath,
    collectionId,
    allDescendants,
    matches,
    orders,
    startAt: compileCursor(sq.startAt, orders, dbPrefix),
    endAt: compileCursor(sq.endAt, orders, dbPrefix),
    offset,
    limit,
    select,
    source: sq,
    filter,
    inequalityFields: [...info.inequalityFields.values()],
  };
}

/** Field paths in Firestore's order: segment by segment (numeric ids first, then UTF-8 order). */
export function compareFieldPaths(a: string[], b: string[]): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    if (a[i] !== b[i]) return compareSegments(a[i], b[i]);
  }
  return a.length - b.length;
}

/** Firestore's rules for the key in a query: last in the order, and no lone equality beside inequalities. */
function checkKeyUse(orders: Order[], info: FilterInfo): void {
  if (orders.findIndex((o) => o.isName) !== orders.length - 1) {
    throw new RpcError(
      Code.INVALID_ARGUMENT,
      'order by clause cannot contain more fields after the key',
    );
  }
  const others = [...info.inequalityFields.keys()].filter((k) => k !== NAME);
  if (info.keyEquality && others.length > 0 && !info.inequalityFields.has(NAME)) {
    throw new RpcError(
      Code.INVALID_ARGUMENT,
      'Equality on key is not allowed if there are other inequality fields and key does not appear in inequalities.',
    );
  }
}

/** True if the document path is in the query's collection scope. */
export function inScope(q: CompiledQuery, path: string): boolean {
  const slash = path.lastIndexOf('/');
  const collPath = path.slice(0, slash);
  if (!q.allDescendants) {
    const expected = q.parentPath ? `${q.parentPath}/${q.collectionId}` : q.collectionId;
    return collPath === expected;
  }
  if (q.parentPath && !collPath.startsWith(q.parentPath + '/')) return false;
  if (q.collectionId === '') return true;
  const cs = collPath.lastIndexOf('/');
  return collPath.slice(cs + 1) === q.collectionId;
}

/** Whether a document in scope belongs to the result ignoring limit/offset (filters, order fields, cursors). */
export function matchesQuery(q: CompiledQuery, doc: DocVersion): boolean {
  if (!q.matches(doc)) return false;
  for (const o of q.orders)
    if (!o.isName && getField(doc.fields, o.segs) === undefined) return false;
  return afterStart(q, doc) && beforeEnd(q, doc);
}

/** The document is not before the query's start cursor (in the query's order). */
export function afterStart(q: CompiledQuery, doc: DocVersion): boolean {
  if (!q.startAt) return true;
  const c = compareToCursor(q, doc, q.startAt);
  return q.startAt.before ? c >= 0 : c > 0;
}

/** The document is not past the query's end cursor (in the query's order). */
export function beforeEnd(q: CompiledQuery, doc: DocVersion): boolean {
  if (!q.endAt) return true;
  const c = compareToCursor(q, doc, q.endAt);
  return q.endAt.before ? c < 0 : c <= 0;
}

function compareToCursor(q: CompiledQuery, doc: DocVersion, cur: Cursor): number {
  for (let i = 0; i < cur.values.length; i++) {
    const o = q.orders[i];
    const v = fieldValue(doc, o.segs) as Value;
    const c = o.isName
      ? compareNames(doc.name, cur.values[i].referenceValue as string)
      : compareValues(v, cur.values[i]);
    if (c !== 0) return c * o.dir;
  }
  return 0;
}

/** The comparator of the query's normalized order. */
export function queryComparator(q: CompiledQuery): (a: DocVersion, b: DocVersion) => number {
  return (a, b) => {
    for (const o of q.orders) {
      const c = o.isName
        ? compareNames(a.name, b.name)
        : compareValues(fieldValue(a, o.segs) as Value, fieldValue(b, o.segs) as Value);
      if (c !== 0) return c * o.dir;
    }
    return 0;
  };
}

/**
 * Filters, sorts and slices the candidate documents. `unordered`: the caller only counts, so a
 * query without limit or offset is not sorted.
 */
export function runCompiled(
  q: CompiledQuery,
  candidates: Iterable<DocVersion>,
  unordered = false,
): DocVersion[] {
  const out: DocVersion[] = [];
  if (q.nearest) {
    for (const d of candidates) if (inScope(q, d.path) && q.matches(d)) out.push(d);
    return runNearest(q.nearest, out);
  }
  for (const d of candidates) if (inScope(q, d.path) && matchesQuery(q, d)) out.push(d);
  if (unordered && q.limit === undefined && q.offset === 0) return out;
  out.sort(queryComparator(q));
  const end = q.limit === undefined ? undefined : q.offset + q.limit;
  return q.offset || end !== undefined ? out.slice(q.offset, end) : out;
}

/** Applies the query's projection (select) to a document. */
export function project(q: CompiledQuery, doc: DocVersion): DocVersion {
  if (!q.select) return doc;
  let fields: Fields = {};
  for (const segs of q.select) {
    if (segs.length === 1 && segs[0] === NAME) continue;
    const v = getField(doc.fields, segs);
    if (v !== undefined) fields = setField(fields, segs, v);
  }
  return { ...doc, fields };
}
