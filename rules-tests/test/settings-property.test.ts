/**
 * Property tests of the settings rules with fast-check: random admin saves of the redirect and
 * pixel settings are accepted exactly when link, delay and pixel id are valid; the counter stays
 * untouched throughout. VAGAS_FC_SEED=<seed> replays a run.
 */
import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import {
  doc,
  getDoc,
  serverTimestamp,
  setDoc,
  Timestamp,
  updateDoc,
  type Firestore,
} from 'firebase/firestore';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { redirectTimeLimits } from '../../web/src/domain/options.js';
import { useRulesEnvironment } from './support/rules-env.js';

const t = useRulesEnvironment('demo-rules-settings-property');
const seed = process.env.VAGAS_FC_SEED ? Number(process.env.VAGAS_FC_SEED) : undefined;

/** The link rule, in RE2 terms: `\s` is only [\t\n\f\r ], full match. */
const isValidLink = (link: string): boolean =>
  link === '' ||
  ([...link].length <= 2000 && /^https?:\/\/[^\t\n\f\r /?#]+[^\t\n\f\r ]*$/.test(link));

const validLink = fc.oneof(
  fc.constant(''),
  fc.webUrl({ validSchemes: ['http', 'https'], withQueryParameters: true, withFragments: true }),
  fc.string({ unit: 'grapheme-ascii', maxLength: 12 }).map(
    (text) =>
      // What admins paste: a wa.me link with a percent-encoded message.
      `https://wa.me/5579999999999?text=${encodeURIComponent(text)}`,
  ),
);

const invalidLink: fc.Arbitrary<unknown> = fc
  .oneof(
    fc
      .tuple(
        fc.constantFrom(
          'javascript:',
          'data:text/html,',
          'ftp://',
          'file:///',
          '//',
          'HTTPS://',
          '',
        ),
        fc.string({ unit: 'grapheme-ascii', maxLength: 30 }),
      )
      .map(([scheme, rest]) => scheme + rest),
    fc
      .tuple(validLink, fc.constantFrom(' ', '\t', '\n', '\r', '\f'), fc.nat())
      .map(([link, space, at]) => {
        const url = link || 'https://wa.me/1';
        const i = 8 + (at % Math.max(1, url.length - 8));
        return url.slice(0, i) + space + url.slice(i);
      }),
    fc.string({ unit: 'binary', maxLength: 40 }),
    fc.integer().map((n) => `https://wa.me/${'9'.repeat(2000)}${n}`),
    fc.oneof(fc.integer(), fc.boolean(), fc.constant(null), fc.constant(['https://wa.me/1'])),
  )
  .filter((v) => typeof v !== 'string' || !isValidLink(v));

const validDelay = fc.integer({ min: redirectTimeLimits.min, max: redirectTimeLimits.max });
const invalidDelay: fc.Arbitrary<unknown> = fc.oneof(
  fc.integer({ max: redirectTimeLimits.min - 1 }),
  fc.integer({ min: redirectTimeLimits.max + 1 }),
  fc.double({ min: 1, max: 30, noNaN: true }).filter((d) => !Number.isInteger(d)),
  validDelay.map(String),
  fc.constant(null),
);

const validPixel = fc.string({ unit: fc.constantFrom(...'0123456789'), maxLength: 32 });
const invalidPixel: fc.Arbitrary<unknown> = fc.oneof(
  fc
    .string({ unit: 'binary', minLength: 1, maxLength: 40 })
    .filter((s) => !/^[0-9]{0,32}$/.test(s)),
  fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: 33, maxLength: 60 }),
  fc.integer({ min: 0 }),
  fc.constant(null),
);

async function seedSettings(): Promise<void> {
  await t.privileged(async (db) => {
    await setDoc(doc(db, 'settings', 'redirect'), {
      whatsapp_link: '',
      redirect_time: 5,
      redirect_count: 42,
      updated_at: Timestamp.now(),
    });
    await setDoc(doc(db, 'settings', 'tracking'), { pixel_id: '' });
  });
}

async function storedCount(): Promise<unknown> {
  let count: unknown;
  await t.privileged(async (db) => {
    count = (await getDoc(doc(db, 'settings', 'redirect'))).get('redirect_count');
  });
  return count;
}

describe('settings rules, property-based', () => {
  const redirect = (db: Firestore) => doc(db, 'settings', 'redirect');
  const tracking = (db: Firestore) => doc(db, 'settings', 'tracking');

  it(
    'admin redirect saves: 150 valid accepted, 300 with a bad link or delay denied',
    {
      timeout: 300_000,
    },
    async () => {
      await seedSettings();
      const admin = t.admin();
      await fc.assert(
        fc.asyncProperty(validLink, validDelay, async (whatsapp_link, redirect_time) => {
          const save = { whatsapp_link, redirect_time, updated_at: serverTimestamp() };
          await assertSucceeds(updateDoc(redirect(admin), save));
        }),
        { numRuns: 150, seed, endOnFailure: true },
      );
      await fc.assert(
        fc.asyncProperty(
          fc.oneof(
            fc.tuple(invalidLink, validDelay),
            fc.tuple(validLink, invalidDelay),
            fc.tuple(invalidLink, invalidDelay),
          ),
          async ([whatsapp_link, redirect_time]) => {
            const save = { whatsapp_link, redirect_time, updated_at: serverTimestamp() };
            await assertFails(updateDoc(redirect(admin), save));
          },
        ),
        { numRuns: 300, seed, endOnFailure: true },
      );
      expect(await storedCount()).toBe(42);
    },
  );

  it(
    'admin pixel saves: 100 valid accepted, 200 invalid denied',
    { timeout: 300_000 },
    async () => {
      await seedSettings();
      const admin = t.admin();
      await fc.assert(
        fc.asyncProperty(validPixel, async (pixel_id) => {
          await assertSucceeds(
            setDoc(tracking(admin), { pixel_id, updated_at: serverTimestamp() }),
          );
        }),
        { numRuns: 100, seed, endOnFailure: true },
      );
      await fc.assert(
        fc.asyncProperty(invalidPixel, async (pixel_id) => {
          await assertFails(setDoc(tracking(admin), { pixel_id, updated_at: serverTimestamp() }));
        }),
        { numRuns: 200, seed, endOnFailure: true },
      );
    },
  );
});
