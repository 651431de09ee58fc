/**
 * Rare keys' postings: (32-bit hash of the key, ordinal) pairs in runs sorted by hash then
 * ordinal, eight bytes a pair and no string per key (see postings.ts).
 */
interface Run {
  h: Uint32Array;
  o: Int32Array;
  n: number;
}

const newRun = (size = 8): Run => ({ h: new Uint32Array(size), o: new Int32Array(size), n: 0 });
/** Entries per run before the runs split in two. */
const RUN_TARGET = 4096;

/** (hash, ordinal) pairs in runs sorted by hash then ordinal, a run per range of hashes. */
export class HashRuns {
  private runs: Run[] = [newRun()];
  private bits = 0;
  size = 0;

  private runOf(h: number): Run {
    return this.runs[this.bits === 0 ? 0 : h >>> (32 - this.bits)];
  }

  private static lower(r: Run, h: number, o: number): number {
    let lo = 0;
    let hi = r.n;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (r.h[mid] < h || (r.h[mid] === h && r.o[mid] < o)) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  has(h: number, o: number): boolean {
    const r = this.runOf(h);
    const i = HashRuns.lower(r, h, o);
    return i < r.n && r.h[i] === h && r.o[i] === o;
  }

  add(h: number, o: number): boolean {
    const r = this.runOf(h);
    const i = HashRuns.lower(r, h, o);
    if (i < r.n && r.h[i] === h && r.o[i] === o) return false;
    if (r.n === r.h.length) {
      const size = r.n + (r.n >> 1) + 8;
      const nh = new Uint32Array(size);
      nh.set(r.h);
      const no = new Int32Array(size);
      no.set(r.o);
      r.h = nh;
      r.o = no;
    }
    r.h.copyWithin(i + 1, i, r.n);
    r.o.copyWithin(i + 1, i, r.n);
    r.h[i] = h;
    r.o[i] = o;
    r.n++;
    this.size++;
    if (r.n > 2 * RUN_TARGET && this.bits < 16) this.split();
    return true;
  }

  remove(h: number, o: number): boolean {
    const r = this.runOf(h);
    const i = HashRuns.lower(r, h, o);
    if (i >= r.n || r.h[i] !== h || r.o[i] !== o) return false;
    r.h.copyWithin(i, i + 1, r.n);
    r.o.copyWithin(i, i + 1, r.n);
    r.n--;
    this.size--;
    return true;
  }

  /** The ordinals paired with hash `h`, ascending. */
  ords(h: number): number[] {
    const r = this.runOf(h);
    const out: number[] = [];
    for (let i = HashRuns.lower(r, h, 0); i < r.n && r.h[i] === h; i++) out.push(r.o[i]);
    return out;
  }

  count(h: number): number {
    const r = this.runOf(h);
    const i = HashRuns.lower(r, h, 0);
    let j = i;
    while (j < r.n && r.h[j] === h) j++;
    return j - i;
  }

  /** Twice the runs, each split on the next bit of the hash. */
  private split(): void {
    const bit = 31 - this.bits;
    const runs: Run[] = [];
    for (const r of this.runs) {
      let cut = 0;
      while (cut < r.n && ((r.h[cut] >>> bit) & 1) === 0) cut++;
      runs.push(slice(r, 0, cut), slice(r, cut, r.n));
    }
    this.runs = runs;
    this.bits++;
  }

  /**
   * Replaces the pairs with the first `n` of `h`/`o` (any order), in as many runs as they need.
   * The arrays become the runs' storage (see `loading`): the caller lets go of them.
   */
  load(h: Uint32Array, o: Int32Array, n: number): void {
    const steps = this.loading(h, o, n);
    while (!steps.next().done) continue;
  }

  /**
   * `load` in steps (it yields every few thousand pairs moved and after each run is sorted). The
   * pairs are grouped by run in place and each run is a view of its stretch of `h`/`o`: copying
   * them into runs of their own held every pair twice at the build's end (the search keys of a
   * million leads: 256 MB more). A run that outgrows its stretch moves to arrays of its own.
   */
  *loading(h: Uint32Array, o: Int32Array, n: number): Generator<void, void, void> {
    let bits = 0;
    while (n > RUN_TARGET << bits && bits < 16) bits++;
    const shift = 32 - bits;
    const runOf = (hash: number) => (bits === 0 ? 0 : hash >>> shift);
    const ends = new Int32Array(1 << bits);
    for (let i = 0; i < n; i++) ends[runOf(h[i])]++;
    for (let r = 1; r < ends.length; r++) ends[r] += ends[r - 1];
    // Where each run's next pair goes: its start, until the run is full.
    const next = new Int32Array(ends.length);
    next.set(ends.subarray(0, ends.length - 1), 1);
    let moved = 0;
    for (let r = 0; r < ends.length; r++) {
      while (next[r] < ends[r]) {
        // Swap the pair at run r's next place to its own run's, until one of run r's comes back.
        let hash = h[next[r]];
        let ord = o[next[r]];
        for (let to = runOf(hash); to !== r; to = runOf(hash)) {
          const j = next[to]++;
          const nh = h[j];
          const no = o[j];
          h[j] = hash;
          o[j] = ord;
          hash = nh;
          ord = no;
          if ((++moved & 0xffff) === 0) yield;
        }
        h[next[r]] = hash;
        o[next[r]++] = ord;
      }
    }
    const runs: Run[] = [];
    const scratch = { keys: new Float64Array(0) };
    for (let r = 0, start = 0; r < ends.length; start = ends[r++]) {
      const run = {
        h: h.subarray(start, ends[r]),
        o: o.subarray(start, ends[r]),
        n: ends[r] - start,
      };
      runs.push(run);
      yield;
      sortRun(run, scratch);
    }
    this.runs = runs;
    this.bits = bits;
    this.size = runs.reduce((sum, r) => sum + r.n, 0);
  }
}

function slice(r: Run, from: number, to: number): Run {
  const out = newRun(Math.max(8, to - from + ((to - from) >> 2)));
  out.h.set(r.h.subarray(from, to));
  out.o.set(r.o.subarray(from, to));
  out.n = to - from;
  return out;
}

const ORD_SPAN = 2 ** 21;

/**
 * Sorts a run's pairs by hash then ordinal (and drops repeated pairs), in place: the sort keys go
 * in `scratch`, shared by every run of a build. Thousands of runs each allocating its sorted
 * copy (and its keys) left the allocator's heap full of holes at a million leads.
 */
function sortRun(r: Run, scratch: { keys: Float64Array }): void {
  const n = r.n;
  let maxOrd = 0;
  for (let i = 0; i < n; i++) if (r.o[i] > maxOrd) maxOrd = r.o[i];
  const { h, o } = r;
  let k = 0;
  const put = (hash: number, ord: number) => {
    if (k > 0 && h[k - 1] === hash && o[k - 1] === ord) return;
    h[k] = hash;
    o[k++] = ord;
  };
  if (maxOrd < ORD_SPAN) {
    // Both in one exact double, sorted natively.
    if (scratch.keys.length < n) scratch.keys = new Float64Array(n + (n >> 1));
    const keys = scratch.keys.subarray(0, n);
    for (let i = 0; i < n; i++) keys[i] = h[i] * ORD_SPAN + o[i];
    keys.sort();
    for (let i = 0; i < n; i++) {
      const hash = Math.floor(keys[i] / ORD_SPAN);
      put(hash, keys[i] - hash * ORD_SPAN);
    }
  } else {
    const idx = Array.from({ length: n }, (_, i) => i);
    idx.sort((a, b) => h[a] - h[b] || o[a] - o[b]);
    const hs = Array.from(idx, (i) => h[i]);
    const os = Array.from(idx, (i) => o[i]);
    for (let i = 0; i < n; i++) put(hs[i], os[i]);
  }
  r.n = k;
}
