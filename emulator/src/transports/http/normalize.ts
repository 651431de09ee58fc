/**
 * Normalises a client's proto3 JSON request into the form the engine expects: enum names rather
 * than numbers (firebase-admin's REST mode sends `$alt=json;enum-encoding=int`), int64 values as
 * decimal strings, and `nullValue: null` as the name.
 */
import {
  COMPOSITE_FILTER_OPS,
  DIRECTIONS,
  FIELD_FILTER_OPS,
  UNARY_FILTER_OPS,
} from '../../model/filters.js';
import { Code, RpcError, type Json, type JsonObject } from '../../service.js';

const SERVER_VALUES = ['SERVER_VALUE_UNSPECIFIED', 'REQUEST_TIME'];
const DISTANCE_MEASURES = ['DISTANCE_MEASURE_UNSPECIFIED', 'EUCLIDEAN', 'COSINE', 'DOT_PRODUCT'];

/** The enum field each message kind carries, keyed by the field holding that message. */
const ENUM_FIELDS: { [container: string]: [field: string, names: readonly string[]] } = {
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

function normaliseEnum(object: JsonObject, field: string, names: readonly string[]): void {
  const value = object[field];
  if (typeof value === 'number' && names[value]) object[field] = names[value];
}

/**
 * Far deeper than any valid request (Firestore allows 20 levels of maps and arrays in a value): a
 * body nested deeper is refused before the walk could overflow the stack.
 */
const MAX_DEPTH = 200;

function walk(value: Json, container: string | undefined, depth = 0): Json {
  if (depth > MAX_DEPTH) {
    throw new RpcError(Code.INVALID_ARGUMENT, 'Invalid JSON payload received: nested too deeply.');
  }
  if (Array.isArray(value)) return value.map((item) => walk(item, container, depth + 1));
  if (!isObject(value)) return value;
  const out: JsonObject = {};
  for (const [key, child] of Object.entries(value)) {
    // defineProperty, so a key such as `__proto__` stays a plain field for the engine to judge.
    Object.defineProperty(out, key, {
      value: walk(child, key, depth + 1),
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
