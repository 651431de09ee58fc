/**
 * One collection's document ids -> ordinals, as an open-addressing hash table in typed arrays (a
 * slot's ordinal and its id's hash) over the ids' bytes in the store's `DocIds`: 8-16 bytes per
 * document where a `Map` from id strings took about 100 plus the strings. Linear probing; a
 * delete shifts the entries after it back (no tombstones), so every probe chain stays whole.
 */
import type { DocIds } from './doc-ids.js';

const MIN_SLOTS = 8;

export class IdTable {
  /** Each slot's ordinal + 1 (0: empty). */
  private slots = new Int32Array(MIN_SLOTS);
  /** Each occupied slot's id hash (`DocIds.hashOf`), for growth and to skip most compares. */
  private hashes = new Uint32Array(MIN_SLOTS);
  private count = 0;

  constructor(private readonly ids: DocIds) {}

  get size(): number {
    return this.count;
  }

  /** The ordinal of id `id`, if the table has it. */
  get(id: string): number | undefined {
    const n = this.ids.encode(id);
    const h = this.ids.scratchHash(n);
    const mask = this.slots.length - 1;
    for (let i = h & mask; ; i = (i + 1) & mask) {
      const s = this.slots[i];
      if (s === 0) return undefined;
      if (this.hashes[i] === h && this.ids.matches(s - 1, n)) return s - 1;
    }
  }

  /** Adds ordinal `ord`, whose id `DocIds` already holds and this table does not. */
  add(ord: number): void {
    if ((this.count + 1) * 4 > this.slots.length * 3) this.resize(this.slots.length * 2);
    this.place(ord, this.ids.hashOf(ord));
    this.count++;
  }

  private place(ord: number, h: number): void {
    const mask = this.slots.length - 1;
    let i = h & mask;
    while (this.slots[i] !== 0) i = (i + 1) & mask;
    this.slots[i] = ord + 1;
    this.hashes[i] = h;
  }

  /** Removes ordinal `ord` (its id still in `DocIds`); false when the table does not have it. */
  remove(ord: number): boolean {
    const h = this.ids.hashOf(ord);
    const mask = this.slots.length - 1;
    let i = h & mask;
    for (; this.slots[i] !== ord + 1; i = (i + 1) & mask) if (this.slots[i] === 0) return false;
    // Each later entry of the run moves into the hole unless its home slot lies after the hole
    // (cyclically), where a probe for it would not pass the hole.
    for (let j = (i + 1) & mask; this.slots[j] !== 0; j = (j + 1) & mask) {
      const home = this.hashes[j] & mask;
      if (((j - home) & mask) >= ((j - i) & mask)) {
        this.slots[i] = this.slots[j];
        this.hashes[i] = this.hashes[j];
        i = j;
      }
    }
    this.slots[i] = 0;
    this.hashes[i] = 0;
    this.count--;
    if (this.slots.length > MIN_SLOTS && this.count * 8 < this.slots.length) {
      this.resize(this.slots.length / 2);
    }
    return true;
  }

  private resize(size: number): void {
    const { slots, hashes } = this;
    this.slots = new Int32Array(size);
    this.hashes = new Uint32Array(size);
    for (let i = 0; i < slots.length; i++) if (slots[i] !== 0) this.place(slots[i] - 1, hashes[i]);
  }

  /** The ordinals, ascending (a copy: the table may change while the caller goes through it). */
  ords(): Int32Array {
    const out = new Int32Array(this.count);
    let k = 0;
    for (let i = 0; i < this.slots.length; i++)
      if (this.slots[i] !== 0) out[k++] = this.slots[i] - 1;
    return out.sort();
  }
}
