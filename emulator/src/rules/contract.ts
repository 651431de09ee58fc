/**
 * The contract between the engine and the security rules engine.
 *
 * Values are google.firestore.v1 Values in the proto3 JSON mapping (see ../service.ts):
 * {stringValue}, {integerValue: "5"}, {doubleValue}, {timestampValue: "2026-...Z"}, {mapValue: {fields}}, ...
 */
import type { Json, JsonObject } from '../service.js';

/** A stored document as the rules see it: full resource name and its fields. */
export interface RulesDocument {
  /** projects/{p}/databases/{d}/documents/{collection}/{id}... */
  name: string;
  fields: { [field: string]: JsonObject };
}

export type RulesMethod = 'get' | 'list' | 'create' | 'update' | 'delete';

export interface RulesRequest {
  method: RulesMethod;
  /**
   * For get/create/update/delete: the document's full resource name.
   * For list: the queried collection's full resource name (parent + '/' + collectionId);
   * a collection-group query uses the parent + '/{collectionId}' with `query.allDescendants`.
   */
  path: string;
  /** null for an unauthenticated request. */
  auth: { uid: string; token: { [claim: string]: Json } } | null;
  /** The request time (the commit time for writes), RFC 3339 with nanoseconds. */
  time: string;
  /** The document as stored before this request, or null (get/update/delete; null for list/create). */
  resource: RulesDocument | null;
  /** The document as it would be after this write (create/update), or null. */
  requestResource: RulesDocument | null;
  /** For list: the StructuredQuery (proto3 JSON) that selects the documents. */
  query?: JsonObject;
  /** State of the database before the request (get(), exists()). */
  lookupBefore(name: string): RulesDocument | null;
  /** State after the whole batch/transaction (getAfter(), existsAfter()). */
  lookupAfter(name: string): RulesDocument | null;
  /**
   * Optional (added by the rules engine): one object shared by every write of a batch or transaction,
   * so their get()/exists()/getAfter()/existsAfter() calls count against the batch limit of 20
   * (create it with `newAccessBudget('batch')` from ./index.ts). Without it each request may look up
   * 10 distinct documents.
   */
  accessBudget?: RulesAccessBudget;
}

/** Distinct document names looked up so far, and how many are allowed. */
export interface RulesAccessBudget {
  limit: number;
  seen: Set<string>;
}

/** One value a rule passed to `debug()` while deciding (in evaluation order). */
export interface RulesDebugOutput {
  line: number;
  column: number;
  /** The argument as written (`request.resource.data.status`). */
  expr: string;
  /** Its value as the rules language writes it (`'principal'`). */
  value: string;
}

export type RulesDecision =
  | { allowed: true; debug?: RulesDebugOutput[] }
  /**
   * `message` follows the official shape, e.g. "false for 'update' @ L12" or "Null value error.
   * for 'list' @ L5", followed by one line per `debug()` call when the rules made any.
   */
  | { allowed: false; message: string; debug?: RulesDebugOutput[] };

/** A leaf of a failed allow condition: its source text, what it gave, and the values of its operands. */
export interface RulesFailedCondition {
  text: string;
  line: number;
  column: number;
  /** The condition's value (e.g. `false`) or `error: Null value error.`. */
  result: string;
  values: { expr: string; value: string }[];
  /** The user functions the condition sits in, outermost first (`isValidLead()`). */
  via?: string;
}

/** One allow statement that applied to a request, and how it came out. */
export interface RulesAllowTrace {
  /** The match block's full pattern, e.g. `/databases/{database}/documents/leads/{id}`. */
  match: string;
  line: number;
  /** `allow create: if <condition>` as written (normalised). */
  text: string;
  allowed: boolean;
  /** For a refused allow: the parts of its condition that were not true. */
  failed: RulesFailedCondition[];
}

/** The decision with the allow statements that led to it (the console's rules trace). */
export interface RulesExplanation {
  allowed: boolean;
  message?: string;
  allows: RulesAllowTrace[];
}

export interface Ruleset {
  evaluate(request: RulesRequest): RulesDecision;
  /**
   * Evaluates like `evaluate` and records every applicable allow statement; slower (failed
   * conditions are re-evaluated part by part), meant for requests someone is looking at.
   */
  explain(request: RulesRequest): RulesExplanation;
}

export interface RulesSyntaxError {
  file: string;
  line: number;
  column: number;
  message: string;
}

export type RulesLoadResult =
  { ok: true; ruleset: Ruleset } | { ok: false; errors: RulesSyntaxError[] };

/** Implemented in ./index.ts. */
export type LoadRules = (source: string, fileName?: string) => RulesLoadResult;
