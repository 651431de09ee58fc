/** The Firestore engine: every google.firestore.v1 RPC over the in-memory store, with rules, locks and durability. */
import type { AppCheckVerifier } from '../app-check/index.js';
import { parseDatabaseName, type DbName } from '../model/paths.js';
import type { CompiledQuery } from '../query/index.js';
import type { Ruleset } from '../rules/contract.js';
import {
  Code,
  RpcError,
  type BidiStreamMethod,
  type CallContext,
  type FirestoreService,
  type JsonObject,
  type ServerStreamMethod,
  type StreamHandler,
  type StreamPeer,
  type UnaryMethod,
} from '../service.js';
import { ListenSession } from './streams/listen.js';
import { WriteSession } from './streams/write.js';
import { Clock } from '../model/time.js';
import type { TtlPolicy } from '../query/index-config.js';
import type { IndexDef } from '../query/index-plan.js';
import { Access } from './access.js';
import { runAggregation } from './aggregations.js';
import type { CommitHook, CommitSink, EngineCore } from './core.js';
import { Databases, type Database } from './database.js';
import { asObject, type DocChange, type DocVersion } from '../model/document.js';
import { checkIndexes } from './explain.js';
import {
  IndexBuilder,
  indexSpecsOf,
  mergeSpecs,
  type CollectionIndexes,
  type RecordedIndexes,
} from './index-build.js';
import {
  batchGet,
  getDocument,
  listCollectionIds,
  listDocuments,
  partitionQuery,
  queryDocs,
  runQuery,
} from './reads.js';
import type { SessionEngine } from './session-api.js';
import { Transactions } from './transactions.js';
import { TtlSweeper } from './ttl.js';
import {
  batchWrite,
  commit,
  commitRpc,
  createDocument,
  deleteDocument,
  updateDocument,
  type CommitResult,
} from './writes.js';

export type { CommitHook, CommitSink } from './core.js';
export type { Database } from './database.js';
export type { DocChange, DocVersion } from '../model/document.js';

export interface EngineOptions {
  /** Only this project is served when set. */
  projectId?: string;
  /** The ruleset for a database, or null to allow everything. */
  rulesFor?: (projectId: string, databaseId: string) => Ruleset | null;
  sink?: CommitSink;
  /** The composite indexes a database's queries may use, or null when indexes are not enforced. */
  indexes?: (databaseId: string) => IndexDef[] | null;
  /** A database's TTL policies, applied by `engine.ttl` once started (see ttl.ts). */
  ttl?: (databaseId: string) => TtlPolicy[];
  log?: (line: string) => void;
  /** Judges App Check tokens while App Check is enforced; without it tokens are ignored. */
  appCheck?: AppCheckVerifier;
}

/** The project a request's resource name addresses (else the call's). */
function projectOf(name: unknown, ctx: CallContext): string {
  const m = typeof name === 'string' ? /^projects\/([^/]+)\//.exec(name) : null;
  return m ? m[1] : ctx.projectId;
}

export class Engine implements FirestoreService, SessionEngine, EngineCore {
  readonly clock = new Clock();
  readonly databases: Databases;
  readonly txns: Transactions;
  readonly access: Access;
  readonly sink?: CommitSink;
  readonly indexes?: (databaseId: string) => IndexDef[] | null;
  /** Told of every durable commit (the server wires Firestore triggers here); see CommitHook. */
  onCommitted?: CommitHook;
  private readonly sweepTimer: NodeJS.Timeout;
  /** Applies TTL policies (when the options give any). */
  readonly ttl?: TtlSweeper;
  /** Builds indexes in the background once the data has loaded (see startIndexing). */
  readonly indexBuilder = new IndexBuilder();

  constructor(options: EngineOptions = {}) {
    this.databases = new Databases(options.projectId);
    this.txns = new Transactions(this.clock);
    this.access = new Access(this.clock, options.rulesFor, options.appCheck);
    this.sink = options.sink;
    this.indexes = options.indexes;
    this.sweepTimer = setInterval(() => this.sweep(), 60_000);
    this.sweepTimer.unref();
    if (options.ttl) this.ttl = new TtlSweeper(this, options.ttl, options.log);
  }

  /**
   * Once the data has loaded: builds in the background the indexes that the declared composite
   * indexes call for and those `recorded` (what queries asked for before, first, in that order),
   * and gives every collection created from now on those indexes from its
   * first document, so that no query of the panel waits for an index to be built.
   */
  startIndexing(recorded?: RecordedIndexes): void {
    const setUp = (db: Database) => {
      db.store.indexSpecs = (collPath) =>
        mergeSpecs(
          [...(recorded?.(db.name, collPath) ?? [])],
          indexSpecsOf(this.indexes?.(db.id.databaseId) ?? [], collPath),
        );
      db.store.onIndexBuild = (ix) => this.indexBuilder.add(ix);
      for (const ix of db.store.scheduleIndexes()) this.indexBuilder.add(ix);
    };
    this.databases.onCreate = setUp;
    for (const db of this.databases.all()) setUp(db);
  }

