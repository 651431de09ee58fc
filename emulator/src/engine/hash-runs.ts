/**
 * Rare keys' postings: (32-bit hash of the key, ordinal) pairs in runs sorted by hash then
 * ordinal, eight bytes a pair and no string per key (see postings.ts). Once there are 65,536 runs
 * (a run per value of the hash's top 16 bits), a run keeps only the low 16 bits of each hash: six
 * bytes a pair, 64 MB less for the search keys of a million leads.
 */
interface Run {
  /** The hashes (their low 16 bits once the runs are narrow). */
  h: Uint32Array | Uint16Array;
  o: Int32Array;
  n: number;
}

const newRun = (size = 8, narrow = false): Run => ({
  h: narrow ? new Uint16Array(size) : new Uint32Array(size),
  o: new Int32Array(size),
  n: 0,
});
/** Entries per run before the runs split in two. */
const RUN_TARGET = 4096;
/** The most bits of the hash that choose a run; the runs are narrow at that many. */
const MAX_BITS = 16;
const LOW = 0xffff;

export interface HashRunsOptions {
  /** Pairs from which a bulk load makes the 65,536 narrow runs at once (tests make it small). */
  narrowAt?: number;
  /** Pairs a run holds before the runs split (twice this; tests make it small). */
  runTarget?: number;
}

/** (hash, ordinal) pairs in runs sorted by hash then ordinal, a run per range of hashes. */
export class HashRuns {
  private runs: Run[] = [newRun()];
  private bits = 0;
  private readonly narrowAt: number;
  private readonly runTarget: number;
  size = 0;

  constructor(opts: HashRunsOptions = {}) {
    // At 16 million pairs a narrow run holds about 250, its two arrays' own cost (some 400 bytes)
    // under the 2 bytes a pair saved.
    this.narrowAt = opts.narrowAt ?? 1 << 24;
    this.runTarget = opts.runTarget ?? RUN_TARGET;
  }

  private runOf(h: number): Run {
    return this.runs[this.bits === 0 ? 0 : h >>> (32 - this.bits)];
  }

  /** What a run holds of hash `h`. */
  private keyOf(h: number): number {
    return this.bits === MAX_BITS ? h & LOW : h >>> 0;
  }

  /** The bits of the hash a bulk load of `n` pairs chooses its runs by. */
  private bitsFor(n: number): number {
    if (n >= this.narrowAt) return MAX_BITS;
    let bits = 0;
    while (n > this.runTarget << bits && bits < MAX_BITS) bits++;
    return bits;
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
    const k = this.keyOf(h);
    const i = HashRuns.lower(r, k, o);
    return i < r.n && r.h[i] === k && r.o[i] === o;
  }

  add(h: number, o: number): boolean {
    const r = this.runOf(h);
    const k = this.keyOf(h);
    const i = HashRuns.lower(r, k, o);
    if (i < r.n && r.h[i] === k && r.o[i] === o) return false;
    if (r.n === r.h.length) resize(r, r.n + (r.n >> 1) + 8);
    r.h.copyWithin(i + 1, i, r.n);
    r.o.copyWithin(i + 1, i, r.n);
    r.h[i] = k;
    r.o[i] = o;
    r.n++;
    this.size++;
    while (this.bits < MAX_BITS && this.runOf(h).n > 2 * this.runTarget) this.split();
    return true;
  }

  remove(h: number, o: number): boolean {
    const r = this.runOf(h);
    const k = this.keyOf(h);
    const i = HashRuns.lower(r, k, o);
    if (i >= r.n || r.h[i] !== k || r.o[i] !== o) return false;
    r.h.copyWithin(i, i + 1, r.n);
    r.o.copyWithin(i, i + 1, r.n);
    r.n--;
    this.size--;
    return true;
  }

  /** The ordinals paired with hash `h`, ascending. */
  ords(h: number): number[] {
    const r = this.runOf(h);
    const k = this.keyOf(h);
    const out: number[] = [];
    for (let i = HashRuns.lower(r, k, 0); i < r.n && r.h[i] === k; i++) out.push(r.o[i]);
    return out;
  }

  count(h: number): number {
    const r = this.runOf(h);
    const k = this.keyOf(h);
    const i = HashRuns.lower(r, k, 0);
    let j = i;
    while (j < r.n && r.h[j] === k) j++;
    return j - i;
  }

