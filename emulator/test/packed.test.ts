/**
 * The packed form the store keeps documents in (src/model/packed.ts): every value the SDKs can
 * store, and shapes only odd clients send, come back exactly (type, JSON, key order); a field read
 * straight from the bytes is the unpacked one; the keys walked from the bytes are `postingKey`'s.
 */
import fc from 'fast-check';
import { isDeepStrictEqual } from 'node:util';
import { describe, expect, it } from 'vitest';
import { hashUnits, keysOf, Packer } from '../src/model/packed.js';
import { Reader, Tag } from '../src/model/packed-format.js';
import { getField } from '../src/model/paths.js';
import type { Fields, Value } from '../src/model/values.js';
import { microsToString } from '../src/model/time.js';

/** The range of Firestore timestamps, in milliseconds (years 1 to 9999). */
const MAX_MS = 253402300799999;
const MIN_MS = -62135596800000;

/** Strings with accents, astral characters, lone surrogates and shared prefixes. */
const textArb = fc.oneof(
  fc.string({ maxLength: 12 }),
  fc.string({ unit: 'grapheme', maxLength: 6 }),
  fc.string({ unit: 'binary', maxLength: 6 }),
  fc.constantFrom(
    '',
    'a',
    'ab',
    'abc',
    'abd',
    'maria',
    'maria s',
    'Érica',
    '😀',
    '😀x',
    '\ud800',
    'a\udc00',
    // The edges of the one-byte form of a string in an array: 23/24 shared units, 8/9 bytes of rest.
    'abcdefgh',
    'abcdefghi',
    'abcdefghij',
    'x'.repeat(23),
    'x'.repeat(23) + 'abcdefgh',
    'x'.repeat(24) + 'a',
    'x'.repeat(23) + 'ééé😀',
    'x'.repeat(23) + 'éééé😀',
  ),
  fc.string({ minLength: 130, maxLength: 300 }),
);

const scalarArb: fc.Arbitrary<Value> = fc.oneof(
  fc.constant<Value>({ nullValue: null }),
  fc.boolean().map((b) => ({ booleanValue: b })),
  fc.bigInt({ min: -(2n ** 63n), max: 2n ** 63n - 1n }).map((n) => ({ integerValue: String(n) })),
  fc.integer({ min: -1000, max: 1000 }).map((n) => ({ integerValue: String(n) })),
  fc.double().map((d) => ({ doubleValue: Number.isNaN(d) ? 'NaN' : d })),
  fc.constantFrom<Value>(
    { doubleValue: -0 },
    { doubleValue: 'Infinity' },
    { doubleValue: '-Infinity' },
    { doubleValue: 'NaN' },
    { integerValue: '-0' },
    { integerValue: '007' },
  ),
  fc
    .integer({ min: MIN_MS, max: MAX_MS })
    .chain((ms) =>
      fc
        .integer({ min: 0, max: 999 })
        .map((us) => ({ timestampValue: microsToString(ms * 1000 + us) })),
    ),
  fc.constantFrom<Value>(
    { timestampValue: '2026-02-30T00:00:00.000000Z' },
    { timestampValue: '2026-01-01T00:00:00Z' },
    { timestampValue: '1969-12-31T23:59:59.999999Z' },
    { timestampValue: '0001-01-01T00:00:00.000000Z' },
    { timestampValue: '9999-12-31T23:59:59.999999Z' },
  ),
  textArb.map((s) => ({ stringValue: s })),
  fc.uint8Array({ maxLength: 10 }).map((b) => ({ bytesValue: Buffer.from(b).toString('base64') })),
  textArb.map((s) => ({ referenceValue: `projects/p/databases/(default)/documents/c/${s}` })),
  fc
    .tuple(fc.double({ min: -90, max: 90 }), fc.double({ min: -180, max: 180 }))
    .map(([latitude, longitude]) => ({ geoPointValue: { latitude, longitude } })),
);

/** Shapes the store may hold from clients the normalisation lets through as they are. */
const oddArb = fc.constantFrom<Value>(
  { arrayValue: { values: [] } },
  { mapValue: { fields: {} } },
  { geoPointValue: { longitude: 1, latitude: 2 } },
  { stringValue: 'x', extra: 1 } as unknown as Value,
  { nullValue: 0 } as unknown as Value,
  { arrayValue: { values: [{ stringValue: 'a' }], extra: true } } as unknown as Value,
);

const nameArb = fc.oneof(textArb, fc.constantFrom('__proto__', 'constructor', '0', '10', 'a.b'));

