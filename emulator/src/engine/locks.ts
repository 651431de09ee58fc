/** Exclusive document locks of read-write transactions (the official emulator's pessimistic locking, wound-wait). */

/** What holds locks: a read-write transaction. */
export interface LockOwner {
  /** Lower = older = wins lock conflicts (wound-wait). Kept across retries. */
  priority: number;
  locks: Set<string>;
  /** Set once the owner is wounded: its commit answers ABORTED with this text. */
  aborted?: string;
}

interface Waiter {
  owner: LockOwner | null;
  resolve: () => void;
  timer: NodeJS.Timeout;
}

/** A holder that keeps a lock this long while others wait is aborted. */
export const LOCK_TIMEOUT_MS = 5_000;
export const CONTENTION =
  'Aborted due to cross-transaction contention. This occurs when multiple transactions attempt to access the same data, requiring Firestore to abort at least one in order to enforce serializability.';
export const LOCK_TIMEOUT_MESSAGE = 'Transaction lock timeout.';

/** The lock table of one database. */
export class LockTable {
  private holders = new Map<string, LockOwner>();
  private waiters = new Map<string, Waiter[]>();

  /** The live holder of `path`, if any (an aborted holder's locks are dropped here). */
  holder(path: string): LockOwner | undefined {
    const h = this.holders.get(path);
    if (h?.aborted) {
      this.release(h);
      return undefined;
    }
    return h;
  }

  /** Takes the lock on `path` for `owner`; a null owner only waits until the path is free. */
  async acquire(path: string, owner: LockOwner | null): Promise<void> {
    for (;;) {
      // A wounded transaction reads on without locks; its commit fails with ABORTED.
      if (owner?.aborted) return;
      const h = this.holder(path);
      if (!h || h === owner) {
        if (owner) {
          this.holders.set(path, owner);
          owner.locks.add(path);
        }
        return;
      }
      if (owner && owner.priority < h.priority) {
        // Wound-wait: the older transaction aborts the younger holder.
        this.abort(h, CONTENTION);
        continue;
      }
      await new Promise<void>((resolve) => {
        const list = this.waiters.get(path) ?? [];
        const w: Waiter = {
          owner,
          resolve,
          timer: setTimeout(() => {
            // The holder stalled (e.g. a client that never commits): abort it.
            const cur = this.holders.get(path);
            if (cur) this.abort(cur, LOCK_TIMEOUT_MESSAGE);
            else this.wake(path);
          }, LOCK_TIMEOUT_MS),
        };
        list.push(w);
        this.waiters.set(path, list);
      });
    }
  }

  /**
   * Wounds an owner: its locks go, its pending lock waits end (the reads proceed unlocked, so
   * clients are not left with a failed read they would retry slowly) and its commit gets ABORTED.
   */
  abort(owner: LockOwner, reason: string): void {
    if (!owner.aborted) owner.aborted = reason;
    this.release(owner);
    for (const [path, list] of this.waiters) {
      for (const w of list.filter((x) => x.owner === owner)) {
        clearTimeout(w.timer);
        list.splice(list.indexOf(w), 1);
        w.resolve();
      }
      if (list.length === 0) this.waiters.delete(path);
    }
  }

  /** Drops every lock of `owner` and wakes their waiters. */
  release(owner: LockOwner): void {
    for (const path of owner.locks) {
      if (this.holders.get(path) === owner) {
        this.holders.delete(path);
        this.wake(path);
      }
    }
    owner.locks.clear();
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