  /** Twice the runs, each split on the next bit of the hash (narrow at the last split). */
  private split(): void {
    const bit = 31 - this.bits;
    const narrow = this.bits + 1 === MAX_BITS;
    const runs: Run[] = [];
    for (const r of this.runs) {
      let cut = 0;
      while (cut < r.n && ((r.h[cut] >>> bit) & 1) === 0) cut++;
      runs.push(slice(r, 0, cut, narrow), slice(r, cut, r.n, narrow));
    }
    this.runs = runs;
    this.bits++;
  }

  /**
   * A bulk load of about `estimate` pairs filed straight into their runs, which replace the pairs
   * once `finishing` is done: no array of every pair beside the runs (at a million leads the
   * search keys' 32 million rare pairs were 256 MB in runs, and up to twice that again in the
   * arrays they were gathered in). The hashes spread the pairs evenly, so each run is allocated
   * once with room for its share and a margin: runs grown a little at a time as they filled left
   * the allocator's heap full of holes (60 MB of RSS at a million).
   */
  filing(estimate: number): {
    add(h: number, o: number): void;
    finishing(): Generator<void, void, void>;
  } {
    const bits = this.bitsFor(estimate);
    const narrow = bits === MAX_BITS;
    const share = estimate / (1 << bits);
    const room = Math.ceil(share + 4 * Math.sqrt(share)) + 8;
    const runs = Array.from({ length: 1 << bits }, () => newRun(room, narrow));
    const shift = 32 - bits;
    const add = (h: number, o: number) => {
      const r = runs[bits === 0 ? 0 : h >>> shift];
      if (r.n === r.h.length) resize(r, r.n + (r.n >> 1) + 8);
      r.h[r.n] = narrow ? h & LOW : h;
      r.o[r.n++] = o;
    };
    const done = () => {
      this.runs = runs;
      this.bits = bits;
      this.size = runs.reduce((n, r) => n + r.n, 0);
    };
    function* finishing(): Generator<void, void, void> {
      yield* sortRuns(runs);
      done();
    }
    return { add, finishing };
  }

  /** Replaces the pairs with `h`/`o` (any order; `n` of them), in as many runs as they need. */
  load(h: Uint32Array, o: Int32Array, n: number): void {
    const steps = this.loading(h, o, n);
    while (!steps.next().done) continue;
  }

  /** `load` in steps: it yields after each run is sorted. */
  *loading(h: Uint32Array, o: Int32Array, n: number): Generator<void, void, void> {
    const bits = this.bitsFor(n);
    const narrow = bits === MAX_BITS;
    const counts = new Int32Array(1 << bits);
    for (let i = 0; i < n; i++) counts[bits === 0 ? 0 : h[i] >>> (32 - bits)]++;
    const runs = Array.from(counts, (c) => newRun(Math.max(8, c), narrow));
    for (let i = 0; i < n; i++) {
      const r = runs[bits === 0 ? 0 : h[i] >>> (32 - bits)];
      r.h[r.n] = narrow ? h[i] & LOW : h[i];
      r.o[r.n++] = o[i];
    }
    yield* sortRuns(runs);
    this.runs = runs;
    this.bits = bits;
    this.size = n;
  }
}

function resize(r: Run, size: number): void {
  const nh = r.h instanceof Uint16Array ? new Uint16Array(size) : new Uint32Array(size);
  nh.set(r.h.subarray(0, r.n));
  const no = new Int32Array(size);
  no.set(r.o.subarray(0, r.n));
  r.h = nh;
  r.o = no;
}

/** Sorts each run (yielding before each); a run left with over a quarter unused is trimmed. */
function* sortRuns(runs: Run[]): Generator<void, void, void> {
  const scratch = { keys: new Float64Array(0) };
  for (const r of runs) {
    yield;
    sortRun(r, scratch);
    if (r.h.length > 8 && r.h.length - r.n > r.n >> 2) resize(r, Math.max(8, r.n));
  }
}

function slice(r: Run, from: number, to: number, narrow: boolean): Run {
  const out = newRun(Math.max(8, to - from + ((to - from) >> 2)), narrow);
  // Narrow: the low 16 bits of each hash (the rest is the run's place).
  if (narrow) for (let i = from; i < to; i++) out.h[i - from] = r.h[i] & LOW;
  else out.h.set(r.h.subarray(from, to));
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
