/** Vector search (find_nearest): an exact scan by Euclidean, cosine or dot-product distance. */
import type { DocVersion } from '../model/document.js';
import { getField, parseFieldPath, setField } from '../model/paths.js';
import { Code, RpcError, type JsonObject } from '../service.js';
import {
  arrayValues,
  compareNames,
  isVector as isVectorValue,
  mapFields as mapFieldsOf,
  normalizeValue,
  type Value,
} from '../model/values.js';

/** A compiled find_nearest. */
export interface Nearest {
  field: string[];
  query: number[];
  measure: 'EUCLIDEAN' | 'COSINE' | 'DOT_PRODUCT';
  limit: number;
  resultField?: string[];
  threshold?: number;
}

function vectorOf(v: Value | undefined): number[] | undefined {
  if (!v || !isVectorValue(v)) return undefined;
  const inner = mapFieldsOf(v).value;
  return arrayValues(inner ?? { arrayValue: {} }).map((e) =>
    'integerValue' in e ? Number(e.integerValue) : Number(e.doubleValue),
  );
}

/** Validates a FindNearest message. */
export function compileNearest(fn: JsonObject): Nearest {
  const field = parseFieldPath((fn.vectorField as JsonObject | undefined)?.fieldPath);
  const query = vectorOf(fn.queryVector ? normalizeValue(fn.queryVector, 0, false) : undefined);
  if (!query || query.length === 0) {
    throw new RpcError(
      Code.INVALID_ARGUMENT,
      'find_nearest.query_vector must be a non-empty vector.',
    );
  }
  const measure = fn.distanceMeasure as Nearest['measure'];
  if (!['EUCLIDEAN', 'COSINE', 'DOT_PRODUCT'].includes(measure)) {
    throw new RpcError(Code.INVALID_ARGUMENT, 'find_nearest.distance_measure must be set.');
  }
  const rawLimit =
    typeof fn.limit === 'object' && fn.limit ? (fn.limit as JsonObject).value : fn.limit;
  const limit = Number(rawLimit ?? 0);
  if (!Number.isInteger(limit) || limit <= 0 || limit > 1000) {
    throw new RpcError(Code.INVALID_ARGUMENT, 'find_nearest.limit must be between 1 and 1000.');
  }
  const rf = fn.distanceResultField;
  const th = fn.distanceThreshold;
  return {
    field,
    query,
    measure,
    limit,
    resultField: typeof rf === 'string' && rf ? parseFieldPath(rf) : undefined,
    threshold: th === undefined || th === null ? undefined : Number(th),
  };
}

function distance(measure: Nearest['measure'], a: number[], b: number[]): number {
  let dot = 0;
  let na = 0;
  let nb = 0;
  let sq = 0;
  for (let i = 0; i < a.length; i++) {
    dot += a[i] * b[i];
    na += a[i] * a[i];
    nb += b[i] * b[i];
    sq += (a[i] - b[i]) ** 2;
  }
  if (measure === 'EUCLIDEAN') return Math.sqrt(sq);
  if (measure === 'DOT_PRODUCT') return dot;
  return 1 - dot / (Math.sqrt(na) * Math.sqrt(nb));
}

/** Nearest neighbours by the chosen measure (smaller first; larger first for DOT_PRODUCT). */
export function runNearest(n: Nearest, docs: DocVersion[]): DocVersion[] {
  const scored: { d: DocVersion; dist: number }[] = [];
  for (const d of docs) {
    const v = vectorOf(getField(d.fields, n.field));
    if (!v || v.length !== n.query.length) continue;
    const dist = distance(n.measure, v, n.query);
    if (Number.isNaN(dist)) continue;
    if (n.threshold !== undefined) {
      if (n.measure === 'DOT_PRODUCT' ? dist < n.threshold : dist > n.threshold) continue;
    }
    scored.push({ d, dist });
  }
  const dir = n.measure === 'DOT_PRODUCT' ? -1 : 1;
  scored.sort((x, y) => (x.dist - y.dist) * dir || compareNames(x.d.name, y.d.name));
  return scored
    .slice(0, n.limit)
    .map(({ d, dist }) =>
      n.resultField
        ? { ...d, fields: setField(d.fields, n.resultField, { doubleValue: dist }) }
        : d,
    );
}
