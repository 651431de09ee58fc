/**
 * Property tests of the lead rules with fast-check: random malformed payloads (wrong types, extra
 * and missing keys, huge and odd unicode strings, nested maps, lookalike list values) are all
 * denied, as creates (sent as the pages send them, with their device's record) and as retries
 * over a stored lead; random valid payloads are all accepted.
 * Reproduce a failure with VAGAS_FC_SEED=<seed printed by fast-check>.
 */
import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import {
  collection,
  deleteDoc,
  doc,
  getCountFromServer,
  setDoc,
  type Firestore,
} from 'firebase/firestore';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { formKeys, malformedFrom, malformedLead, validLead } from './support/lead-arbitraries.js';
import { sendAsIs } from './support/leads.js';
import { useRulesEnvironment } from './support/rules-env.js';

const t = useRulesEnvironment('demo-rules-leads-property');

const MALFORMED_RUNS = 1_000;
const VALID_RUNS = 200;
const RETRY_RUNS = 200;
const seed = process.env.VAGAS_FC_SEED ? Number(process.env.VAGAS_FC_SEED) : undefined;

// ---- The properties ------------------------------------------------------------------------------

async function storedLeadCount(): Promise<number> {
  let count = -1;
  await t.privileged(async (db) => {
    count = (await getCountFromServer(collection(db, 'leads'))).data().count;
  });
  return count;
}

describe('lead rules, property-based', () => {
  let db: Firestore;
  beforeAll(() => {
    db = t.anonymous();
  });

  it(`denies ${MALFORMED_RUNS} random malformed lead creates`, { timeout: 600_000 }, async () => {
    const kinds = new Map<string, number>();
    await fc.assert(
      fc.asyncProperty(malformedLead, async ({ kind, data }) => {
        kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
        await assertFails(sendAsIs(db, data, doc(collection(db, 'leads')).id));
      }),
      { numRuns: MALFORMED_RUNS, seed, endOnFailure: true },
    );
    expect(await storedLeadCount()).toBe(0);
    // The generator reached every kind of defect, and every field.
    const count = (k: string) => kinds.get(k) ?? 0;
    for (const k of [
      'missing key',
      'extra key',
      'mixed forms',
      'several defects',
      'nested lead',
      'junk map',
      'doubtful as new',
    ]) {
      expect(count(k), k).toBeGreaterThan(10);
    }
    for (const field of formKeys.callCenter)
      expect(count(`bad ${field}`), field).toBeGreaterThan(3);
    expect(count('bad source'), 'source').toBeGreaterThan(10);
  });

  it(`accepts ${VALID_RUNS} random valid lead creates`, { timeout: 300_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(validLead, async ({ data }) => {
        // Drawn devices repeat (the format's samples): each send starts with a device of no record.
        await t.privileged((admin) => deleteDoc(doc(admin, 'devices', String(data.device))));
        await assertSucceeds(sendAsIs(db, data, doc(collection(db, 'leads')).id));
      }),
      { numRuns: VALID_RUNS, seed, endOnFailure: true },
    );
    expect(await storedLeadCount()).toBe(VALID_RUNS);
  });

  it(
    `denies ${RETRY_RUNS} malformed retries over the lead each came from`,
    { timeout: 300_000 },
    async () => {
      const ref = doc(db, 'leads', 'stored');
      // One privileged context for the whole run: it stores each base lead before the attempt.
      await t.privileged(async (privileged) => {
        await fc.assert(
          fc.asyncProperty(
            validLead.chain((base) =>
              malformedFrom(base).map((malformed) => ({
                stored: base.data,
                attempt: malformed.data,
              })),
            ),
            async ({ stored, attempt }) => {
              await setDoc(doc(privileged, 'leads', 'stored'), stored);
              await assertFails(setDoc(ref, attempt));
            },
          ),
          { numRuns: RETRY_RUNS, seed, endOnFailure: true },
        );
      });
    },
  );
});
