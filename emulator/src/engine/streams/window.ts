/**
 * A limit target's window kept across commits without re-running its query: a changed document
 * leaves the window, and enters it (at its place in the query's order) when it matches. When the
 * window was full, the documents past its last one are unknown, so a changed document sorting
 * after that edge is not placed; if the window is then short of its limit, the query is re-run.
 */
import type { DocChange, DocVersion } from '../../model/document.js';
import { matchesQuery, queryComparator, type CompiledQuery } from '../../query/index.js';

/** The window after a commit's changes (in scope of the query), or undefined: re-run the query. */
export function nextWindow(
  q: CompiledQuery,
  window: readonly DocVersion[],
  changes: readonly DocChange[],
  limit: number,
): DocVersion[] | undefined {
  const cmp = queryComparator(q);
  const edge = window.length >= limit ? window[window.length - 1] : undefined;
  const next = [...window];
  for (const c of changes) {
    const i = next.findIndex((d) => d.path === c.path);
    if (i >= 0) next.splice(i, 1);
    if (!c.after || !matchesQuery(q, c.after)) continue;
    const doc = c.after;
    let lo = 0;
    let hi = next.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (cmp(next[mid], doc) < 0) lo = mid + 1;
      else hi = mid;
    }
    next.splice(lo, 0, doc);
  }
  if (edge) {
    while (next.length > 0 && cmp(next[next.length - 1], edge) > 0) next.pop();
    if (next.length < limit) return undefined;
  }
  return next.length > limit ? next.slice(0, limit) : next;
}
