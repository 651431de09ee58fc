/**
 * In-memory document store of one database, with recent history for read_time reads. Every
 * document has an ordinal (a small integer, reused once the document and its history are gone);
 * its current version is packed (model/packed.ts) in the arena, its id as bytes (doc-ids.ts), its
 * times in typed arrays, so a million leads take about 0.5 KB each instead of 6 KB of objects.
 * Reads get a `DocVersion` view that unpacks its fields when first asked for them.
 */
import type { DocVersion } from '../model/document.js';
import { Packer } from '../model/packed.js';
import { Arena } from './arena.js';
import { DocIds } from './doc-ids.js';
import { IdTable } from './id-table.js';
import { indexSource, StoredDoc } from './store-views.js';
import {
  CollectionIndex,
  type IndexOptions,
  type IndexSource,
  type IndexSpec,
} from './store-index.js';

/** A superseded version (packed bytes, or null: no document then). */
interface Past {
  bytes: Buffer | null;
  createTime: number;
  updateTime: number;
  since: number;
}

interface Collection {
  path: string;
  /** Document id -> ordinal (current documents, deleted ones with history). */
  ords: IdTable;
  live: number;
  /** Indexes of the current documents, once a query (or the data's load) asked for them. */
  index?: CollectionIndex;
}

/** How long superseded versions stay readable at an older read_time (Firestore allows 1 hour). */
export const HISTORY_RETENTION_US = 60 * 60 * 1e6;
/** Superseded versions kept per document, at most. */
export const MAX_VERSIONS_PER_DOCUMENT = 100;
/** Documents loaded packed, with nothing to shorten, after which the rest are not checked. */
const SHORTEN_PROBE = 1000;
/** Views kept for reads that come back to the same documents (pages, listeners). */
const RECENT_VIEWS = 2048;

export class Store {
  readonly packer = new Packer();
  private readonly arena = new Arena();
  /** Collection path (below `documents`) -> its documents. */
  private readonly collections = new Map<string, Collection>();
  private collOf: (Collection | undefined)[] = [];
  /** Each ordinal's document id (as bytes: a million id strings took 190 MB of heap). */
  private readonly ids = new DocIds();
  private createTimes = new Float64Array(1024);
  private updateTimes = new Float64Array(1024);
  /** When the current state (a document or none) began. */
  private sinces = new Float64Array(1024);
  private readonly history = new Map<number, Past[]>();
  /** Ordinals with no current document, kept for their history until it expires. */
  private readonly tombstones = new Set<number>();
  private readonly free: number[] = [];
  private nextOrd = 0;
  private readonly recent = new Map<number, DocVersion>();
  /** Packed documents loaded that are still checked for earlier array strings (`shortened`). */
  private shortenProbe = SHORTEN_PROBE;
  /** Time of the latest change; reads at or after it need no history. */
  lastChange = 0;
  /**
   * The indexes a collection is known to need (from the composite indexes declared for it): set
   * once the data has loaded, so that a collection created later has them from its first document.
   */
  indexSpecs?: (collPath: string) => IndexSpec[];
  /** Advances in the background the builds that queries leave to it (set once the data has loaded). */
  onIndexBuild?: (ix: CollectionIndex) => void;

  constructor(
    /** `projects/{p}/databases/{d}`, the prefix of document names. */
    readonly dbName = '',
    private readonly indexOptions: IndexOptions = {},
  ) {}

  private split(path: string): [string, string] {
    const i = path.lastIndexOf('/');
    return [path.slice(0, i), path.slice(i + 1)];
  }

  /** A free ordinal for a new document of `coll` (its id goes in with `IdTable.getOrAdd`). */
  private newOrd(coll: Collection): number {
    const ord = this.free.length ? (this.free.pop() as number) : this.nextOrd++;
    if (ord >= this.createTimes.length) {
      const grow = (a: Float64Array) => {
        const b = new Float64Array(a.length * 2);
        b.set(a);
        return b;
      };
      this.createTimes = grow(this.createTimes);
      this.updateTimes = grow(this.updateTimes);
      this.sinces = grow(this.sinces);
    }
    this.collOf[ord] = coll;
    return ord;
  }

