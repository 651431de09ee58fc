/** Security rules engine entry point: loads a rules file and evaluates requests against it (see contract.ts). */
import type {
  AllowDecl,
  CallExpr,
  Expr,
  FunctionDecl,
  MatchDecl,
  MatchSegment,
  RulesFile,
} from './ast.js';
import { GLOBAL_FUNCTIONS, NAMESPACES, TYPE_NAMES, own } from './builtins.js';
import type {
  LoadRules,
  RulesAccessBudget,
  RulesAllowTrace,
  RulesDecision,
  RulesExplanation,
  RulesMethod,
  RulesRequest,
  RulesSyntaxError,
  Ruleset,
} from './contract.js';
import { Env, evaluate, resourceValue, type EvalContext } from './eval.js';
import { traceAllow } from './explain.js';
import { parse } from './generated/parser.js';
import { ANY, DOC, matchPattern, type Seg } from './match.js';
import { analyzeQuery, symbolicResource } from './query.js';
import { inferType } from './types.js';
import {
  RulesEvalError,
  fromJson,
  nameToPath,
  parseTimestamp,
  type RMap,
  type RValue,
} from './values.js';

export type * from './contract.js';

/** Document lookups allowed per single-document request and per batch/transaction (Firestore's limits). */
export const SINGLE_REQUEST_LOOKUP_LIMIT = 10;
export const BATCH_LOOKUP_LIMIT = 20;
const MAX_FUNCTION_ARGS = 7;
const MAX_LET_BINDINGS = 10;

/** A budget to share across every write of one batch or transaction (pass it as `accessBudget`). */
export function newAccessBudget(kind: 'single' | 'batch' = 'batch'): RulesAccessBudget {
  return {
    limit: kind === 'batch' ? BATCH_LOOKUP_LIMIT : SINGLE_REQUEST_LOOKUP_LIMIT,
    seen: new Set(),
  };
}

const METHOD_GROUPS: { [name: string]: RulesMethod[] } = {
  get: ['get'],
  list: ['list'],
  create: ['create'],
  update: ['update'],
  delete: ['delete'],
  read: ['get', 'list'],
  write: ['create', 'update', 'delete'],
};

interface CompiledAllow {
  methods: Set<RulesMethod>;
  cond: Expr | null;
  line: number;
  /** The allow's method names as written (for traces). */
  names: string[];
}

interface Block {
  pattern: MatchSegment[];
  allows: CompiledAllow[];
}

interface SyntaxErrorLike {
  message: string;
  location?: { start: { line: number; column: number } };
}

export const loadRules: LoadRules = (source, fileName = 'firestore.rules') => {
  let file: RulesFile;
  try {
    file = parse(source, {}) as RulesFile;
  } catch (e) {
    const err = e as SyntaxErrorLike;
    const start = err.location?.start ?? { line: 1, column: 1 };
    return {
      ok: false,
      errors: [{ file: fileName, line: start.line, column: start.column, message: err.message }],
    };
  }
  const errors: RulesSyntaxError[] = [];
  const blocks = compile(file, fileName, errors);
  if (errors.length) return { ok: false, errors };
  const version = typeof file.version === 'string' ? file.version : file.version.value;
  return { ok: true, ruleset: new CompiledRuleset(blocks, version) };
};

/** Formats load errors as `file:line:col message`, one per line. */
export function formatRulesErrors(errors: RulesSyntaxError[]): string {
  return errors.map((e) => `${e.file}:${e.line}:${e.column} ${e.message}`).join('\n');
}

// ---- Load-time checks and flattening -------------------------------------------------------

interface Scope {
  functions: Map<string, FunctionDecl>;
  vars: Set<string>;
  parent: Scope | null;
}

function findFunction(scope: Scope | null, name: string): FunctionDecl | undefined {
  for (let s = scope; s; s = s.parent) {
    const f = s.functions.get(name);
    if (f) return f;
  }
  return undefined;
}

function hasVar(scope: Scope | null, name: string): boolean {
  for (let s = scope; s; s = s.parent) if (s.vars.has(name)) return true;
  return false;
}

