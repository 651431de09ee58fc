/** In-memory document store of one database, with recent history for read_time reads. */
import type { DocVersion } from '../model/document.js';
import { CollectionIndex } from './store-index.js';

interface Past {
  doc: DocVersion | null;
  since: number;
}

interface Slot {
  doc: DocVersion | null;
  /** When `doc` became current (update or delete time). */
  since: number;
  /** Earlier versions, oldest first. */
  hist?: Past[];
}

interface Collection {
  slots: Map<string, Slot>;
  live: number;
  /** Indexes of the current documents, once a query asked for them. */
  index?: CollectionIndex;
}

/** How long superseded versions stay readable at an older read_time (Firestore allows 1 hour). */
export const HISTORY_RETENTION_US = 60 * 60 * 1e6;
/** Superseded versions kept per document, at most. */
export const MAX_VERSIONS_PER_DOCUMENT = 100;

export class Store {
  /** Collection path (below `documents`) -> documents by id. */
  private readonly collections = new Map<string, Collection>();
  /** Time of the latest change; reads at or after it need no history. */
  lastChange = 0;

  private split(path: string): [string, string] {
    const i = path.lastIndexOf('/');
    return [path.slice(0, i), path.slice(i + 1)];
  }

  /** The document at `path` as of `readTime` (microseconds; undefined = now). */
  get(path: string, readTime?: number): DocVersion | null {
    const [coll, id] = this.split(path);
    const slot = this.collections.get(coll)?.slots.get(id);
    if (!slot) return null;
    return this.versionAt(slot, readTime);
  }

  private versionAt(slot: Slot, readTime?: number): DocVersion | null {
    if (readTime === undefined || readTime >= slot.since) return slot.doc;
    const hist = slot.hist;
    if (!hist) return null;
    for (let i = hist.length - 1; i >= 0; i--) if (hist[i].since <= readTime) return hist[i].doc;
    return null;
  }

  /** Replaces the document at `path` (null deletes) as of `time`. */
  put(path: string, doc: DocVersion | null, time: number, keepHistory = true): void {
    const [collPath, id] = this.split(path);
    let coll = this.collections.get(collPath);
    if (!coll) {
      if (!doc) return;
      coll = { slots: new Map(), live: 0 };
      this.collections.set(collPath, coll);
    }
    const slot = coll.slots.get(id);
    coll.index?.update(slot?.doc ?? null, doc);
    if (!slot) {
      if (!doc) return;
      coll.slots.set(id, { doc, since: time });
      coll.live++;
    } else {
      if (keepHistory) {
        const hist = slot.hist ?? [];
        hist.push({ doc: slot.doc, since: slot.since });
        const cutoff = time - HISTORY_RETENTION_US;
        while (hist.length > 1 && hist[1].since <= cutoff) hist.shift();
        // A hot document keeps its latest versions only (bounded memory under constant updates).
        if (hist.length > MAX_VERSIONS_PER_DOCUMENT)
          hist.splice(0, hist.length - MAX_VERSIONS_PER_DOCUMENT);
        slot.hist = hist;
      }
      if (slot.doc && !doc) coll.live--;
      if (!slot.doc && doc) coll.live++;
      slot.doc = doc;
      slot.since = time;
    }
    if (time > this.lastChange) this.lastChange = time;
  }

  /** Drops expired history and tombstones. */
  sweep(now: number): void {
    const cutoff = now - HISTORY_RETENTION_US;
    for (const [collPath, coll] of this.collections) {
      for (const [id, slot] of coll.slots) {
        if (slot.hist) {
          while (slot.hist.length && slot.hist[0].since <= cutoff && slot.since <= cutoff) {
            slot.hist.shift();
          }
          if (slot.hist.length === 0) slot.hist = undefined;
        }
        if (!slot.doc && !slot.hist && slot.since <= cutoff) coll.slots.delete(id);
      }
      if (coll.slots.size === 0) this.collections.delete(collPath);
    }
  }

  /**
   * The indexes of one collection's current documents (created on first use), or undefined when
   * the collection has never held a document. Valid for reads at `lastChange` or later only.
   */
  indexOf(collPath: string): CollectionIndex | undefined {
    const coll = this.collections.get(collPath);
    if (!coll) return undefined;
    if (!coll.index) {
      const slots = coll.slots;
      coll.index = new CollectionIndex(
        function* () {
          for (const slot of slots.values()) if (slot.doc) yield slot.doc;
        },
        (path) => slots.get(path.slice(path.lastIndexOf('/') + 1))?.doc ?? null,
      );
    }
    return coll.index;
  }

  clear(): void {
    this.collections.clear();
  }

  /** Documents of collections matching `pred(collectionPath)` as of `readTime`. */
  *scan(pred: (collPath: string) => boolean, readTime?: number): Generator<DocVersion> {
    for (const [collPath, coll] of this.collections) {
      if (!pred(collPath)) continue;
      for (const slot of coll.slots.values()) {
        const d = this.versionAt(slot, readTime);
        if (d) yield d;
      }
    }
  }

  /** Documents of exactly one collection. */
  *collection(collPath: string, readTime?: number): Generator<DocVersion> {
    const coll = this.collections.get(collPath);
    if (!coll) return;
    for (const slot of coll.slots.values()) {
      const d = this.versionAt(slot, readTime);
      if (d) yield d;
    }
  }

  /** Every live document (for snapshots). */
  *all(): Generator<DocVersion> {
    for (const coll of this.collections.values()) {
      for (const slot of coll.slots.values()) if (slot.doc) yield slot.doc;
    }
  }

  /** True if some document exists at or below collection paths starting with `prefix` + '/'. */
  private hasLiveUnder(collPath: string, readTime?: number): boolean {
    for (const [p, coll] of this.collections) {
      if (p !== collPath && !p.startsWith(collPath + '/')) continue;
      if (readTime === undefined) {
        if (coll.live > 0) return true;
      } else {
        for (const slot of coll.slots.values()) if (this.versionAt(slot, readTime)) return true;
      }
    }
    return false;
  }

  /** Ids of collections directly under `parentPath` ('' = root) that hold at least one document. */
  collectionIds(parentPath: string, readTime?: number): string[] {
    const ids = new Set<string>();
    const prefix = parentPath ? parentPath + '/' : '';
    for (const p of this.collections.keys()) {
      if (!p.startsWith(prefix)) continue;
      const rest = p.slice(prefix.length);
      const id = rest.split('/')[0];
      if (ids.has(id)) continue;
      if (this.hasLiveUnder(prefix + id, readTime)) ids.add(id);
    }
    return [...ids];
  }

  /** Ids of missing documents in `collPath` that have live descendants (ListDocuments show_missing). */
  missingWithChildren(collPath: string, readTime?: number): string[] {
    const out = new Set<string>();
    const prefix = collPath + '/';
    for (const p of this.collections.keys()) {
      if (!p.startsWith(prefix)) continue;
      const id = p.slice(prefix.length).split('/')[0];
      if (out.has(id) || this.get(`${collPath}/${id}`, readTime)) continue;
      if (this.hasLiveUnder(p, readTime)) out.add(id);
    }
    return [...out];
  }

  /** Live documents directly in one collection. */
  collectionSize(collPath: string): number {
    return this.collections.get(collPath)?.live ?? 0;
  }

  get documentCount(): number {
    let n = 0;
    for (const c of this.collections.values()) n += c.live;
    return n;
  }
}
