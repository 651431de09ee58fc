/** Security rules engine entry point: loads a rules file and evaluates requests against it (see contract.ts). */
import type { RulesFile } from './ast.js';
import { compile, type Block } from './compile.js';
import type {
  LoadRules,
  RulesAccessBudget,
  RulesAllowTrace,
  RulesDebugOutput,
  RulesDecision,
  RulesExplanation,
  RulesRequest,
  RulesSyntaxError,
  Ruleset,
} from './contract.js';
import { Env, evaluate, resourceValue, type EvalContext } from './eval.js';
import { exprText, traceAllow, valueText } from './explain.js';
import { parse } from './generated/parser.js';
import { ANY, DOC, matchPattern, type Seg } from './match.js';
import { analyzeQuery, symbolicResource } from './query.js';
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

/** A budget to share across every write of one batch or transaction (pass it as `accessBudget`). */
export function newAccessBudget(kind: 'single' | 'batch' = 'batch'): RulesAccessBudget {
  return {
    limit: kind === 'batch' ? BATCH_LOOKUP_LIMIT : SINGLE_REQUEST_LOOKUP_LIMIT,
    seen: new Set(),
  };
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

type DebugCalls = NonNullable<EvalContext['debug']>;

function debugOutput(c: DebugCalls[number]): RulesDebugOutput {
  const arg = c.node.args[0];
  return {
    line: c.node.loc.line,
    column: c.node.loc.column,
    expr: exprText(arg),
    value: valueText(c.value),
  };
}

/** The lines a denial's message gains: `debug(expr) = value @ L12:20`. */
export function debugLines(debug: RulesDebugOutput[]): string {
  return debug.map((d) => `debug(${d.expr}) = ${d.value} @ L${d.line}:${d.column}`).join('\n');
}

class CompiledRuleset implements Ruleset {
  constructor(
    private readonly blocks: Block[],
    private readonly version: string,
  ) {}

  evaluate(request: RulesRequest): RulesDecision {
    const calls: DebugCalls = [];
    const d = this.run(request, null, calls);
    if (!calls.length) return d;
    const debug = calls.map(debugOutput);
    if (d.allowed) return { allowed: true, debug };
    return { allowed: false, message: `${d.message}\n${debugLines(debug)}`, debug };
  }

  explain(request: RulesRequest): RulesExplanation {
    const allows: RulesAllowTrace[] = [];
    // A copy of the budget: explaining must not use up the lookups of the request it explains.
    const budget = request.accessBudget;
    const copy = budget ? { limit: budget.limit, seen: new Set(budget.seen) } : undefined;
    const d = this.run({ ...request, accessBudget: copy }, allows);
    return d.allowed ? { allowed: true, allows } : { allowed: false, message: d.message, allows };
  }

  private run(
    request: RulesRequest,
    trace: RulesAllowTrace[] | null,
    debug?: DebugCalls,
  ): RulesDecision {
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
        debug,
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
        debug,
      );
      if (!decision.allowed) return decision;
    }
    if (shape.conjuncts.length === 0) {
      // The filters contradict each other: no document can match, but the path must still be readable.
      const empty = symbolicResource(new Map(), collection).resource;
      const segs: Seg[] = [...collection, DOC];
      return this.decide(request, segs, requestMap, empty, budget, documentsRoot, trace, debug);
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
    debug?: DebugCalls,
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
        const ctx: EvalContext = {
          request,
          documentsRoot,
          budget,
          matchEnv,
          depth: 0,
          steps: 0,
          debug,
        };
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
