/** Turns a StructuredQuery into what it guarantees about its results ("rules are not filters"). */
import { assertNever, parseFilter, type Filter } from '../model/filters.js';
import type { Json, JsonObject } from '../service.js';
import { constraintKey } from './symbolic.js';
import {
  RPath,
  RulesEvalError,
  Sym,
  fromFirestoreValue,
  presentOfType,
  valuesEqual,
  type FieldConstraint,
  type RMap,
  type RValue,
} from './values.js';

/** Firestore caps disjunctions of a query at 30; a little headroom for AND-of-OR expansions. */
const MAX_CONJUNCTS = 100;

type Atom =
  | { path: string[]; kind: 'eq' | 'ne' | 'ac'; value: RValue }
  | { path: string[]; kind: 'lt' | 'le' | 'gt' | 'ge'; value: RValue }
  | { path: string[]; kind: 'exists' };

export interface QueryShape {
  /** One constraint map per disjunct of the filter in disjunctive normal form. */
  conjuncts: Map<string, FieldConstraint>[];
  limit: bigint | null;
  offset: bigint;
  orderBy: RMap;
  allDescendants: boolean;
}

/** Splits a field path (`a.b`, "`odd.name`.c", `__name__`) into its segments. */
export function parseFieldPath(path: string): string[] {
  const out: string[] = [];
  let cur = '';
  let quoted = false;
  for (let i = 0; i < path.length; i++) {
    const ch = path[i];
    if (quoted) {
      if (ch === '\\' && i + 1 < path.length) cur += path[++i];
      else if (ch === '`') quoted = false;
      else cur += ch;
    } else if (ch === '`') quoted = true;
    else if (ch === '.') {
      out.push(cur);
      cur = '';
    } else cur += ch;
  }
  out.push(cur);
  return out;
}

function pathOf(path: Json | undefined): string[] {
  return parseFieldPath(typeof path === 'string' ? path : '');
}

function fieldOf(f: Json): string[] {
  return pathOf((f as JsonObject | null)?.fieldPath);
}

function valueOf(v: Json): RValue {
  return fromFirestoreValue((v ?? {}) as JsonObject);
}

function product(a: Atom[][], b: Atom[][]): Atom[][] {
  const out: Atom[][] = [];
  for (const x of a) for (const y of b) out.push([...x, ...y]);
  if (out.length > MAX_CONJUNCTS) tooComplex();
  return out;
}

function tooComplex(): never {
  throw new RulesEvalError('Query is too complex to check against the security rules.');
}

function fieldAtoms(f: Extract<Filter, { kind: 'field' }>): Atom[][] {
  const path = pathOf(f.field);
  const value = valueOf(f.value ?? null);
  const list = Array.isArray(value) ? value : [value];
  switch (f.op) {
    case 'EQUAL':
      return [[{ path, kind: 'eq', value }]];
    case 'NOT_EQUAL':
      return [[{ path, kind: 'ne', value }]];
    case 'LESS_THAN':
      return [[{ path, kind: 'lt', value }]];
    case 'LESS_THAN_OR_EQUAL':
      return [[{ path, kind: 'le', value }]];
    case 'GREATER_THAN':
      return [[{ path, kind: 'gt', value }]];
    case 'GREATER_THAN_OR_EQUAL':
      return [[{ path, kind: 'ge', value }]];
    case 'ARRAY_CONTAINS':
      return [[{ path, kind: 'ac', value }]];
    case 'IN':
      return list.map((v) => [{ path, kind: 'eq', value: v }]);
    case 'ARRAY_CONTAINS_ANY':
      return list.map((v) => [{ path, kind: 'ac', value: v }]);
    case 'NOT_IN':
      return [list.map((v) => ({ path, kind: 'ne', value: v }))];
    default:
      return assertNever(f.op);
  }
}

function unaryAtoms(f: Extract<Filter, { kind: 'unary' }>): Atom[][] {
  const path = pathOf(f.field);
  switch (f.op) {
    case 'IS_NULL':
      return [[{ path, kind: 'eq', value: null }]];
    case 'IS_NAN':
      return [[{ path, kind: 'eq', value: NaN }]];
    case 'IS_NOT_NULL':
      return [[{ path, kind: 'ne', value: null }]];
    case 'IS_NOT_NAN':
      return [[{ path, kind: 'ne', value: NaN }]];
    default:
      return assertNever(f.op);
  }
}

