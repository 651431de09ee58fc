/** Static types of rules expressions: evident type errors are load errors. */
import type { Expr } from './ast.js';

const NUMERIC = new Set(['int', 'float']);

/** Infers the type of an expression where it is evident from its form (null = only known at run time). */
export function inferType(
  e: Expr,
  err: (loc: Expr['loc'], message: string) => void,
): string | null {
  const bad = (message: string): null => {
    err(e.loc, message);
    return null;
  };
  switch (e.k) {
    case 'lit':
      return literalType(e.v);
    case 'bytes':
      return 'bytes';
    case 'list':
      e.items.forEach((i) => inferType(i, err));
      return 'list';
    case 'map':
      e.entries.forEach(([k, v]) => {
        const kt = inferType(k, err);
        if (kt !== null && kt !== 'string') bad(`Map keys must be strings, got ${kt}.`);
        inferType(v, err);
      });
      return 'map';
    case 'path':
      e.parts.forEach((p) => typeof p !== 'string' && inferType(p, err));
      return 'path';
    case 'is':
      inferType(e.arg, err);
      return 'bool';
    case 'not':
      return boolOperands('!', [e.arg], err, bad);
    case 'and':
      return boolOperands('&&', [e.left, e.right], err, bad);
    case 'or':
      return boolOperands('||', [e.left, e.right], err, bad);
    case 'neg': {
      const t = inferType(e.arg, err);
      if (t !== null && !NUMERIC.has(t)) return bad(`Unary - expects a number, got ${t}.`);
      return t;
    }
    case 'cond': {
      const tt = inferType(e.test, err);
      if (tt !== null && tt !== 'bool') bad(`The condition of ?: must be a boolean, got ${tt}.`);
      const a = inferType(e.then, err);
      const b = inferType(e.otherwise, err);
      return a === b ? a : null;
    }
    case 'bin':
      return binaryType(e.op, inferType(e.left, err), inferType(e.right, err), (m) => bad(m));
    case 'member':
      inferType(e.obj, err);
      return null;
    case 'index':
      inferType(e.obj, err);
      inferType(e.index, err);
      return null;
    case 'slice':
      inferType(e.obj, err);
      if (e.from) inferType(e.from, err);
      if (e.to) inferType(e.to, err);
      return null;
    case 'call':
      if (e.callee.k === 'member') inferType(e.callee.obj, err);
      e.args.forEach((a) => inferType(a, err));
      if (e.builtin === 'exists' || e.builtin === 'existsAfter') return 'bool';
      return null;
    case 'id':
      return null;
  }
}

const COMPARISONS = ['<', '<=', '>', '>='];

function literalType(v: unknown): string {
  if (v === null) return 'null';
  if (typeof v === 'bigint') return 'int';
  if (typeof v === 'number') return 'float';
  return typeof v === 'string' ? 'string' : 'bool';
}

/** `!`, `&&`, `||`: every operand whose type is evident must be a bool. */
function boolOperands(
  op: string,
  operands: Expr[],
  err: (loc: Expr['loc'], message: string) => void,
  bad: (message: string) => null,
): 'bool' {
  for (const p of operands) {
    const t = inferType(p, err);
    if (t !== null && t !== 'bool') bad(`Operator ${op} expects bool operands, got ${t}.`);
  }
  return 'bool';
}

/** The type of `l op r` when evident; `bad` reports an operation no operands of these types allow. */
function binaryType(
  op: string,
  l: string | null,
  r: string | null,
  bad: (message: string) => null,
): string | null {
  if (op === '==' || op === '!=') return 'bool';
  if (op === 'in') {
    if (r !== null && !['list', 'map'].includes(r))
      bad(`Operator in expects a list, map or set, got ${r}.`);
    return 'bool';
  }
  if (l === null || r === null || l === 'null' || r === 'null') {
    return COMPARISONS.includes(op) ? 'bool' : null;
  }
  const numeric = NUMERIC.has(l) && NUMERIC.has(r);
  if (COMPARISONS.includes(op)) {
    if (!numeric && l !== r) bad(`Unsupported operation: ${l} ${op} ${r}.`);
    return 'bool';
  }
  if (numeric) return l === 'int' && r === 'int' ? 'int' : 'float';
  if (op === '+' && l === r && ['string', 'list', 'map'].includes(l)) return l;
  return bad(`Unsupported operation: ${l} ${op} ${r}.`);
}
