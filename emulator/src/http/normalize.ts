/**
 * Normalises a client's proto3 JSON request into the form the engine expects: enum names rather
 * than numbers (firebase-admin's REST mode sends `$alt=json;enum-encoding=int`), int64 values as
 * decimal strings, and `nullValue: null` as the name.
 */
import type { Json, JsonObject } from '../service.js';

const FIELD_FILTER_OPS = [
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
];
const UNARY_FILTER_OPS = [
  'OPERATOR_UNSPECIFIED',
  '',
  'IS_NAN',
  'IS_NULL',
  'IS_NOT_NAN',
  'IS_NOT_NULL',
];
const COMPOSITE_FILTER_OPS = ['OPERATOR_UNSPECIFIED', 'AND', 'OR'];
const DIRECTIONS = ['DIRECTION_UNSPECIFIED', 'ASCENDING', 'DESCENDING'];
const SERVER_VALUES = ['SERVER_VALUE_UNSPECIFIED', 'REQUEST_TIME'];
const DISTANCE_MEASURES = ['DISTANCE_MEASURE_UNSPECIFIED', 'EUCLIDEAN', 'COSINE', 'DOT_PRODUCT'];

/** The enum field each message kind carries, keyed by the field holding that message. */
const ENUM_FIELDS: { [container: string]: [field: string, names: string[]] } = {
  fieldFilter: ['op', FIELD_FILTER_OPS],
  unaryFilter: ['op', UNARY_FILTER_OPS],
  compositeFilter: ['op', COMPOSITE_FILTER_OPS],
  orderBy: ['direction', DIRECTIONS],
  fieldTransforms: ['setToServerValue', SERVER_VALUES],
  updateTransforms: ['setToServerValue', SERVER_VALUES],
  findNearest: ['distanceMeasure', DISTANCE_MEASURES],
};

function isObject(value: Json | undefined): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function normaliseEnum(object: JsonObject, field: string, names: string[]): void {
  const value = object[field];
  if (typeof value === 'number' && names[value]) object[field] = names[value];
}

function walk(value: Json, container: string | undefined): Json {
  if (Array.isArray(value)) return value.map((item) => walk(item, container));
  if (!isObject(value)) return value;
  const out: JsonObject = {};
  for (const [key, child] of Object.entries(value)) {
    // defineProperty, so a key such as `__proto__` stays a plain field for the engine to judge.
    Object.defineProperty(out, key, {
      value: walk(child, key),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  const enumField = container === undefined ? undefined : ENUM_FIELDS[container];
  if (enumField) normaliseEnum(out, enumField[0], enumField[1]);
  if ('nullValue' in out && (out.nullValue === null || out.nullValue === 0)) {
    out.nullValue = 'NULL_VALUE';
  }
  if (typeof out.integerValue === 'number') out.integerValue = String(out.integerValue);
  return out;
}

/** Returns a normalised deep copy of a request message. */
export function normaliseRequest(message: JsonObject): JsonObject {
  return walk(message, undefined) as JsonObject;
}
