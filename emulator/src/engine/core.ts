/** What the engine's parts share: the clock, the databases, transactions, access checks and the durable sink. */
import type { IndexDef } from '../query/index-plan.js';
import type { Clock } from '../model/time.js';
import type { Caller } from '../service.js';
import type { Access } from './access.js';
import type { Database, Databases } from './database.js';
import type { DocChange } from '../model/document.js';
import type { Transactions } from './transactions.js';

/** Where commits are made durable (see journal.ts). */
export interface CommitSink {
  /** Resolves once the commit is on disk. */
  append(dbName: string, time: number, changes: DocChange[]): Promise<void>;
  appendClear(dbName: string, time: number): Promise<void>;
}

/**
 * Told of every commit that changed documents, once it is durable and just before it is
 * acknowledged (Firestore triggers queue their events here). Must not block or throw.
 */
export type CommitHook = (db: Database, changes: DocChange[], time: number, caller: Caller) => void;

/** The shared state the read, aggregation and write modules work on. */
export interface EngineCore {
  readonly clock: Clock;
  readonly databases: Databases;
  readonly txns: Transactions;
  readonly access: Access;
  readonly sink?: CommitSink;
  /** The composite indexes a database's queries may use, or null when indexes are not enforced. */
  readonly indexes?: (databaseId: string) => IndexDef[] | null;
  /** See CommitHook. */
  readonly onCommitted?: CommitHook;
}
