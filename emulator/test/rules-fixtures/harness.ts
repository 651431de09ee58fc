/** Helpers for the rules engine unit tests: build requests and evaluate one-line conditions. */
import type { JsonObject } from '../../src/service.js';
import {
  loadRules,
  type RulesDecision,
  type RulesDocument,
  type RulesRequest,
  type Ruleset,
} from '../../src/rules/index.js';

export const ROOT = 'projects/demo-rules/databases/(default)/documents';

export function load(source: string): Ruleset {
  const result = loadRules(source, 'test.rules');
  if (!result.ok) {
    throw new Error(result.errors.map((e) => `${e.line}:${e.column} ${e.message}`).join('\n'));
  }
  return result.ruleset;
}

/** Wraps statements in the usual service/database boilerplate (the match body starts on line 4). */
export function rules(body: string): string {
  return `rules_version = '2';\nservice cloud.firestore {\n  match /databases/{database}/documents {\n${body}\n  }\n}\n`;
}

/** Converts a plain JS value to a Firestore proto3-JSON Value (ints stay ints, Date -> timestamp). */
export function fsValue(v: unknown): JsonObject {
  if (v === null) return { nullValue: null };
  if (typeof v === 'boolean') return { booleanValue: v };
  if (typeof v === 'bigint') return { integerValue: v.toString() };
  if (typeof v === 'number')
    return Number.isInteger(v) ? { integerValue: String(v) } : { doubleValue: v };
  if (typeof v === 'string') return { stringValue: v };
  if (v instanceof Date) return { timestampValue: v.toISOString() };
  if (Array.isArray(v)) return { arrayValue: { values: v.map(fsValue) } };
  return { mapValue: { fields: fsFields(v as Record<string, unknown>) } };
}

export function fsFields(data: Record<string, unknown>): { [k: string]: JsonObject } {
  const out: { [k: string]: JsonObject } = {};
  for (const [k, v] of Object.entries(data)) out[k] = fsValue(v);
  return out;
}

export function doc(path: string, data: Record<string, unknown>): RulesDocument {
  return { name: `${ROOT}/${path}`, fields: fsFields(data) };
}

export interface RequestOptions {
  auth?: RulesRequest['auth'];
  resource?: RulesDocument | null;
  requestResource?: RulesDocument | null;
  time?: string;
  query?: JsonObject;
  before?: RulesDocument[];
  after?: RulesDocument[];
  accessBudget?: RulesRequest['accessBudget'];
}

export function request(
  method: RulesRequest['method'],
  path: string,
  opts: RequestOptions = {},
): RulesRequest {
  const before = new Map((opts.before ?? []).map((d) => [d.name, d]));
  const after = new Map((opts.after ?? opts.before ?? []).map((d) => [d.name, d]));
  return {
    method,
    path: `${ROOT}/${path}`,
    auth: opts.auth ?? null,
    time: opts.time ?? '2026-03-04T05:06:07.123456789Z',
    resource: opts.resource ?? null,
    requestResource: opts.requestResource ?? null,
    query: opts.query,
    lookupBefore: (name) => before.get(name) ?? null,
    lookupAfter: (name) => after.get(name) ?? null,
    accessBudget: opts.accessBudget,
  };
}

const cache = new Map<string, Ruleset>();

/**
 * Evaluates `allow get: if <expr>;` for users/alice (with the given resource data) and returns the
 * decision; the condition sits on line 5 of the generated file.
 */
export function cond(
  expr: string,
  opts: RequestOptions & { data?: Record<string, unknown> } = {},
): RulesDecision {
  let rs = cache.get(expr);
  if (!rs) {
    rs = load(rules(`    match /users/{userId} {\n      allow get: if ${expr};\n    }`));
    cache.set(expr, rs);
  }
  const resource = opts.data ? doc('users/alice', opts.data) : (opts.resource ?? null);
  return rs.evaluate(request('get', 'users/alice', { ...opts, resource }));
}

/** True when the condition evaluates to true; false when it is false or errors. */
export function holds(
  expr: string,
  opts: RequestOptions & { data?: Record<string, unknown> } = {},
): boolean {
  return cond(expr, opts).allowed;
}

/** The denial message of a condition (or 'allowed'). */
export function why(
  expr: string,
  opts: RequestOptions & { data?: Record<string, unknown> } = {},
): string {
  const d = cond(expr, opts);
  return d.allowed ? 'allowed' : d.message;
}

/** A StructuredQuery on one collection with optional filter / orderBy / limit. */
export function query(collectionId: string, extra: JsonObject = {}): JsonObject {
  return { from: [{ collectionId }], ...extra };
}

export function where(field: string, op: string, value: unknown): JsonObject {
  return { fieldFilter: { field: { fieldPath: field }, op, value: fsValue(value) } };
}

export function and(...filters: JsonObject[]): JsonObject {
  return { compositeFilter: { op: 'AND', filters } };
}

export function or(...filters: JsonObject[]): JsonObject {
  return { compositeFilter: { op: 'OR', filters } };
}
