/**
 * One typed model of StructuredQuery operators and filters, shared by the query engine, the rules'
 * query reasoning and the REST normaliser. Operator lists are indexed by their proto enum numbers.
 */
import { Code, RpcError, repeatedField, type Json, type JsonObject } from '../service.js';

export const FIELD_FILTER_OPS = [
  'OPERATOR_UNSPECIFIED',
  'LESS_THAN',
  'LESS_THAN_OR_EQUAL',
  'GREATER_THAN',
  'GREATER_THAN_OR_EQUAL',
  'EQUAL',
  'NOT_EQUAL',
  'ARRAY_CONTAINS',
  'IN',
  'ARRAY_CONTAINS_ANY',
  'NOT_IN',
] as const;
export const UNARY_FILTER_OPS = [
  'OPERATOR_UNSPECIFIED',
  '',
  'IS_NAN',
  'IS_NULL',
  'IS_NOT_NAN',
  'IS_NOT_NULL',
] as const;
export const COMPOSITE_FILTER_OPS = ['OPERATOR_UNSPECIFIED', 'AND', 'OR'] as const;
export const DIRECTIONS = ['DIRECTION_UNSPECIFIED', 'ASCENDING', 'DESCENDING'] as const;

export type FieldOp = Exclude<(typeof FIELD_FILTER_OPS)[number], 'OPERATOR_UNSPECIFIED'>;
export type UnaryOp = Exclude<(typeof UNARY_FILTER_OPS)[number], 'OPERATOR_UNSPECIFIED' | ''>;
export type CompositeOp = Exclude<(typeof COMPOSITE_FILTER_OPS)[number], 'OPERATOR_UNSPECIFIED'>;

/** A filter as the query carries it; `field` is the raw field path, `value` the raw Value message. */
export type Filter =
  | { kind: 'composite'; op: CompositeOp; filters: Filter[] }
  | { kind: 'field'; field: Json | undefined; op: FieldOp; value: Json | undefined }
  | { kind: 'unary'; field: Json | undefined; op: UnaryOp };

/** For switches the compiler checks for completeness. */
export function assertNever(x: never): never {
  throw new RpcError(Code.INVALID_ARGUMENT, `Unsupported operator: ${String(x)}`);
}

function isOneOf<T extends string>(
  list: readonly T[],
  v: Json | undefined,
): v is Exclude<T, 'OPERATOR_UNSPECIFIED' | ''> {
  return typeof v === 'string' && v !== 'OPERATOR_UNSPECIFIED' && v !== '' && list.includes(v as T);
}

function fieldPathOf(ref: Json | undefined): Json | undefined {
  return typeof ref === 'object' && ref !== null && !Array.isArray(ref) ? ref.fieldPath : undefined;
}

/** Parses a Filter message; an unknown operator is INVALID_ARGUMENT. An empty filter matches all. */
export function parseFilter(f: JsonObject): Filter {
  if (f.compositeFilter) {
    const cf = f.compositeFilter as JsonObject;
    const op = cf.op ?? 'AND';
    if (!isOneOf(COMPOSITE_FILTER_OPS, op)) {
      throw new RpcError(Code.INVALID_ARGUMENT, `Unsupported composite op: ${String(op)}`);
    }
    return {
      kind: 'composite',
      op,
      filters: (repeatedField(cf.filters, 'filters') as JsonObject[]).map(parseFilter),
    };
  }
  if (f.unaryFilter) {
    const uf = f.unaryFilter as JsonObject;
    if (!isOneOf(UNARY_FILTER_OPS, uf.op)) {
      throw new RpcError(Code.INVALID_ARGUMENT, `Unsupported unary filter: ${String(uf.op)}`);
    }
    return { kind: 'unary', field: fieldPathOf(uf.field), op: uf.op };
  }
  if (f.fieldFilter) {
    const ff = f.fieldFilter as JsonObject;
    if (!isOneOf(FIELD_FILTER_OPS, ff.op)) {
      throw new RpcError(Code.INVALID_ARGUMENT, `Unsupported field filter op: ${String(ff.op)}`);
    }
    return { kind: 'field', field: fieldPathOf(ff.field), op: ff.op, value: ff.value };
  }
  return { kind: 'composite', op: 'AND', filters: [] };
}

/** Range operators: `<`, `<=`, `>`, `>=`. */
export function isRangeOp(op: FieldOp): boolean {
  switch (op) {
    case 'LESS_THAN':
    case 'LESS_THAN_OR_EQUAL':
    case 'GREATER_THAN':
    case 'GREATER_THAN_OR_EQUAL':
      return true;
    case 'EQUAL':
    case 'NOT_EQUAL':
    case 'ARRAY_CONTAINS':
    case 'IN':
    case 'ARRAY_CONTAINS_ANY':
    case 'NOT_IN':
      return false;
    default:
      return assertNever(op);
  }
}

/** Operators that make their field an inequality field (it joins the implicit order). */
export function isInequality(op: FieldOp | UnaryOp): boolean {
  switch (op) {
    case 'NOT_EQUAL':
    case 'NOT_IN':
    case 'IS_NOT_NAN':
    case 'IS_NOT_NULL':
      return true;
    case 'IS_NAN':
    case 'IS_NULL':
      return false;
    default:
      return isRangeOp(op);
  }
}

/** Operators whose value is a list (`in`, `not-in`, `array-contains-any`). */
export function isListOp(op: FieldOp): boolean {
  return op === 'IN' || op === 'NOT_IN' || op === 'ARRAY_CONTAINS_ANY';
}

/** Every field and unary filter of a filter tree, depth first. */
export function leafFilters(f: Filter): Exclude<Filter, { kind: 'composite' }>[] {
  return f.kind === 'composite' ? f.filters.flatMap(leafFilters) : [f];
}
