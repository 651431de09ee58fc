/**
 * A query's results in the order of a field whose ordered index is not there yet (being built in
 * the background, or left to that builder): read from the documents' bytes rather than wait for
 * the build. At a million leads the panel's first page (the newest 25) waited 4-5 s so for the
 * `created_at` index; the results are those a walk of the built index gives, in its order.
 */
import type { DocVersion } from '../model/document.js';
import { matchesQuery, runCompiled, type CompiledQuery } from '../query/index.js';
import type { Source } from './index-sources.js';
import type { CollectionIndex } from './store-index.js';

/** `ords` (ascending) from the last one back when `dir` is -1. */
function* inDirection(ords: ArrayLike<number>, dir: 1 | -1): Generator<number> {
  if (dir > 0) for (let i = 0; i < ords.length; i++) yield ords[i];
  else for (let i = ords.length - 1; i >= 0; i--) yield ords[i];
}

/**
 * The results of a query whose order is one field (then the name, the same way), from the
 * candidates of its smallest posting list `best` (without one, every document), kept in a
 * bounded heap of the first offset + limit by the order's key read from their bytes. Candidates
 * are read newest ordinal first for a descending order: documents mostly arrive in their order's
 * direction, so the first few fill the heap and most others lose a key compare, unread.
 */
export function aroundQuery(
  ix: CollectionIndex,
  q: CompiledQuery,
  best: Source | undefined,
  sources: Source[],
  need: number,
  unordered: boolean,
): DocVersion[] {
  const list = best && !best.around ? best : undefined;
  const filters = sources.filter((s) => s !== list);
  let ords: Int32Array | number[];
  if (list) {
    const got: number[] = [];
    list.forEach((o) => {
      got.push(o);
    });
    ords = Int32Array.from(got).sort();
  } else ords = ix.ords();
  const kept = (o: number) => filters.every((s) => s.has(o));
  if (need === Infinity) {
    const docs = function* () {
      for (const o of ords) if (kept(o)) yield ix.doc(o);
    };
    return runCompiled(q, docs(), unordered);
  }
  const first = q.orders[0];
  const top = ix
    .probe(first.segs)
    .top(
      inDirection(ords, first.dir),
      need,
      first.dir,
      (o) => kept(o) && matchesQuery(q, ix.doc(o)),
    );
  const docs = top.map((o) => ix.doc(o));
  return q.offset ? docs.slice(q.offset) : docs;
}
