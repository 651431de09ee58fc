/**
 * Indexes built when the data loads rather than on a query's first use: which indexes a
 * collection needs (read from the composite indexes declared for it), and the background work
 * that builds them after the emulator is ready, in slices short enough that a request waits for
 * at most one slice.
 */
import { formatFieldPath, parseFieldPath } from '../model/paths.js';
import type { IndexDef } from '../query/index-plan.js';
import type { CollectionIndex, IndexSpec } from './store-index.js';

const NAME = '__name__';
/** How long one slice of background building may hold the event loop. */
const SLICE_MS = 8;

/**
 * The indexes the engine's queries use for the composite indexes declared on a collection: the
 * postings of each equality field and of the array-contains field, and the ordered index of the
 * field a query on it orders by (its last field).
 */
export function indexSpecsOf(defs: readonly IndexDef[], collPath: string): IndexSpec[] {
  const id = collPath.slice(collPath.lastIndexOf('/') + 1);
  const out = new Map<string, IndexSpec>();
  for (const def of defs) {
    if (def.collectionGroup !== id || def.queryScope !== 'COLLECTION') continue;
    const fields = def.fields.filter((f) => f.fieldPath !== NAME);
    fields.forEach((f, i) => {
      const segs = parseFieldPath(f.fieldPath);
      const key = formatFieldPath(segs);
      const kind: IndexSpec['kind'] = f.arrayConfig
        ? 'elements'
        : i === fields.length - 1
          ? 'ordered'
          : 'value';
      out.set(`${kind}:${key}`, { segs, key, kind });
    });
  }
  return [...out.values()];
}

/** The indexes recorded for a collection (its path) of a database (`projects/{p}/databases/{d}`). */
export type RecordedIndexes = (dbName: string, collPath: string) => readonly IndexSpec[];

/** One collection's indexes: those built, and those being built (in build order). */
export interface CollectionIndexes {
  database: string;
  collection: string;
  built: IndexSpec[];
  building: IndexSpec[];
  /** Those queries asked for, in the order they first did. */
  used: IndexSpec[];
}

/** `a`, then the specs of `b` that `a` lacks. */
export function mergeSpecs(a: IndexSpec[], b: readonly IndexSpec[]): IndexSpec[] {
  if (!b.length) return a;
  const seen = new Set(a.map(specName));
  return [...a, ...b.filter((s) => !seen.has(specName(s)))];
}

/** How an index is named in the record and the stats: its kind and field path. */
export function specName(s: IndexSpec): string {
  return `${s.kind} ${s.key}`;
}

/** Advances the builds of collections' indexes a slice at a time, between requests. */
export class IndexBuilder {
  private static held = false;
  private static readonly waiting = new Set<IndexBuilder>();
  private readonly queue = new Set<CollectionIndex>();
  private timer?: NodeJS.Immediate;
  private stopped = false;

  /**
   * Holds every builder of the process (`true`) or lets them go on: tests hold them to query
   * while builds are under way, whatever the machine's speed.
   */
  static hold(on: boolean): void {
    IndexBuilder.held = on;
    if (on) return;
    for (const b of IndexBuilder.waiting) b.timer ??= setImmediate(() => b.slice());
    IndexBuilder.waiting.clear();
  }

  add(ix: CollectionIndex): void {
    if (this.stopped) return;
    this.queue.add(ix);
    this.timer ??= setImmediate(() => this.slice());
  }

  /** The collections whose builds are not done (for the stats endpoint and the benches). */
  get pending(): number {
    return this.queue.size;
  }

  private slice(): void {
    this.timer = undefined;
    if (IndexBuilder.held) {
      IndexBuilder.waiting.add(this);
      return;
    }
    const deadline = performance.now() + SLICE_MS;
    for (const ix of this.queue) {
      if (!ix.step(deadline)) this.queue.delete(ix);
      if (performance.now() >= deadline) break;
    }
    if (this.queue.size && !this.stopped) this.timer = setImmediate(() => this.slice());
  }

  stop(): void {
    this.stopped = true;
    IndexBuilder.waiting.delete(this);
    this.queue.clear();
    if (this.timer) clearImmediate(this.timer);
    this.timer = undefined;
  }
}