  /** Each collection's indexes, built and being built (the record of the data directory, the stats). */
  collectionIndexes(): CollectionIndexes[] {
    const out: CollectionIndexes[] = [];
    for (const db of this.databases.all()) {
      for (const [collection, ix] of db.store.indexedCollections()) {
        const built = ix.specs();
        const building = ix.buildingSpecs();
        const used = ix.usedSpecs();
        if (built.length || building.length || used.length) {
          out.push({ database: db.name, collection, built, building, used });
        }
      }
    }
    return out;
  }

  close(): void {
    this.indexBuilder.stop();
    clearInterval(this.sweepTimer);
    this.ttl?.stop();
    for (const db of this.databases.all()) {
      for (const l of [...db.listeners]) l.close();
    }
  }

  /** Drops expired history and aborts idle transactions (every minute). */
  sweep(): void {
    const now = this.clock.now();
    const dbs = this.databases.all();
    for (const db of dbs) db.store.sweep(now);
    this.txns.sweep(dbs);
  }

  /** The database object (created on first use). */
  database(id: DbName): Database {
    return this.databases.get(id);
  }

  /** After recovery: history before now is incomplete (only current versions were restored). */
  markHistoryFloor(): void {
    this.databases.setHistoryFloor(this.clock.tick());
  }

  allDatabases(): Database[] {
    return this.databases.all();
  }

  /** Deletes every document of a database (the emulator's DELETE endpoint). */
  async clear(id: DbName): Promise<void> {
    const db = this.database(id);
    const time = this.clock.tick();
    const changes: DocChange[] = [];
    for (const d of db.store.all()) changes.push({ path: d.path, before: d, after: null });
    db.store.clear();
    db.historyFloor = time;
    for (const t of db.txns.values()) db.locks.abort(t, 'The database was cleared.');
    db.txns.clear();
    db.notify(changes, time);
    await this.sink?.appendClear(db.name, time);
  }

  // ---- SessionEngine -------------------------------------------------------------------------

  streamDatabase(firstMessage: JsonObject, ctx: CallContext): Database {
    const name = firstMessage.database;
    return typeof name === 'string' && name
      ? this.database(parseDatabaseName(name))
      : this.database({ projectId: ctx.projectId, databaseId: ctx.databaseId });
  }

  checkGet(ctx: CallContext, db: Database, path: string, doc: DocVersion | null): void {
    this.access.checkRead(ctx, db, 'get', path, doc, undefined, undefined, true);
  }

  checkList(ctx: CallContext, db: Database, q: CompiledQuery): void {
    this.access.checkList(ctx, db, q, undefined, true);
    checkIndexes(this, db, q);
  }

  queryDocs(db: Database, q: CompiledQuery, readTime?: number): DocVersion[] {
    return queryDocs(db, q, readTime);
  }

  commit(ctx: CallContext, db: Database, writes: JsonObject[]): Promise<CommitResult> {
    return commit(this, ctx, db, writes);
  }

  // ---- FirestoreService ----------------------------------------------------------------------

  async unary(method: UnaryMethod, request: JsonObject, ctx: CallContext): Promise<JsonObject> {
    switch (method) {
      case 'GetDocument':
        return getDocument(this, request, ctx);
      case 'Commit':
        return commitRpc(this, request, ctx);
      case 'BatchWrite':
        return batchWrite(this, request, ctx);
      case 'BeginTransaction': {
        const db = this.database(parseDatabaseName(String(request.database ?? '')));
        this.access.admit(ctx, db.id.projectId);
        return { transaction: this.txns.begin(db, asObject(request.options)).id };
      }
      case 'Rollback': {
        const db = this.database(parseDatabaseName(String(request.database ?? '')));
        this.access.admit(ctx, db.id.projectId);
        this.txns.rollback(db, request.transaction);
        return {};
      }
      case 'ListDocuments':
        return listDocuments(this, request, ctx);
      case 'ListCollectionIds':
        this.access.admit(ctx, projectOf(request.parent, ctx));
        return listCollectionIds(this, request, ctx);
      case 'PartitionQuery':
        this.access.admit(ctx, projectOf(request.parent, ctx));
        return partitionQuery(this, request);
      case 'CreateDocument':
        return createDocument(this, request, ctx);
      case 'UpdateDocument':
        return updateDocument(this, request, ctx);
      case 'DeleteDocument':
        return deleteDocument(this, request, ctx);
      default:
        throw new RpcError(Code.UNIMPLEMENTED, `Method ${String(method)} is not implemented.`);
    }
  }

  async serverStream(
    method: ServerStreamMethod,
    request: JsonObject,
    ctx: CallContext,
    emit: (message: JsonObject) => void,
  ): Promise<void> {
    switch (method) {
      case 'BatchGetDocuments':
        return batchGet(this, request, ctx, emit);
      case 'RunQuery':
        return runQuery(this, request, ctx, emit);
      case 'RunAggregationQuery':
        return runAggregation(this, request, ctx, emit);
      default:
        throw new RpcError(Code.UNIMPLEMENTED, `Method ${String(method)} is not implemented.`);
    }
  }

  openStream(method: BidiStreamMethod, ctx: CallContext, peer: StreamPeer): StreamHandler {
    if (method === 'Listen') return new ListenSession(this, ctx, peer);
    if (method === 'Write') return new WriteSession(this, ctx, peer);
    throw new RpcError(Code.UNIMPLEMENTED, `Method ${String(method)} is not implemented.`);
  }
}
