/**
 * A walk of the ordered index of a query's first order field (store-index.ts): the part its
 * filters on that field can match, read in the query's order from the start cursor on, until the
 * end cursor or until offset + limit documents matched.
 */
import type { DocVersion } from '../model/document.js';
import { formatFieldPath, parseFieldPath } from '../model/paths.js';
import { isNaNValue, TypeOrder, typeOrder } from '../model/values.js';
import {
  afterStart,
  beforeEnd,
  filterValue,
  matchesQuery,
  type CompiledQuery,
} from '../query/index.js';
import type { Leaf, Source } from './index-sources.js';
import type { OrderedIndex } from './ordered-index.js';
import type { CollectionIndex } from './store-index.js';

export interface Walk {
  index: OrderedIndex;
  lo: number;
  hi: number;
  dir: 1 | -1;
}

/** Narrows [lo, hi) of the ordered index to the part a filter on its field can match. */
export function narrow(w: Walk, leaf: Leaf): void {
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
export function walkOf(ix: CollectionIndex, q: CompiledQuery, leaves: Leaf[]): Walk | undefined {
  const [first, second] = q.orders;
  if (q.orders.length > 2 || (second && second.dir !== first.dir)) return undefined;
  const index = ix.orderedBy(first.segs, first.key);
  const w: Walk = { index, lo: 0, hi: index.length, dir: first.dir };
  if (first.isName) return w;
  for (const leaf of leaves) {
    if (formatFieldPath(parseFieldPath(leaf.field)) === first.key) narrow(w, leaf);
  }
  return w;
}

/**
 * Walks in the query's order; the start cursor is found by bisection (the order is the query's).
 * Undefined when more than `budget` documents were looked at (another plan is cheaper).
 */
export function runWalk(
  ix: CollectionIndex,
  q: CompiledQuery,
  w: Walk,
  need: number,
  budget = Infinity,
  sources: Source[] = [],
): DocVersion[] | undefined {
  const out: DocVersion[] = [];
  const n = w.hi - w.lo;
  if (need === 0 || n <= 0) return out;
  const at = (k: number) => w.index.at(w.dir > 0 ? w.lo + k : w.hi - 1 - k);
  let k = 0;
  if (q.startAt) {
    let b = n;
    while (k < b) {
      const m = (k + b) >>> 1;
      if (afterStart(q, ix.doc(at(m)))) b = m;
      else k = m + 1;
    }
  }
  const stop = k + budget;
  for (; k < n; k++) {
    if (k > stop) return undefined;
    const ord = at(k);
    let d: DocVersion | undefined;
    if (q.endAt) {
      d = ix.doc(ord);
      if (!beforeEnd(q, d)) break;
    }
    // The posting lists rule most documents out at the cost of a lookup each.
    if (!sources.every((src) => src.has(ord))) continue;
    d ??= ix.doc(ord);
    if (matchesQuery(q, d) && out.push(d) >= need) break;
  }
  return q.offset ? out.slice(q.offset) : out;
}
