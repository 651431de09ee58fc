/** Field transforms of a write: server timestamp, increment, maximum, minimum, array union and remove. */
import { getField, parseFieldPath, setField } from '../model/paths.js';
import { Code, RpcError, type Json, type JsonObject } from '../service.js';
import { microsToString } from '../model/time.js';
import {
  arrayValues,
  clampInt64,
  compareValues,
  doubleOf,
  doubleToJson,
  normalizeValue,
  typeOrder,
  TypeOrder,
  valuesEqual,
  type Fields,
  type Value,
} from '../model/values.js';

/** A validated FieldTransform. */
export interface ParsedTransform {
  segs: string[];
  kind: 'serverTime' | 'increment' | 'maximum' | 'minimum' | 'union' | 'remove';
  value: Value;
}

/** Validates a FieldTransform message; throws INVALID_ARGUMENT. */
export function parseTransform(t: JsonObject): ParsedTransform {
  const segs = parseFieldPath(t.fieldPath);
  if (t.setToServerValue !== undefined) {
    if (t.setToServerValue !== 'REQUEST_TIME') {
      throw new RpcError(Code.INVALID_ARGUMENT, 'Unsupported server value.');
    }
    return { segs, kind: 'serverTime', value: { nullValue: null } };
  }
  const num = (v: Json | undefined, what: string): Value => {
    const val = normalizeValue(v ?? null, 0, false);
    if (typeOrder(val) !== TypeOrder.Number) {
      throw new RpcError(Code.INVALID_ARGUMENT, `${what} must be an integer or a double.`);
    }
    return val;
  };
  const arr = (v: Json | undefined): Value => ({
    arrayValue: {
      values: (((v as JsonObject | undefined)?.values ?? []) as Json[]).map((e) =>
        normalizeValue(e, 1, true),
      ),
    },
  });
  if (t.increment !== undefined)
    return { segs, kind: 'increment', value: num(t.increment, 'increment') };
  if (t.maximum !== undefined) return { segs, kind: 'maximum', value: num(t.maximum, 'maximum') };
  if (t.minimum !== undefined) return { segs, kind: 'minimum', value: num(t.minimum, 'minimum') };
  if (t.appendMissingElements !== undefined) {
    return { segs, kind: 'union', value: arr(t.appendMissingElements) };
  }
  if (t.removeAllFromArray !== undefined) {
    return { segs, kind: 'remove', value: arr(t.removeAllFromArray) };
  }
  throw new RpcError(Code.INVALID_ARGUMENT, 'A field transform must have a transform type set.');
}

function isNum(v: Value | undefined): v is Value {
  return !!v && typeOrder(v) === TypeOrder.Number;
}

function isNaNDouble(v: Value): boolean {
  return 'doubleValue' in v && Number.isNaN(doubleOf(v.doubleValue));
}

function increment(cur: Value | undefined, by: Value): Value {
  if (!isNum(cur)) return by;
  if ('integerValue' in cur && 'integerValue' in by) {
    const sum = BigInt(cur.integerValue as string) + BigInt(by.integerValue as string);
    return { integerValue: clampInt64(sum).toString() };
  }
  const a = 'integerValue' in cur ? Number(cur.integerValue) : doubleOf(cur.doubleValue);
  const b = 'integerValue' in by ? Number(by.integerValue) : doubleOf(by.doubleValue);
  return { doubleValue: doubleToJson(a + b) };
}

function extreme(cur: Value | undefined, v: Value, kind: 'maximum' | 'minimum'): Value {
  if (!isNum(cur)) return v;
  if (isNaNDouble(cur) || isNaNDouble(v)) return isNaNDouble(cur) ? cur : v;
  const c = compareValues(v, cur);
  return (kind === 'maximum' ? c > 0 : c < 0) ? v : cur;
}

/** Applies one transform at commit `time`; returns the new fields and the transform result. */
export function applyTransform(
  fields: Fields,
  t: ParsedTransform,
  time: number,
): { fields: Fields; result: Value } {
  const cur = getField(fields, t.segs);
  let next: Value;
  let result: Value | undefined;
  switch (t.kind) {
    case 'serverTime':
      next = { timestampValue: microsToString(time) };
      break;
    case 'increment':
      next = increment(cur, t.value);
      break;
    case 'maximum':
    case 'minimum':
      next = extreme(cur, t.value, t.kind);
      break;
    case 'union': {
      const base = cur && 'arrayValue' in cur ? [...arrayValues(cur)] : [];
      for (const e of arrayValues(t.value)) if (!base.some((b) => valuesEqual(b, e))) base.push(e);
      next = { arrayValue: base.length ? { values: base } : {} };
      result = { nullValue: null };
      break;
    }
    case 'remove': {
      const rm = arrayValues(t.value);
      const base = cur && 'arrayValue' in cur ? arrayValues(cur) : [];
      const kept = base.filter((b) => !rm.some((e) => valuesEqual(b, e)));
      next = { arrayValue: kept.length ? { values: kept } : {} };
      result = { nullValue: null };
      break;
    }
  }
  return { fields: setField(fields, t.segs, next), result: result ?? next };
}
