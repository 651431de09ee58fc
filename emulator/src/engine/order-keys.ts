/**
 * The sort of a bulk load of an ordered index (store-index.ts): each entry's key computed once (its
 * type, then a number or a string when those tell its place in Firestore's order), compared
 * natively; any other value compared whole.
 */
import type { ScalarKey } from '../model/packed-format.js';
import { canonicalMicros } from '../model/time.js';
import {
  compareUtf8,
  compareValues,
  doubleOf,
  TypeOrder,
  typeOrder,
  type Value,
} from '../model/values.js';

/** Entries' sort keys: each one's type, then a number or a string when those tell its place. */
export interface OrderKeys {
  types: Uint8Array;
  nums: Float64Array;
  strs: (string | undefined)[];
  /** 1: by `nums`; 2: by `strs` natively; 3: by `strs` as UTF-8 (surrogates); 0: whole values. */
  plain: Uint8Array;
}

export function orderKeys(n: number): OrderKeys {
  return {
    types: new Uint8Array(n),
    nums: new Float64Array(n),
    strs: new Array<string | undefined>(n),
    plain: new Uint8Array(n),
  };
}

function setString(k: OrderKeys, i: number, s: string): void {
  k.strs[i] = s;
  k.plain[i] = 2;
  for (let c = 0; c < s.length; c++) {
    if (s.charCodeAt(c) >= 0xd800) {
      k.plain[i] = 3;
      return;
    }
  }
}

/** Entry `i`'s key, from a scalar read from its bytes. */
export function setScalarKey(k: OrderKeys, i: number, s: ScalarKey): void {
  k.types[i] = s.type;
  if (s.str !== undefined) setString(k, i, s.str);
  else {
    k.nums[i] = s.num;
    k.plain[i] = 1;
  }
}

/** Entry `i`'s key, from its value. */
export function setKey(k: OrderKeys, i: number, v: Value): void {
  const t = typeOrder(v);
  k.types[i] = t;
  if (t === TypeOrder.Null) k.plain[i] = 1;
  else if (t === TypeOrder.Boolean) {
    k.nums[i] = v.booleanValue === true ? 1 : 0;
    k.plain[i] = 1;
  } else if (t === TypeOrder.Number) {
    const x = 'integerValue' in v ? Number(v.integerValue) : doubleOf(v.doubleValue);
    k.nums[i] = x;
    k.plain[i] = Number.isNaN(x) || ('integerValue' in v && !Number.isSafeInteger(x)) ? 0 : 1;
  } else if (t === TypeOrder.String) setString(k, i, v.stringValue as string);
  else if (t === TypeOrder.Timestamp) {
    // Microseconds, as a timestamp read from the bytes gives them; otherwise the whole values.
    const us = canonicalMicros(v.timestampValue as string);
    if (us !== undefined && Number.isSafeInteger(us)) {
      k.nums[i] = us;
      k.plain[i] = 1;
    }
  }
}

/**
 * The comparator of (value, then `tie`: the ids' order) for a bulk sort: types first, then the
 * keys computed once per entry (numbers; strings natively when they hold no surrogate, which
 * order differently in UTF-16 and UTF-8), the rest with `compareValues` of `value(i)`.
 */
export function valueOrder(
  k: OrderKeys,
  value: (i: number) => Value,
  tie: (a: number, b: number) => number,
): (a: number, b: number) => number {
  const { types, nums, strs, plain } = k;
  return (a, b) => {
    if (types[a] !== types[b]) return types[a] - types[b];
    let c: number;
    const pa = plain[a];
    const pb = plain[b];
    if (pa === 1 && pb === 1) c = nums[a] < nums[b] ? -1 : nums[a] > nums[b] ? 1 : 0;
    else if (pa === 2 && pb === 2) {
      const x = strs[a] as string;
      const y = strs[b] as string;
      c = x < y ? -1 : x > y ? 1 : 0;
    } else if (pa >= 2 && pb >= 2) c = compareUtf8(strs[a] as string, strs[b] as string);
    else c = compareValues(value(a), value(b));
    return c || tie(a, b);
  };
}
