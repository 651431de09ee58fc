/** Path matching of `match` patterns, including the placeholder segments of list queries. */
import type { MatchSegment } from './ast.js';
import { RPath, Sym, presentOfType, type RValue } from './values.js';

/** A placeholder segment: the unknown id of a listed document, or any run of segments (groups). */
export const DOC = Symbol('doc');
export const ANY = Symbol('any');
export type Seg = string | typeof DOC | typeof ANY;

/** Matches path segments against a match pattern, binding its wildcards. */
export function matchPattern(
  pattern: MatchSegment[],
  pi: number,
  segs: Seg[],
  si: number,
  bindings: Map<string, RValue>,
  minRest: number,
): boolean {
  if (pi === pattern.length) return si === segs.length;
  const p = pattern[pi];
  if (p.kind === 'lit') {
    return (
      si < segs.length &&
      segs[si] === p.value &&
      matchPattern(pattern, pi + 1, segs, si + 1, bindings, minRest)
    );
  }
  if (p.kind === 'var') {
    const s = segs[si];
    if (si >= segs.length || s === ANY) return false;
    bindings.set(p.name, s === DOC ? new Sym(['__id__'], presentOfType('string'), new Map()) : s);
    if (matchPattern(pattern, pi + 1, segs, si + 1, bindings, minRest)) return true;
    bindings.delete(p.name);
    return false;
  }
  for (let end = si + minRest; end <= segs.length; end++) {
    const taken = segs.slice(si, end);
    const concrete = taken.every((s) => typeof s === 'string');
    bindings.set(
      p.name,
      concrete
        ? new RPath(taken as string[])
        : new Sym(['__name__'], presentOfType('path'), new Map()),
    );
    if (matchPattern(pattern, pi + 1, segs, end, bindings, minRest)) return true;
  }
  bindings.delete(p.name);
  return false;
}