function compile(file: RulesFile, fileName: string, errors: RulesSyntaxError[]): Block[] {
  const err = (loc: { line: number; column: number }, message: string): void => {
    errors.push({ file: fileName, line: loc.line, column: loc.column, message });
  };
  const version = typeof file.version === 'string' ? file.version : file.version.value;
  if (typeof file.version !== 'string' && version !== '1' && version !== '2') {
    err(file.version.loc, `Unsupported rules_version '${version}': use '1' or '2'.`);
  }
  if (file.service.name !== 'cloud.firestore') {
    err(file.service.loc, `Unexpected service '${file.service.name}': expected 'cloud.firestore'.`);
  }
  const blocks: Block[] = [];
  const root: Scope = {
    functions: new Map(),
    vars: new Set(['request', 'resource']),
    parent: null,
  };

  const checkExpr = (e: Expr, scope: Scope): void => {
    switch (e.k) {
      case 'lit':
      case 'bytes':
        return;
      case 'id':
        if (!hasVar(scope, e.name)) err(e.loc, `Unknown variable '${e.name}'.`);
        return;
      case 'member':
        checkExpr(e.obj, scope);
        return;
      case 'index':
        checkExpr(e.obj, scope);
        checkExpr(e.index, scope);
        return;
      case 'slice':
        checkExpr(e.obj, scope);
        if (e.from) checkExpr(e.from, scope);
        if (e.to) checkExpr(e.to, scope);
        return;
      case 'call':
        checkCall(e, scope);
        return;
      case 'not':
      case 'neg':
        checkExpr(e.arg, scope);
        return;
      case 'bin':
      case 'and':
      case 'or':
        checkExpr(e.left, scope);
        checkExpr(e.right, scope);
        return;
      case 'cond':
        checkExpr(e.test, scope);
        checkExpr(e.then, scope);
        checkExpr(e.otherwise, scope);
        return;
      case 'is':
        checkExpr(e.arg, scope);
        if (!TYPE_NAMES.has(e.type)) err(e.loc, `Unknown type '${e.type}'.`);
        return;
      case 'list':
        e.items.forEach((i) => checkExpr(i, scope));
        return;
      case 'map':
        e.entries.forEach(([k, v]) => {
          checkExpr(k, scope);
          checkExpr(v, scope);
        });
        return;
      case 'path':
        e.parts.forEach((p) => typeof p !== 'string' && checkExpr(p, scope));
        return;
    }
  };

  const checkArity = (e: CallExpr, name: string, counts: number[]): void => {
    if (!counts.includes(e.args.length)) {
      err(
        e.callee.loc,
        `Function ${name} expects ${counts.join(' or ')} argument(s), got ${e.args.length}.`,
      );
    }
  };

  const checkCall = (e: CallExpr, scope: Scope): void => {
    e.args.forEach((a) => checkExpr(a, scope));
    const callee = e.callee;
    if (callee.k === 'id') {
      const fn = findFunction(scope, callee.name);
      if (fn) {
        e.fn = fn;
        if (currentFn) calls.get(currentFn)?.add(fn);
        checkArity(e, callee.name, [fn.params.length]);
      } else if (own(GLOBAL_FUNCTIONS, callee.name)) {
        e.builtin = callee.name;
        checkArity(e, callee.name, GLOBAL_FUNCTIONS[callee.name]);
      } else {
        err(callee.loc, `Function not found error: Name: [${callee.name}].`);
      }
      return;
    }
    if (
      callee.k === 'member' &&
      callee.obj.k === 'id' &&
      NAMESPACES.has(callee.obj.name) &&
      !hasVar(scope, callee.obj.name)
    ) {
      const name = `${callee.obj.name}.${callee.name}`;
      if (own(GLOBAL_FUNCTIONS, name)) {
        e.builtin = name;
        checkArity(e, name, GLOBAL_FUNCTIONS[name]);
      } else err(callee.loc, `Function not found error: Name: [${name}].`);
      return;
    }
    if (callee.k === 'member') checkExpr(callee.obj, scope);
    else err(e.loc, 'Only functions and methods can be called.');
  };

  // Firestore's limits: no recursion (direct or through other functions), at most 7 parameters
  // and 10 let bindings per function.
  const calls = new Map<FunctionDecl, Set<FunctionDecl>>();
  let currentFn: FunctionDecl | null = null;
  const checkFunction = (fn: FunctionDecl, scope: Scope): void => {
    if (fn.params.length > MAX_FUNCTION_ARGS) {
      err(fn.loc, `Function ${fn.name} has more than ${MAX_FUNCTION_ARGS} parameters.`);
    }
    if (fn.lets.length > MAX_LET_BINDINGS) {
      err(fn.loc, `Function ${fn.name} has more than ${MAX_LET_BINDINGS} let bindings.`);
    }
    calls.set(fn, new Set());
    currentFn = fn;
    const fscope: Scope = { functions: new Map(), vars: new Set(fn.params), parent: scope };
    for (const l of fn.lets) {
      checkExpr(l.value, fscope);
      fscope.vars.add(l.name);
    }
    checkExpr(fn.body, fscope);
    fn.lets.forEach((l) => inferType(l.value, err));
    inferType(fn.body, err);
    currentFn = null;
  };
  const reportRecursion = (): void => {
    const state = new Map<FunctionDecl, 'visiting' | 'done'>();
    const visit = (fn: FunctionDecl, stack: FunctionDecl[]): void => {
      state.set(fn, 'visiting');
      for (const next of calls.get(fn) ?? []) {
        if (state.get(next) === 'visiting') {
          const path = [...stack, fn];
          const cycle = [...path.slice(path.indexOf(next)), next].map((f) => f.name);
          err(next.loc, `Recursive function calls are not allowed: ${cycle.join(' -> ')}.`);
        } else if (!state.has(next)) visit(next, [...stack, fn]);
      }
      state.set(fn, 'done');
    };
    for (const fn of calls.keys()) if (!state.has(fn)) visit(fn, []);
  };

  const visitBody = (
    body: (MatchDecl | FunctionDecl | AllowDecl)[],
    scope: Scope,
    prefix: MatchSegment[],
  ): void => {
    for (const item of body) {
      if (item.kind === 'function') {
        if (scope.functions.has(item.name)) err(item.loc, `Duplicate function '${item.name}'.`);
        scope.functions.set(item.name, item);
      }
    }
    for (const item of body) if (item.kind === 'function') checkFunction(item, scope);
    const allows: CompiledAllow[] = [];
    for (const item of body) {
      if (item.kind === 'allow') {
        if (prefix.length === 0) err(item.loc, 'allow statements must be inside a match block.');
        const methods = new Set<RulesMethod>();
        for (const m of item.methods) {
          const group = own(METHOD_GROUPS, m.name);
          if (!group)
            err(
              m.loc,
              `Unexpected method '${m.name}': expected get, list, read, create, update, delete or write.`,
            );
          else group.forEach((g) => methods.add(g));
        }
        if (item.cond) {
          checkExpr(item.cond, scope);
          const t = inferType(item.cond, err);
          if (t !== null && t !== 'bool') {
            err(item.cond.loc, `Condition must be a boolean, got ${t}.`);
          }
        }
        allows.push({
          methods,
          cond: item.cond,
          line: (item.cond ?? item).loc.line,
          names: item.methods.map((m) => m.name),
        });
      }
    }
    if (allows.length) blocks.push({ pattern: prefix, allows });
    for (const item of body) {
      if (item.kind !== 'match') continue;
      const vars = new Set<string>();
      item.path.forEach((seg, i) => {
        if (seg.kind === 'lit') return;
        if (vars.has(seg.name)) err(seg.loc, `Duplicate variable '${seg.name}' in match path.`);
        vars.add(seg.name);
        if (seg.kind === 'rest' && version !== '2' && i !== item.path.length - 1) {
          err(seg.loc, 'Recursive wildcards must be the last path segment in rules_version 1.');
        }
      });
      visitBody(item.body, { functions: new Map(), vars, parent: scope }, [
        ...prefix,
        ...item.path,
      ]);
    }
  };
  visitBody(file.service.body, root, []);
  reportRecursion();
  return blocks;
}

