/**
 * In-memory indexes of one collection's current documents, over the store's document ordinals:
 * ordered indexes (a field's value, then the document id, as Firestore orders them) in chunked
 * sorted lists, and postings (value -> documents, for `==`, `in`, `array-contains`). They are
 * built in bulk or in the background (when the data loads, or after a query's first use) and kept
 * on every change. They hold the latest version only; reads at an older time scan the store's
 * history instead.
 */
import type { DocVersion } from '../model/document.js';
import { compareValues } from '../model/values.js';
import { byPosition, idRanking, idRanks } from './doc-ids.js';
import { KeyReads } from './key-reads.js';
import type { OrdSet } from './ord-set.js';
import { OrderedIndex, type IndexSource } from './ordered-index.js';
import { Postings, type PostingOptions } from './postings.js';

export type { FrozenDocs, IndexSource } from './ordered-index.js';

export interface IndexOptions extends PostingOptions {
  /** Entries per chunk of an ordered index. */
  chunk?: number;
}

/** What to index: a field's order, or its postings (of its value, or of its array's elements). */
export interface IndexSpec {
  segs: string[];
  key: string;
  kind: 'ordered' | 'value' | 'elements';
}

/** An index being built in the background, and the documents written since it began. */
interface Build {
  spec: IndexSpec;
  steps: Generator<void, void, void>;
  /** Each document changed since the build began, with its bytes then (undefined: none). */
  touched: Map<number, Buffer | undefined>;
  /** Brings the built index up to date with `touched` and puts it in use. */
  install(): void;
}

const BUILD_ORDER: Record<IndexSpec['kind'], number> = { value: 0, ordered: 1, elements: 2 };

const fullKey = (s: IndexSpec) =>
  (s.kind === 'ordered' ? 'o:' : s.kind === 'elements' ? 'a:' : 'v:') + s.key;

/**
 * The indexes of one collection: each created in bulk ahead of use (`ensure`), or built in the
 * background a slice at a time (`schedule`, `step`); a query that needs one not built yet reads
 * around it (`orderedLater`, `postingsLater`) and moves its build to the front.
 */
export class CollectionIndex {
  private readonly ordered = new Map<string, OrderedIndex>();
  private readonly postings = new Map<string, Postings>();
  private readonly builds = new Map<string, Build>();
  /** The indexes queries asked for, in the order they first did. */
  private readonly used = new Map<string, IndexSpec>();
  /**
   * Told when a query leaves an index to build in the background (the engine's builder advances
   * it); unset, a query builds what it needs at once.
   */
  onSchedule?: (ix: CollectionIndex) => void;
  /** The builds queries wait for (read around), in the order they last asked. */
  private asked = new Set<string>();
  /** See `lackingField`. */
  private readonly lacking = new Map<string, { probe: OrderedIndex; ords: Set<number> }>();
  /** What reads around postings not built yet found (see `keyRead`). */
  private readonly reads = new KeyReads();

  constructor(
    private readonly src: IndexSource,
    private readonly opts: IndexOptions = {},
  ) {}

  doc(ord: number): DocVersion {
    return this.src.doc(ord);
  }

  ordOf(path: string): number {
    return this.src.ordOf(path);
  }

  private built(s: IndexSpec): boolean {
    return s.kind === 'ordered' ? this.ordered.has(s.key) : this.postings.has(fullKey(s));
  }

  /** Builds the indexes of `specs` that do not exist yet (finishing those being built). */
  ensure(specs: IndexSpec[]): void {
    for (const s of specs) {
      const b = this.builds.get(fullKey(s));
      if (b) this.finish(fullKey(s), b);
    }
    const missing = specs.filter((s) => !this.built(s));
    if (!missing.length) return;
    const ords = this.src.ords();
    const rank = missing.some((s) => s.kind === 'ordered')
      ? idRanks(byPosition(this.src.idBytes, ords), ords.length)
      : undefined;
    for (const s of missing) {
      if (s.kind === 'ordered') {
        const ix = new OrderedIndex(s.segs, this.src, this.opts.chunk);
        ix.load(ords, rank as Int32Array);
        this.ordered.set(s.key, ix);
      } else {
        const p = new Postings(s.segs, s.kind === 'elements', this.src, this.opts);
        p.load(ords);
        this.postings.set(fullKey(s), p);
        this.reads.forget(fullKey(s));
      }
    }
  }

