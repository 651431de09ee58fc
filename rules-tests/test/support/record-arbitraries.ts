/**
 * fast-check arbitraries for the candidate's record (notes, follow-up fields, templates): valid
 * payloads as the panel writes them, one-change malformations of them, and any value the JS SDK
 * can send.
 */
import { serverTimestamp, Timestamp } from 'firebase/firestore';
import fc from 'fast-check';
import { messageTemplateLimits, noteTextMaxLength } from '../../../web/src/domain/lead-record.js';
import { newNote, newTemplate } from './record.js';

export type Payload = Record<string, unknown>;

const scalar: fc.Arbitrary<unknown> = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.integer({ min: 0, max: 4_102_444_800_000 }).map((ms) => Timestamp.fromMillis(ms)),
);

/** Any value the SDK sends as a field (scalars, arrays, maps), without server timestamps. */
export const anyValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 6, arbitrary: scalar },
  { weight: 1, arbitrary: fc.array(scalar, { maxLength: 3 }) },
  {
    weight: 1,
    arbitrary: fc.dictionary(fc.string({ minLength: 1, maxLength: 8 }), scalar, { maxKeys: 3 }),
  },
);

/** A field name the SDK accepts in set() and update() alike (a plain identifier). */
export const unknownKey = fc
  .stringMatching(/^[A-Za-z_][A-Za-z0-9_]{0,11}$/)
  .filter((k) => !/^__.*__$/.test(k));

/** Note and template texts: any unicode, at most `max` code points (the rules count those). */
const textOf = (min: number, max: number) =>
  fc
    .oneof(
      fc.string({ unit: 'grapheme', minLength: min, maxLength: Math.min(max, 200) }),
      fc.string({ unit: 'binary', minLength: min, maxLength: Math.min(max, 200) }),
      fc.integer({ min: Math.max(min, max - 3), max }).map((n) => 'é'.repeat(n)),
    )
    .filter((text) => [...text].length >= min && [...text].length <= max);

/** A text one past either bound, or not a string. */
const badTextOf = (min: number, max: number): fc.Arbitrary<unknown> =>
  fc.oneof(
    fc.integer({ min: max + 1, max: max + 50 }).map((n) => 'x'.repeat(n)),
    min > 0 ? fc.constant('') : fc.constant(1),
    scalar.filter((v) => typeof v !== 'string'),
  );

export const validNoteText = textOf(1, noteTextMaxLength);
export const badNoteText = badTextOf(1, noteTextMaxLength);

/** One change that makes a payload invalid: a bad value for `field`, a missing key, an extra key. */
export function malformed(
  valid: Payload,
  badValues: Record<string, fc.Arbitrary<unknown>>,
): fc.Arbitrary<Payload> {
  const keys = Object.keys(valid);
  return fc.oneof(
    ...Object.entries(badValues).map(([field, bad]) =>
      bad.map((value) => ({ ...valid, [field]: value })),
    ),
    fc
      .constantFrom(...keys)
      .map((key) => Object.fromEntries(Object.entries(valid).filter(([k]) => k !== key))),
    fc
      .tuple(
        unknownKey.filter((k) => !keys.includes(k)),
        anyValue,
      )
      .map(([key, value]) => ({ ...valid, [key]: value })),
  );
}

/**
 * A time the rules never take for request.time: anything, or a time near now but at least five
 * minutes away from it (fast-check favours small offsets, and an offset of a few ms once landed on
 * the request's own time).
 */
const notNow = fc.oneof(
  scalar,
  fc
    .tuple(fc.boolean(), fc.integer({ min: 300_000, max: 3_600_000 }))
    .map(([past, d]) => Timestamp.fromMillis(Date.now() + (past ? -d : d))),
);

export const validNote = (uid: string): fc.Arbitrary<Payload> =>
  validNoteText.map((text) => newNote(uid, { text }));

export const malformedNote = (uid: string): fc.Arbitrary<Payload> =>
  malformed(newNote(uid), {
    text: badNoteText,
    author_uid: fc.oneof(
      fc.string({ maxLength: 30 }).filter((s) => s !== uid),
      scalar,
    ),
    author_email: fc
      .oneof(fc.string({ maxLength: 30 }), fc.constant(`${uid.toUpperCase()}@example.com`), scalar)
      .filter((s) => s !== `${uid}@example.com`),
    created_at: notNow,
    updated_at: notNow,
  });

export const validTemplate: fc.Arbitrary<Payload> = fc
  .tuple(
    textOf(messageTemplateLimits.name.min, messageTemplateLimits.name.max),
    textOf(messageTemplateLimits.text.min, messageTemplateLimits.text.max),
  )
  .map(([name, text]) => newTemplate({ name, text }));

export const malformedTemplate: fc.Arbitrary<Payload> = malformed(newTemplate(), {
  name: badTextOf(messageTemplateLimits.name.min, messageTemplateLimits.name.max),
  text: badTextOf(messageTemplateLimits.text.min, messageTemplateLimits.text.max),
  updated_at: notNow,
});

/** A value for a follow-up field: the server's time, or anything else. */
export const stampOrAny: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 2, arbitrary: fc.constant(serverTimestamp()) },
  { weight: 3, arbitrary: notNow },
);