// ---- Evaluation ----------------------------------------------------------------------------
const tokenCache = new WeakMap<object, RValue>();

function authValue(auth: RulesRequest['auth']): RValue {
  if (!auth) return null;
  let token = tokenCache.get(auth.token);
  if (token === undefined) {
    token = fromJson(auth.token);
    tokenCache.set(auth.token, token);
  }
  return new Map<string, RValue>([
    ['uid', auth.uid],
    ['token', token],
  ]);
}

class CompiledRuleset implements Ruleset {
  constructor(
    private readonly blocks: Block[],
    private readonly version: string,
  ) {}

  evaluate(request: RulesRequest): RulesDecision {
    return this.run(request, null);
  }

  explain(request: RulesRequest): RulesExplanation {
    const allows: RulesAllowTrace[] = [];
    // A copy of the budget: explaining must not use up the lookups of the request it explains.
    const budget = request.accessBudget;
    const copy = budget ? { limit: budget.limit, seen: new Set(budget.seen) } : undefined;
    const d = this.run({ ...request, accessBudget: copy }, allows);
    return d.allowed ? { allowed: true, allows } : { allowed: false, message: d.message, allows };
  }

  private run(request: RulesRequest, trace: RulesAllowTrace[] | null): RulesDecision {
    const docsAt = request.path.indexOf('/documents');
    const documentsRoot =
      docsAt >= 0 ? request.path.slice(0, docsAt + '/documents'.length) : request.path;
    const path = nameToPath(request.path);
    const requestMap: RMap = new Map<string, RValue>([
      ['auth', authValue(request.auth)],
      ['method', request.method],
      ['path', path],
      ['time', parseTimestamp(request.time)],
      ['resource', resourceValue(request.requestResource)],
    ]);
    const budget = request.accessBudget ?? newAccessBudget('single');
    if (request.method !== 'list') {
      return this.decide(
        request,
        path.segments,
        requestMap,
        resourceValue(request.resource),
        budget,
        documentsRoot,
        trace,
      );
    }
    let shape;
    try {
      shape = analyzeQuery(request.query);
    } catch (e) {
      if (e instanceof RulesEvalError) return { allowed: false, message: e.message };
      throw e;
    }
    requestMap.set(
      'query',
      new Map<string, RValue>([
        ['limit', shape.limit],
        ['offset', shape.offset],
        ['orderBy', shape.orderBy],
      ]),
    );
    const collection = path.segments;
    for (const conjunct of shape.conjuncts) {
      const { resource, docId } = symbolicResource(conjunct, collection);
      const segs: Seg[] = [...collection, docId ?? DOC];
      if (shape.allDescendants) segs.splice(collection.length - 1, 0, ANY);
      const decision = this.decide(
        request,
        segs,
        requestMap,
        resource,
        budget,
        documentsRoot,
        trace,
      );
      if (!decision.allowed) return decision;
    }
    if (shape.conjuncts.length === 0) {
      // The filters contradict each other: no document can match, but the path must still be readable.
      const empty = symbolicResource(new Map(), collection).resource;
      const segs: Seg[] = [...collection, DOC];
      return this.decide(request, segs, requestMap, empty, budget, documentsRoot, trace);
    }
    return { allowed: true };
  }

