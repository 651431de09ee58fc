/**
 * One collection's document ids -> ordinals, as an open-addressing hash table in typed arrays (a
 * slot's ordinal and its id's hash) over the ids' bytes in the store's `DocIds`: 8-16 bytes per
 * document where a `Map` from id strings took about 100 plus the strings. Linear probing; a
 * delete shifts the entries after it back (no tombstones), so every probe chain stays whole.
 */
import type { DocIds } from './doc-ids.js';

const MIN_SLOTS = 8;

export class IdTable {
  /**
   * Two cells per slot, side by side so that a probe reads one cache line: the slot's ordinal + 1
   * (0: empty), and its id's hash (`DocIds.hashOf`, for growth and to skip most compares).
   */
  private cells = new Int32Array(MIN_SLOTS * 2);
  private count = 0;

  constructor(private readonly ids: DocIds) {}

  get size(): number {
    return this.count;
  }

  private get mask(): number {
    return (this.cells.length >> 1) - 1;
  }

  /** The ordinal of id `id`, if the table has it. */
  get(id: string): number | undefined {
    const n = this.ids.encode(id);
    return this.find(n, this.ids.scratchHash(n));
  }

  /** The ordinal of the `n` bytes `DocIds` last encoded, whose hash is `h`. */
  private find(n: number, h: number): number | undefined {
    const mask = this.mask;
    const cells = this.cells;
    for (let i = h & mask; ; i = (i + 1) & mask) {
      const s = cells[2 * i];
      if (s === 0) return undefined;
      if (cells[2 * i + 1] === h && this.ids.matches(s - 1, n)) return s - 1;
    }
  }

  /**
   * The ordinal of id `id`; when the table has none, the one `create` gives (undefined: none),
   * which gets `id` in `DocIds` and goes into the table (one encoding of the id for both).
   * `create` must not encode an id itself.
   */
  getOrAdd(id: string, create: () => number | undefined): number | undefined {
    const n = this.ids.encode(id);
    const h = this.ids.scratchHash(n);
    const found = this.find(n, h);
    if (found !== undefined) return found;
    const ord = create();
    if (ord === undefined) return undefined;
    this.ids.setEncoded(ord, n);
    this.insert(ord, h);
    return ord;
  }

  /** Adds ordinal `ord`, whose id `DocIds` already holds and this table does not. */
  add(ord: number): void {
    this.insert(ord, this.ids.hashOf(ord));
  }

  private insert(ord: number, h: number): void {
    if ((this.count + 1) * 4 > (this.mask + 1) * 3) this.resize((this.mask + 1) * 2);
    this.place(ord, h);
    this.count++;
  }

  private place(ord: number, h: number): void {
    const mask = this.mask;
    let i = h & mask;
    while (this.cells[2 * i] !== 0) i = (i + 1) & mask;
    this.cells[2 * i] = ord + 1;
    this.cells[2 * i + 1] = h;
  }

  /** Removes ordinal `ord` (its id still in `DocIds`); false when the table does not have it. */
  remove(ord: number): boolean {
    const h = this.ids.hashOf(ord);
    const mask = this.mask;
    const cells = this.cells;
    let i = h & mask;
    for (; cells[2 * i] !== ord + 1; i = (i + 1) & mask) if (cells[2 * i] === 0) return false;
    // Each later entry of the run moves into the hole unless its home slot lies after the hole
    // (cyclically), where a probe for it would not pass the hole.
    for (let j = (i + 1) & mask; cells[2 * j] !== 0; j = (j + 1) & mask) {
      const home = cells[2 * j + 1] & mask;
      if (((j - home) & mask) >= ((j - i) & mask)) {
        cells[2 * i] = cells[2 * j];
        cells[2 * i + 1] = cells[2 * j + 1];
        i = j;
      }
    }
    cells[2 * i] = 0;
    cells[2 * i + 1] = 0;
    this.count--;
    if (mask + 1 > MIN_SLOTS && this.count * 8 < mask + 1) this.resize((mask + 1) / 2);
    return true;
  }

  private resize(slots: number): void {
    const old = this.cells;
    this.cells = new Int32Array(slots * 2);
    for (let i = 0; i < old.length; i += 2) if (old[i] !== 0) this.place(old[i] - 1, old[i + 1]);
  }

  /** The ordinals, ascending (a copy: the table may change while the caller goes through it). */
  ords(): Int32Array {
    const out = new Int32Array(this.count);
    let k = 0;
    const cells = this.cells;
    for (let i = 0; i < cells.length; i += 2) if (cells[i] !== 0) out[k++] = cells[i] - 1;
    return out.sort();
  }
}
