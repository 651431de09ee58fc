/** RunAggregationQuery: count (with up_to), sum and avg over a query's results. */
import { getField, parseFieldPath } from '../model/paths.js';
import {
  Code,
  RpcError,
  repeatedField,
  type CallContext,
  type Json,
  type JsonObject,
} from '../service.js';
import { microsToString } from '../model/time.js';
import { doubleOf, doubleToJson, typeOrder, TypeOrder, type Value } from '../model/values.js';
import type { EngineCore } from './core.js';
import { asObject } from '../model/document.js';
import { checkIndexes, explainMetrics, explainMode } from './explain.js';
import { compileRequest, countDocs, queryDocs } from './reads.js';

function sumValues(nums: Value[]): Value {
  let allInt = true;
  let isum = 0n;
  let dsum = 0;
  for (const v of nums) {
    if ('integerValue' in v) {
      isum += BigInt(v.integerValue as string);
      dsum += Number(v.integerValue);
    } else {
      allInt = false;
      dsum += doubleOf(v.doubleValue);
    }
  }
  if (allInt && isum >= -(2n ** 63n) && isum < 2n ** 63n) return { integerValue: isum.toString() };
  return { doubleValue: doubleToJson(dsum) };
}

function avgValues(nums: Value[]): Value {
  if (nums.length === 0) return { nullValue: null };
  let s = 0;
  for (const v of nums) s += 'integerValue' in v ? Number(v.integerValue) : doubleOf(v.doubleValue);
  return { doubleValue: doubleToJson(s / nums.length) };
}

const MAX_AGGREGATIONS = 5;

/** The fields of the sum and avg aggregations. */
function aggregatedFields(aggs: JsonObject[]): string[][] {
  return aggs.flatMap((a) => {
    const spec = asObject(a.sum ?? a.avg);
    return spec ? [parseFieldPath(asObject(spec.field)?.fieldPath)] : [];
  });
}

export async function runAggregation(
  core: EngineCore,
  req: JsonObject,
  ctx: CallContext,
  emit: (m: JsonObject) => void,
): Promise<void> {
  const saq = asObject(req.structuredAggregationQuery);
  if (!saq) throw new RpcError(Code.INVALID_ARGUMENT, 'Missing structured aggregation query.');
  const { db, q } = compileRequest(core, req, asObject(saq.structuredQuery));
  const aggs = repeatedField(saq.aggregations, 'aggregations') as JsonObject[];
  if (aggs.length === 0) {
    throw new RpcError(
      Code.INVALID_ARGUMENT,
      'An aggregation query needs at least one aggregation.',
    );
  }
  if (aggs.length > MAX_AGGREGATIONS) {
    throw new RpcError(
      Code.INVALID_ARGUMENT,
      `Too many aggregations in one query: the maximum number of aggregations is ${MAX_AGGREGATIONS}.`,
    );
  }
  const explain = explainMode(req);
  const mode = core.txns.readMode(db, req);
  core.access.checkList(ctx, db, q, mode.readTime);
  // Only documents that have every aggregated field take part (they are what the field indexes hold).
  const fields = aggregatedFields(aggs);
  const plan = checkIndexes(core, db, q, fields);
  if (explain && !explain.analyze) {
    emit({ explainMetrics: explainMetrics(plan) });
    return;
  }
  const started = performance.now();
  // Counts do not depend on the order (nor need the documents unless they are locked); sums and
  // averages are added in the query's order.
  const countsOnly = aggs.every((a) => a.count !== undefined);
  const locking = !!mode.txn && !mode.txn.readOnly;
  const counted =
    countsOnly && fields.length === 0 && !locking ? countDocs(db, q, mode.readTime) : undefined;
  const docs =
    counted !== undefined
      ? []
      : queryDocs(db, q, mode.readTime, countsOnly).filter((d) =>
          fields.every((segs) => getField(d.fields, segs) !== undefined),
        );
  const n = counted ?? docs.length;
  if (locking) {
    await core.txns.lockReads(
      mode,
      docs.map((d) => d.path),
    );
  }
  const result: { [alias: string]: Json } = {};
  aggs.forEach((a, i) => {
    const alias = (a.alias as string | undefined) || `field_${i + 1}`;
    if (a.count !== undefined) {
      const upTo = asObject(a.count)?.upTo;
      result[alias] = { integerValue: String(upTo !== undefined ? Math.min(n, Number(upTo)) : n) };
    } else if (a.sum !== undefined || a.avg !== undefined) {
      const spec = asObject(a.sum ?? a.avg) ?? {};
      const segs = parseFieldPath(asObject(spec.field)?.fieldPath);
      const nums = docs
        .map((d) => getField(d.fields, segs))
        .filter((v): v is Value => !!v && typeOrder(v) === TypeOrder.Number);
      result[alias] = a.sum !== undefined ? sumValues(nums) : avgValues(nums);
    } else {
      throw new RpcError(Code.INVALID_ARGUMENT, 'Unknown aggregation.');
    }
  });
  const m: JsonObject = {
    result: { aggregateFields: result },
    readTime: microsToString(mode.readTime ?? core.clock.now()),
  };
  if (mode.newTxn) m.transaction = mode.newTxn.id;
  if (explain) {
    m.explainMetrics = explainMetrics(plan, {
      resultsReturned: 1,
      readOperations: Math.max(1, Math.ceil(n / 1000)),
      indexEntriesScanned: n,
      documentsScanned: 0,
      durationMs: performance.now() - started,
    });
  }
  emit(m);
}
