/**
 * Answers a query on one collection's current documents from its indexes (store-index.ts): a walk
 * of the ordered index of the query's first order field (narrowed by the filters on that field,
 * seeking the start cursor, stopping at the end cursor or once offset + limit documents matched),
 * or the smallest posting list of an `==` / `in` / `array-contains(-any)` / `is null` filter,
 * filtered and sorted; an index not built yet is read around (index-sources.ts, ordered-around.ts)
 * rather than waited for. Every candidate is checked against the whole query (`matchesQuery`), so
 * an index only decides which documents are looked at, never which match. Undefined when no index
 * applies (the caller scans).
 */
import type { DocVersion } from '../model/document.js';
import { parseFieldPath } from '../model/paths.js';
import { matchesQuery, runCompiled, type CompiledQuery } from '../query/index.js';
import {
  conjuncts,
  NAME,
  postingLookup,
  postingSource,
  type Leaf,
  type Source,
} from './index-sources.js';
import { runWalk, walkOf } from './index-walk.js';
import { aroundQuery } from './ordered-around.js';
import type { CollectionIndex } from './store-index.js';

export { indexedCount } from './indexed-count.js';

/** Below this many candidates, a query ordered by name sorts them rather than build a name index. */
const NAME_INDEX_MIN_POSTING = 20_000;
/**
 * Entries of a walk that cost about what one candidate of a posting list costs (measured at
 * 100,000 leads: 0.65 µs against 10 µs; kept below that ratio, the walk's length being a guess).
 */
const WALK_PER_CANDIDATE = 8;

/** The smallest source's documents that are in every other source (a superset of the results). */
function* intersect(ix: CollectionIndex, best: Source, sources: Source[]): Generator<DocVersion> {
  const others = sources.filter((s) => s !== best);
  const ords: number[] = [];
  best.forEach((o) => {
    if (others.every((s) => s.has(o))) ords.push(o);
  });
  for (const o of ords) yield ix.doc(o);
}

/**
 * The current documents an `==` or `in` filter on the document name names (30 at most), or
 * undefined without such a filter. Ordered by name, such a query otherwise walked the name index,
 * built first by sorting every id of the collection: 42 s and hundreds of MiB at a million leads
 * for the panel's listener on its ticked leads.
 */
function namedDocs(ix: CollectionIndex, leaves: Leaf[]): DocVersion[] | undefined {
  for (const leaf of leaves) {
    if (leaf.kind !== 'field' || (leaf.op !== 'EQUAL' && leaf.op !== 'IN')) continue;
    const segs = parseFieldPath(leaf.field);
    const lookup = postingLookup(leaf);
    if (segs.length !== 1 || segs[0] !== NAME || !lookup) continue;
    const ords = new Set<number>();
    for (const v of lookup.values) {
      const name = 'referenceValue' in v ? String(v.referenceValue) : '';
      const at = name.indexOf(DOCUMENTS);
      const ord = at < 0 ? -1 : ix.ordOf(name.slice(at + DOCUMENTS.length));
      if (ord >= 0) ords.add(ord);
    }
    // Each is still checked against the whole query (its collection, the other filters).
    return [...ords].map((o) => ix.doc(o));
  }
  return undefined;
}
const DOCUMENTS = '/documents/';

/**
 * A limited query's results from a posting list's candidates: sorted in the query's order (by the
 * order field's value read from their packed bytes, or by their ids for a name order), then
 * checked in that order until enough match, so that only those few are unpacked (a full name's
 * 2,500 candidates at a million leads were each unpacked, checked and sorted; an equality on a
 * field with 50 values spent 15-40 ms of a 100,000-document collection's query so). Undefined
 * unless the order is the name, or one field then the name.
 */
function runSorted(
  ix: CollectionIndex,
  q: CompiledQuery,
  best: Source,
  sources: Source[],
  need: number,
): DocVersion[] | undefined {
  const [first, second] = q.orders;
  if (q.orders.length > 2 || (second && second.dir !== first.dir)) return undefined;
  const others = sources.filter((s) => s !== best);
  const ords: number[] = [];
  best.forEach((o) => {
    if (others.every((s) => s.has(o))) ords.push(o);
  });
  const sorted = ix.sortedBy(first.segs, first.key, ords);
  if (first.dir < 0) sorted.reverse();
  const out: DocVersion[] = [];
  if (need === 0) return out;
  for (const o of sorted) {
    const d = ix.doc(o);
    if (matchesQuery(q, d) && out.push(d) >= need) break;
  }
  return q.offset ? out.slice(q.offset) : out;
}

