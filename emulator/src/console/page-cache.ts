/**
 * The sorted ids of the collections the console pages through, kept between pages so a page of a
 * 100,000-document collection is a binary search rather than a sort. A commit drops the lists of
 * the collections it touched (and of their ancestors, whose documents may become, or stop being,
 * missing documents with subcollections); nothing is observed while no list is kept.
 */
import type { Engine } from '../engine/index.js';
import type { CommitObserver, Database } from '../engine/database.js';

export interface Row {
  id: string;
  missing: boolean;
}

/** Collections kept at most (the console looks at a few at a time). */
const MAX_KEPT = 8;

export class PageCache {
  private readonly lists = new Map<string, Row[]>();
  private observing = false;

  constructor(private readonly engine: Engine) {}

  private readonly onCommit: CommitObserver = (db, changes) => {
    for (const c of changes) {
      const segs = c.path.split('/');
      for (let n = 1; n < segs.length; n += 2) {
        this.lists.delete(`${db.name}\0${segs.slice(0, n).join('/')}`);
      }
    }
    if (this.lists.size === 0) this.stop();
  };

  private stop(): void {
    if (!this.observing) return;
    this.engine.databases.observers.delete(this.onCommit);
    this.observing = false;
  }

  /** The collection's rows in id order, from the cache or built by `build`. */
  rows(db: Database, collection: string, build: () => Row[]): Row[] {
    const key = `${db.name}\0${collection}`;
    let rows = this.lists.get(key);
    if (rows) {
      // Most recently used last, so the oldest is dropped first.
      this.lists.delete(key);
      this.lists.set(key, rows);
      return rows;
    }
    rows = build();
    if (!this.observing) {
      this.engine.databases.observers.add(this.onCommit);
      this.observing = true;
    }
    this.lists.set(key, rows);
    if (this.lists.size > MAX_KEPT) this.lists.delete(this.lists.keys().next().value as string);
    return rows;
  }
}
