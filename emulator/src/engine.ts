/** The Firestore engine: every google.firestore.v1 RPC over the in-memory store, with rules, locks and durability. */
import { randomBytes } from 'node:crypto';
import { ListenSession } from './listen.js';
import {
  checkCollectionId,
  dbPath,
  deleteField,
  formatFieldPath,
  getField,
  parseDatabaseName,
  parseDocumentName,
  parseFieldPath,
  parseParentName,
  parseResourceName,
  setField,
  type DbName,
} from './paths.js';
import {
  compileQuery,
  project,
  runCompiled,
  type CompiledQuery,
  type DocVersion,
} from './query.js';
import type { RulesDocument, RulesMethod, RulesRequest, Ruleset } from './rules/contract.js';
import { newAccessBudget } from './rules/index.js';
import {
  Code,
  RpcError,
  type BidiStreamMethod,
  type CallContext,
  type FirestoreService,
  type Json,
  type JsonObject,
  type ServerStreamMethod,
  type StreamHandler,
  type StreamPeer,
  type UnaryMethod,
} from './service.js';
import { Store } from './store.js';
import { Clock, microsToString, stringToMicros } from './time.js';
import {
  arrayValues,
  clampInt64,
  compareValues,
  doubleOf,
  doubleToJson,
  fieldsIdentical,
  fieldsSize,
  normalizeFields,
  normalizeValue,
  typeOrder,
  TypeOrder,
  valuesEqual,
  type Fields,
  type Value,
} from './values.js';
import { WriteSession } from './write-stream.js';

/** One change a commit made, handed to listeners and the journal. */
export interface DocChange {
  path: string;
  before: DocVersion | null;
  after: DocVersion | null;
}

/** Where commits are made durable (see journal.ts). */
export interface CommitSink {
  /** Resolves once the commit is on disk. */
  append(dbName: string, time: number, changes: DocChange[]): Promise<void>;
  appendClear(dbName: string, time: number): Promise<void>;
}

export const MAX_DOCUMENT_SIZE = 1_048_576;
const LOCK_TIMEOUT_MS = 5_000;
const TXN_IDLE_MS = 10 * 60_000;
const CONTENTION =
  'Aborted due to cross-transaction contention. This occurs when multiple transactions attempt to access the same data, requiring Firestore to abort at least one in order to enforce serializability.';

/** A transaction's state. */
export interface Txn {
  id: string;
  db: Database;
  readOnly: boolean;
  readTime?: number;
  /** Lower = older = wins lock conflicts (wound-wait). Kept across retries. */
  priority: number;
  locks: Set<string>;
  aborted?: string;
  lastActive: number;
}

interface Waiter {
  txn: Txn | null;
  resolve: () => void;
  timer: NodeJS.Timeout;
}

/** Exclusive document locks of read-write transactions (the official emulator's pessimistic locking). */
class LockTable {
  private holders = new Map<string, Txn>();
  private waiters = new Map<string, Waiter[]>();

  holder(path: string): Txn | undefined {
    const h = this.holders.get(path);
    if (h?.aborted) {
      this.release(h);
      return undefined;
    }
    return h;
  }

  /** Takes the lock on `path` for `txn`; null txn only waits until the path is free. */
  async acquire(path: string, txn: Txn | null): Promise<void> {
    for (;;) {
      // A wounded transaction reads on without locks; its commit fails with ABORTED.
      if (txn?.aborted) return;
      const h = this.holder(path);
      if (!h || h === txn) {
        if (txn) {
          this.holders.set(path, txn);
          txn.locks.add(path);
        }
        return;
      }
      if (txn && txn.priority < h.priority) {
        // Wound-wait: the older transaction aborts the younger holder.
        this.abort(h, CONTENTION);
        continue;
      }
      await new Promise<void>((resolve) => {
        const list = this.waiters.get(path) ?? [];
        const w: Waiter = {
          txn,
          resolve,
          timer: setTimeout(() => {
            // The holder stalled (e.g. a client that never commits): abort it.
            const cur = this.holders.get(path);
            if (cur) this.abort(cur, 'Transaction lock timeout.');
            else this.wake(path);
          }, LOCK_TIMEOUT_MS),
        };
        list.push(w);
        this.waiters.set(path, list);
      });
    }
  }

  /**
   * Wounds a transaction: its locks go, its pending lock waits end (the reads proceed unlocked, so
   * clients are not left with a failed read they would retry slowly) and its commit gets ABORTED.
   */
  abort(txn: Txn, reason: string): void {
    if (!txn.aborted) txn.aborted = reason;
    this.release(txn);
    for (const [path, list] of this.waiters) {
      for (const w of list.filter((x) => x.txn === txn)) {
        clearTimeout(w.timer);
        list.splice(list.indexOf(w), 1);
        w.resolve();
      }
      if (list.length === 0) this.waiters.delete(path);
    }
  }

  release(txn: Txn): void {
    for (const path of txn.locks) {
      if (this.holders.get(path) === txn) {
        this.holders.delete(path);
        this.wake(path);
      }
    }
    txn.locks.clear();
  }

