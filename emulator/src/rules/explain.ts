/** Rules traces for the console: the source text of conditions, and which parts of a failed condition were false. */
import type { Expr, FunctionDecl, MatchSegment } from './ast.js';
import type { RulesAllowTrace, RulesFailedCondition } from './contract.js';
import { Env, evaluate, type EvalContext } from './eval.js';
import {
  RBytes,
  RDuration,
  RLatLng,
  RMapDiff,
  RPath,
  RSet,
  RTimestamp,
  RulesEvalError,
  Sym,
  type RValue,
} from './values.js';

const PRECEDENCE: { [op: string]: number } = {
  '||': 1,
  '&&': 2,
  '==': 3,
  '!=': 3,
  '<': 4,
  '<=': 4,
  '>': 4,
  '>=': 4,
  in: 4,
  is: 4,
  '+': 5,
  '-': 5,
  '*': 6,
  '/': 6,
  '%': 6,
};

function prec(e: Expr): number {
  switch (e.k) {
    case 'or':
      return 1;
    case 'and':
      return 2;
    case 'bin':
      return PRECEDENCE[e.op];
    case 'is':
      return 4;
    case 'cond':
      return 0;
    case 'not':
    case 'neg':
      return 7;
    default:
      return 8;
  }
}

function wrap(e: Expr, min: number): string {
  const t = exprText(e);
  return prec(e) < min ? `(${t})` : t;
}

