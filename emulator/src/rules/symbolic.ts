/** Symbolic fields of `resource` in list queries: what a query's constraints decide about a field. */
import {
  RSet,
  Sym,
  compareValues,
  typeName,
  unknownValue,
  valuesEqual,
  type FieldConstraint,
  type RValue,
} from './values.js';

export function constraintKey(path: string[]): string {
  return path.join('\u0000');
}

function childSym(sym: Sym, name: string): RValue {
  const path = [...sym.path, name];
  const c = sym.all.get(constraintKey(path));
  if (c && c.hasEq) return c.eq as RValue;
  return new Sym(path, c, sym.all);
}

export function symMember(sym: Sym, name: string): RValue {
  if (sym.path[0] === '__name__' || sym.path[0] === '__id__') return unknownValue();
  return childSym(sym, name);
}

export function symIs(sym: Sym, type: string): boolean {
  const c = sym.c;
  if (!c) return unknownValue();
  if (c.type) return c.type === type;
  if (c.arrayContains.length > 0) return type === 'list';
  const bound = c.lower[0] ?? c.upper[0];
  if (!bound) return unknownValue();
  const t = typeName(bound.v);
  if (type === 'number' && (t === 'int' || t === 'float')) return true;
  if ((t === 'int' || t === 'float') && (type === 'int' || type === 'float')) return unknownValue();
  return t === type;
}

function cmp(a: RValue, b: RValue): number | null {
  try {
    const c = compareValues(a, b);
    return Number.isNaN(c) ? null : c;
  } catch {
    return null;
  }
}

/** Whether every value the constraint allows is excluded from `v` (so `field == v` is false). */
function excludes(c: FieldConstraint, v: RValue): boolean {
  if (c.notEq.some((n) => valuesEqual(n, v))) return true;
  for (const l of c.lower) {
    const d = cmp(l.v, v);
    if (d !== null && (d > 0 || (d === 0 && !l.incl))) return true;
  }
  for (const u of c.upper) {
    const d = cmp(u.v, v);
    if (d !== null && (d < 0 || (d === 0 && !u.incl))) return true;
  }
  return false;
}

const FLIP: { [op: string]: string } = { '<': '>', '<=': '>=', '>': '<', '>=': '<=' };

export function symBinary(op: string, l: RValue, r: RValue): RValue {
  if (op === 'in') {
    if (r instanceof Sym) return symContains(r, l);
    return unknownValue();
  }
  if (l instanceof Sym && r instanceof Sym) return unknownValue();
  const sym = (l instanceof Sym ? l : r) as Sym;
  const value = l instanceof Sym ? r : l;
  const rel = l instanceof Sym ? op : (FLIP[op] ?? op);
  const c = sym.c;
  if (!c) return unknownValue();
  switch (rel) {
    case '==':
      if (excludes(c, value)) return false;
      return unknownValue();
    case '!=':
      if (excludes(c, value)) return true;
      return unknownValue();
    case '<':
    case '<=': {
      for (const u of c.upper) {
        const d = cmp(u.v, value);
        if (d !== null && (d < 0 || (d === 0 && (rel === '<=' || !u.incl)))) return true;
      }
      for (const lo of c.lower) {
        const d = cmp(lo.v, value);
        if (d !== null && (d > 0 || (d === 0 && (rel === '<' || !lo.incl)))) return false;
      }
      return unknownValue();
    }
    case '>':
    case '>=': {
      for (const lo of c.lower) {
        const d = cmp(lo.v, value);
        if (d !== null && (d > 0 || (d === 0 && (rel === '>=' || !lo.incl)))) return true;
      }
      for (const u of c.upper) {
        const d = cmp(u.v, value);
        if (d !== null && (d < 0 || (d === 0 && (rel === '>' || !u.incl)))) return false;
      }
      return unknownValue();
    }
  }
  return unknownValue();
}

function symContains(sym: Sym, v: RValue): RValue {
  if (v instanceof Sym) return unknownValue();
  if (sym.c && sym.c.arrayContains.some((x) => valuesEqual(x, v))) return true;
  if (typeof v === 'string' && sym.path[0] !== '__name__') {
    const child = sym.all.get(constraintKey([...sym.path, v]));
    if (child && (child.exists || child.hasEq)) return true;
  }
  return unknownValue();
}

export function symMethod(sym: Sym, name: string, args: RValue[]): RValue {
  const c = sym.c;
  if ((name === 'hasAny' || name === 'hasAll') && c && c.arrayContains.length > 0) {
    const arg = args[0];
    const list = Array.isArray(arg) ? arg : arg instanceof RSet ? [...arg.items.values()] : null;
    if (list) {
      const contained = (v: RValue): boolean => c.arrayContains.some((x) => valuesEqual(x, v));
      if (name === 'hasAny' && list.some(contained)) return true;
      if (name === 'hasAll' && list.every(contained)) return true;
    }
  }
  if (name === 'get' && args.length === 2) {
    const keys = Array.isArray(args[0]) ? args[0] : [args[0]];
    if (!keys.every((k) => typeof k === 'string')) return unknownValue();
    const path = [...sym.path, ...(keys as string[])];
    const child = sym.all.get(constraintKey(path));
    if (!child || !(child.exists || child.hasEq)) return unknownValue();
    return child.hasEq ? (child.eq as RValue) : new Sym(path, child, sym.all);
  }
  return unknownValue();
}