  private wake(path: string): void {
    const list = this.waiters.get(path);
    if (!list) return;
    this.waiters.delete(path);
    for (const w of list) {
      clearTimeout(w.timer);
      w.resolve();
    }
  }
}

/** One database (project + database id): its store, listeners, locks and transactions. */
export class Database {
  readonly store = new Store();
  readonly listeners = new Set<ListenSession>();
  readonly locks = new LockTable();
  readonly txns = new Map<string, Txn>();
  readonly retryPriority = new Map<string, number>();
  /** Reads at or after this time see complete history (it moves on recovery and on clear). */
  historyFloor = 0;
  constructor(
    readonly name: string,
    readonly id: DbName,
  ) {}
}

export interface EngineOptions {
  /** Only this project is served when set. */
  projectId?: string;
  /** The ruleset for a project, or null to allow everything. */
  rulesFor?: (projectId: string) => Ruleset | null;
  sink?: CommitSink;
}

function toRulesDoc(d: DocVersion | null): RulesDocument | null {
  return d ? { name: d.name, fields: d.fields } : null;
}

const docJsonCache = new WeakMap<DocVersion, JsonObject>();

/** A stored version as a Document message; one shared (read-only) object per version. */
function docToJson(d: DocVersion): JsonObject {
  let j = docJsonCache.get(d);
  if (!j) {
    j = {
      name: d.name,
      fields: d.fields,
      createTime: microsToString(d.createTime),
      updateTime: microsToString(d.updateTime),
    };
    docJsonCache.set(d, j);
  }
  return j;
}

function maskDoc(d: DocVersion, mask: Json | undefined): DocVersion {
  if (!mask) return d;
  const paths = ((mask as JsonObject).fieldPaths ?? []) as string[];
  let fields: Fields = {};
  for (const p of paths) {
    const segs = parseFieldPath(p);
    const v = getField(d.fields, segs);
    if (v !== undefined) fields = setField(fields, segs, v);
  }
  return { ...d, fields };
}

function asObject(v: Json | undefined): JsonObject | undefined {
  return typeof v === 'object' && v !== null && !Array.isArray(v) ? v : undefined;
}

/** Consistent-read selector of a read request. */
interface ReadMode {
  readTime?: number;
  txn?: Txn;
  newTxn?: Txn;
}

export class Engine implements FirestoreService {
  readonly clock = new Clock();
  private readonly dbs = new Map<string, Database>();
  private readonly sweepTimer: NodeJS.Timeout;
  private lastPriority = 0;
  private recoveredAt = 0;

  constructor(private readonly options: EngineOptions = {}) {
    this.sweepTimer = setInterval(() => this.sweep(), 60_000);
    this.sweepTimer.unref();
  }

  close(): void {
    clearInterval(this.sweepTimer);
    for (const db of this.dbs.values()) {
      for (const l of [...db.listeners]) l.close();
    }
  }

  private sweep(): void {
    const now = this.clock.now();
    for (const db of this.dbs.values()) {
      db.store.sweep(now);
      for (const [id, t] of db.txns) {
        if (Date.now() - t.lastActive > TXN_IDLE_MS) {
          db.locks.abort(t, 'The referenced transaction has expired or is no longer valid.');
          db.txns.delete(id);
        }
      }
    }
  }

  /** The database object (created on first use). */
  database(id: DbName): Database {
    if (this.options.projectId && id.projectId !== this.options.projectId) {
      throw new RpcError(
        Code.PERMISSION_DENIED,
        `This emulator serves only project "${this.options.projectId}", not "${id.projectId}".`,
      );
    }
    const name = dbPath(id);
    let db = this.dbs.get(name);
    if (!db) {
      db = new Database(name, id);
      db.historyFloor = this.recoveredAt;
      this.dbs.set(name, db);
    }
    return db;
  }

  /** After recovery: history before now is incomplete (only current versions were restored). */
  markHistoryFloor(): void {
    const now = this.clock.tick();
    for (const db of this.dbs.values()) db.historyFloor = now;
    this.recoveredAt = now;
  }

  /** All databases of a project (for clearing). */
  databasesOf(projectId: string): Database[] {
    return [...this.dbs.values()].filter((d) => d.id.projectId === projectId);
  }

  allDatabases(): Database[] {
    return [...this.dbs.values()];
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
    this.notify(db, changes, time);
    await this.options.sink?.appendClear(db.name, time);
  }

  /** Hands a commit to every listener; one failing stream is closed without affecting the commit. */
  private notify(db: Database, changes: DocChange[], time: number): void {
    for (const l of db.listeners) {
      try {
        l.onCommit(changes, time);
      } catch (e) {
        l.fail(e);
      }
    }
  }

  // ---- rules -------------------------------------------------------------------------------

  private ruleset(ctx: CallContext, db: Database): Ruleset | null {
    if (ctx.caller.kind === 'owner') return null;
    return this.options.rulesFor?.(db.id.projectId) ?? null;
  }

  private auth(ctx: CallContext): RulesRequest['auth'] {
    return ctx.caller.kind === 'user' ? { uid: ctx.caller.uid, token: ctx.caller.token } : null;
  }

