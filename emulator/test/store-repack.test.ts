/**
 * Documents loaded from a binary snapshot written before the one-byte array strings existed: the
 * store keeps them in the shorter form (what the next snapshot writes), with the same fields, and
 * its indexes find them by their array's elements.
 */
import { describe, expect, it } from 'vitest';
import { Tag } from '../src/model/packed-format.js';
import { Store } from '../src/engine/store.js';

describe('a store loading earlier packed documents', () => {
  it('keeps them packed again, shorter, with the same fields', () => {
    const store = new Store('projects/p/databases/(default)');
    store.packer.names.intern('k');
    store.packer.names.intern('n');
    // {k: ['ab', 'abc', 'ax'], n: 5} as earlier versions wrote it: Str, then Front (shared, length, rest).
    const array = [Tag.Array, 13, 0, 0, 0, 3, Tag.Str, 2, 97, 98];
    array.push(Tag.Front, 2, 1, 99, Tag.Front, 1, 1, 120);
    const body = [2, 0, ...array, 1, Tag.Int, 10];
    const legacy = Uint8Array.from([body.length, 0, 0, 0, ...body]);
    store.putPacked('c/old', legacy, 1, 2);
    const fields = {
      k: { arrayValue: { values: ['ab', 'abc', 'ax'].map((s) => ({ stringValue: s })) } },
      n: { integerValue: '5' },
    };
    const doc = store.get('c/old');
    expect(doc?.fields).toEqual(fields);
    expect([doc?.createTime, doc?.updateTime]).toEqual([1, 2]);
    const [kept] = store.packedDocs();
    expect(kept.path).toBe('c/old');
    expect(kept.bytes.length).toBe(legacy.length - 5);
    expect(store.packer.unpack(kept.bytes)).toEqual(fields);
    // A document already in the current form is kept byte for byte.
    const current = Uint8Array.from(store.packer.pack(fields));
    store.putPacked('c/new', current, 3, 4);
    const again = store.packedDocs().find((d) => d.path === 'c/new');
    expect(again && Buffer.compare(again.bytes, current)).toBe(0);
  });
});
