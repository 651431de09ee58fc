/** Transactions: begin (with retry age), lookup, read modes (transaction, new transaction, read_time), idle sweep. */
import { randomBytes } from 'node:crypto';
import { Code, RpcError, type Json, type JsonObject } from '../service.js';
import { stringToMicros, type Clock } from '../model/time.js';
import type { Database, Txn } from './database.js';
import { asObject } from '../model/document.js';

/** A transaction unused this long is aborted by the sweep. */
export const TXN_IDLE_MS = 10 * 60_000;
export const TXN_EXPIRED = 'The referenced transaction has expired or is no longer valid.';

/** Consistent-read selector of a read request. */
export interface ReadMode {
  readTime?: number;
  txn?: Txn;
  /** Set when the read began the transaction (`new_transaction`): its id goes in the first reply. */
  newTxn?: Txn;
}

/** Begins, finds and ends transactions; parses the read options of read requests. */
export class Transactions {
  private lastPriority = 0;

  constructor(private readonly clock: Clock) {}

  begin(db: Database, options: JsonObject | undefined): Txn {
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
      id: randomBytes(16).toString('base64'),
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

  /** The open transaction `id` (touched), or INVALID_ARGUMENT. */
  get(db: Database, id: Json | undefined): Txn {
    const txn = typeof id === 'string' ? db.txns.get(id) : undefined;
    if (!txn) throw new RpcError(Code.INVALID_ARGUMENT, TXN_EXPIRED);
    txn.lastActive = Date.now();
    return txn;
  }

  /** Ends a transaction: its locks go and its id is no longer valid. */
  end(db: Database, txn: Txn): void {
    db.locks.release(txn);
    db.txns.delete(txn.id);
  }

  /** Rollback: ends an open transaction, or INVALID_ARGUMENT. */
  rollback(db: Database, id: Json | undefined): void {
    const txn = typeof id === 'string' ? db.txns.get(id) : undefined;
    if (!txn) throw new RpcError(Code.INVALID_ARGUMENT, TXN_EXPIRED);
    this.end(db, txn);
  }

  /** A read_time within the kept hour (microseconds). */
  parseReadTime(v: Json | undefined): number {
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

  /** The consistency selector of a read request (`transaction`, `newTransaction` or `readTime`). */
  readMode(db: Database, req: JsonObject): ReadMode {
    if (req.transaction !== undefined && req.transaction !== '') {
      const txn = this.get(db, req.transaction);
      return { txn, readTime: txn.readOnly ? txn.readTime : undefined };
    }
    if (req.newTransaction) {
      const txn = this.begin(db, asObject(req.newTransaction));
      return { txn, newTxn: txn, readTime: txn.readOnly ? txn.readTime : undefined };
    }
    if (req.readTime) return { readTime: this.parseReadTime(req.readTime) };
    return {};
  }

  /** Locks the documents a read-write transaction reads (in path order). */
  async lockReads(mode: ReadMode, paths: string[]): Promise<void> {
    const txn = mode.txn;
    if (!txn || txn.readOnly) return;
    for (const p of [...paths].sort()) await txn.db.locks.acquire(p, txn);
  }

  /** Aborts transactions idle for longer than TXN_IDLE_MS. */
  sweep(dbs: Database[]): void {
    for (const db of dbs) {
      for (const [id, t] of db.txns) {
        if (Date.now() - t.lastActive > TXN_IDLE_MS) {
          db.locks.abort(t, TXN_EXPIRED);
          db.txns.delete(id);
        }
      }
    }
  }
}