function dnf(filter: Filter): Atom[][] {
  switch (filter.kind) {
    case 'composite': {
      const parts = filter.filters.map(dnf);
      if (filter.op === 'OR') {
        const out = parts.flat();
        if (out.length > MAX_CONJUNCTS) tooComplex();
        return out.length ? out : [[]];
      }
      return parts.reduce(product, [[]]);
    }
    case 'field':
      return fieldAtoms(filter);
    case 'unary':
      return unaryAtoms(filter);
    default:
      return assertNever(filter);
  }
}

function emptyConstraint(): FieldConstraint {
  return { hasEq: false, lower: [], upper: [], notEq: [], arrayContains: [], exists: false };
}

/** Builds the constraint map of one conjunction; null when it can match no document. */
function constraints(atoms: Atom[]): Map<string, FieldConstraint> | null {
  const map = new Map<string, FieldConstraint>();
  for (const atom of atoms) {
    const key = constraintKey(atom.path);
    let c = map.get(key);
    if (!c) map.set(key, (c = emptyConstraint()));
    c.exists = true;
    switch (atom.kind) {
      case 'eq':
        if (c.hasEq && !valuesEqual(c.eq as RValue, atom.value)) return null;
        c.hasEq = true;
        c.eq = atom.value;
        break;
      case 'ne':
        c.notEq.push(atom.value);
        break;
      case 'ac':
        c.arrayContains.push(atom.value);
        break;
      case 'lt':
      case 'le':
        c.upper.push({ v: atom.value, incl: atom.kind === 'le' });
        break;
      case 'gt':
      case 'ge':
        c.lower.push({ v: atom.value, incl: atom.kind === 'ge' });
        break;
    }
  }
  return map;
}

function intOf(v: Json | undefined): bigint | null {
  if (v === undefined || v === null) return null;
  if (typeof v === 'number' || typeof v === 'string') return BigInt(v);
  if (typeof v === 'object' && !Array.isArray(v) && v.value !== undefined) return intOf(v.value);
  return null;
}

/** The query's filter; an operator outside the model denies the query instead of being ignored. */
function whereOf(filter: JsonObject): Filter {
  try {
    return parseFilter(filter);
  } catch (e) {
    throw new RulesEvalError((e as Error).message);
  }
}

export function analyzeQuery(query: JsonObject | undefined): QueryShape {
  const q = query ?? {};
  const orderBy: RMap = new Map();
  const orderAtoms: Atom[] = [];
  for (const o of (q.orderBy ?? []) as JsonObject[]) {
    const path = fieldOf(o.field);
    orderBy.set(path.join('.'), o.direction === 'DESCENDING' ? 'DESC' : 'ASC');
    if (path.join('.') !== '__name__') orderAtoms.push({ path, kind: 'exists' });
  }
  const conjuncts: Map<string, FieldConstraint>[] = [];
  const where = q.where ? whereOf(q.where as JsonObject) : undefined;
  for (const atoms of where ? dnf(where) : [[]]) {
    const c = constraints([...atoms, ...orderAtoms]);
    if (c) conjuncts.push(c);
  }
  const from = ((q.from ?? []) as JsonObject[])[0];
  return {
    conjuncts,
    limit: intOf(q.limit),
    offset: intOf(q.offset) ?? 0n,
    orderBy,
    allDescendants: from?.allDescendants === true,
  };
}

/** The `resource` a list query's results share: data fields known only through the filters. */
export function symbolicResource(
  conjunct: Map<string, FieldConstraint>,
  collection: string[],
): { resource: RMap; docId: string | null } {
  const nameC = conjunct.get('__name__');
  let name: RValue = new Sym(['__name__'], nameC ?? presentOfType('path'), conjunct);
  let id: RValue = new Sym(['__id__'], presentOfType('string'), conjunct);
  let docId: string | null = null;
  if (nameC?.hasEq && nameC.eq instanceof RPath) {
    name = nameC.eq;
    const segs = nameC.eq.segments;
    id = segs[segs.length - 1];
    const parent = segs.slice(0, -1);
    if (parent.length === collection.length && parent.every((s, i) => s === collection[i])) {
      docId = id;
    }
  }
  const data = new Sym([], undefined, conjunct);
  return {
    resource: new Map<string, RValue>([
      ['data', data],
      ['id', id],
      ['__name__', name],
    ]),
    docId,
  };
}