/** The source form of an expression (normalised spacing and quotes). */
export function exprText(e: Expr): string {
  switch (e.k) {
    case 'lit':
      if (e.v === null) return 'null';
      if (typeof e.v === 'string') return `'${e.v.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
      return String(e.v);
    case 'bytes':
      return `b'${e.text}'`;
    case 'id':
      return e.name;
    case 'member':
      return `${wrap(e.obj, 8)}.${e.name}`;
    case 'index':
      return `${wrap(e.obj, 8)}[${exprText(e.index)}]`;
    case 'slice':
      return `${wrap(e.obj, 8)}[${e.from ? exprText(e.from) : ''}:${e.to ? exprText(e.to) : ''}]`;
    case 'call':
      return `${wrap(e.callee, 8)}(${e.args.map(exprText).join(', ')})`;
    case 'not':
      return `!${wrap(e.arg, 7)}`;
    case 'neg':
      return `-${wrap(e.arg, 7)}`;
    case 'bin': {
      const p = PRECEDENCE[e.op];
      return `${wrap(e.left, p)} ${e.op} ${wrap(e.right, p + 1)}`;
    }
    case 'and':
      return `${wrap(e.left, 2)} && ${wrap(e.right, 2)}`;
    case 'or':
      return `${wrap(e.left, 1)} || ${wrap(e.right, 1)}`;
    case 'cond':
      return `${wrap(e.test, 1)} ? ${exprText(e.then)} : ${exprText(e.otherwise)}`;
    case 'is':
      return `${wrap(e.arg, 5)} is ${e.type}`;
    case 'list':
      return `[${e.items.map(exprText).join(', ')}]`;
    case 'map':
      return `{${e.entries.map(([k, v]) => `${exprText(k)}: ${exprText(v)}`).join(', ')}}`;
    case 'path':
      return e.parts.map((p) => (typeof p === 'string' ? `/${p}` : `/$(${exprText(p)})`)).join('');
  }
}

/** A match pattern as written: `/databases/{database}/documents/leads/{id}`. */
export function patternText(pattern: MatchSegment[]): string {
  return pattern
    .map((s) =>
      s.kind === 'lit' ? `/${s.value}` : s.kind === 'var' ? `/{${s.name}}` : `/{${s.name}=**}`,
    )
    .join('');
}

/** A rules value as the rules language would write it (shortened when long). */
export function valueText(v: RValue, depth = 0): string {
  if (v === null) return 'null';
  if (typeof v === 'string') return JSON.stringify(v).replace(/^"|"$/g, "'");
  if (typeof v === 'bigint') return v.toString();
  if (typeof v === 'number') return Number.isInteger(v) ? v.toFixed(1) : String(v);
  if (typeof v === 'boolean') return String(v);
  if (depth > 2) return '…';
  if (Array.isArray(v)) {
    const items = v.slice(0, 10).map((x) => valueText(x, depth + 1));
    return `[${items.join(', ')}${v.length > 10 ? ', …' : ''}]`;
  }
  if (v instanceof Map) {
    const entries = [...v].slice(0, 10).map(([k, x]) => `'${k}': ${valueText(x, depth + 1)}`);
    return `{${entries.join(', ')}${v.size > 10 ? ', …' : ''}}`;
  }
  if (v instanceof RSet) return `set(${valueText([...v.items.values()], depth)})`;
  if (v instanceof RTimestamp) {
    const ms = Number(v.ns / 1_000_000n);
    const frac = (v.ns % 1_000_000_000n).toString().padStart(9, '0');
    return `timestamp(${new Date(ms).toISOString().slice(0, 19)}.${frac}Z)`;
  }
  if (v instanceof RDuration) return `duration(${v.ns}ns)`;
  if (v instanceof RPath) return `path(${v.toString()})`;
  if (v instanceof RLatLng) return `latlng(${v.lat}, ${v.lng})`;
  if (v instanceof RBytes) return `bytes(${v.bytes.length})`;
  if (v instanceof RMapDiff) return 'map_diff';
  if (v instanceof Sym) return `(query field ${v.path.join('.') || 'data'})`;
  return String(v);
}

type Outcome = { value: RValue } | { error: string };

function attempt(e: Expr, env: Env, ctx: EvalContext): Outcome {
  try {
    return { value: evaluate(e, env, ctx) };
  } catch (err) {
    if (err instanceof RulesEvalError) return { error: err.message };
    return { error: `Internal rules error: ${String(err)}` };
  }
}

function operandValues(e: Expr, env: Env, ctx: EvalContext): RulesFailedCondition['values'] {
  const operands: Expr[] =
    e.k === 'bin'
      ? [e.left, e.right]
      : e.k === 'is' || e.k === 'not'
        ? [e.arg]
        : e.k === 'call' && e.callee.k === 'member'
          ? [e.callee.obj, ...e.args]
          : e.k === 'call'
            ? e.args
            : [e];
  const out: RulesFailedCondition['values'] = [];
  for (const o of operands) {
    if (o.k === 'lit') continue;
    const r = attempt(o, env, ctx);
    out.push({ expr: exprText(o), value: 'value' in r ? valueText(r.value) : `error: ${r.error}` });
  }
  return out;
}

function leaf(e: Expr, env: Env, ctx: EvalContext, r: Outcome): RulesFailedCondition {
  return {
    text: exprText(e),
    line: e.loc.line,
    column: e.loc.column,
    result: 'value' in r ? valueText(r.value) : `error: ${r.error}`,
    values: operandValues(e, env, ctx),
  };
}

/**
 * The parts of `e` that made it not true, given that it was not: for `a && b` the first
 * operand that failed, for `a || b` both, inside user functions their body. Re-evaluates
 * subexpressions, so it runs only for requests someone is looking at.
 */
export function failedConditions(e: Expr, env: Env, ctx: EvalContext): RulesFailedCondition[] {
  if (e.k === 'and') {
    const l = attempt(e.left, env, ctx);
    if (!('value' in l) || l.value !== true) return failedConditions(e.left, env, ctx);
    return failedConditions(e.right, env, ctx);
  }
  if (e.k === 'or') {
    return [...failedConditions(e.left, env, ctx), ...failedConditions(e.right, env, ctx)];
  }
  if (e.k === 'call' && e.fn && ctx.depth < 20) {
    const fn: FunctionDecl = e.fn;
    const args = e.args.map((a) => attempt(a, env, ctx));
    const bad = args.find((a) => !('value' in a));
    if (!bad) {
      const vars = new Map<string, RValue>();
      fn.params.forEach((p, i) => vars.set(p, (args[i] as { value: RValue }).value));
      const fenv = new Env(vars, ctx.matchEnv);
      for (const l of fn.lets) {
        const r = attempt(l.value, fenv, ctx);
        if (!('value' in r)) return [leaf(l.value, fenv, ctx, r)];
        vars.set(l.name, r.value);
      }
      ctx.depth++;
      try {
        const inner = failedConditions(fn.body, fenv, ctx);
        return inner.map((c) => ({
          ...c,
          via: c.via ? `${fn.name}() → ${c.via}` : `${fn.name}()`,
        }));
      } finally {
        ctx.depth--;
      }
    }
  }
  return [leaf(e, env, ctx, attempt(e, env, ctx))];
}

/** Records one applicable allow statement and, when its condition is not true, the parts that failed. */
export function traceAllow(
  trace: RulesAllowTrace[],
  pattern: MatchSegment[],
  allow: { names: string[]; line: number; cond: Expr | null },
  matchEnv: Env,
  base: Pick<EvalContext, 'request' | 'documentsRoot' | 'budget'>,
): void {
  const head = `allow ${allow.names.join(', ')}`;
  const entry: RulesAllowTrace = {
    match: patternText(pattern),
    line: allow.line,
    text: allow.cond ? `${head}: if ${exprText(allow.cond)}` : `${head};`,
    allowed: true,
    failed: [],
  };
  trace.push(entry);
  if (!allow.cond) return;
  const ctx = (): EvalContext => ({ ...base, matchEnv, depth: 0, steps: 0 });
  const r = attempt(allow.cond, matchEnv, ctx());
  if ('value' in r && r.value === true) return;
  entry.allowed = false;
  entry.failed = failedConditions(allow.cond, matchEnv, ctx());
}