  /**
   * Starts building the indexes of `specs` that neither exist nor are being built, from the
   * documents as of now; `step` advances them. Writes meanwhile are noted, and applied to each
   * index when its build is done.
   */
  schedule(specs: IndexSpec[]): void {
    // Cheapest first, so that most indexes are ready soonest and a query that must finish one
    // waits behind no other: a field's postings (a key per document), then orders (a sort), then
    // array elements (a key per element; at 100,000 leads `search_keys` took 3.6 s, a field's
    // postings 20-110 ms).
    const missing = specs
      .filter((s) => !this.built(s) && !this.builds.has(fullKey(s)))
      .sort((a, b) => BUILD_ORDER[a.kind] - BUILD_ORDER[b.kind]);
    if (!missing.length) return;
    const view = this.src.frozen();
    // One ranking of the ids for every order, whichever of them a query moves to the front.
    const ranking = idRanking(view.ids, view.ords.length);
    let rank: Int32Array | undefined;
    for (const s of missing) {
      const touched = new Map<number, Buffer | undefined>();
      if (s.kind === 'ordered') {
        const ix = new OrderedIndex(s.segs, this.src, this.opts.chunk);
        const steps = (function* () {
          while (!rank) {
            const r = ranking.next();
            if (r.done) rank = r.value;
            else yield;
          }
          yield* ix.loading(view.ords, rank, (o) => view.bytes(o));
        })();
        const install = () => {
          if (touched.size) {
            ix.list.load(ix.list.toArray().filter((o) => !touched.has(o)));
            for (const o of touched.keys()) if (this.src.bytes(o)) ix.add(o);
          }
          this.ordered.set(s.key, ix);
        };
        this.builds.set(fullKey(s), { spec: s, steps, touched, install });
      } else {
        const p = new Postings(s.segs, s.kind === 'elements', this.src, this.opts);
        const install = () => {
          // Every old entry out before any new one goes in: adding a document can promote its
          // key to an exact set, which reads the other documents under that hash as they are
          // now, and one deleted during the build (still under it until removed) would be left
          // behind there.
          for (const [o, was] of touched) p.remove(o, was);
          for (const o of touched.keys()) p.add(o);
          this.postings.set(fullKey(s), p);
          this.reads.forget(fullKey(s));
        };
        this.builds.set(fullKey(s), {
          spec: s,
          steps: p.loading(view.ords, view),
          touched,
          install,
        });
      }
    }
  }

  /** Documents `ords` in the order of field `segs` (then id), the index built or not. */
  sortedBy(segs: string[], key: string, ords: number[]): number[] {
    return (this.ordered.get(key) ?? this.probe(segs)).sorted(ords);
  }

  /**
   * Whether a query reads around the ordered index of a field rather than wait for it: it is
   * being built (it is built next), or it does not exist and a background builder builds it
   * (`onSchedule`; without one, the query builds it). Read around: `probe(segs)`.
   */
  orderedLater(segs: string[], key: string): boolean {
    if (this.ordered.has(key)) return false;
    return this.later({ segs, key, kind: 'ordered' });
  }

  /**
   * Whether the postings of a field are left to the background builder for now (see
   * `orderedLater`): a query reads around them (`keyCheck`).
   */
  postingsLater(segs: string[], key: string, elements: boolean): boolean {
    if (this.postings.has((elements ? 'a:' : 'v:') + key)) return false;
    return this.later({ segs, key, kind: elements ? 'elements' : 'value' });
  }

  private later(spec: IndexSpec): boolean {
    const k = fullKey(spec);
    this.use(k, spec);
    if (!this.builds.has(k)) {
      if (!this.onSchedule) return false;
      this.schedule([spec]);
      this.onSchedule(this);
    }
    this.toFront(k);
    return true;
  }

  /**
   * Moves build `k` to the front of the queue, with the others queries wait for: the cheapest
   * kind first (a field's postings take a fraction of an order's time, and a count needs no more),
   * the latest asked first within a kind.
   */
  private toFront(k: string): void {
    this.asked.delete(k);
    this.asked.add(k);
    const asked = [...this.asked].reverse().filter((a) => this.builds.has(a));
    asked.sort(
      (a, b) =>
        BUILD_ORDER[(this.builds.get(a) as Build).spec.kind] -
        BUILD_ORDER[(this.builds.get(b) as Build).spec.kind],
    );
    const rest = [...this.builds].filter(([other]) => !this.asked.has(other));
    const first = asked.map((a): [string, Build] => [a, this.builds.get(a) as Build]);
    this.builds.clear();
    for (const [key, b] of [...first, ...rest]) this.builds.set(key, b);
    this.asked = new Set(asked.reverse());
  }

  /** Whether the ordered index of a field is built. */
  hasOrdered(key: string): boolean {
    return this.ordered.has(key);
  }

  /**
   * The current documents without a field whose ordered index is not built (what a count in its
   * order leaves out; mostly none): read once from the documents' bytes, then kept on every write
   * until that index is built.
   */
  lackingField(segs: string[], key: string): Set<number> {
    let l = this.lacking.get(key);
    if (!l) {
      const probe = this.probe(segs);
      l = { probe, ords: new Set() };
      for (const o of this.src.ords()) if (!probe.holds(o)) l.ords.add(o);
      this.lacking.set(key, l);
    }
    return l.ords;
  }

  /** A field's order over the current documents, without its index (to sort, or pick the first). */
  probe(segs: string[]): OrderedIndex {
    return new OrderedIndex(segs, this.src);
  }

