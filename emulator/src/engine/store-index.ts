/**
 * In-memory indexes of one collection's current documents, built on first use and kept on every
 * change: ordered indexes (a field's value, then the document name, as Firestore orders them) and
 * postings (value -> documents, for `==`, `in`, `array-contains`). They hold the latest version
 * only; reads at an older time scan the store's history instead.
 */
import type { DocVersion } from '../model/document.js';
import { getField } from '../model/paths.js';
import {
  arrayValues,
  compareSegments,
  compareValues,
  doubleOf,
  TypeOrder,
  typeOrder,
  type Value,
} from '../model/values.js';

const NAME = '__name__';

/**
 * A key for postings: values equal under `==` (1 == 1.0, NaN == NaN) always share a key. Keys may
 * also be shared by unequal values (maps, arrays, bytes, very large integers): postings give
 * candidates, and every candidate is checked against the query's filters.
 */
export function postingKey(v: Value): string {
  if ('nullValue' in v) return 'z';
  if ('booleanValue' in v) return v.booleanValue === true ? 'b1' : 'b0';
  if ('integerValue' in v) return 'n' + String(Number(v.integerValue));
  if ('doubleValue' in v) return 'n' + String(doubleOf(v.doubleValue));
  if ('timestampValue' in v) return 't' + String(v.timestampValue);
  if ('stringValue' in v) return 's' + String(v.stringValue);
  if ('referenceValue' in v) return 'r' + String(v.referenceValue);
  return 'x' + String(typeOrder(v));
}

/** Names of documents of one collection compare by their ids (Firestore's order of segments). */
function sameCollectionNames(a: DocVersion, b: DocVersion): number {
  if (a.name === b.name) return 0;
  const x = a.name.slice(a.name.lastIndexOf('/') + 1);
  const y = b.name.slice(b.name.lastIndexOf('/') + 1);
  return compareSegments(x, y);
}

/** Documents that have a field, sorted by (value, name) ascending; `__name__` sorts by name. */
export class OrderedIndex {
  readonly docs: DocVersion[] = [];
  readonly byName: boolean;

  constructor(readonly segs: string[]) {
    this.byName = segs.length === 1 && segs[0] === NAME;
  }

  value(d: DocVersion): Value | undefined {
    return this.byName ? { referenceValue: d.name } : getField(d.fields, this.segs);
  }

  private compare(a: DocVersion, av: Value, b: DocVersion): number {
    if (this.byName) return sameCollectionNames(a, b);
    return compareValues(av, this.value(b) as Value) || sameCollectionNames(a, b);
  }

  /** First position whose entry is not before `d`. */
  private position(d: DocVersion): number {
    let lo = 0;
    let hi = this.docs.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.compare(this.docs[mid], this.value(this.docs[mid]) as Value, d) < 0) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** Builds the index from documents in any order. */
  load(docs: Iterable<DocVersion>): void {
    for (const d of docs) if (this.value(d) !== undefined) this.docs.push(d);
    const withValues = this.docs.map((d) => ({ d, v: this.value(d) as Value }));
    withValues.sort((a, b) => this.compare(a.d, a.v, b.d));
    withValues.forEach((e, i) => (this.docs[i] = e.d));
  }

  remove(d: DocVersion): void {
    const v = this.value(d);
    if (v === undefined) return;
    const i = this.position(d);
    if (this.docs[i]?.name === d.name) this.docs.splice(i, 1);
  }

  add(d: DocVersion): void {
    const v = this.value(d);
    if (v === undefined) return;
    const i = this.position(d);
    if (i === this.docs.length) this.docs.push(d);
    else this.docs.splice(i, 0, d);
  }

  /** A new version of a document whose indexed value did not change: it keeps its place. */
  update(before: DocVersion, after: DocVersion): void {
    const a = this.value(before);
    const b = this.value(after);
    if (a !== undefined && b !== undefined && compareValues(a, b) === 0) {
      const i = this.position(before);
      if (this.docs[i]?.name === before.name) {
        this.docs[i] = after;
        return;
      }
    }
    this.remove(before);
    this.add(after);
  }

  /** First position whose value is >= v (`upper`: > v) in Firestore's order. */
  bound(v: Value, upper: boolean): number {
    let lo = 0;
    let hi = this.docs.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const c = compareValues(this.value(this.docs[mid]) as Value, v);
      if (c < 0 || (upper && c === 0)) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** First position whose value's type sorts after `t` (`upper`) or not before it. */
  typeBound(t: TypeOrder, upper: boolean): number {
    let lo = 0;
    let hi = this.docs.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const mt = typeOrder(this.value(this.docs[mid]) as Value);
      if (mt < t || (upper && mt === t)) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
}

/** Posting lists of one field: key -> documents by path. */
export class Postings {
  /** Key -> paths of the documents with that value (or array element). */
  readonly lists = new Map<string, Set<string>>();

  /** `elements`: index each element of an array value (array-contains) instead of the value. */
  constructor(
    readonly segs: string[],
    readonly elements: boolean,
  ) {}

  private keys(d: DocVersion): string[] {
    const v = getField(d.fields, this.segs);
    if (v === undefined) return [];
    if (!this.elements) return [postingKey(v)];
    if (!('arrayValue' in v)) return [];
    return [...new Set(arrayValues(v).map(postingKey))];
  }

  add(d: DocVersion): void {
    for (const k of this.keys(d)) {
      let l = this.lists.get(k);
      if (!l) this.lists.set(k, (l = new Set()));
      l.add(d.path);
    }
  }

  /** A new version of a document: nothing to do unless its keys changed. */
  update(before: DocVersion, after: DocVersion): void {
    const a = this.keys(before);
    const b = this.keys(after);
    if (a.length === b.length && a.every((k, i) => k === b[i])) return;
    this.remove(before);
    this.add(after);
  }

  remove(d: DocVersion): void {
    for (const k of this.keys(d)) {
      const l = this.lists.get(k);
      if (!l) continue;
      l.delete(d.path);
      if (l.size === 0) this.lists.delete(k);
    }
  }

  get(v: Value): ReadonlySet<string> | undefined {
    return this.lists.get(postingKey(v));
  }
}

/** The indexes of one collection, created on first use from its current documents. */
export class CollectionIndex {
  private readonly ordered = new Map<string, OrderedIndex>();
  private readonly postings = new Map<string, Postings>();

  constructor(
    private readonly current: () => Iterable<DocVersion>,
    /** The current document at a path of the collection. */
    readonly doc: (path: string) => DocVersion | null,
  ) {}

  /** The ordered index of a field path (`['__name__']` for names). */
  orderedBy(segs: string[], key: string): OrderedIndex {
    let ix = this.ordered.get(key);
    if (!ix) {
      ix = new OrderedIndex(segs);
      ix.load(this.current());
      this.ordered.set(key, ix);
    }
    return ix;
  }

  /** Postings of a field's values, or of its array elements (`elements`). */
  postingsOf(segs: string[], key: string, elements: boolean): Postings {
    const k = (elements ? 'a:' : 'v:') + key;
    let p = this.postings.get(k);
    if (!p) {
      p = new Postings(segs, elements);
      for (const d of this.current()) p.add(d);
      this.postings.set(k, p);
    }
    return p;
  }

  /** Keeps every index in step with one document's change. */
  update(before: DocVersion | null, after: DocVersion | null): void {
    for (const ix of [...this.ordered.values(), ...this.postings.values()]) {
      if (before && after) ix.update(before, after);
      else if (before) ix.remove(before);
      else if (after) ix.add(after);
    }
  }
}
