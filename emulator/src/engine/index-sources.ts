/**
 * The documents a query's filters point at in a collection's indexes (store-index.ts): the
 * leaves of its top-level AND, and for each `==` / `in` / `array-contains(-any)` / `is null` leaf
 * its posting lists (or, while those are being built, the documents' own bytes read around them).
 */
import { filterValue } from '../query/index.js';
import type { Filter } from '../model/filters.js';
import { formatFieldPath, parseFieldPath } from '../model/paths.js';
import { arrayValues, EXACT_KEY, NULL_VALUE, postingKey, type Value } from '../model/values.js';
import { KEYS_PER_FIELD } from './key-reads.js';
import type { Lookup, Postings } from './postings.js';
import { OrdSet } from './ord-set.js';
import type { CollectionIndex } from './store-index.js';

export type Leaf = Exclude<Filter, { kind: 'composite' }>;

export const NAME = '__name__';

/** The filters every result must pass (the leaves of the top-level AND). */
export function conjuncts(f: Filter | undefined): Leaf[] {
  if (!f) return [];
  if (f.kind !== 'composite') return [f];
  return f.op === 'AND' ? f.filters.flatMap(conjuncts) : [];
}

/** Every leaf when the filter is a pure conjunction, else undefined. */
export function pureConjuncts(f: Filter | undefined): Leaf[] | undefined {
  if (!f) return [];
  if (f.kind !== 'composite') return [f];
  if (f.op !== 'AND') return undefined;
  const out: Leaf[] = [];
  for (const sub of f.filters) {
    const leaves = pureConjuncts(sub);
    if (!leaves) return undefined;
    out.push(...leaves);
  }
  return out;
}

/** The documents (ordinals) a leaf's postings give: a superset of the ones the leaf matches. */
export interface Source {
  size: number;
  /** Read from the documents' bytes around a build: `size` is the collection's, not a count. */
  around?: boolean;
  forEach(f: (ord: number) => boolean | void): void;
  has(ord: number): boolean;
}

/** The values a leaf's posting lists are looked up by, and whether postings of array elements. */
export function postingLookup(leaf: Leaf): { values: Value[]; elements: boolean } | undefined {
  if (leaf.kind === 'unary') {
    if (leaf.op === 'IS_NULL') return { values: [NULL_VALUE], elements: false };
    if (leaf.op === 'IS_NAN') return { values: [{ doubleValue: 'NaN' }], elements: false };
    return undefined;
  }
  if (leaf.value === undefined) return undefined;
  const v = filterValue(leaf.op, leaf.value);
  switch (leaf.op) {
    case 'EQUAL':
      return { values: [v], elements: false };
    case 'IN':
      return { values: arrayValues(v), elements: false };
    case 'ARRAY_CONTAINS':
      return { values: [v], elements: true };
    case 'ARRAY_CONTAINS_ANY':
      return { values: arrayValues(v), elements: true };
    default:
      return undefined;
  }
}

/**
 * The union of several lookups (the values of an `in` or `array-contains-any`); `disjoint`: no
 * document is in two of them (nothing to remember while iterating).
 */
function union(lists: Lookup[], disjoint = false): Source {
  const size = lists.reduce((n, l) => n + l.size, 0);
  if (lists.length === 1) return lists[0];
  return {
    size,
    has: (o) => lists.some((l) => l.has(o)),
    forEach: (f) => {
      const seen = disjoint ? undefined : new Set<number>();
      for (const l of lists) {
        let stop = false;
        l.forEach((o) => {
          if (seen?.has(o)) return;
          seen?.add(o);
          if (f(o) === false) stop = true;
          return !stop;
        });
        if (stop) return;
      }
    },
  };
}

/**
 * The documents that hold one of `keys` in a field (in its array's elements: `elements`), read
 * from their bytes, for a query that comes while the field's postings are being built. Sized as
 * the whole collection (`size`): a query prefers any built index to it. A pass over every
 * document leaves the exact documents of each key with the index (`keepKeyRead`), so that the
 * next query on those keys reads nothing: the panel's three counters each passed over every
 * lead's `deleted_at`. A field's value files each document under its key as it goes, those
 * asked for and a few others met: one pass over `status` answers the next counter too.
 */
export function readAround(
  ix: CollectionIndex,
  segs: string[],
  elements: boolean,
  keys: string[],
  size: number,
): Source {
  const field = formatFieldPath(segs);
  // An element's documents may hold other keys too: only one key is remembered for arrays.
  const remembered = !elements || keys.length === 1;
  const known = remembered ? keys.map((k) => ix.keyRead(field, elements, k)) : [];
  if (remembered && known.every((s) => s !== undefined)) return knownKeys(known as OrdSet[]);
  const check = ix.keyCheck(segs, elements);
  const met = [...keys];
  // Which of `met` a document holds (its index), or -1.
  const which = elements
    ? (o: number) => keys.findIndex((k) => check.holds(o, k))
    : valueKey(check, met);
  return {
    size,
    around: true,
    has: (o) => {
      const i = which(o);
      return i >= 0 && i < keys.length;
    },
    forEach: (f) => {
      const found: OrdSet[] = [];
      for (const o of ix.ords()) {
        const i = which(o);
        if (i < 0) continue;
        if (remembered) (found[i] ??= new OrdSet()).add(o);
        if (i < keys.length && f(o) === false) return;
      }
      if (!remembered) return;
      // The keys asked for last: they are the last a field's full memory drops.
      for (let i = met.length - 1; i >= 0; i--) {
        ix.keepKeyRead(segs, field, elements, met[i], found[i] ?? new OrdSet());
      }
    },
  };
}