/** The posting list's candidates, checked and in the query's order. */
function fromPostings(
  ix: CollectionIndex,
  q: CompiledQuery,
  best: Source,
  sources: Source[],
  need: number,
  unordered: boolean,
): DocVersion[] {
  const sorted = need === Infinity || unordered ? undefined : runSorted(ix, q, best, sources, need);
  return sorted ?? runCompiled(q, intersect(ix, best, sources), unordered);
}

/** How to answer: by cost, or (tests) only by a walk or only from postings. */
export type Plan = 'cost' | 'walk' | 'postings';

/**
 * The query's results from the collection's indexes, or undefined when none applies. `size` is
 * the collection's document count; `unordered`: the caller only counts (no sort needed).
 */
export function indexedQuery(
  ix: CollectionIndex,
  size: number,
  q: CompiledQuery,
  unordered = false,
  plan: Plan = 'cost',
): DocVersion[] | undefined {
  if (q.nearest || q.allDescendants) return undefined;
  const leaves = conjuncts(q.filter);
  const named = plan === 'cost' ? namedDocs(ix, leaves) : undefined;
  if (named) return runCompiled(q, named, unordered);
  let best: Source | undefined;
  const sources: Source[] = [];
  // The share of documents the posting-backed filters keep, taking them as independent.
  let selectivity = 1;
  // Whether array elements still being built are read around (see postingSource).
  const around = q.limit !== undefined && !q.orders[0].isName;
  for (const leaf of leaves) {
    const s = postingSource(ix, leaf, around, size);
    if (!s) continue;
    sources.push(s);
    selectivity *= Math.max(s.size, 1) / Math.max(size, 1);
    if (!best || s.size < best.size) best = s;
  }
  const need = q.limit === undefined ? Infinity : q.offset + q.limit;
  if (plan === 'postings') return best && fromPostings(ix, q, best, sources, need, unordered);
  if (plan === 'walk') {
    const w = walkOf(ix, q, leaves);
    return w && runWalk(ix, q, w, need, size >> 1, sources);
  }
  const sortFactor = unordered && need === Infinity ? 1 : 2;
  const postCost = best ? best.size * sortFactor : Infinity;
  // The entries of the walk a limited query may afford instead of the posting list: a walk's
  // entry is a lookup or two in the posting lists, a posting list's candidate is read, unpacked,
  // checked and sorted. A walk's length does not grow with the collection (need / selectivity),
  // a posting list's does: at a million leads a full name's 2,500 candidates took 26 ms to sort
  // where the walk to its newest 25 took 8.
  const walkBudget = best ? best.size * (need === Infinity ? 1 : WALK_PER_CANDIDATE) : Infinity;
  // The index of the first order field is worth building and walking unless a short posting list
  // answers a limited query more cheaply than the walk is likely to. A walk that turns out longer
  // than the posting list gives up for it (filters may be far less independent than assumed).
  // The name index spans the whole collection: no need to build it to know the walk's length.
  // Nor is it worth building (a sort of the whole collection by id) while a posting list of
  // moderate length can be sorted instead.
  if (q.orders[0].isName && best && best.size <= NAME_INDEX_MIN_POSTING) {
    return fromPostings(ix, q, best, sources, need, unordered);
  }
  const nameWalk = q.orders[0].isName ? Math.min(size, need / selectivity) : 0;
  const affordable = Math.max(postCost, walkBudget);
  if ((need / selectivity < affordable || !best || need === Infinity) && nameWalk <= postCost) {
    // An order's index not built yet is read around rather than waited for (the builder builds
    // it next); the key compares of the read cost less than the posting list's sort.
    const [first, second] = q.orders;
    const walkable = q.orders.length <= 2 && (!second || second.dir === first.dir);
    // The name index (a sort of every id) is not asked for by an unlimited query, which sorts its
    // results as well, nor on a guess: a filter read around is sized as the whole collection.
    const guessed = sources.some((s) => s.around);
    const later =
      walkable &&
      (first.isName && (need === Infinity || guessed)
        ? !ix.hasOrdered(first.key)
        : ix.orderedLater(first.segs, first.key));
    if (later) return aroundQuery(ix, q, best, sources, need, unordered);
    const w = walkOf(ix, q, leaves);
    if (w && Math.min(w.hi - w.lo, need / selectivity) <= affordable) {
      const docs = runWalk(ix, q, w, need, walkBudget, sources);
      if (docs) return docs;
    }
  }
  return best ? fromPostings(ix, q, best, sources, need, unordered) : undefined;
}