  /** Evaluates a read (get or list); throws PERMISSION_DENIED. */
  checkRead(
    ctx: CallContext,
    db: Database,
    method: 'get' | 'list',
    path: string,
    resource: DocVersion | null,
    readTime: number | undefined,
    query?: JsonObject,
  ): void {
    const rs = this.ruleset(ctx, db);
    if (!rs) return;
    const lookup = (name: string): RulesDocument | null => {
      const p = this.pathIn(db, name);
      return p === null ? null : toRulesDoc(db.store.get(p, readTime));
    };
    const req: RulesRequest = {
      method,
      path: `${db.name}/documents/${path}`,
      auth: this.auth(ctx),
      time: microsToString(this.clock.now()),
      resource: toRulesDoc(resource),
      requestResource: null,
      query,
      lookupBefore: lookup,
      lookupAfter: lookup,
    };
    this.decide(rs, req);
  }

  private decide(rs: Ruleset, req: RulesRequest): void {
    let d;
    try {
      d = rs.evaluate(req);
    } catch (e) {
      throw new RpcError(
        Code.PERMISSION_DENIED,
        `\nevaluation error for '${req.method}': ${(e as Error).message}`,
      );
    }
    // The official emulator's description is a newline followed by the ruleset's message.
    if (!d.allowed) throw new RpcError(Code.PERMISSION_DENIED, `\n${d.message}`);
  }

  private pathIn(db: Database, name: string): string | null {
    const prefix = db.name + '/documents/';
    return name.startsWith(prefix) ? name.slice(prefix.length) : null;
  }

  // ---- transactions --------------------------------------------------------------------------

  private newTxnId(): string {
    return randomBytes(16).toString('base64');
  }

  beginTransaction(db: Database, options: JsonObject | undefined): Txn {
    const readOnly = !!options?.readOnly;
    let readTime: number | undefined;
    // Unique ages, so that of two conflicting transactions exactly one is older.
    let priority = Math.max(this.clock.now(), this.lastPriority + 1);
    this.lastPriority = priority;
    if (readOnly) {
      const ro = asObject(options?.readOnly);
      readTime = ro?.readTime ? this.parseReadTime(ro.readTime) : this.clock.now();
    } else {
      const prev = asObject(options?.readWrite)?.retryTransaction;
      if (typeof prev === 'string' && prev) priority = db.retryPriority.get(prev) ?? priority;
    }
    const txn: Txn = {
      id: this.newTxnId(),
      db,
      readOnly,
      readTime,
      priority,
      locks: new Set(),
      lastActive: Date.now(),
    };
    db.txns.set(txn.id, txn);
    if (!readOnly) {
      db.retryPriority.set(txn.id, priority);
      if (db.retryPriority.size > 10_000) {
        const first = db.retryPriority.keys().next().value;
        if (first !== undefined) db.retryPriority.delete(first);
      }
    }
    return txn;
  }

  private getTxn(db: Database, id: Json | undefined): Txn {
    const txn = typeof id === 'string' ? db.txns.get(id) : undefined;
    if (!txn) {
      throw new RpcError(
        Code.INVALID_ARGUMENT,
        'The referenced transaction has expired or is no longer valid.',
      );
    }
    txn.lastActive = Date.now();
    return txn;
  }

  private parseReadTime(v: Json | undefined): number {
    const t = stringToMicros(String(v));
    const now = this.clock.now();
    if (t > now + 1e6) {
      throw new RpcError(Code.INVALID_ARGUMENT, 'read_time cannot be in the future.');
    }
    if (t < now - 60 * 60 * 1e6) {
      throw new RpcError(
        Code.FAILED_PRECONDITION,
        'read_time is older than the oldest version this emulator keeps (1 hour).',
      );
    }
    return t;
  }

  private readMode(db: Database, req: JsonObject): ReadMode {
    if (req.transaction !== undefined && req.transaction !== '') {
      const txn = this.getTxn(db, req.transaction);
      return { txn, readTime: txn.readOnly ? txn.readTime : undefined };
    }
    if (req.newTransaction) {
      const txn = this.beginTransaction(db, asObject(req.newTransaction));
      return { txn, newTxn: txn, readTime: txn.readOnly ? txn.readTime : undefined };
    }
    if (req.readTime) return { readTime: this.parseReadTime(req.readTime) };
    return {};
  }

  /** Locks documents a read-write transaction reads. */
  private async lockReads(mode: ReadMode, paths: string[]): Promise<void> {
    const txn = mode.txn;
    if (!txn || txn.readOnly) return;
    for (const p of [...paths].sort()) await txn.db.locks.acquire(p, txn);
  }

  // ---- reads ---------------------------------------------------------------------------------

  private async getDocument(req: JsonObject, ctx: CallContext): Promise<JsonObject> {
    const r = parseDocumentName(req.name);
    const db = this.database(r);
    const mode = this.readMode(db, req);
    await this.lockReads(mode, [r.path]);
    const doc = db.store.get(r.path, mode.readTime);
    this.checkRead(ctx, db, 'get', r.path, doc, mode.readTime);
    if (!doc) {
      throw new RpcError(Code.NOT_FOUND, `Document "${String(req.name)}" not found.`);
    }
    return docToJson(maskDoc(doc, req.mask));
  }

