/**
 * Answers a query on one collection's current documents from its indexes (store-index.ts): a walk
 * of the ordered index of the query's first order field (narrowed by the filters on that field,
 * seeking the start cursor, stopping at the end cursor or once offset + limit documents matched),
 * or the smallest posting list of an `==` / `in` / `array-contains(-any)` / `is null` filter,
 * filtered and sorted. Every candidate is checked against the whole query (`matchesQuery`), so an
 * index only decides which documents are looked at, never which match. Undefined when no index
 * applies (the caller scans).
 */
import type { DocVersion } from '../model/document.js';
import type { Filter } from '../model/filters.js';
import { formatFieldPath, parseFieldPath } from '../model/paths.js';
import {
  afterStart,
  beforeEnd,
  filterValue,
  matchesQuery,
  runCompiled,
  type CompiledQuery,
} from '../query/index.js';
import {
  arrayValues,
  isNaNValue,
  NULL_VALUE,
  TypeOrder,
  typeOrder,
  type Value,
} from '../model/values.js';
import type { CollectionIndex, OrderedIndex } from './store-index.js';

type Leaf = Exclude<Filter, { kind: 'composite' }>;

const NAME = '__name__';

/** The filters every result must pass (the leaves of the top-level AND). */
function conjuncts(f: Filter | undefined): Leaf[] {
  if (!f) return [];
  if (f.kind !== 'composite') return [f];
  return f.op === 'AND' ? f.filters.flatMap(conjuncts) : [];
}

interface Source {
  size: number;
  docs(): Iterable<DocVersion>;
}

/** The values a leaf's posting lists are looked up by, and whether postings of array elements. */
function postingLookup(leaf: Leaf): { values: Value[]; elements: boolean } | undefined {
  if (leaf.kind === 'unary') {
    if (leaf.op === 'IS_NULL') return { values: [NULL_VALUE], elements: false };
    if (leaf.op === 'IS_NAN') return { values: [{ doubleValue: 'NaN' }], elements: false };
    return undefined;
  }
  if (leaf.value === undefined) return undefined;
  const v = filterValue(leaf.op, leaf.value);
  switch (leaf.op) {
    case 'EQUAL':
      return { values: [v], elements: false };
    case 'IN':
      return { values: arrayValues(v), elements: false };
    case 'ARRAY_CONTAINS':
      return { values: [v], elements: true };
    case 'ARRAY_CONTAINS_ANY':
      return { values: arrayValues(v), elements: true };
    default:
      return undefined;
  }
}

function postingSource(ix: CollectionIndex, leaf: Leaf): Source | undefined {
  const lookup = postingLookup(leaf);
  const segs = parseFieldPath(leaf.field);
  if (!lookup || (segs.length === 1 && segs[0] === NAME)) return undefined;
  const postings = ix.postingsOf(segs, formatFieldPath(segs), lookup.elements);
  const lists = lookup.values.flatMap((v) => {
    const l = postings.get(v);
    return l ? [l] : [];
  });
  const size = lists.reduce((n, l) => n + l.size, 0);
  if (lists.length <= 1) return { size, docs: () => lists[0]?.values() ?? [] };
  return {
    size,
    docs: () => {
      const union = new Map<string, DocVersion>();
      for (const l of lists) for (const [p, d] of l) union.set(p, d);
      return union.values();
    },
  };
}

interface Walk {
  index: OrderedIndex;
  lo: number;
  hi: number;
  dir: 1 | -1;
}

