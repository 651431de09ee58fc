/** The narrow engine interface the Listen and Write sessions depend on (so imports run one way). */
import type { CompiledQuery } from '../query/index.js';
import type { CallContext, JsonObject } from '../service.js';
import type { Clock } from '../model/time.js';
import type { Database } from './database.js';
import type { DocVersion } from '../model/document.js';
import type { CommitResult } from './writes.js';

export interface SessionEngine {
  readonly clock: Clock;
  /** The database a stream addresses: its first message's `database`, else the call's. */
  streamDatabase(firstMessage: JsonObject, ctx: CallContext): Database;
  /** The rules `get` check of one document; throws PERMISSION_DENIED. */
  checkGet(ctx: CallContext, db: Database, path: string, doc: DocVersion | null): void;
  /** The rules `list` check of a query (PERMISSION_DENIED), and its index (FAILED_PRECONDITION). */
  checkList(ctx: CallContext, db: Database, q: CompiledQuery): void;
  /** The query's results at a read time (undefined = now). */
  queryDocs(db: Database, q: CompiledQuery, readTime?: number): DocVersion[];
  /** Applies writes atomically (see writes.ts). */
  commit(ctx: CallContext, db: Database, writes: JsonObject[]): Promise<CommitResult>;
}
