/**
 * The packed bytes of a store's current documents, by ordinal, in large shared buffers: a million
 * small buffers would cost about 100 bytes of heap each, the arena about 10 bytes per document.
 * Bytes are appended and never overwritten, so a view handed out stays valid; a replaced or
 * deleted document leaves garbage, and chunks that are mostly garbage are compacted (their live
 * documents copied to the current chunk, the chunk dropped).
 */
const CHUNK_BYTES = 4 << 20;

/** The arena's documents as they were at one moment (see `freeze`). */
export interface ArenaView {
  bytes(ord: number): Buffer | undefined;
  chunk(ord: number): Buffer | undefined;
  offset(ord: number): number;
  length(ord: number): number;
}

export class Arena {
  private chunks: (Buffer | undefined)[] = [];
  /** Bytes of each chunk still referenced by a document. */
  private live: number[] = [];
  private current = -1;
  private used = 0;
  /** Bytes released since the last look at compaction. */
  private freed = 0;
  private compacting = false;
  private chunkOf = new Int32Array(1024).fill(-1);
  private offsetOf = new Uint32Array(1024);
  private lengthOf = new Uint32Array(1024);

  constructor(private readonly chunkBytes = CHUNK_BYTES) {}

  private grow(ord: number): void {
    if (ord < this.chunkOf.length) return;
    let size = this.chunkOf.length * 2;
    while (size <= ord) size *= 2;
    const chunkOf = new Int32Array(size).fill(-1);
    chunkOf.set(this.chunkOf);
    const offsetOf = new Uint32Array(size);
    offsetOf.set(this.offsetOf);
    const lengthOf = new Uint32Array(size);
    lengthOf.set(this.lengthOf);
    this.chunkOf = chunkOf;
    this.offsetOf = offsetOf;
    this.lengthOf = lengthOf;
  }

  /** The bytes of document `ord` (a view; undefined when it has none). */
  get(ord: number): Buffer | undefined {
    const c = ord < this.chunkOf.length ? this.chunkOf[ord] : -1;
    if (c < 0) return undefined;
    const off = this.offsetOf[ord];
    return (this.chunks[c] as Buffer).subarray(off, off + this.lengthOf[ord]);
  }

  /** Whether document `ord` has bytes (without making a view). */
  has(ord: number): boolean {
    return ord < this.chunkOf.length && this.chunkOf[ord] >= 0;
  }

  /** The buffer holding document `ord`'s bytes (at `offset(ord)`), without making a view. */
  chunk(ord: number): Buffer | undefined {
    const c = ord < this.chunkOf.length ? this.chunkOf[ord] : -1;
    return c < 0 ? undefined : this.chunks[c];
  }

  offset(ord: number): number {
    return this.offsetOf[ord];
  }

  length(ord: number): number {
    return this.lengthOf[ord];
  }

  /** Stores `bytes` (copied) as document `ord`'s, replacing what it had. */
  set(ord: number, bytes: Uint8Array): void {
    this.grow(ord);
    this.release(ord);
    if (
      this.current < 0 ||
      this.used + bytes.length > (this.chunks[this.current] as Buffer).length
    ) {
      this.current = this.chunks.length;
      this.chunks.push(Buffer.allocUnsafeSlow(Math.max(this.chunkBytes, bytes.length)));
      this.live.push(0);
      this.used = 0;
    }
    (this.chunks[this.current] as Buffer).set(bytes, this.used);
    this.chunkOf[ord] = this.current;
    this.offsetOf[ord] = this.used;
    this.lengthOf[ord] = bytes.length;
    this.live[this.current] += bytes.length;
    this.used += bytes.length;
    this.maybeCompact();
  }

  /**
   * The documents' places as of now: later writes never change bytes already written, and a chunk
   * the arena drops stays alive while the view holds it.
   */
  freeze(): ArenaView {
    const chunks = [...this.chunks];
    const chunkOf = this.chunkOf.slice();
    const offsetOf = this.offsetOf.slice();
    const lengthOf = this.lengthOf.slice();
    const chunk = (ord: number) => {
      const c = ord < chunkOf.length ? chunkOf[ord] : -1;
      return c < 0 ? undefined : chunks[c];
    };
    return {
      chunk,
      offset: (ord) => offsetOf[ord],
      length: (ord) => lengthOf[ord],
      bytes: (ord) => chunk(ord)?.subarray(offsetOf[ord], offsetOf[ord] + lengthOf[ord]),
    };
  }

  /**
   * As `freeze`, for documents `ords` only, read by their position in `ords` (`bytes(i)` is
   * `ords[i]`'s): 12 bytes per document listed instead of per ordinal the arena has room for.
   */
  freezeAt(ords: ArrayLike<number>): ArenaView {
    const chunks = [...this.chunks];
    const n = ords.length;
    const chunkOf = new Int32Array(n);
    const offsetOf = new Uint32Array(n);
    const lengthOf = new Uint32Array(n);
    for (let i = 0; i < n; i++) {
      const ord = ords[i];
      chunkOf[i] = ord < this.chunkOf.length ? this.chunkOf[ord] : -1;
      offsetOf[i] = this.offsetOf[ord];
      lengthOf[i] = this.lengthOf[ord];
    }
    const chunk = (i: number) => (chunkOf[i] < 0 ? undefined : chunks[chunkOf[i]]);
    return {
      chunk,
      offset: (i) => offsetOf[i],
      length: (i) => lengthOf[i],
      bytes: (i) => chunk(i)?.subarray(offsetOf[i], offsetOf[i] + lengthOf[i]),
    };
  }

  /** Forgets document `ord`'s bytes. */
  delete(ord: number): void {
    if (ord >= this.chunkOf.length) return;
    this.release(ord);
    this.chunkOf[ord] = -1;
    this.maybeCompact();
  }

  private release(ord: number): void {
    const c = this.chunkOf[ord];
    if (c < 0) return;
    this.live[c] -= this.lengthOf[ord];
    this.freed += this.lengthOf[ord];
    if (this.live[c] === 0 && c !== this.current) this.chunks[c] = undefined;
  }

  clear(): void {
    this.chunks = [];
    this.live = [];
    this.current = -1;
    this.used = 0;
    this.freed = 0;
    this.chunkOf.fill(-1);
  }

  /** Bytes held (chunks allocated), for the stats. */
  get bytes(): number {
    let n = 0;
    for (const c of this.chunks) if (c) n += c.length;
    return n;
  }

  /**
   * Once a chunk's worth of bytes was freed: when a quarter of what is held is garbage, copies the
   * live documents out of the chunks that are more than half garbage.
   */
  private maybeCompact(): void {
    if (this.freed < this.chunkBytes || this.compacting) return;
    this.freed = 0;
    let held = 0;
    let garbage = 0;
    const victims = new Set<number>();
    this.chunks.forEach((c, i) => {
      if (!c || i === this.current) return;
      held += c.length;
      garbage += c.length - this.live[i];
      if (this.live[i] * 2 < c.length) victims.add(i);
    });
    if (garbage * 4 < held || victims.size === 0) return;
    this.compacting = true;
    try {
      for (let ord = 0; ord < this.chunkOf.length; ord++) {
        if (victims.has(this.chunkOf[ord])) this.set(ord, this.get(ord) as Buffer);
      }
    } finally {
      this.compacting = false;
    }
    for (const i of victims) this.chunks[i] = undefined;
  }
}