  private async batchGet(
    req: JsonObject,
    ctx: CallContext,
    emit: (m: JsonObject) => void,
  ): Promise<void> {
    const dbId = parseDatabaseName(String(req.database ?? ''));
    const db = this.database(dbId);
    const names = ((req.documents ?? []) as Json[]).map((n) => {
      const r = parseDocumentName(n);
      if (dbPath(r) !== db.name) {
        throw new RpcError(Code.INVALID_ARGUMENT, `Document ${String(n)} is not in ${db.name}.`);
      }
      return { name: n as string, path: r.path };
    });
    const mode = this.readMode(db, req);
    await this.lockReads(
      mode,
      names.map((n) => n.path),
    );
    const readTime = mode.readTime ?? this.clock.now();
    const results: JsonObject[] = [];
    for (const n of names) {
      const doc = db.store.get(n.path, readTime);
      this.checkRead(ctx, db, 'get', n.path, doc, mode.readTime);
      results.push(
        doc
          ? { found: docToJson(maskDoc(doc, req.mask)), readTime: microsToString(readTime) }
          : { missing: n.name, readTime: microsToString(readTime) },
      );
    }
    if (mode.newTxn) {
      if (results.length === 0) emit({ transaction: mode.newTxn.id });
      else results[0].transaction = mode.newTxn.id;
    }
    for (const m of results) emit(m);
  }

  /** Runs a compiled query at a read time (undefined = now). */
  queryDocs(db: Database, q: CompiledQuery, readTime?: number): DocVersion[] {
    const collPath = q.parentPath ? `${q.parentPath}/${q.collectionId}` : q.collectionId;
    const candidates = q.allDescendants
      ? db.store.scan(
          (p) =>
            (q.parentPath === '' || p.startsWith(q.parentPath + '/')) &&
            (q.collectionId === '' || p === q.collectionId || p.endsWith('/' + q.collectionId)),
          readTime,
        )
      : db.store.collection(collPath, readTime);
    return runCompiled(q, candidates);
  }

  private compile(
    req: JsonObject,
    sq: JsonObject | undefined,
  ): { db: Database; q: CompiledQuery; parent: string } {
    const parent = parseParentName(req.parent);
    const db = this.database(parent);
    if (!sq) throw new RpcError(Code.INVALID_ARGUMENT, 'Missing structured query.');
    return { db, q: compileQuery(sq, parent.path, db.name), parent: String(req.parent) };
  }

  /** The rules `list` check of a query. */
  checkList(ctx: CallContext, db: Database, q: CompiledQuery, readTime?: number): void {
    if (!this.ruleset(ctx, db)) return;
    const coll = q.allDescendants
      ? `${q.parentPath ? q.parentPath + '/' : ''}${q.collectionId}`
      : q.parentPath
        ? `${q.parentPath}/${q.collectionId}`
        : q.collectionId;
    this.checkRead(ctx, db, 'list', coll, null, readTime, q.source);
  }

  private async runQuery(
    req: JsonObject,
    ctx: CallContext,
    emit: (m: JsonObject) => void,
  ): Promise<void> {
    const { db, q } = this.compile(req, asObject(req.structuredQuery));
    const mode = this.readMode(db, req);
    this.checkList(ctx, db, q, mode.readTime);
    let docs = this.queryDocs(db, q, mode.readTime);
    if (mode.txn && !mode.txn.readOnly) {
      await this.lockReads(
        mode,
        docs.map((d) => d.path),
      );
      docs = this.queryDocs(db, q, mode.readTime);
    }
    const readTime = microsToString(mode.readTime ?? this.clock.now());
    const first: JsonObject = { readTime };
    if (mode.newTxn) first.transaction = mode.newTxn.id;
    if (docs.length === 0) {
      emit(first);
      return;
    }
    docs.forEach((d, i) => {
      const m: JsonObject = i === 0 ? first : { readTime };
      m.document = docToJson(project(q, d));
      emit(m);
    });
  }

