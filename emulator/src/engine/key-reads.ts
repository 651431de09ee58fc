/**
 * What a read around a field's postings found when it passed over every document of the
 * collection: the exact documents holding each key it looked for, kept on every write until the
 * field's postings are built. Without them each count of the panel re-read a million leads'
 * `deleted_at` (and `status`) while those postings waited in the build queue, about 0.6 s a count.
 */
import type { OrdSet } from './ord-set.js';
import type { Postings } from './postings.js';

/** Keys remembered per field: each costs a read of the field's bytes on every write. */
export const KEYS_PER_FIELD = 16;

interface FieldReads {
  /** Reads the field's keys from a current document's bytes. */
  check: Postings;
  keys: Map<string, OrdSet>;
}

export class KeyReads {
  private readonly fields = new Map<string, FieldReads>();

  /** The documents holding `key` in `field` (a postings name: kind prefix and path), if known. */
  get(field: string, key: string): OrdSet | undefined {
    return this.fields.get(field)?.keys.get(key);
  }

  /**
   * Remembers the documents a pass over every current document found holding `key`; `check`
   * reads the field's keys on later writes.
   */
  keep(field: string, check: Postings, key: string, ords: OrdSet): void {
    let f = this.fields.get(field);
    if (!f) {
      f = { check, keys: new Map() };
      this.fields.set(field, f);
    }
    f.keys.delete(key);
    if (f.keys.size >= KEYS_PER_FIELD) f.keys.delete(f.keys.keys().next().value as string);
    ords.trim();
    f.keys.set(key, ords);
  }

  /** Keeps every remembered key in step with document `ord`, after its change is stored. */
  update(ord: number, exists: boolean): void {
    for (const { check, keys } of this.fields.values()) {
      for (const [key, set] of keys) {
        if (exists && check.holds(ord, key)) set.add(ord);
        else set.delete(ord);
      }
    }
  }

  /** Drops what is known of a field (its postings are built: they answer instead). */
  forget(field: string): void {
    this.fields.delete(field);
  }

  clear(): void {
    this.fields.clear();
  }
}
