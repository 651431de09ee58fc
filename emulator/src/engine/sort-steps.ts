/**
 * A stable sort done in steps, so that sorting a million index entries in the background never
 * holds the event loop for long: blocks sorted natively, then merged pairwise, yielding every
 * few thousand entries.
 */
const BLOCK = 4096;
const STEP = 16384;

/** Sorts `a` in place by `cmp` (stably), yielding now and then. */
export function* sortInSteps(
  a: number[],
  cmp: (x: number, y: number) => number,
): Generator<void, void, void> {
  const n = a.length;
  for (let i = 0; i < n; i += BLOCK) {
    const block = a.slice(i, i + BLOCK).sort(cmp);
    for (let k = 0; k < block.length; k++) a[i + k] = block[k];
    yield;
  }
  let src = a;
  let dst = new Array<number>(n);
  let moved = 0;
  for (let width = BLOCK; width < n; width *= 2) {
    for (let lo = 0; lo < n; lo += 2 * width) {
      const mid = Math.min(lo + width, n);
      const hi = Math.min(lo + 2 * width, n);
      let i = lo;
      let j = mid;
      let k = lo;
      while (i < mid && j < hi) {
        dst[k++] = cmp(src[j], src[i]) < 0 ? src[j++] : src[i++];
        if (++moved % STEP === 0) yield;
      }
      while (i < mid) dst[k++] = src[i++];
      while (j < hi) dst[k++] = src[j++];
    }
    [src, dst] = [dst, src];
    yield;
  }
  if (src !== a) for (let i = 0; i < n; i++) a[i] = src[i];
}