/**
 * Which of `met` a document's value is (its index), or -1; a value not met yet is added while
 * `met` has fewer than `KEYS_PER_FIELD` keys. A key's hash is compared before the key itself.
 */
function valueKey(check: Postings, met: string[]): (o: number) => number {
  const hashes: (number | undefined)[] = [];
  return (o) => {
    let at = -1;
    check.keysOf(o, (h) => {
      for (let i = 0; i < met.length; i++) {
        if ((hashes[i] === undefined || hashes[i] === h) && check.heldIs(met[i])) {
          hashes[i] = h;
          at = i;
          return;
        }
      }
      if (met.length < KEYS_PER_FIELD) {
        hashes[met.length] = h;
        at = met.push(check.heldKey()) - 1;
      }
    });
    return at;
  };
}

/** The documents of keys a pass found (a field holds one value: no document is in two). */
function knownKeys(sets: OrdSet[]): Source {
  return {
    size: sets.reduce((n, s) => n + s.size, 0),
    has: (o) => sets.some((s) => s.has(o)),
    forEach: (f) => {
      let stop = false;
      for (const s of sets) {
        s.forEach((o) => !(stop = f(o) === false));
        if (stop) return;
      }
    },
  };
}

export function postingSource(
  ix: CollectionIndex,
  leaf: Leaf,
  around: boolean,
  size: number,
): Source | undefined {
  const lookup = postingLookup(leaf);
  const segs = parseFieldPath(leaf.field);
  if (!lookup || (segs.length === 1 && segs[0] === NAME)) return undefined;
  const keys = [...new Set(lookup.values.map(postingKey))];
  // While the field's postings are being built, or left to the background builder, each
  // document's own bytes are read instead, so that the query does not wait for the build: a
  // field's one value read and looked up costs less than the build's own pass (the duplicates'
  // `phone_key in [25]` at a million: bench/read-around.ts). Array elements cost more to read, and
  // are only read around for a limited query in another field's order, whose walk stops early.
  if (
    (around || !lookup.elements) &&
    ix.postingsLater(segs, formatFieldPath(segs), lookup.elements)
  ) {
    return readAround(ix, segs, lookup.elements, keys, size);
  }
  const postings = ix.postingsOf(segs, formatFieldPath(segs), lookup.elements);
  return union(keys.map((k) => postings.lookup(k)).filter((l) => l.size > 0));
}

/**
 * The documents a `==`, `in`, `array-contains` or `is null` filter keeps, exactly, from its
 * postings; undefined for other filters. The values of an `in` are distinct and a field holds one
 * value, so their lists do not overlap and their sizes add up: the panel's total of the list
 * (`status in [its four statuses]`) was counted by reading every active lead, and at a million the
 * emulator ran out of memory.
 */
export function exactSource(ix: CollectionIndex, leaf: Leaf, size: number): Source | undefined {
  const op = leaf.kind === 'field' ? leaf.op : undefined;
  if (op !== undefined && op !== 'EQUAL' && op !== 'IN' && op !== 'ARRAY_CONTAINS') {
    return undefined;
  }
  if (leaf.kind === 'unary' && leaf.op !== 'IS_NULL') return undefined;
  const lookup = postingLookup(leaf);
  const segs = parseFieldPath(leaf.field);
  if (!lookup || lookup.values.length === 0 || (segs.length === 1 && segs[0] === NAME)) {
    return undefined;
  }
  const keys = [...new Set(lookup.values.map(postingKey))];
  if (!keys.every((k) => EXACT_KEY.test(k))) return undefined;
  // Postings still being built are read around, from the documents' bytes (nothing is held):
  // waiting for the search's `search_keys` made the first search's count take 47 s at a million.
  if (ix.postingsLater(segs, formatFieldPath(segs), lookup.elements)) {
    return readAround(ix, segs, lookup.elements, keys, size);
  }
  // Counting the results instead would read (and hold) every matching document, 800,000 of them
  // for the active leads at a million.
  const postings = ix.postingsOf(segs, formatFieldPath(segs), lookup.elements);
  return union(
    keys.map((k) => postings.exact(k)),
    !lookup.elements,
  );
}

/**
 * The documents that have a field, for a count in its order while that order is not built;
 * undefined when every document has it (the count needs no such check).
 */
export function presence(
  ix: CollectionIndex,
  segs: string[],
  key: string,
  size: number,
): Source | undefined {
  const lacking = ix.lackingField(segs, key);
  if (lacking.size === 0) return undefined;
  const has = (o: number) => !lacking.has(o);
  return {
    size: size - lacking.size,
    around: true,
    has,
    forEach: (f) => {
      for (const o of ix.ords()) if (has(o) && f(o) === false) return;
    },
  };
}