  /**
   * Reads a field's keys from the documents' own bytes (`holds`), for a query that comes while
   * the field's postings are being built: it need not wait for the build.
   */
  keyCheck(segs: string[], elements: boolean): Postings {
    return new Postings(segs, elements, this.src, this.opts);
  }

  /**
   * The current documents holding `key` in a field (its `elements`) whose postings are not built,
   * if a read around them passed over every document since they were scheduled (kept on every
   * write since): what the postings would give.
   */
  keyRead(field: string, elements: boolean, key: string): OrdSet | undefined {
    return this.reads.get((elements ? 'a:' : 'v:') + field, key);
  }

  /** Keeps what a read around a field's postings found for `key` over every document. */
  keepKeyRead(segs: string[], field: string, elements: boolean, key: string, ords: OrdSet): void {
    const k = (elements ? 'a:' : 'v:') + field;
    if (!this.postings.has(k)) this.reads.keep(k, this.keyCheck(segs, elements), key, ords);
  }

  /** The ordinals of the current documents, ascending. */
  ords(): number[] {
    return this.src.ords();
  }

  /** Whether indexes are being built. */
  get building(): boolean {
    return this.builds.size > 0;
  }

  /**
   * Advances the builds until `deadline` (a `performance.now()` time) or for `steps` steps at
   * most; false once all are done.
   */
  step(deadline: number, steps = Infinity): boolean {
    let left = steps;
    for (const [key, b] of this.builds) {
      let done = false;
      while (!done && left-- > 0 && performance.now() < deadline) {
        done = b.steps.next().done === true;
      }
      if (done) {
        this.builds.delete(key);
        b.install();
      } else break;
    }
    return this.builds.size > 0;
  }

  private finish(key: string, b: Build): void {
    while (!b.steps.next().done) continue;
    this.builds.delete(key);
    b.install();
  }

  /** Stops the builds (the collection's documents are gone). */
  abandon(): void {
    this.builds.clear();
    this.reads.clear();
  }

  /** The ordered index of a field path (`['__name__']` for names). */
  orderedBy(segs: string[], key: string): OrderedIndex {
    this.use('o:' + key, { segs, key, kind: 'ordered' });
    if (!this.ordered.has(key)) this.ensure([{ segs, key, kind: 'ordered' }]);
    return this.ordered.get(key) as OrderedIndex;
  }

  /** Postings of a field's values, or of its array elements (`elements`). */
  postingsOf(segs: string[], key: string, elements: boolean): Postings {
    const k = (elements ? 'a:' : 'v:') + key;
    this.use(k, { segs, key, kind: elements ? 'elements' : 'value' });
    if (!this.postings.has(k)) this.ensure([{ segs, key, kind: elements ? 'elements' : 'value' }]);
    return this.postings.get(k) as Postings;
  }

  private use(k: string, s: IndexSpec): void {
    if (!this.used.has(k)) this.used.set(k, s);
  }

  /**
   * The indexes queries asked for, in the order they first did (for the record of what to build
   * at the next start, and in what order).
   */
  usedSpecs(): IndexSpec[] {
    return [...this.used.values()];
  }

  /** The indexes that exist. */
  specs(): IndexSpec[] {
    const out: IndexSpec[] = [];
    for (const [key, ix] of this.ordered) out.push({ segs: ix.segs, key, kind: 'ordered' });
    for (const [k, p] of this.postings) {
      out.push({ segs: p.segs, key: k.slice(2), kind: p.elements ? 'elements' : 'value' });
    }
    return out;
  }

  /** The indexes being built in the background, in the order they are built. */
  buildingSpecs(): IndexSpec[] {
    return [...this.builds.values()].map((b) => b.spec);
  }

  /**
   * Keeps every index in step with one document's change from `before` to `after` (packed bytes;
   * undefined: no document). `write` stores the new bytes: entries are taken out of the ordered
   * indexes while the store still has the old ones, and put back once it has the new ones.
   */
  update(
    ord: number,
    before: Buffer | undefined,
    after: Buffer | undefined,
    write: () => void,
  ): void {
    for (const b of this.builds.values()) if (!b.touched.has(ord)) b.touched.set(ord, before);
    const readd: OrderedIndex[] = [];
    for (const ix of this.ordered.values()) {
      if (ix.byName) {
        if (before && !after) ix.remove(ord, undefined);
        else if (!before && after) readd.push(ix);
        continue;
      }
      const a = before && ix.valueOf(before);
      const b = after && ix.valueOf(after);
      if (a && b && compareValues(a, b) === 0) continue;
      if (a) ix.remove(ord, a);
      if (b) readd.push(ix);
    }
    write();
    for (const ix of readd) ix.add(ord);
    for (const [key, l] of this.lacking) {
      if (this.ordered.has(key)) this.lacking.delete(key);
      else if (after && !l.probe.holds(ord)) l.ords.add(ord);
      else l.ords.delete(ord);
    }
    this.reads.update(ord, after !== undefined);
    for (const p of this.postings.values()) p.update(ord, before, after);
  }
}
