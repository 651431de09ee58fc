/**
 * A set of document ordinals: a sorted array while it is small, a bitmap once that is smaller (more
 * than one ordinal in 32 of its range is in it). `deleted_at == null` over a million leads is a
 * 125 KB bitmap instead of a Set of 800,000 paths.
 */
export class OrdSet {
  /** Sorted ordinals (the first `n`), or null when the set is a bitmap. */
  private arr: Int32Array | null = new Int32Array(4);
  private bits: Uint32Array | null = null;
  private n = 0;

  get size(): number {
    return this.n;
  }

  /** An ordered array of ordinals (ascending, no repeats) as a set. */
  static of(sorted: ArrayLike<number>): OrdSet {
    const s = new OrdSet();
    const n = sorted.length;
    const max = n ? sorted[n - 1] : 0;
    if (n * 32 > max + 1) {
      s.arr = null;
      s.bits = new Uint32Array((max >>> 5) + 1);
      for (let i = 0; i < n; i++) s.bits[sorted[i] >>> 5] |= 1 << (sorted[i] & 31);
    } else {
      s.arr = Int32Array.from(sorted);
    }
    s.n = n;
    return s;
  }

  private find(ord: number): number {
    const a = this.arr as Int32Array;
    let lo = 0;
    let hi = this.n;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (a[mid] < ord) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  has(ord: number): boolean {
    if (this.bits) {
      const w = ord >>> 5;
      return w < this.bits.length && (this.bits[w] & (1 << (ord & 31))) !== 0;
    }
    const i = this.find(ord);
    return i < this.n && (this.arr as Int32Array)[i] === ord;
  }

  add(ord: number): boolean {
    if (this.bits) {
      const w = ord >>> 5;
      if (w >= this.bits.length) {
        const bits = new Uint32Array(Math.max(w + 1, this.bits.length + (this.bits.length >> 1)));
        bits.set(this.bits);
        this.bits = bits;
      }
      const m = 1 << (ord & 31);
      if (this.bits[w] & m) return false;
      this.bits[w] |= m;
      this.n++;
      return true;
    }
    let a = this.arr as Int32Array;
    const i = this.n && a[this.n - 1] < ord ? this.n : this.find(ord);
    if (i < this.n && a[i] === ord) return false;
    if (this.n === a.length) {
      const next = new Int32Array(a.length + (a.length >> 1) + 4);
      next.set(a);
      this.arr = a = next;
    }
    a.copyWithin(i + 1, i, this.n);
    a[i] = ord;
    this.n++;
    if (this.n * 32 > a[this.n - 1] + 1 && this.n >= 64) this.toBits();
    return true;
  }

  delete(ord: number): boolean {
    if (this.bits) {
      const w = ord >>> 5;
      const m = 1 << (ord & 31);
      if (w >= this.bits.length || !(this.bits[w] & m)) return false;
      this.bits[w] &= ~m;
      this.n--;
      // Back to an array well below the switch point, so that a set at the edge does not flip.
      if (this.n * 128 < this.bits.length * 32) this.toArray();
      return true;
    }
    const a = this.arr as Int32Array;
    const i = this.find(ord);
    if (i >= this.n || a[i] !== ord) return false;
    a.copyWithin(i, i + 1, this.n);
    this.n--;
    if (a.length > 16 && this.n * 4 < a.length) this.arr = a.slice(0, Math.max(4, this.n * 2));
    return true;
  }

  /** Gives back the room kept for growth (after a bulk load, where most sets stop growing). */
  trim(): void {
    if (this.arr && this.arr.length > this.n + 4) this.arr = this.arr.slice(0, this.n);
  }

  private toBits(): void {
    const a = this.arr as Int32Array;
    const bits = new Uint32Array((a[this.n - 1] >>> 5) + 1);
    for (let i = 0; i < this.n; i++) bits[a[i] >>> 5] |= 1 << (a[i] & 31);
    this.bits = bits;
    this.arr = null;
  }

  private toArray(): void {
    const a = new Int32Array(Math.max(4, this.n + (this.n >> 1)));
    let k = 0;
    this.forEach((ord) => {
      a[k++] = ord;
    });
    this.arr = a;
    this.bits = null;
  }

  /** Calls `f` with each ordinal, ascending; stops when it returns false. */
  forEach(f: (ord: number) => boolean | void): void {
    if (this.arr) {
      for (let i = 0; i < this.n; i++) if (f(this.arr[i]) === false) return;
      return;
    }
    const bits = this.bits as Uint32Array;
    for (let w = 0; w < bits.length; w++) {
      let word = bits[w];
      while (word !== 0) {
        const low = word & -word;
        if (f((w << 5) + 31 - Math.clz32(low)) === false) return;
        word ^= low;
      }
    }
  }

  *[Symbol.iterator](): Generator<number> {
    if (this.arr) {
      for (let i = 0; i < this.n; i++) yield this.arr[i];
      return;
    }
    const bits = this.bits as Uint32Array;
    for (let w = 0; w < bits.length; w++) {
      let word = bits[w];
      while (word !== 0) {
        const low = word & -word;
        yield (w << 5) + 31 - Math.clz32(low);
        word ^= low;
      }
    }
  }
}