  private dropOrd(ord: number): void {
    const coll = this.collOf[ord] as Collection;
    coll.ords.remove(ord);
    this.collOf[ord] = undefined;
    this.ids.delete(ord);
    this.history.delete(ord);
    this.tombstones.delete(ord);
    this.recent.delete(ord);
    this.free.push(ord);
    if (coll.ords.size === 0 && coll.live === 0) {
      coll.index?.abandon();
      this.collections.delete(coll.path);
    }
  }

  private pathOf(ord: number): string {
    return `${(this.collOf[ord] as Collection).path}/${this.ids.id(ord)}`;
  }

  /** The current document of an ordinal (a view, or the version last written). */
  private view(ord: number): DocVersion | null {
    let d = this.recent.get(ord);
    if (d) {
      this.recent.delete(ord);
      this.recent.set(ord, d);
      return d;
    }
    const bytes = this.arena.get(ord);
    if (!bytes) return null;
    const path = this.pathOf(ord);
    d = new StoredDoc(
      `${this.dbName}/documents/${path}`,
      path,
      this.createTimes[ord],
      this.updateTimes[ord],
      Buffer.from(bytes),
      this.packer,
    );
    this.remember(ord, d);
    return d;
  }

  private remember(ord: number, d: DocVersion): void {
    this.recent.set(ord, d);
    if (this.recent.size > RECENT_VIEWS) {
      this.recent.delete(this.recent.keys().next().value as number);
    }
  }

  private pastView(ord: number, p: Past): DocVersion | null {
    if (!p.bytes) return null;
    const path = this.pathOf(ord);
    return new StoredDoc(
      `${this.dbName}/documents/${path}`,
      path,
      p.createTime,
      p.updateTime,
      p.bytes,
      this.packer,
    );
  }

  private ordAt(path: string): number | undefined {
    const [coll, id] = this.split(path);
    return this.collections.get(coll)?.ords.get(id);
  }

  /** The document at `path` as of `readTime` (microseconds; undefined = now). */
  get(path: string, readTime?: number): DocVersion | null {
    const ord = this.ordAt(path);
    if (ord === undefined) return null;
    return this.versionAt(ord, readTime);
  }

  private versionAt(ord: number, readTime?: number): DocVersion | null {
    if (readTime === undefined || readTime >= this.sinces[ord]) return this.view(ord);
    const hist = this.history.get(ord);
    if (!hist) return null;
    for (let i = hist.length - 1; i >= 0; i--) {
      if (hist[i].since <= readTime) return this.pastView(ord, hist[i]);
    }
    return null;
  }

  /** Replaces the document at `path` (null deletes) as of `time`. */
  put(path: string, doc: DocVersion | null, time: number, keepHistory = true): void {
    const [collPath, id] = this.split(path);
    let coll = this.collections.get(collPath);
    if (!coll) {
      if (!doc) return;
      coll = { path: collPath, ords: new IdTable(this.ids), live: 0 };
      this.collections.set(collPath, coll);
      const specs = this.indexSpecs?.(collPath) ?? [];
      if (specs.length) this.indexed(coll).ensure(specs);
    }
    const into = coll;
    const ord = coll.ords.getOrAdd(id, () => (doc ? this.newOrd(into) : undefined));
    if (ord === undefined) return;
    const had = this.arena.get(ord);
    if (had && keepHistory) {
      this.keep(ord, time, {
        bytes: Buffer.from(had),
        createTime: this.createTimes[ord],
        updateTime: this.updateTimes[ord],
        since: this.sinces[ord],
      });
    } else if (!had && keepHistory && this.sinces[ord] > 0 && this.tombstones.has(ord)) {
      this.keep(ord, time, { bytes: null, createTime: 0, updateTime: 0, since: this.sinces[ord] });
    }
    const bytes = doc ? this.packer.pack(doc.fields) : undefined;
    const target = ord;
    const write = () => {
      if (bytes) this.arena.set(target, bytes);
      else this.arena.delete(target);
    };
    if (coll.index) coll.index.update(ord, had, bytes && Buffer.from(bytes), write);
    else write();
    this.recent.delete(ord);
    if (doc) {
      this.createTimes[ord] = doc.createTime;
      this.updateTimes[ord] = doc.updateTime;
      this.tombstones.delete(ord);
      if (!had) coll.live++;
      this.remember(ord, doc);
    } else if (had) {
      coll.live--;
      this.tombstones.add(ord);
    }
    this.sinces[ord] = time;
    if (!doc && !this.history.has(ord)) this.dropOrd(ord);
    if (time > this.lastChange) this.lastChange = time;
  }