const { valueArb } = fc.letrec((tie) => ({
  valueArb: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    scalarArb,
    oddArb,
    fc
      .array(fc.oneof(scalarArb, tie('mapArb') as fc.Arbitrary<Value>), { maxLength: 6 })
      .map((values) => ({ arrayValue: values.length ? { values } : {} })),
    fc
      .array(
        textArb.map((s) => ({ stringValue: s })),
        { maxLength: 8 },
      )
      .map((values) => ({
        arrayValue: {
          values: values.sort((a, b) =>
            (a.stringValue as string) < (b.stringValue as string) ? -1 : 1,
          ),
        },
      })),
    tie('mapArb') as fc.Arbitrary<Value>,
  ),
  mapArb: fc
    .dictionary(nameArb, tie('valueArb') as fc.Arbitrary<Value>, {
      maxKeys: 4,
      noNullPrototype: true,
    })
    .map((fields) => ({ mapValue: Object.keys(fields).length ? { fields } : {} })),
}));

const fieldsArb: fc.Arbitrary<Fields> = fc.dictionary(nameArb, valueArb as fc.Arbitrary<Value>, {
  maxKeys: 6,
  noNullPrototype: true,
});

/**
 * The bytes as versions before the one-byte array strings wrote them: each such string as Front
 * (shared prefix, length, rest) or, with nothing shared, Str.
 */
function lengthened(bytes: Buffer, packer: Packer): Buffer {
  const out: number[] = [];
  let pos = 0;
  const varint = () => {
    let n = 0;
    let mul = 1;
    for (;;) {
      const b = bytes[pos++];
      out.push(b);
      n += (b & 0x7f) * mul;
      if (b < 0x80) return n;
      mul *= 0x80;
    }
  };
  const block = (body: () => void) => {
    const at = out.length;
    out.push(0, 0, 0, 0);
    pos += 4;
    body();
    const n = out.length - at - 4;
    out.splice(at, 4, n & 0xff, (n >>> 8) & 0xff, (n >>> 16) & 0xff, n >>> 24);
  };
  const fields = () =>
    block(() => {
      for (let i = varint(); i > 0; i--) {
        varint();
        value(false);
      }
    });
  const value = (inArray: boolean) => {
    const tag = bytes[pos];
    if (inArray && tag >= 0x40) {
      const shared = (tag - 0x40) >>> 3;
      const rest = ((tag - 0x40) & 7) + 1;
      out.push(...(shared ? [Tag.Front, shared] : [Tag.Str]), rest);
      out.push(...bytes.subarray(pos + 1, pos + 1 + rest));
      pos += 1 + rest;
    } else if (tag === Tag.Map || tag === Tag.Array) {
      out.push(tag);
      pos++;
      if (tag === Tag.Map) fields();
      else
        block(() => {
          for (let i = varint(); i > 0; i--) value(true);
        });
    } else {
      // Any other value is copied as it is: its extent from a reader of the packed form.
      const r = new Reader(bytes, packer.names);
      r.pos = pos;
      r.skip();
      out.push(...bytes.subarray(pos, r.pos));
      pos = r.pos;
    }
  };
  fields();
  return Buffer.from(out);
}

