/** The databases an engine serves: each with its store, listeners, locks and open transactions. */
import { dbPath, type DbName } from '../model/paths.js';
import { Code, RpcError } from '../service.js';
import { Store } from './store.js';
import type { IndexOptions } from './store-index.js';
import type { DocChange } from '../model/document.js';
import { LockTable, type LockOwner } from './locks.js';

/** A transaction's state. */
export interface Txn extends LockOwner {
  id: string;
  db: Database;
  readOnly: boolean;
  readTime?: number;
  /** Date.now() of the last request that used it (idle transactions are swept). */
  lastActive: number;
}

/** What a database tells after each commit (a Listen stream). */
export interface CommitListener {
  /** Called synchronously after every commit to the database. */
  onCommit(changes: DocChange[], time: number): void;
  /** Ends the listener with an error. */
  fail(e: unknown): void;
  /** Server-side shutdown of the listener. */
  close(): void;
}

/** Told of every commit to any database (the console's live view). */
export type CommitObserver = (db: Database, changes: DocChange[]) => void;

/** One database (project + database id): its store, listeners, locks and transactions. */
export class Database {
  readonly store: Store;
  readonly listeners = new Set<CommitListener>();
  readonly locks = new LockTable();
  readonly txns = new Map<string, Txn>();
  readonly retryPriority = new Map<string, number>();
  /** Reads at or after this time see complete history (it moves on recovery and on clear). */
  historyFloor = 0;
  constructor(
    readonly name: string,
    readonly id: DbName,
    private readonly observers: ReadonlySet<CommitObserver> = new Set(),
    /** How the store's indexes are laid out (tests make them small to exercise their edges). */
    indexOptions: IndexOptions = {},
  ) {
    this.store = new Store(name, indexOptions);
  }

  /** Hands a commit to every listener; one failing listener is closed without affecting the commit. */
  notify(changes: DocChange[], time: number): void {
    for (const o of this.observers) o(this, changes);
    for (const l of this.listeners) {
      try {
        l.onCommit(changes, time);
      } catch (e) {
        l.fail(e);
      }
    }
  }

  /** The path below `documents` of a document name in this database, else null. */
  pathIn(name: string): string | null {
    const prefix = this.name + '/documents/';
    return name.startsWith(prefix) ? name.slice(prefix.length) : null;
  }
}

/** The registry of databases (created on first use), restricted to one project when asked. */
export class Databases {
  private readonly dbs = new Map<string, Database>();
  private recoveredAt = 0;
  /** Observers of every database's commits (see CommitObserver). */
  readonly observers = new Set<CommitObserver>();
  /** Called with each database created from now on (the engine sets up its indexes). */
  onCreate?: (db: Database) => void;

  constructor(private readonly projectId?: string) {}

  /** The database object (created on first use); PERMISSION_DENIED for another project. */
  get(id: DbName): Database {
    if (this.projectId && id.projectId !== this.projectId) {
      throw new RpcError(
        Code.PERMISSION_DENIED,
        `This emulator serves only project "${this.projectId}", not "${id.projectId}".`,
      );
    }
    const name = dbPath(id);
    let db = this.dbs.get(name);
    if (!db) {
      db = new Database(name, id, this.observers);
      db.historyFloor = this.recoveredAt;
      this.dbs.set(name, db);
      this.onCreate?.(db);
    }
    return db;
  }

  all(): Database[] {
    return [...this.dbs.values()];
  }

  /** History before `time` is incomplete in every database, present and future. */
  setHistoryFloor(time: number): void {
    for (const db of this.dbs.values()) db.historyFloor = time;
    this.recoveredAt = time;
  }
}