  /**
   * Adds a current document already packed with this store's name table (loading a snapshot):
   * no history, no packing, the bytes copied into the arena. Through `put` when the collection
   * has indexes already.
   */
  putPacked(path: string, bytes: Uint8Array, createTime: number, updateTime: number): void {
    const [collPath, id] = this.split(path);
    const coll = this.collections.get(collPath);
    if (coll?.index || this.indexSpecs) {
      const fields = this.packer.unpack(Buffer.from(bytes));
      const doc = {
        name: `${this.dbName}/documents/${path}`,
        path,
        fields,
        createTime,
        updateTime,
      };
      this.put(path, doc, updateTime, false);
      return;
    }
    let c = coll;
    if (!c) {
      c = { path: collPath, ords: new IdTable(this.ids), live: 0 };
      this.collections.set(collPath, c);
    }
    const into = c;
    const ord = c.ords.getOrAdd(id, () => this.newOrd(into)) as number;
    if (!this.arena.has(ord)) c.live++;
    this.arena.set(ord, this.shortened(bytes));
    this.recent.delete(ord);
    this.tombstones.delete(ord);
    this.createTimes[ord] = createTime;
    this.updateTimes[ord] = updateTime;
    this.sinces[ord] = updateTime;
    if (updateTime > this.lastChange) this.lastChange = updateTime;
  }

  /**
   * Bytes loaded as packed, with array strings written before their one-byte form shortened (a
   * lead's search keys: about 200 bytes more each, in memory and in every later snapshot). Data
   * holding such documents has them from its first ones (the oldest ordinals), so the check (0.5
   * s of a million leads' load) stops after `SHORTEN_PROBE` documents with nothing to shorten.
   */
  private shortened(bytes: Uint8Array): Uint8Array {
    if (this.shortenProbe <= 0) return bytes;
    const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const out = this.packer.shortened(buf);
    this.shortenProbe = out ? Infinity : this.shortenProbe - 1;
    return out ?? bytes;
  }

  private keep(ord: number, time: number, past: Past): void {
    const hist = this.history.get(ord) ?? [];
    hist.push(past);
    const cutoff = time - HISTORY_RETENTION_US;
    while (hist.length > 1 && hist[1].since <= cutoff) hist.shift();
    // A hot document keeps its latest versions only (bounded memory under constant updates).
    if (hist.length > MAX_VERSIONS_PER_DOCUMENT)
      hist.splice(0, hist.length - MAX_VERSIONS_PER_DOCUMENT);
    this.history.set(ord, hist);
  }

  /** Drops expired history and tombstones. */
  sweep(now: number): void {
    const cutoff = now - HISTORY_RETENTION_US;
    for (const [ord, hist] of this.history) {
      while (hist.length && hist[0].since <= cutoff && this.sinces[ord] <= cutoff) hist.shift();
      if (hist.length === 0) this.history.delete(ord);
    }
    for (const ord of [...this.tombstones]) {
      if (!this.history.has(ord) && this.sinces[ord] <= cutoff) this.dropOrd(ord);
    }
  }

  private source(coll: Collection): IndexSource {
    return indexSource(coll.ords, {
      packer: this.packer,
      arena: this.arena,
      ids: this.ids,
      doc: (ord) => this.view(ord) as DocVersion,
      ordAt: (path) => this.ordAt(path),
    });
  }

  /**
   * The indexes of one collection's current documents (created on first use), or undefined when
   * the collection has never held a document. Valid for reads at `lastChange` or later only.
   */
  indexOf(collPath: string): CollectionIndex | undefined {
    const coll = this.collections.get(collPath);
    return coll && this.indexed(coll);
  }

