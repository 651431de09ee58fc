/**
 * Property tests of the per-device limit with fast-check: random device records (slots never
 * taken, taken within the window or before it, a last lead) and random sends (a new lead or the
 * retry of the last one, any slot number, a forged slot time, an extra field, another slot
 * cleared) are allowed exactly when a model of the rules says so; and random runs of sends from
 * one device, each lead with its own phone number, never store more than the limit.
 * Reproduce a failure with VAGAS_FC_SEED=<seed printed by fast-check>.
 */
import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import {
  collection,
  deleteDoc,
  deleteField,
  doc,
  getCountFromServer,
  serverTimestamp,
  setDoc,
  Timestamp,
  writeBatch,
  type Firestore,
} from 'firebase/firestore';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { deviceLimit, deviceSlotKeys } from '../../web/src/domain/device-limit.js';
import { rootLead } from './support/leads.js';
import { useRulesEnvironment, writeSeedVacancies } from './support/rules-env.js';

const t = useRulesEnvironment('demo-rules-device-property');
const seed = process.env.VAGAS_FC_SEED ? Number(process.env.VAGAS_FC_SEED) : undefined;

const DEVICE = 'PropertyDevice000001';
const window = deviceLimit.windowMinutes;
const minutesAgo = (minutes: number) => Timestamp.fromMillis(Date.now() - minutes * 60_000);

/** A slot's age in minutes: never taken, within the window, or before it (never at its edge). */
const slotAge = fc.oneof(
  fc.constant(null),
  fc.integer({ min: 0, max: window - 1 }),
  fc.integer({ min: window + 1, max: 24 * 60 }),
);

interface Scenario {
  /** The record before the send: each slot's age, and its last lead's slot (null: no record). */
  record: { ages: (number | null)[]; lastSlot: number } | null;
  send: 'new' | 'retry';
  slot: unknown;
  defect: 'none' | 'client time' | 'extra field' | 'clear another slot';
}

const scenario: fc.Arbitrary<Scenario> = fc.record({
  record: fc.option(
    fc.record({
      ages: fc.array(slotAge, {
        minLength: deviceLimit.applications,
        maxLength: deviceLimit.applications,
      }),
      lastSlot: fc.integer({ min: 0, max: deviceLimit.applications - 1 }),
    }),
    { nil: null },
  ),
  send: fc.constantFrom('new' as const, 'retry' as const),
  slot: fc.oneof(
    { weight: 6, arbitrary: fc.integer({ min: 0, max: deviceLimit.applications - 1 }) },
    { weight: 1, arbitrary: fc.constantFrom(-1, deviceLimit.applications, '1', 0.5, null) },
  ),
  defect: fc.oneof(
    { weight: 5, arbitrary: fc.constant('none' as const) },
    { weight: 1, arbitrary: fc.constantFrom('client time' as const, 'extra field' as const) },
    { weight: 1, arbitrary: fc.constant('clear another slot' as const) },
  ),
});

/** A slot taken (present in the record) other than `slot`, if any. */
const otherTakenSlot = (s: Scenario, slot: number) =>
  s.record?.ages.findIndex((age, i) => age !== null && i !== slot) ?? -1;

/** What the rules allow, by the model: a well-formed record write, in a free slot or the retry's own. */
function allowed(s: Scenario): boolean {
  const slot = s.slot;
  if (typeof slot !== 'number' || !Number.isInteger(slot)) return false;
  if (slot < 0 || slot >= deviceLimit.applications) return false;
  if (s.defect === 'client time' || s.defect === 'extra field') return false;
  if (s.defect === 'clear another slot' && otherTakenSlot(s, slot) >= 0) return false;
  // The retry of a stored lead keeps its slot; with no record (nothing stored) it is a new lead.
  if (s.send === 'retry' && s.record) return s.record.lastSlot === slot;
  const age = s.record?.ages[slot] ?? null;
  return age === null || age > window;
}

const LAST = 'last-lead';
const NEW = 'new-lead';

