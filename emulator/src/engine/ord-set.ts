/**
 * A set of document ordinals: a sorted array while it is small, a bitmap once that is smaller (more
 * than one ordinal in 16 of its range is in it). `deleted_at == null` over a million leads is a
 * 125 KB bitmap instead of a Set of 800,000 paths.
 *
 * The array keeps two bytes per ordinal: the ordinals are grouped by their high 16 bits (a bucket
 * of 65,536), and the array starts with each bucket's end (two 16-bit halves), followed by the low
 * 16 bits of the ordinals, ascending. A million leads' search keys have over a hundred thousand
 * such sets, 47 million ordinals: 4 bytes each was 180 MB.
 */
const BUCKET_BITS = 16;
const LOW = 0xffff;

export class OrdSet {
  /** The bucket ends then the ordinals' low halves (see above), or null when a bitmap. */
  private arr: Uint16Array | null = new Uint16Array(6);
  /** Buckets in `arr`'s header. */
  private buckets = 1;
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
    s.n = n;
    if (n * 16 > max + 1) {
      s.arr = null;
      s.bits = new Uint32Array((max >>> 5) + 1);
      for (let i = 0; i < n; i++) s.bits[sorted[i] >>> 5] |= 1 << (sorted[i] & 31);
    } else {
      s.fill(sorted, n, n);
    }
    return s;
  }

  /** Lays out `n` ascending ordinals from `ords` as the array form, with room for `room`. */
  private fill(ords: ArrayLike<number>, n: number, room: number): void {
    const buckets = n ? (ords[n - 1] >>> BUCKET_BITS) + 1 : 1;
    const a = new Uint16Array(2 * buckets + Math.max(room, n));
    let b = 0;
    for (let i = 0; i < n; i++) {
      const o = ords[i];
      while (o >>> BUCKET_BITS > b) setEnd(a, b++, i);
      a[2 * buckets + i] = o & LOW;
    }
    while (b < buckets) setEnd(a, b++, n);
    this.arr = a;
    this.buckets = buckets;
  }

  /** Where `ord` is, or would go, among the ordinals (the array form). */
  private find(ord: number): number {
    const a = this.arr as Uint16Array;
    const b = ord >>> BUCKET_BITS;
    if (b >= this.buckets) return this.n;
    let lo = b ? endOf(a, b - 1) : 0;
    let hi = endOf(a, b);
    const low = ord & LOW;
    const base = 2 * this.buckets;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (a[base + mid] < low) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** The ordinal at index `i` of the array form. */
  private at(i: number): number {
    const a = this.arr as Uint16Array;
    let b = 0;
    while (endOf(a, b) <= i) b++;
    return (b << BUCKET_BITS) | a[2 * this.buckets + i];
  }

  has(ord: number): boolean {
    if (this.bits) {
      const w = ord >>> 5;
      return w < this.bits.length && (this.bits[w] & (1 << (ord & 31))) !== 0;
    }
    return ord >>> BUCKET_BITS < this.buckets && this.holdsAt(this.find(ord), ord);
  }

  /** Whether index `i` of the array form (where `ord` would be, in its bucket) holds `ord`. */
  private holdsAt(i: number, ord: number): boolean {
    const a = this.arr as Uint16Array;
    return i < endOf(a, ord >>> BUCKET_BITS) && a[2 * this.buckets + i] === (ord & LOW);
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
    const b = ord >>> BUCKET_BITS;
    let i = this.find(ord);
    if (b < this.buckets && this.holdsAt(i, ord)) return false;
    const room = (this.arr as Uint16Array).length - 2 * this.buckets;
    if (b >= this.buckets || this.n === room) {
      this.grow(b + 1, this.n === room ? this.n + (this.n >> 1) + 4 : room);
      i = this.find(ord);
    }
    const a = this.arr as Uint16Array;
    const base = 2 * this.buckets;
    a.copyWithin(base + i + 1, base + i, base + this.n);
    a[base + i] = ord & LOW;
    for (let k = b; k < this.buckets; k++) setEnd(a, k, endOf(a, k) + 1);
    this.n++;
    if (this.n * 16 > ord + 1 && this.n >= 64 && this.n * 16 > this.max() + 1) this.toBits();
    return true;
  }

  /**
   * Copies the array form into one with `buckets` buckets (at least) and room for `room`
   * ordinals, as it is (no decoding): a bulk load leaves its sets with no room, so the first
   * write to each one grows it, and re-encoding them was most of a new lead's index work.
   */
  private grow(buckets: number, room: number): void {
    const a = this.arr as Uint16Array;
    const old = this.buckets;
    const b = Math.max(old, buckets);
    const grown = new Uint16Array(2 * b + room);
    grown.set(a.subarray(0, 2 * old));
    for (let k = old; k < b; k++) setEnd(grown, k, this.n);
    grown.set(a.subarray(2 * old, 2 * old + this.n), 2 * b);
    this.arr = grown;
    this.buckets = b;
  }

  delete(ord: number): boolean {
    if (this.bits) {
      const w = ord >>> 5;
      const m = 1 << (ord & 31);
      if (w >= this.bits.length || !(this.bits[w] & m)) return false;
      this.bits[w] &= ~m;
      this.n--;
      // Back to an array well below the switch point, so that a set at the edge does not flip.
      if (this.n * 64 < this.bits.length * 32) this.fill(this.toOrds(), this.n, this.n);
      if (this.arr) this.bits = null;
      return true;
    }
    const i = this.find(ord);
    if (ord >>> BUCKET_BITS >= this.buckets || !this.holdsAt(i, ord)) return false;
    const a = this.arr as Uint16Array;
    const base = 2 * this.buckets;
    a.copyWithin(base + i, base + i + 1, base + this.n);
    for (let k = ord >>> BUCKET_BITS; k < this.buckets; k++) setEnd(a, k, endOf(a, k) - 1);
    this.n--;
    if (a.length - base > 16 && this.n * 4 < a.length - base) {
      this.fill(this.toOrds(), this.n, this.n * 2);
    }
    return true;
  }

  /** Gives back the room kept for growth (after a bulk load, where most sets stop growing). */
  trim(): void {
    if (this.arr && this.arr.length - 2 * this.buckets > this.n + 4) {
      this.fill(this.toOrds(), this.n, this.n);
    }
  }

  private max(): number {
    return this.n ? this.at(this.n - 1) : 0;
  }

  private toOrds(): Int32Array {
    const out = new Int32Array(this.n);
    let k = 0;
    this.forEach((o) => {
      out[k++] = o;
    });
    return out;
  }

  private toBits(): void {
    const bits = new Uint32Array((this.max() >>> 5) + 1);
    this.forEach((o) => {
      bits[o >>> 5] |= 1 << (o & 31);
    });
    this.bits = bits;
    this.arr = null;
  }

  /** Calls `f` with each ordinal, ascending; stops when it returns false. */
  forEach(f: (ord: number) => boolean | void): void {
    if (this.arr) {
      const a = this.arr;
      const base = 2 * this.buckets;
      let i = 0;
      for (let b = 0; b < this.buckets; b++) {
        const high = b << BUCKET_BITS;
        for (const end = endOf(a, b); i < end; i++) if (f(high | a[base + i]) === false) return;
      }
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
    const all: number[] = [];
    this.forEach((o) => void all.push(o));
    yield* all;
  }
}

function endOf(a: Uint16Array, b: number): number {
  return a[2 * b] | (a[2 * b + 1] << 16);
}

function setEnd(a: Uint16Array, b: number, end: number): void {
  a[2 * b] = end & LOW;
  a[2 * b + 1] = end >>> 16;
}