  private indexed(coll: Collection): CollectionIndex {
    coll.index ??= new CollectionIndex(this.source(coll), this.indexOptions);
    coll.index.onSchedule = this.onIndexBuild;
    return coll.index;
  }

  /**
   * Starts building in the background the indexes `indexSpecs` names for each collection; returns
   * the collections' indexes that have builds to advance (`CollectionIndex.step`).
   */
  scheduleIndexes(): CollectionIndex[] {
    const out: CollectionIndex[] = [];
    for (const coll of this.collections.values()) {
      const specs = this.indexSpecs?.(coll.path) ?? [];
      if (!specs.length) continue;
      const ix = this.indexed(coll);
      ix.schedule(specs);
      if (ix.building) out.push(ix);
    }
    return out;
  }

  /** Each collection that has indexes (built or being built), by its path. */
  *indexedCollections(): Generator<[string, CollectionIndex]> {
    for (const coll of this.collections.values()) if (coll.index) yield [coll.path, coll.index];
  }

  clear(): void {
    for (const coll of this.collections.values()) coll.index?.abandon();
    this.collections.clear();
    this.history.clear();
    this.tombstones.clear();
    this.recent.clear();
    this.free.length = 0;
    this.nextOrd = 0;
    this.collOf = [];
    this.ids.clear();
    this.arena.clear();
  }

  private *docsOf(coll: Collection, readTime?: number): Generator<DocVersion> {
    for (const ord of coll.ords.ords()) {
      const d = this.versionAt(ord, readTime);
      if (d) yield d;
    }
  }

  /** Whether the document at `path` was written (created, changed or deleted) after `time`. */
  writtenAfter(path: string, time: number): boolean {
    const ord = this.ordAt(path);
    return ord !== undefined && this.sinces[ord] > time;
  }

  /**
   * The versions at `time` of the documents of `collPath` written after it (those that existed
   * then), from the kept history. With the current documents not written after `time`, they are
   * all a read at `time` sees: a read in the past costs the writes since, not the collection.
   */
  *pastVersions(collPath: string, time: number): Generator<DocVersion> {
    const coll = this.collections.get(collPath);
    if (!coll) return;
    for (const ord of this.history.keys()) {
      if (this.collOf[ord] !== coll || this.sinces[ord] <= time) continue;
      const d = this.versionAt(ord, time);
      if (d) yield d;
    }
  }

  /** Documents of collections matching `pred(collectionPath)` as of `readTime`. */
  *scan(pred: (collPath: string) => boolean, readTime?: number): Generator<DocVersion> {
    for (const [collPath, coll] of this.collections) {
      if (pred(collPath)) yield* this.docsOf(coll, readTime);
    }
  }

  /** Documents of exactly one collection. */
  *collection(collPath: string, readTime?: number): Generator<DocVersion> {
    const coll = this.collections.get(collPath);
    if (coll) yield* this.docsOf(coll, readTime);
  }

  /** Every live document (for snapshots). */
  *all(): Generator<DocVersion> {
    for (const coll of this.collections.values()) yield* this.docsOf(coll);
  }

  /**
   * Every live document packed, as of the call: the bytes are views that later writes do not
   * change (the arena never overwrites), so a snapshot written over several turns holds this state.
   */
  packedDocs(): { path: string; bytes: Buffer; createTime: number; updateTime: number }[] {
    const out: { path: string; bytes: Buffer; createTime: number; updateTime: number }[] = [];
    for (const coll of this.collections.values()) {
      for (const ord of coll.ords.ords()) {
        const bytes = this.arena.get(ord);
        if (bytes) {
          out.push({
            path: this.pathOf(ord),
            bytes,
            createTime: this.createTimes[ord],
            updateTime: this.updateTimes[ord],
          });
        }
      }
    }
    return out;
  }

  /** True if some document exists at or below collection paths starting with `prefix` + '/'. */
  private hasLiveUnder(collPath: string, readTime?: number): boolean {
    for (const [p, coll] of this.collections) {
      if (p !== collPath && !p.startsWith(collPath + '/')) continue;
      if (readTime === undefined) {
        if (coll.live > 0) return true;
      } else {
        for (const ord of coll.ords.ords()) if (this.versionAt(ord, readTime)) return true;
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
