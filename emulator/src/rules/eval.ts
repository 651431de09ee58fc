/** The expression evaluator: rules values, error absorption, calls, get()/exists() (symbolic list fields: symbolic.ts). */
import type { CallExpr, Expr, FunctionDecl } from './ast.js';
import { callGlobal, callMethod, isType } from './builtins.js';
import { symBinary, symIs, symMember, symMethod } from './symbolic.js';
import { checkTimestamp } from './timestamps.js';
import type { RulesAccessBudget, RulesDocument, RulesRequest } from './contract.js';
import {
  RBytes,
  RDuration,
  RPath,
  RSet,
  RTimestamp,
  RulesEvalError,
  Sym,
  checkInt,
  compareValues,
  fail,
  fromFirestoreFields,
  nameToPath,
  typeName,
  unknownValue,
  valuesEqual,
  type RMap,
  type RValue,
} from './values.js';

/** Variables in scope: a chain of maps (function params/lets -> match wildcards -> request/resource). */
export class Env {
  constructor(
    readonly vars: Map<string, RValue>,
    readonly parent: Env | null,
  ) {}
  lookup(name: string): RValue {
    const v = this.vars.get(name);
    if (v !== undefined || this.vars.has(name)) return v as RValue;
    if (this.parent) return this.parent.lookup(name);
    return fail(`Variable not found error: Name: [${name}].`);
  }
}

export interface EvalContext {
  request: RulesRequest;
  /** projects/{p}/databases/{d}/documents */
  documentsRoot: string;
  budget: RulesAccessBudget;
  /** Bindings of the matched block; functions see these (and request/resource) besides their params. */
  matchEnv: Env;
  depth: number;
  steps: number;
  /** Where `debug()` calls record their argument (the evaluation of a decision; none while explaining). */
  debug?: { node: CallExpr; value: RValue }[];
}

export const MAX_CALL_DEPTH = 20;
export const MAX_STEPS = 10_000;
/** `debug()` values kept per decision. */
export const MAX_DEBUG_OUTPUTS = 20;

const resourceCache = new WeakMap<RulesDocument, RMap>();

/** The rules view of a stored document: {data, id, __name__}. */
export function resourceValue(doc: RulesDocument | null): RMap | null {
  if (!doc) return null;
  let r = resourceCache.get(doc);
  if (!r) {
    const path = nameToPath(doc.name);
    r = new Map<string, RValue>([
      ['data', fromFirestoreFields(doc.fields)],
      ['id', path.segments[path.segments.length - 1]],
      ['__name__', path],
    ]);
    resourceCache.set(doc, r);
  }
  return r;
}

export function evaluate(node: Expr, env: Env, ctx: EvalContext): RValue {
  if (++ctx.steps > MAX_STEPS)
    fail(
      `Unable to evaluate the expression as the maximum of ${MAX_STEPS} expressions to evaluate has been reached.`,
    );
  switch (node.k) {
    case 'lit':
      return node.v;
    case 'id':
      return env.lookup(node.name);
    case 'and':
      return logical(node.left, node.right, false, '&&', env, ctx);
    case 'or':
      return logical(node.left, node.right, true, '||', env, ctx);
    case 'not': {
      const v = evaluate(node.arg, env, ctx);
      if (typeof v !== 'boolean') return notBool(v, '!');
      return !v;
    }
    case 'cond': {
      const t = evaluate(node.test, env, ctx);
      if (typeof t !== 'boolean') return notBool(t, '?:');
      return evaluate(t ? node.then : node.otherwise, env, ctx);
    }
    case 'member':
      return member(evaluate(node.obj, env, ctx), node.name);
    case 'index': {
      const obj = evaluate(node.obj, env, ctx);
      const idx = evaluate(node.index, env, ctx);
      return index(obj, idx);
    }
    case 'slice': {
      const obj = evaluate(node.obj, env, ctx);
      const from = node.from ? evaluate(node.from, env, ctx) : null;
      const to = node.to ? evaluate(node.to, env, ctx) : null;
      return slice(obj, from, to);
    }
    case 'bin': {
      const l = evaluate(node.left, env, ctx);
      const r = evaluate(node.right, env, ctx);
      return binary(node.op, l, r);
    }
    case 'neg':
      return negate(evaluate(node.arg, env, ctx));
    case 'is': {
      const v = evaluate(node.arg, env, ctx);
      if (v instanceof Sym) return symIs(v, node.type);
      return isType(v, node.type);
    }
    case 'list':
      return node.items.map((item) => evaluate(item, env, ctx));
    case 'map':
      return mapLiteral(node.entries, env, ctx);
    case 'path':
      return pathLiteral(node.parts, env, ctx);
    case 'bytes':
      return bytesLiteral(node.text);
    case 'call':
      return call(node, env, ctx);
  }
}