describe('packed documents (property)', () => {
  it('unpack to the same fields, in the same key order, with the same JSON', () => {
    const packer = new Packer();
    fc.assert(
      fc.property(fieldsArb, (fields) => {
        const back = packer.unpack(Buffer.from(packer.pack(fields)));
        // (toStrictEqual compares `constructor` properties by identity, and fields may be called so.)
        expect(isDeepStrictEqual(back, fields)).toBe(true);
        expect(JSON.stringify(back)).toBe(JSON.stringify(fields));
        expect(Object.keys(back)).toEqual(Object.keys(fields));
      }),
      { numRuns: 2000 },
    );
  });

  it('never count as packing smaller again once packed', () => {
    const packer = new Packer();
    fc.assert(
      fc.property(fieldsArb, (fields) => {
        expect(packer.shortened(Buffer.from(packer.pack(fields)))).toBeUndefined();
      }),
      { numRuns: 2000 },
    );
  });

  it('shorten documents written in the earlier array strings back to the same fields', () => {
    const packer = new Packer();
    fc.assert(
      fc.property(fieldsArb, (fields) => {
        const bytes = Buffer.from(packer.pack(fields));
        const earlier = lengthened(bytes, packer);
        const again = packer.shortened(earlier) ?? earlier;
        // The same bytes as packed now (and so the same fields).
        expect(Buffer.compare(again, bytes)).toBe(0);
      }),
      { numRuns: 2000 },
    );
  });

  it('give a field, its bytes and its keys straight from the bytes', () => {
    const packer = new Packer();
    const walker = packer.walker();
    fc.assert(
      fc.property(fieldsArb, fc.array(nameArb, { minLength: 1, maxLength: 2 }), (fields, path) => {
        const bytes = Buffer.from(packer.pack(fields));
        const expected = getField(fields, path);
        expect(isDeepStrictEqual(packer.field(bytes, path), expected)).toBe(true);
        expect(packer.fieldBytes(bytes, path) !== undefined).toBe(expected !== undefined);
        for (const elements of [false, true]) {
          const keys: string[] = [];
          const found = walker.walk(bytes, 0, path, elements, (hash) => {
            const key = walker.key();
            keys.push(key);
            expect(hash).toBe(hashUnits(walker.units, walker.length));
          });
          expect(found).toBe(expected !== undefined);
          expect([...new Set(keys)].sort()).toEqual(keysOf(expected, elements).sort());
        }
      }),
      { numRuns: 2000 },
    );
  });

  it('keep a lead (90 search keys) in about a tenth of its JSON', () => {
    const packer = new Packer();
    const keys = ['l', 'li', 'lim', 'lima', 'lu', 'lui', 'luis', 'luis l', 'luis li', 'luis lim'];
    const fields: Fields = {
      nome: { stringValue: 'Luís Lima' },
      created_at: { timestampValue: '2026-05-01T12:00:00.123456Z' },
      search_keys: { arrayValue: { values: keys.map((s) => ({ stringValue: s })) } },
    };
    const bytes = packer.pack(fields);
    expect(bytes.length).toBeLessThan(JSON.stringify(fields).length / 4);
    expect(isDeepStrictEqual(packer.unpack(Buffer.from(bytes)), fields)).toBe(true);
  });

  it('keep a sorted key that adds a few characters to the one before in one byte besides them', () => {
    const packer = new Packer();
    const keys = [
      '7',
      '73',
      '739',
      '7397',
      '73971',
      'ana',
      'ana s',
      'ana silva',
      'ana silva conceicao',
    ];
    const fields: Fields = {
      search_keys: { arrayValue: { values: keys.map((s) => ({ stringValue: s })) } },
    };
    const bytes = Buffer.from(packer.pack(fields));
    const array = packer.fieldBytes(bytes, ['search_keys']) as Buffer;
    // Tag, block length, count; then 1 + 1 each for the digits, 1 + 3, 1 + 2, 1 + 4, and
    // ' conceicao' (10 bytes after 'ana silva') in the longer form: tag, shared, length, rest.
    expect(array.length).toBe(1 + 4 + 1 + 5 * 2 + 4 + 3 + 5 + (3 + 10));
    expect(isDeepStrictEqual(packer.unpack(bytes), fields)).toBe(true);
  });

  it('read arrays written before the one-byte form (binary snapshots of earlier versions)', () => {
    const packer = new Packer();
    packer.names.intern('k');
    packer.names.intern('n');
    // {k: ['ab', 'abc', 'ax'], n: 5}, the strings as Str, then Front (shared, length, rest).
    const array = [Tag.Array, 13, 0, 0, 0, 3, Tag.Str, 2, 97, 98];
    array.push(Tag.Front, 2, 1, 99, Tag.Front, 1, 1, 120);
    const body = [2, 0, ...array, 1, Tag.Int, 10];
    const bytes = Buffer.from([body.length, 0, 0, 0, ...body]);
    const strings = ['ab', 'abc', 'ax'].map((s) => ({ stringValue: s }));
    expect(packer.unpack(bytes)).toEqual({
      k: { arrayValue: { values: strings } },
      n: { integerValue: '5' },
    });
    expect(packer.field(bytes, ['n'])).toEqual({ integerValue: '5' });
    const walker = packer.walker();
    const keys: string[] = [];
    walker.walk(bytes, 0, ['k'], true, (hash) => {
      keys.push(walker.key());
      expect(hash).toBe(hashUnits(walker.units, walker.length));
    });
    expect(keys).toEqual(['sab', 'sabc', 'sax']);
    // Packed again, the same fields take the one-byte form.
    const again = Buffer.from(packer.shortened(bytes) as Buffer);
    expect(again).toEqual(Buffer.from(packer.pack(packer.unpack(bytes))));
    expect(again.length).toBe(bytes.length - 5);
    expect(packer.shortened(again)).toBeUndefined();
  });
});