/** Seeds the record (and its last lead, sent a minute ago) with rules disabled. */
async function seedScenario(s: Scenario) {
  const { record } = s;
  await t.privileged(async (db) => {
    await deleteDoc(doc(db, 'devices', DEVICE));
    await deleteDoc(doc(db, 'leads', LAST));
    await deleteDoc(doc(db, 'leads', NEW));
    if (!record) return;
    const slots = record.ages.flatMap((age, i) =>
      age === null ? [] : [[deviceSlotKeys[i], minutesAgo(age)]],
    );
    await setDoc(doc(db, 'devices', DEVICE), {
      lead: LAST,
      slot: record.lastSlot,
      ...Object.fromEntries(slots),
    });
    await setDoc(doc(db, 'leads', LAST), rootLead({ device: DEVICE, created_at: minutesAgo(1) }));
  });
}

/** The send of the scenario: the lead and its record's write in one batch. */
function send(db: Firestore, s: Scenario) {
  const leadId = s.send === 'retry' ? LAST : NEW;
  const slot = s.slot;
  const key = typeof slot === 'number' && Number.isInteger(slot) ? `s${slot}` : 's0';
  const fields: Record<string, unknown> = {
    lead: leadId,
    slot,
    [key]: s.defect === 'client time' ? Timestamp.now() : serverTimestamp(),
  };
  if (s.defect === 'extra field') fields.user_agent = 'bot/1.0';
  if (s.defect === 'clear another slot' && typeof slot === 'number') {
    const other = otherTakenSlot(s, slot);
    if (other >= 0) fields[deviceSlotKeys[other]] = deleteField();
  }
  return writeBatch(db)
    .set(doc(db, 'leads', leadId), rootLead({ device: DEVICE }))
    .set(doc(db, 'devices', DEVICE), fields, { merge: true })
    .commit();
}

async function countLeads(): Promise<number> {
  let count = -1;
  await t.privileged(async (db) => {
    count = (await getCountFromServer(collection(db, 'leads'))).data().count;
  });
  return count;
}

describe('the per-device limit, property-based', () => {
  it('allows a send exactly when the model says so', { timeout: 600_000 }, async () => {
    const db = t.anonymous();
    const outcomes = { allowed: 0, refused: 0 };
    await fc.assert(
      fc.asyncProperty(scenario, async (s) => {
        await seedScenario(s);
        if (allowed(s)) {
          outcomes.allowed++;
          await assertSucceeds(send(db, s));
        } else {
          outcomes.refused++;
          await assertFails(send(db, s));
          expect(await countLeads()).toBe(s.record ? 1 : 0);
        }
      }),
      { numRuns: 200, seed, endOnFailure: true },
    );
    // Both sides of the model were reached, often.
    expect(outcomes.allowed).toBeGreaterThan(40);
    expect(outcomes.refused).toBeGreaterThan(40);
  });

  it(
    `never stores more than ${deviceLimit.applications} leads of one device, whatever the numbers and slots`,
    { timeout: 600_000 },
    async () => {
      const db = t.anonymous();
      let run = 0;
      await fc.assert(
        fc.asyncProperty(
          fc.array(fc.integer({ min: 0, max: deviceLimit.applications - 1 }), {
            minLength: 1,
            maxLength: 8,
          }),
          async (slots) => {
            await t.env.clearFirestore();
            await t.privileged(writeSeedVacancies);
            run++;
            const device = `Run${String(run).padStart(17, '0')}`;
            for (const [i, slot] of slots.entries()) {
              const whatsapp = `(75) 98123-${4000 + i}`;
              await writeBatch(db)
                .set(doc(db, 'leads', `lead-${i}`), rootLead({ device, whatsapp }))
                .set(
                  doc(db, 'devices', device),
                  { lead: `lead-${i}`, slot, [deviceSlotKeys[slot]]: serverTimestamp() },
                  { merge: true },
                )
                .commit()
                .catch(() => undefined);
            }
            // Each slot stores the first lead that takes it; every later one is refused.
            expect(await countLeads()).toBe(new Set(slots).size);
          },
        ),
        { numRuns: 40, seed, endOnFailure: true },
      );
    },
  );
});