/**
 * `&&` (decisive: false) and `||` (decisive: true). As in Firestore, an error on the left is
 * forgiven when the right side alone decides the result.
 */
function logical(
  left: Expr,
  right: Expr,
  decisive: boolean,
  op: string,
  env: Env,
  ctx: EvalContext,
): RValue {
  let leftError: RulesEvalError | null = null;
  try {
    const l = evaluate(left, env, ctx);
    if (l === decisive) return decisive;
    if (l !== !decisive) return notBool(l, op);
  } catch (e) {
    leftError = asEvalError(e);
  }
  const r = evaluate(right, env, ctx);
  if (r === decisive) return decisive;
  if (r !== !decisive) return notBool(r, op);
  if (leftError) throw leftError;
  return !decisive;
}

function negate(v: RValue): RValue {
  if (typeof v === 'bigint') return checkInt(-v);
  if (typeof v === 'number') return -v;
  if (v instanceof RDuration) return new RDuration(-v.ns);
  return unsupported('-', v);
}

function mapLiteral(entries: [Expr, Expr][], env: Env, ctx: EvalContext): RMap {
  const out: RMap = new Map();
  for (const [k, v] of entries) {
    const key = evaluate(k, env, ctx);
    if (typeof key !== 'string') fail(`Map keys must be strings, got ${typeName(key)}.`);
    out.set(key, evaluate(v, env, ctx));
  }
  return out;
}

/** A path literal: its fixed segments and the values of its `$(...)` parts. */
function pathLiteral(parts: (string | Expr)[], env: Env, ctx: EvalContext): RPath {
  const segments: string[] = [];
  for (const part of parts) {
    if (typeof part === 'string') {
      segments.push(part);
      continue;
    }
    const v = evaluate(part, env, ctx);
    if (typeof v === 'string') segments.push(...v.split('/').filter((s) => s !== ''));
    else if (typeof v === 'bigint') segments.push(v.toString());
    else if (v instanceof RPath) segments.push(...v.segments);
    else if (v instanceof Sym) unknownValue();
    else fail(`Invalid path interpolation of ${typeName(v)}.`);
  }
  return new RPath(segments);
}

function bytesLiteral(text: string): RBytes {
  const bytes: number[] = [];
  for (const ch of text) {
    const code = ch.codePointAt(0) ?? 0;
    if (code < 256) bytes.push(code);
    else bytes.push(...Buffer.from(ch, 'utf8'));
  }
  return new RBytes(new Uint8Array(bytes));
}

function asEvalError(e: unknown): RulesEvalError {
  if (e instanceof RulesEvalError) return e;
  throw e;
}

function notBool(v: RValue, op: string): never {
  if (v instanceof Sym) return unknownValue();
  if (v === null) return fail('Null value error.');
  return fail(`Unsupported operation error. Received: ${typeName(v)} for ${op}. Expected: bool.`);
}

function unsupported(op: string, a: RValue, b?: RValue): never {
  if (a instanceof Sym || (b !== undefined && b instanceof Sym)) return unknownValue();
  if (a === null || b === null) return fail('Null value error.');
  const received = b === undefined ? `${op}${typeName(a)}` : `${typeName(a)} ${op} ${typeName(b)}`;
  return fail(`Unsupported operation error. Received: ${received}.`);
}

function member(obj: RValue, name: string): RValue {
  if (obj instanceof Map) {
    const v = obj.get(name);
    if (v === undefined && !obj.has(name)) fail(`Property ${name} is undefined on object.`);
    return v as RValue;
  }
  if (obj === null) return fail('Null value error.');
  if (obj instanceof Sym) return symMember(obj, name);
  return fail(`Property ${name} is undefined on object of type ${typeName(obj)}.`);
}