/** Narrows [lo, hi) of the ordered index to the part a filter on its field can match. */
function narrow(w: Walk, leaf: Leaf): void {
  const ix = w.index;
  const afterNulls = () => (w.lo = Math.max(w.lo, ix.typeBound(TypeOrder.Null, true)));
  if (leaf.kind === 'unary') {
    if (leaf.op === 'IS_NOT_NULL' || leaf.op === 'IS_NOT_NAN') afterNulls();
    if (leaf.op === 'IS_NULL') w.hi = Math.min(w.hi, ix.typeBound(TypeOrder.Null, true));
    return;
  }
  if (leaf.value === undefined) return;
  const v = filterValue(leaf.op, leaf.value);
  const t = leaf.op === 'IN' || leaf.op === 'NOT_IN' ? undefined : typeOrder(v);
  const ranged = t !== undefined && t !== TypeOrder.Null && !isNaNValue(v);
  switch (leaf.op) {
    case 'EQUAL':
      w.lo = Math.max(w.lo, ix.bound(v, false));
      w.hi = Math.min(w.hi, ix.bound(v, true));
      return;
    case 'NOT_EQUAL':
    case 'NOT_IN':
      afterNulls();
      return;
    case 'GREATER_THAN':
    case 'GREATER_THAN_OR_EQUAL':
      if (!ranged) return;
      w.lo = Math.max(w.lo, ix.bound(v, leaf.op === 'GREATER_THAN'));
      w.hi = Math.min(w.hi, ix.typeBound(t, true));
      return;
    case 'LESS_THAN':
    case 'LESS_THAN_OR_EQUAL':
      if (!ranged) return;
      w.lo = Math.max(w.lo, ix.typeBound(t, false));
      w.hi = Math.min(w.hi, ix.bound(v, leaf.op === 'LESS_THAN_OR_EQUAL'));
      return;
    default:
      return;
  }
}

/** The walk of the first order field's index, when the query's order is that field then the name. */
function walkOf(ix: CollectionIndex, q: CompiledQuery, leaves: Leaf[]): Walk | undefined {
  const [first, second] = q.orders;
  if (q.orders.length > 2 || (second && second.dir !== first.dir)) return undefined;
  const index = ix.orderedBy(first.segs, first.key);
  const w: Walk = { index, lo: 0, hi: index.docs.length, dir: first.dir };
  if (first.isName) return w;
  for (const leaf of leaves) {
    if (formatFieldPath(parseFieldPath(leaf.field)) === first.key) narrow(w, leaf);
  }
  return w;
}

/** Walks in the query's order; the start cursor is found by bisection (the order is the query's). */
function runWalk(q: CompiledQuery, w: Walk, need: number): DocVersion[] {
  const out: DocVersion[] = [];
  const n = w.hi - w.lo;
  if (need === 0 || n <= 0) return out;
  const docs = w.index.docs;
  const at = (k: number) => docs[w.dir > 0 ? w.lo + k : w.hi - 1 - k];
  let k = 0;
  if (q.startAt) {
    let b = n;
    while (k < b) {
      const m = (k + b) >>> 1;
      if (afterStart(q, at(m))) b = m;
      else k = m + 1;
    }
  }
  for (; k < n; k++) {
    const d = at(k);
    if (!beforeEnd(q, d)) break;
    if (matchesQuery(q, d) && out.push(d) >= need) break;
  }
  return q.offset ? out.slice(q.offset) : out;
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
  let best: Source | undefined;
  for (const leaf of leaves) {
    const s = postingSource(ix, leaf);
    if (s && (!best || s.size < best.size)) best = s;
  }
  const need = q.limit === undefined ? Infinity : q.offset + q.limit;
  if (plan === 'postings') return best && runCompiled(q, best.docs(), unordered);
  if (plan === 'walk') {
    const w = walkOf(ix, q, leaves);
    return w && runWalk(q, w, need);
  }
  const sortFactor = unordered && need === Infinity ? 1 : 2;
  const postCost = best ? best.size * sortFactor : Infinity;
  // The index of the first order field is worth building and walking unless a short posting list
  // answers a limited query more cheaply than the walk is likely to.
  const selectivity = best ? Math.max(best.size, 1) / Math.max(size, 1) : 1;
  // The name index spans the whole collection: no need to build it to know the walk's length.
  const nameWalk = q.orders[0].isName ? Math.min(size, need / selectivity) : 0;
  if ((need / selectivity < postCost || !best || need === Infinity) && nameWalk <= postCost) {
    const w = walkOf(ix, q, leaves);
    if (w && Math.min(w.hi - w.lo, need / selectivity) <= postCost) return runWalk(q, w, need);
  }
  return best ? runCompiled(q, best.docs(), unordered) : undefined;
}