  private decide(
    request: RulesRequest,
    segs: Seg[],
    requestMap: RMap,
    resource: RValue,
    budget: RulesAccessBudget,
    documentsRoot: string,
    trace: RulesAllowTrace[] | null,
  ): RulesDecision {
    const method = request.method;
    const rootEnv = new Env(
      new Map<string, RValue>([
        ['request', requestMap],
        ['resource', resource],
      ]),
      null,
    );
    const messages: string[] = [];
    const minRest = this.version === '2' ? 0 : 1;
    for (const block of this.blocks) {
      const bindings = new Map<string, RValue>();
      if (!matchPattern(block.pattern, 0, segs, 0, bindings, minRest)) continue;
      const matchEnv = new Env(bindings, rootEnv);
      for (const allow of block.allows) {
        if (!allow.methods.has(method)) continue;
        if (trace) {
          traceAllow(trace, block.pattern, allow, matchEnv, { request, documentsRoot, budget });
        }
        if (!allow.cond) return { allowed: true };
        const ctx: EvalContext = { request, documentsRoot, budget, matchEnv, depth: 0, steps: 0 };
        try {
          if (evaluate(allow.cond, matchEnv, ctx) === true) return { allowed: true };
          messages.push(`false for '${method}' @ L${allow.line}`);
        } catch (e) {
          if (!(e instanceof RulesEvalError)) {
            // A bug in the engine must deny the request, never crash the server.
            messages.push(`Internal rules error: ${String(e)} for '${method}' @ L${allow.line}`);
            continue;
          }
          if (e.unknown) messages.push(`false for '${method}' @ L${allow.line}`);
          else messages.push(`${e.message} for '${method}' @ L${allow.line}`);
        }
      }
    }
    if (!messages.length) return { allowed: false, message: 'No matching allow statements' };
    return { allowed: false, message: messages.join(', ') };
  }
}