function index(obj: RValue, idx: RValue): RValue {
  if (obj instanceof Map) {
    if (typeof idx !== 'string') return unsupported('[]', obj, idx);
    return member(obj, idx);
  }
  if (Array.isArray(obj) || obj instanceof RPath || typeof obj === 'string') {
    const list = Array.isArray(obj) ? obj : typeof obj === 'string' ? [...obj] : obj.segments;
    if (typeof idx !== 'bigint') return unsupported('[]', obj, idx);
    if (idx < 0n || idx >= BigInt(list.length)) fail(`Index out of range error: ${idx}.`);
    return list[Number(idx)];
  }
  if (obj instanceof Sym) {
    if (typeof idx === 'string') return symMember(obj, idx);
    return unknownValue();
  }
  if (obj === null) return fail('Null value error.');
  return unsupported('[]', obj, idx);
}

function slice(obj: RValue, from: RValue, to: RValue): RValue {
  if (obj instanceof Sym) return unknownValue();
  if (!Array.isArray(obj) && typeof obj !== 'string') return unsupported('[:]', obj);
  const len = BigInt(typeof obj === 'string' ? [...obj].length : obj.length);
  const start = from === null ? 0n : from;
  const end = to === null ? len : to;
  if (typeof start !== 'bigint' || typeof end !== 'bigint') return unsupported('[:]', start, end);
  if (start < 0n || end > len || start > end) fail(`Index out of range error: [${start}:${end}].`);
  if (typeof obj === 'string') return [...obj].slice(Number(start), Number(end)).join('');
  return obj.slice(Number(start), Number(end));
}

function isNumber(v: RValue): v is bigint | number {
  return typeof v === 'bigint' || typeof v === 'number';
}

export function binary(op: string, l: RValue, r: RValue): RValue {
  if (l instanceof Sym || r instanceof Sym) return symBinary(op, l, r);
  switch (op) {
    case '==':
      return valuesEqual(l, r);
    case '!=':
      return !valuesEqual(l, r);
    case '<':
    case '<=':
    case '>':
    case '>=': {
      if (l === null || r === null) return fail('Null value error.');
      const c = compareValues(l, r);
      if (Number.isNaN(c)) return false;
      return op === '<' ? c < 0 : op === '<=' ? c <= 0 : op === '>' ? c > 0 : c >= 0;
    }
    case 'in':
      if (Array.isArray(r)) return r.some((v) => valuesEqual(v, l));
      if (r instanceof Map) {
        if (typeof l !== 'string') return unsupported('in', l, r);
        return r.has(l);
      }
      if (r instanceof RSet) return r.has(l);
      return unsupported('in', l, r);
    case '+':
      if (typeof l === 'bigint' && typeof r === 'bigint') return checkInt(l + r);
      if (isNumber(l) && isNumber(r)) return Number(l) + Number(r);
      if (typeof l === 'string' && typeof r === 'string') return l + r;
      if (Array.isArray(l) && Array.isArray(r)) return l.concat(r);
      if (l instanceof RTimestamp && r instanceof RDuration) return checkTimestamp(l.ns + r.ns);
      if (l instanceof RDuration && r instanceof RTimestamp) return checkTimestamp(l.ns + r.ns);
      if (l instanceof RDuration && r instanceof RDuration) return new RDuration(l.ns + r.ns);
      if (l instanceof Map && r instanceof Map) return new Map([...l, ...r]);
      return unsupported('+', l, r);
    case '-':
      if (typeof l === 'bigint' && typeof r === 'bigint') return checkInt(l - r);
      if (isNumber(l) && isNumber(r)) return Number(l) - Number(r);
      if (l instanceof RTimestamp && r instanceof RDuration) return checkTimestamp(l.ns - r.ns);
      if (l instanceof RTimestamp && r instanceof RTimestamp) return new RDuration(l.ns - r.ns);
      if (l instanceof RDuration && r instanceof RDuration) return new RDuration(l.ns - r.ns);
      return unsupported('-', l, r);
    case '*':
      if (typeof l === 'bigint' && typeof r === 'bigint') return checkInt(l * r);
      if (isNumber(l) && isNumber(r)) return Number(l) * Number(r);
      return unsupported('*', l, r);
    case '/':
      if (typeof l === 'bigint' && typeof r === 'bigint') {
        if (r === 0n) fail('Division by zero error.');
        return checkInt(l / r);
      }
      if (isNumber(l) && isNumber(r)) return Number(l) / Number(r);
      return unsupported('/', l, r);
    case '%':
      if (typeof l === 'bigint' && typeof r === 'bigint') {
        if (r === 0n) fail('Modulo by zero error.');
        return l % r;
      }
      if (isNumber(l) && isNumber(r)) return Number(l) % Number(r);
      return unsupported('%', l, r);
  }
  return fail(`Unknown operator ${op}.`);
}

