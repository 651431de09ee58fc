/**
 * A sorted list of document ordinals in chunks of at most `cap` (a B+tree of two levels): finding a
 * place costs two bisections, inserting or removing moves at most one chunk's entries, where a
 * sorted array of a million entries moves half of them per write. The order is the caller's: it
 * passes `before(entry)`, true for the entries that sort before the place it wants.
 */
export class OrdList {
  private chunks: Int32Array[] = [];
  private sizes: number[] = [];
  /** Position of each chunk's first entry; rebuilt after a change, when asked for. */
  private starts: Int32Array | null = null;
  /** The chunk the last `at` landed in (walks read positions in turn). */
  private hint = 0;
  length = 0;

  constructor(private readonly cap = 512) {}

  /** Replaces the entries with `sorted` (already in order), chunks three quarters full. */
  load(sorted: ArrayLike<number>): void {
    const fill = Math.max(1, (this.cap * 3) >> 2);
    this.chunks = [];
    this.sizes = [];
    for (let i = 0; i < sorted.length; i += fill) {
      const n = Math.min(fill, sorted.length - i);
      const c = new Int32Array(this.cap);
      for (let k = 0; k < n; k++) c[k] = sorted[i + k];
      this.chunks.push(c);
      this.sizes.push(n);
    }
    this.length = sorted.length;
    this.starts = null;
  }

  private startsOf(): Int32Array {
    if (!this.starts) {
      const s = new Int32Array(this.chunks.length);
      let p = 0;
      for (let i = 0; i < this.chunks.length; i++) {
        s[i] = p;
        p += this.sizes[i];
      }
      this.starts = s;
    }
    return this.starts;
  }

  /** The chunk holding the first entry for which `before` is false (the last chunk if none). */
  private chunkFor(before: (ord: number) => boolean): number {
    let lo = 0;
    let hi = this.chunks.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (before(this.chunks[mid][this.sizes[mid] - 1])) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  private inChunk(c: number, before: (ord: number) => boolean): number {
    const chunk = this.chunks[c];
    let lo = 0;
    let hi = this.sizes[c];
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (before(chunk[mid])) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** The position of the first entry for which `before` is false (`length` if none). */
  search(before: (ord: number) => boolean): number {
    if (this.length === 0) return 0;
    const c = this.chunkFor(before);
    return this.startsOf()[c] + this.inChunk(c, before);
  }

  at(pos: number): number {
    const starts = this.startsOf();
    let c = this.hint;
    if (c >= starts.length || pos < starts[c] || pos >= starts[c] + this.sizes[c]) {
      let lo = 0;
      let hi = starts.length - 1;
      while (lo < hi) {
        const mid = (lo + hi + 1) >>> 1;
        if (starts[mid] <= pos) lo = mid;
        else hi = mid - 1;
      }
      c = this.hint = lo;
    }
    return this.chunks[c][pos - starts[c]];
  }

  /** Inserts `ord` before the first entry for which `before` is false. */
  insert(ord: number, before: (ord: number) => boolean): void {
    if (this.chunks.length === 0) {
      this.chunks.push(new Int32Array(this.cap));
      this.sizes.push(0);
    }
    let c = this.chunkFor(before);
    let i = this.inChunk(c, before);
    if (this.sizes[c] === this.cap) {
      const chunk = this.chunks[c];
      const half = this.cap >> 1;
      const right = new Int32Array(this.cap);
      right.set(chunk.subarray(half, this.cap));
      this.chunks.splice(c + 1, 0, right);
      this.sizes.splice(c + 1, 0, this.cap - half);
      this.sizes[c] = half;
      if (i > half) {
        c++;
        i -= half;
      }
    }
    const chunk = this.chunks[c];
    chunk.copyWithin(i + 1, i, this.sizes[c]);
    chunk[i] = ord;
    this.sizes[c]++;
    this.length++;
    this.starts = null;
  }

  /** Removes the entry at `pos`. */
  removeAt(pos: number): void {
    const starts = this.startsOf();
    this.at(pos);
    const c = this.hint;
    const i = pos - starts[c];
    this.chunks[c].copyWithin(i, i + 1, this.sizes[c]);
    this.sizes[c]--;
    this.length--;
    if (this.sizes[c] === 0) {
      this.chunks.splice(c, 1);
      this.sizes.splice(c, 1);
    } else if (c + 1 < this.chunks.length && this.sizes[c] + this.sizes[c + 1] <= this.cap >> 1) {
      this.chunks[c].set(this.chunks[c + 1].subarray(0, this.sizes[c + 1]), this.sizes[c]);
      this.sizes[c] += this.sizes[c + 1];
      this.chunks.splice(c + 1, 1);
      this.sizes.splice(c + 1, 1);
    }
    this.starts = null;
    this.hint = 0;
  }

  /** Every entry in order (for tests and rebuilds). */
  toArray(): number[] {
    const out: number[] = [];
    this.chunks.forEach((c, i) => {
      for (let k = 0; k < this.sizes[i]; k++) out.push(c[k]);
    });
    return out;
  }
}