  private async runAggregation(
    req: JsonObject,
    ctx: CallContext,
    emit: (m: JsonObject) => void,
  ): Promise<void> {
    const saq = asObject(req.structuredAggregationQuery);
    if (!saq) throw new RpcError(Code.INVALID_ARGUMENT, 'Missing structured aggregation query.');
    const { db, q } = this.compile(req, asObject(saq.structuredQuery));
    const aggs = (saq.aggregations ?? []) as JsonObject[];
    if (aggs.length === 0 || aggs.length > 5) {
      throw new RpcError(
        Code.INVALID_ARGUMENT,
        'An aggregation query must have between 1 and 5 aggregations.',
      );
    }
    const mode = this.readMode(db, req);
    this.checkList(ctx, db, q, mode.readTime);
    const docs = this.queryDocs(db, q, mode.readTime);
    if (mode.txn && !mode.txn.readOnly) {
      await this.lockReads(
        mode,
        docs.map((d) => d.path),
      );
    }
    const result: { [alias: string]: Json } = {};
    aggs.forEach((a, i) => {
      const alias = (a.alias as string | undefined) || `field_${i + 1}`;
      if (a.count !== undefined) {
        const upTo = asObject(a.count)?.upTo;
        const n = upTo !== undefined ? Math.min(docs.length, Number(upTo)) : docs.length;
        result[alias] = { integerValue: String(n) };
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
      readTime: microsToString(mode.readTime ?? this.clock.now()),
    };
    if (mode.newTxn) m.transaction = mode.newTxn.id;
    emit(m);
  }

  private async listDocuments(req: JsonObject, ctx: CallContext): Promise<JsonObject> {
    const parent = parseParentName(req.parent);
    const db = this.database(parent);
    const collectionId = req.collectionId ? checkCollectionId(req.collectionId) : '';
    const mode = this.readMode(db, req);
    const readTime = mode.readTime;
    const collPath = parent.path ? `${parent.path}/${collectionId}` : collectionId;
    const q = compileQuery(
      { from: [{ collectionId, allDescendants: collectionId === '' }] },
      parent.path,
      db.name,
    );
    this.checkList(ctx, db, q, readTime);
    const docs: DocVersion[] = collectionId ? this.queryDocs(db, q, readTime) : [];
    if (req.showMissing && collectionId) {
      for (const id of db.store.missingWithChildren(collPath, readTime)) {
        docs.push({
          name: `${db.name}/documents/${collPath}/${id}`,
          path: `${collPath}/${id}`,
          fields: {},
          createTime: 0,
          updateTime: 0,
        });
      }
      docs.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
    }
    if (req.orderBy) {
      const order = String(req.orderBy).trim();
      if (order !== '__name__' && order !== '__name__ asc' && order !== '__name__ desc') {
        throw new RpcError(Code.INVALID_ARGUMENT, `Unsupported order_by: ${order}`);
      }
      if (order.endsWith('desc')) docs.reverse();
    }
    const start = req.pageToken
      ? Number(Buffer.from(String(req.pageToken), 'base64').toString())
      : 0;
    if (!Number.isInteger(start) || start < 0) {
      throw new RpcError(Code.INVALID_ARGUMENT, 'Invalid page token.');
    }
    const pageSize = req.pageSize ? Number(req.pageSize) : 0;
    const end = pageSize > 0 ? Math.min(start + pageSize, docs.length) : docs.length;
    const out: JsonObject = {
      documents: docs
        .slice(start, end)
        .map((d) => (d.createTime === 0 ? { name: d.name } : docToJson(maskDoc(d, req.mask)))),
    };
    if (end < docs.length) out.nextPageToken = Buffer.from(String(end)).toString('base64');
    return out;
  }

  /** Split points (document names) that divide a collection-group query into similar parts. */
  private partitionQuery(req: JsonObject): JsonObject {
    const sq = asObject(req.structuredQuery);
    const { db, q } = this.compile(req, sq);
    if (!q.allDescendants || sq?.where || sq?.startAt || sq?.endAt || q.limit !== undefined) {
      throw new RpcError(
        Code.INVALID_ARGUMENT,
        'Partition queries require a collection group query without filters, cursors or limits, ordered by __name__.',
      );
    }
    const count = Number(req.partitionCount ?? 0);
    if (!Number.isInteger(count) || count <= 0) {
      throw new RpcError(Code.INVALID_ARGUMENT, 'partition_count must be positive.');
    }
    const readTime = req.readTime ? this.parseReadTime(req.readTime) : undefined;
    const docs = this.queryDocs(db, q, readTime);
    const points = new Set<string>();
    for (let i = 1; i <= count; i++) {
      const idx = Math.floor((i * docs.length) / (count + 1));
      if (idx > 0 && idx < docs.length) points.add(docs[idx].name);
    }
    return { partitions: [...points].map((name) => ({ values: [{ referenceValue: name }] })) };
  }

  private listCollectionIds(req: JsonObject): JsonObject {
    const parent = parseParentName(req.parent);
    const db = this.database(parent);
    const readTime = req.readTime ? this.parseReadTime(req.readTime) : undefined;
    const ids = db.store.collectionIds(parent.path, readTime).sort();
    const start = req.pageToken ? ids.findIndex((i) => i > String(req.pageToken)) : 0;
    const from = start < 0 ? ids.length : start;
    const pageSize = req.pageSize ? Number(req.pageSize) : 0;
    const page = pageSize > 0 ? ids.slice(from, from + pageSize) : ids.slice(from);
    const out: JsonObject = { collectionIds: page };
    if (pageSize > 0 && from + pageSize < ids.length) out.nextPageToken = page[page.length - 1];
    return out;
  }

  // ---- writes --------------------------------------------------------------------------------

  /**
   * Applies writes atomically: preconditions, transforms, rules, locks, durability.
   * Returns the commit time and one WriteResult per write.
   */
  async commit(
    ctx: CallContext,
    db: Database,
    writes: JsonObject[],
    txn?: Txn,
  ): Promise<{ commitTime: number; writeResults: JsonObject[] }> {
    const parsed = writes.map((w) => this.parseWrite(db, w));
    const paths = [...new Set(parsed.map((p) => p.path))].sort();
    if (txn) {
      if (txn.readOnly && parsed.length > 0) {
        throw new RpcError(
          Code.INVALID_ARGUMENT,
          'Cannot modify entities in a read-only transaction.',
        );
      }
      for (const p of paths) await db.locks.acquire(p, txn);
      if (txn.aborted) throw new RpcError(Code.ABORTED, txn.aborted);
    } else {
      for (;;) {
        const busy = paths.find((p) => db.locks.holder(p));
        if (!busy) break;
        await db.locks.acquire(busy, null);
      }
    }
    const time = this.clock.tick();
    const overlay = new Map<string, DocVersion | null>();
    const current = (p: string): DocVersion | null =>
      overlay.has(p) ? (overlay.get(p) as DocVersion | null) : db.store.get(p);
    const results: JsonObject[] = [];
    const rulesChecks: { method: RulesMethod; path: string; before: DocVersion | null }[] = [];
    for (const w of parsed) {
      const before = current(w.path);
      checkPrecondition(w, before);
      if (w.kind === 'verify') {
        results.push({});
        continue;
      }
      if (w.kind === 'delete') {
        overlay.set(w.path, null);
        rulesChecks.push({ method: 'delete', path: w.path, before });
        results.push({});
        continue;
      }
      let fields: Fields;
      if (w.kind === 'transform') fields = before ? before.fields : {};
      else if (w.mask) {
        fields = before ? before.fields : {};
        for (const segs of w.mask) {
          const v = getField(w.fields, segs);
          fields = v === undefined ? deleteField(fields, segs) : setField(fields, segs, v);
        }
      } else fields = w.fields;
      const transformResults: Value[] = [];
      for (const t of w.transforms) {
        const { fields: f2, result } = applyTransform(fields, t, time);
        fields = f2;
        transformResults.push(result);
      }
      let after: DocVersion;
      if (before && fieldsIdentical(before.fields, fields)) {
        after = before;
      } else {
        after = {
          name: w.name,
          path: w.path,
          fields,
          createTime: before ? before.createTime : time,
          updateTime: time,
        };
        checkSize(after);
      }
      overlay.set(w.path, after);
      rulesChecks.push({ method: before ? 'update' : 'create', path: w.path, before });
      const r: JsonObject = { updateTime: microsToString(after.updateTime) };
      if (w.transforms.length) r.transformResults = transformResults;
      results.push(r);
    }
    const rs = this.ruleset(ctx, db);
    if (rs) {
      const auth = this.auth(ctx);
      const timeStr = microsToString(time);
      const lookupBefore = (name: string): RulesDocument | null => {
        const p = this.pathIn(db, name);
        return p === null ? null : toRulesDoc(db.store.get(p));
      };
      const lookupAfter = (name: string): RulesDocument | null => {
        const p = this.pathIn(db, name);
        return p === null ? null : toRulesDoc(current(p));
      };
      // Documented limit: 10 distinct lookups for a single write, 20 shared by a batch's writes.
      const accessBudget = newAccessBudget(rulesChecks.length > 1 ? 'batch' : 'single');
      for (const c of rulesChecks) {
        const after = c.method === 'delete' ? null : current(c.path);
        this.decide(rs, {
          accessBudget,
          method: c.method,
          path: `${db.name}/documents/${c.path}`,
          auth,
          time: timeStr,
          resource: toRulesDoc(c.before),
          requestResource: toRulesDoc(after),
          lookupBefore,
          lookupAfter,
        });
      }
    }
    const changes: DocChange[] = [];
    for (const [path, after] of overlay) {
      const before = db.store.get(path);
      if (before === after) continue;
      db.store.put(path, after, time);
      changes.push({ path, before, after });
    }
    if (txn) {
      db.locks.release(txn);
      db.txns.delete(txn.id);
    }
    if (changes.length) {
      this.notify(db, changes, time);
      await this.options.sink?.append(db.name, time, changes);
    }
    return { commitTime: time, writeResults: results };
  }

  private parseWrite(db: Database, w: JsonObject): ParsedWrite {
    let name: Json | undefined;
    let kind: ParsedWrite['kind'];
    let fields: Fields = {};
    let transformsJson: Json[] = [];
    if (w.update) {
      const doc = w.update as JsonObject;
      name = doc.name;
      kind = 'update';
      fields = normalizeFields(doc.fields);
      transformsJson = (w.updateTransforms ?? []) as Json[];
    } else if (w.delete !== undefined) {
      name = w.delete;
      kind = 'delete';
    } else if (w.verify !== undefined) {
      name = w.verify;
      kind = 'verify';
    } else if (w.transform) {
      const t = w.transform as JsonObject;
      name = t.document;
      kind = 'transform';
      transformsJson = (t.fieldTransforms ?? []) as Json[];
    } else {
      throw new RpcError(Code.INVALID_ARGUMENT, 'A write must have an operation set.');
    }
    const r = parseDocumentName(name);
    if (dbPath(r) !== db.name) {
      throw new RpcError(Code.INVALID_ARGUMENT, `Document ${String(name)} is not in ${db.name}.`);
    }
    let mask: string[][] | undefined;
    if (w.updateMask && kind === 'update') {
      mask = (((w.updateMask as JsonObject).fieldPaths ?? []) as Json[]).map(parseFieldPath);
    }
    const transforms = transformsJson.map((t) => parseTransform(t as JsonObject));
    const seen = new Set<string>();
    for (const t of transforms) {
      const k = formatFieldPath(t.segs);
      if (seen.has(k)) {
        throw new RpcError(
          Code.INVALID_ARGUMENT,
          `Field ${k} was specified multiple times in the transforms of a write.`,
        );
      }
      seen.add(k);
    }
    const pre = asObject(w.currentDocument);
    return {
      kind,
      name: `${db.name}/documents/${r.path}`,
      path: r.path,
      fields,
      mask,
      transforms,
      exists: pre && 'exists' in pre ? pre.exists === true : undefined,
      updateTime: pre?.updateTime ? stringToMicros(String(pre.updateTime)) : undefined,
    };
  }

  private async commitRpc(req: JsonObject, ctx: CallContext): Promise<JsonObject> {
    const db = this.database(parseDatabaseName(String(req.database ?? '')));
    let txn: Txn | undefined;
    if (req.transaction) txn = this.getTxn(db, req.transaction);
    try {
      const { commitTime, writeResults } = await this.commit(
        ctx,
        db,
        (req.writes ?? []) as JsonObject[],
        txn,
      );
      return { writeResults, commitTime: microsToString(commitTime) };
    } catch (e) {
      if (txn) {
        db.locks.release(txn);
        db.txns.delete(txn.id);
      }
      throw e;
    }
  }

  private async batchWrite(req: JsonObject, ctx: CallContext): Promise<JsonObject> {
    const db = this.database(parseDatabaseName(String(req.database ?? '')));
    const writes = (req.writes ?? []) as JsonObject[];
    const seen = new Set<string>();
    for (const w of writes) {
      const n = String(
        (w.update as JsonObject | undefined)?.name ??
          w.delete ??
          (w.transform as JsonObject | undefined)?.document,
      );
      if (seen.has(n)) {
        throw new RpcError(
          Code.INVALID_ARGUMENT,
          'Batch write cannot contain multiple writes to the same document.',
        );
      }
      seen.add(n);
    }
    const writeResults: JsonObject[] = [];
    const status: JsonObject[] = [];
    for (const w of writes) {
      try {
        const r = await this.commit(ctx, db, [w]);
        writeResults.push(r.writeResults[0]);
        status.push({});
      } catch (e) {
        const err = e instanceof RpcError ? e : new RpcError(Code.INTERNAL, String(e));
        writeResults.push({});
        status.push({ code: err.code, message: err.message });
      }
    }
    return { writeResults, status };
  }

  // ---- FirestoreService ----------------------------------------------------------------------

  async unary(method: UnaryMethod, request: JsonObject, ctx: CallContext): Promise<JsonObject> {
    switch (method) {
      case 'GetDocument':
        return this.getDocument(request, ctx);
      case 'Commit':
        return this.commitRpc(request, ctx);
      case 'BatchWrite':
        return this.batchWrite(request, ctx);
      case 'BeginTransaction': {
        const db = this.database(parseDatabaseName(String(request.database ?? '')));
        return { transaction: this.beginTransaction(db, asObject(request.options)).id };
      }
      case 'Rollback': {
        const db = this.database(parseDatabaseName(String(request.database ?? '')));
        const txn =
          typeof request.transaction === 'string' ? db.txns.get(request.transaction) : undefined;
        if (!txn) {
          throw new RpcError(
            Code.INVALID_ARGUMENT,
            'The referenced transaction has expired or is no longer valid.',
          );
        }
        db.locks.release(txn);
        db.txns.delete(txn.id);
        return {};
      }
      case 'ListDocuments':
        return this.listDocuments(request, ctx);
      case 'ListCollectionIds':
        if (ctx.caller.kind !== 'owner') {
          // As the official emulator: client SDKs cannot list collections.
          throw new RpcError(
            Code.PERMISSION_DENIED,
            'Metadata operations require admin authentication.',
          );
        }
        return this.listCollectionIds(request);
      case 'PartitionQuery':
        return this.partitionQuery(request);
      case 'CreateDocument': {
        const parent = parseParentName(request.parent);
        const db = this.database(parent);
        const collectionId = checkCollectionId(request.collectionId);
        const id = (request.documentId as string | undefined) || autoId();
        const name = `${db.name}/documents/${parent.path ? parent.path + '/' : ''}${collectionId}/${id}`;
        const doc = asObject(request.document) ?? {};
        await this.commit(ctx, db, [
          { update: { name, fields: doc.fields ?? {} }, currentDocument: { exists: false } },
        ]);
        const stored = db.store.get(parseDocumentName(name).path);
        if (!stored) throw new RpcError(Code.INTERNAL, 'Created document vanished.');
        return docToJson(maskDoc(stored, request.mask));
      }
      case 'UpdateDocument': {
        const doc = asObject(request.document);
        if (!doc) throw new RpcError(Code.INVALID_ARGUMENT, 'Missing document.');
        const r = parseDocumentName(doc.name);
        const db = this.database(r);
        const w: JsonObject = { update: { name: doc.name ?? null, fields: doc.fields ?? {} } };
        if (request.updateMask) w.updateMask = request.updateMask;
        if (request.currentDocument) w.currentDocument = request.currentDocument;
        await this.commit(ctx, db, [w]);
        const stored = db.store.get(r.path);
        if (!stored) throw new RpcError(Code.INTERNAL, 'Updated document vanished.');
        return docToJson(maskDoc(stored, request.mask));
      }
      case 'DeleteDocument': {
        const r = parseDocumentName(request.name);
        const db = this.database(r);
        const w: JsonObject = { delete: request.name ?? null };
        if (request.currentDocument) w.currentDocument = request.currentDocument;
        await this.commit(ctx, db, [w]);
        return {};
      }
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
    if (request.explainOptions) {
      throw new RpcError(Code.UNIMPLEMENTED, 'Query explain is not supported by this emulator.');
    }
    switch (method) {
      case 'BatchGetDocuments':
        return this.batchGet(request, ctx, emit);
      case 'RunQuery':
        return this.runQuery(request, ctx, emit);
      case 'RunAggregationQuery':
        return this.runAggregation(request, ctx, emit);
      default:
        throw new RpcError(Code.UNIMPLEMENTED, `Method ${String(method)} is not implemented.`);
    }
  }

  openStream(method: BidiStreamMethod, ctx: CallContext, peer: StreamPeer): StreamHandler {
    if (method === 'Listen') return new ListenSession(this, ctx, peer);
    if (method === 'Write') return new WriteSession(this, ctx, peer);
    throw new RpcError(Code.UNIMPLEMENTED, `Method ${String(method)} is not implemented.`);
  }

  /** Resolves a resource name to its database (for streams). */
  databaseOfName(name: string): Database {
    return this.database(parseDatabaseName(name));
  }

  /** The database a Listen/Write stream addresses: its first message's `database`, else the call's. */
  streamDatabase(firstMessage: JsonObject, ctx: CallContext): Database {
    const name = firstMessage.database;
    return typeof name === 'string' && name
      ? this.databaseOfName(name)
      : this.database({ projectId: ctx.projectId, databaseId: ctx.databaseId });
  }

  resourceOf(name: Json | undefined): ReturnType<typeof parseResourceName> {
    return parseResourceName(name);
  }
}

interface ParsedTransform {
  segs: string[];
  kind: 'serverTime' | 'increment' | 'maximum' | 'minimum' | 'union' | 'remove';
  value: Value;
}

interface ParsedWrite {
  kind: 'update' | 'delete' | 'transform' | 'verify';
  name: string;
  path: string;
  fields: Fields;
  mask?: string[][];
  transforms: ParsedTransform[];
  exists?: boolean;
  updateTime?: number;
}

function parseTransform(t: JsonObject): ParsedTransform {
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

function applyTransform(
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
      if (!isNum(cur)) next = t.value;
      else if ('integerValue' in cur && 'integerValue' in t.value) {
        next = {
          integerValue: clampInt64(
            BigInt(cur.integerValue as string) + BigInt(t.value.integerValue as string),
          ).toString(),
        };
      } else {
        const a = 'integerValue' in cur ? Number(cur.integerValue) : doubleOf(cur.doubleValue);
        const b =
          'integerValue' in t.value ? Number(t.value.integerValue) : doubleOf(t.value.doubleValue);
        next = { doubleValue: doubleToJson(a + b) };
      }
      break;
    case 'maximum':
    case 'minimum': {
      if (!isNum(cur)) {
        next = t.value;
      } else {
        const c = compareValues(t.value, cur);
        const nan = (v: Value) => 'doubleValue' in v && Number.isNaN(doubleOf(v.doubleValue));
        if (nan(cur) || nan(t.value)) next = nan(cur) ? cur : t.value;
        else next = (t.kind === 'maximum' ? c > 0 : c < 0) ? t.value : cur;
      }
      break;
    }
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

function checkPrecondition(w: ParsedWrite, before: DocVersion | null): void {
  if (w.exists === true && !before) {
    throw new RpcError(Code.NOT_FOUND, `No document to update: ${w.name}`);
  }
  if (w.exists === false && before) {
    throw new RpcError(Code.ALREADY_EXISTS, `Document already exists: ${w.name}`);
  }
  if (w.updateTime !== undefined && (!before || before.updateTime !== w.updateTime)) {
    throw new RpcError(
      Code.FAILED_PRECONDITION,
      before
        ? `The update time precondition failed for document ${w.name}: it was last updated at ${microsToString(before.updateTime)}.`
        : `No document to update: ${w.name}`,
    );
  }
}

function checkSize(d: DocVersion): void {
  const nameSize = d.path.split('/').reduce((s, p) => s + Buffer.byteLength(p) + 1, 16);
  const size = nameSize + fieldsSize(d.fields) + 32;
  if (size > MAX_DOCUMENT_SIZE) {
    throw new RpcError(
      Code.INVALID_ARGUMENT,
      `Document '${d.name}' cannot be written because its size (${size.toLocaleString('en-US')} bytes) exceeds the maximum allowed size of 1,048,576 bytes.`,
    );
  }
}

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

const AUTO_ID_CHARS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

function autoId(): string {
  const bytes = randomBytes(20);
  let s = '';
  for (let i = 0; i < 20; i++) s += AUTO_ID_CHARS[bytes[i] % AUTO_ID_CHARS.length];
  return s;
}

/** Serialises documents for the wire. */
export { docToJson };