// ---- Calls ---------------------------------------------------------------------------------

function call(node: CallExpr, env: Env, ctx: EvalContext): RValue {
  if (node.fn) {
    const args = node.args.map((a) => evaluate(a, env, ctx));
    return callUser(node.fn, args, ctx);
  }
  if (node.builtin) {
    const args = node.args.map((a) => evaluate(a, env, ctx));
    // debug(x) is x, symbolic query fields included; the value is kept for the denial and the console.
    if (node.builtin === 'debug' && args.length === 1) {
      if (ctx.debug && ctx.debug.length < MAX_DEBUG_OUTPUTS)
        ctx.debug.push({ node, value: args[0] });
      return args[0];
    }
    return callBuiltin(node.builtin as string, args, ctx);
  }
  if (node.callee.k !== 'member') {
    return fail('Function not found error.');
  }
  const recv = evaluate(node.callee.obj, env, ctx);
  const args = node.args.map((a) => evaluate(a, env, ctx));
  const name = node.callee.name;
  return recv instanceof Sym ? symMethod(recv, name, args) : callMethod(recv, name, args);
}

function callUser(fn: FunctionDecl, args: RValue[], ctx: EvalContext): RValue {
  if (ctx.depth >= MAX_CALL_DEPTH)
    fail(`Maximum function call depth (${MAX_CALL_DEPTH}) exceeded.`);
  const vars = new Map<string, RValue>();
  fn.params.forEach((p, i) => vars.set(p, args[i]));
  const fenv = new Env(vars, ctx.matchEnv);
  ctx.depth++;
  try {
    for (const l of fn.lets) vars.set(l.name, evaluate(l.value, fenv, ctx));
    return evaluate(fn.body, fenv, ctx);
  } finally {
    ctx.depth--;
  }
}

function callBuiltin(name: string, args: RValue[], ctx: EvalContext): RValue {
  switch (name) {
    case 'get':
    case 'getAfter': {
      const doc = lookup(name, args[0], ctx);
      return resourceValue(doc);
    }
    case 'exists':
    case 'existsAfter':
      return lookup(name, args[0], ctx) !== null;
  }
  return callGlobal(name, args);
}

function lookup(fn: string, arg: RValue, ctx: EvalContext): RulesDocument | null {
  if (arg instanceof Sym) return unknownValue();
  if (!(arg instanceof RPath)) {
    return fail(`Invalid argument for ${fn}(): expected path, got ${typeName(arg)}.`);
  }
  const segs = arg.segments;
  if (
    segs[0] !== 'databases' ||
    segs[2] !== 'documents' ||
    segs.length < 5 ||
    segs.length % 2 === 0
  ) {
    return fail(`Invalid document path for ${fn}(): ${arg.toString()}.`);
  }
  const projectPrefix = ctx.documentsRoot.slice(0, ctx.documentsRoot.indexOf('/databases/'));
  const name = `${projectPrefix}/${segs.join('/')}`;
  const { budget } = ctx;
  if (!budget.seen.has(name)) {
    if (budget.seen.size >= budget.limit) {
      fail(
        `Exceeded maximum of ${budget.limit} get(), getAfter(), exists() and existsAfter() calls.`,
      );
    }
    budget.seen.add(name);
  }
  const after = fn === 'getAfter' || fn === 'existsAfter';
  return after ? ctx.request.lookupAfter(name) : ctx.request.lookupBefore(name);
}
