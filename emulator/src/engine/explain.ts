/** Query explain and index enforcement: the plan summary, execution stats, and `--indexes` checks. */
import { missingIndexError } from '../query/index-config.js';
import { indexesUsed, missingIndex, planQuery, type IndexPlan } from '../query/index-plan.js';
import type { CompiledQuery } from '../query/index.js';
import type { Json, JsonObject } from '../service.js';
import type { EngineCore } from './core.js';
import type { Database } from './database.js';
import { asObject } from '../model/document.js';

/** The request's `explainOptions`: undefined without explain, else whether to run it too. */
export function explainMode(req: JsonObject): { analyze: boolean } | undefined {
  const options = asObject(req.explainOptions);
  return options ? { analyze: options.analyze === true } : undefined;
}

/**
 * The query's index plan; with `--indexes`, a query the automatic and the listed composite indexes
 * do not serve fails with production's FAILED_PRECONDITION.
 */
export function checkIndexes(
  core: EngineCore,
  db: Database,
  q: CompiledQuery,
  aggregated: string[][] = [],
): IndexPlan {
  const plan = planQuery(q, aggregated);
  const indexes = core.indexes?.(db.id.databaseId);
  if (indexes && !q.nearest) {
    const missing = missingIndex(plan, indexes);
    if (missing) throw missingIndexError(db.id, missing, plan.nameOrder);
  }
  return plan;
}

/** What a query did, for `analyze`. */
export interface ExecutionStats {
  resultsReturned: number;
  readOperations: number;
  indexEntriesScanned: number;
  documentsScanned: number;
  durationMs: number;
}

function duration(ms: number): string {
  return `${(Math.max(ms, 0) / 1000).toFixed(6)}s`;
}

/** ExplainMetrics (plan summary, and execution stats when analyzed) in proto3 JSON form. */
export function explainMetrics(plan: IndexPlan, stats?: ExecutionStats): JsonObject {
  const metrics: JsonObject = { planSummary: { indexesUsed: indexesUsed(plan) } };
  if (stats) {
    const debugStats: { [key: string]: Json } = {
      index_entries_scanned: String(stats.indexEntriesScanned),
      documents_scanned: String(stats.documentsScanned),
      billing_details: {
        documents_billable: String(stats.documentsScanned),
        index_entries_billable: '0',
        small_ops: '0',
        min_query_cost: stats.documentsScanned === 0 ? '1' : '0',
      },
    };
    metrics.executionStats = {
      resultsReturned: String(stats.resultsReturned),
      executionDuration: duration(stats.durationMs),
      readOperations: String(stats.readOperations),
      debugStats,
    };
  }
  return metrics;
}
