/**
 * firestore.rules for a lead's next step (web/src/domain/lead.ts `next_step`, next-step.ts): admins
 * set it ('Retornar em' / 'Entrevista em', a date, a short text), change it, remove it (null) and
 * mark it done ('Concluir': null with next_step_done_at at the request's time). Every other shape
 * is refused with nothing stored, and nobody else writes it.
 */
import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import {
  deleteField,
  doc,
  serverTimestamp,
  setDoc,
  Timestamp,
  updateDoc,
  type Firestore,
} from 'firebase/firestore';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { nextStepKinds, nextStepLimits } from '../../web/src/domain/next-step.js';
import { rootLead } from './support/leads.js';
import { seedAllowList, stored } from './support/record.js';
import { useRulesEnvironment } from './support/rules-env.js';

const t = useRulesEnvironment('demo-rules-next-step');

const day = 86_400_000;
const hourAgo = () => Timestamp.fromMillis(Date.now() - 3_600_000);
const inDays = (days: number) => Timestamp.fromMillis(Date.now() + days * day);
const leadRef = (db: Firestore, id = 'lead-1') => doc(db, 'leads', id);
const read = (id = 'lead-1') => stored(t, 'leads', id);

/** What the record writes: a kind, a date and, when typed, a text. */
const aStep = (overrides: Record<string, unknown> = {}) => ({
  kind: 'retornar',
  due_at: inDays(1),
  text: 'Ligar depois do almoço',
  ...overrides,
});

/** An hour-old active lead (past the create-retry window), the team on the allow-list. */
async function seed(step?: Record<string, unknown>): Promise<void> {
  await seedAllowList(t, 'boss@example.com');
  await t.privileged((db) =>
    setDoc(leadRef(db), rootLead({ created_at: hourAgo(), ...(step ? { next_step: step } : {}) })),
  );
}

describe('an admin sets, changes and removes a next step', () => {
  it('sets one, with the responsible in the same write, then changes and removes it', async () => {
    await seed();
    const db = t.admin('boss');
    await assertSucceeds(
      updateDoc(leadRef(db), { next_step: aStep(), assigned_to: 'boss@example.com' }),
    );
    expect(await read()).toMatchObject({
      next_step: { kind: 'retornar', text: 'Ligar depois do almoço' },
      assigned_to: 'boss@example.com',
    });
    const interview = aStep({ kind: 'entrevista', due_at: inDays(3) });
    delete (interview as { text?: string }).text;
    await assertSucceeds(updateDoc(leadRef(db), { next_step: interview }));
    expect((await read())?.next_step).toEqual(interview);
    await assertSucceeds(updateDoc(leadRef(db), { next_step: null }));
    expect((await read())?.next_step).toBeNull();
  });

  it.each([
    ['a past date (an overdue step edited)', { due_at: hourAgo() }],
    ['a text of exactly the longest length', { text: 'é'.repeat(nextStepLimits.textMax) }],
    ['the furthest date less a day', { due_at: inDays(nextStepLimits.maxAheadDays - 1) }],
    ['each kind: entrevista', { kind: 'entrevista' }],
  ])('accepts %s', async (_label, change) => {
    await seed();
    await assertSucceeds(updateDoc(leadRef(t.admin()), { next_step: aStep(change) }));
    expect((await read())?.next_step).toMatchObject(change);
  });

  it.each([
    ['an unknown kind', aStep({ kind: 'ligar' })],
    ['a kind in another case', aStep({ kind: 'Retornar' })],
    ['no kind', { due_at: inDays(1) }],
    ['no date', { kind: 'retornar' }],
    ['a date as a string', aStep({ due_at: '2026-11-27T14:00' })],
    ['a date as a number', aStep({ due_at: Date.now() + day })],
    ['a date past the furthest', aStep({ due_at: inDays(nextStepLimits.maxAheadDays + 1) })],
    ['an empty text', aStep({ text: '' })],
    ['a text one past the longest', aStep({ text: 'x'.repeat(nextStepLimits.textMax + 1) })],
    ['a text that is not a string', aStep({ text: 7 })],
    ['an unknown key', aStep({ owner: 'boss@example.com' })],
    ['a string', 'Retornar em 27/11'],
    ['a list', ['retornar', inDays(1)]],
    ['a removal', deleteField()],
  ])('refuses %s, keeping the step it had', async (_label, value) => {
    const before = aStep();
    await seed(before);
    await assertFails(updateDoc(leadRef(t.admin()), { next_step: value }));
    expect((await read())?.next_step).toEqual(before);
  });
});

describe("'Concluir' (next_step_done_at)", () => {
  it("clears the step with the mark at the server's time", async () => {
    await seed(aStep());
    await assertSucceeds(
      updateDoc(leadRef(t.admin()), { next_step: null, next_step_done_at: serverTimestamp() }),
    );
    const lead = await read();
    expect(lead?.next_step).toBeNull();
    expect(lead?.next_step_done_at).toBeInstanceOf(Timestamp);
  });

  it.each([
    ['without clearing the step', () => ({ next_step_done_at: serverTimestamp() })],
    [
      'while setting a new step',
      () => ({ next_step: aStep({ kind: 'entrevista' }), next_step_done_at: serverTimestamp() }),
    ],
    ['at a client time', () => ({ next_step: null, next_step_done_at: Timestamp.now() })],
    ['as a boolean', () => ({ next_step: null, next_step_done_at: true })],
  ])('refuses it %s', async (_label, change) => {
    await seed(aStep());
    await assertFails(updateDoc(leadRef(t.admin()), change()));
    expect(await read()).not.toHaveProperty('next_step_done_at');
  });

  it('refuses it on a lead that had no step', async () => {
    await seed();
    await assertFails(
      updateDoc(leadRef(t.admin()), { next_step: null, next_step_done_at: serverTimestamp() }),
    );
    expect(await read()).not.toHaveProperty('next_step');
  });
});

describe('nobody else writes a next step', () => {
  it.each([
    ['an anonymous visitor', () => t.anonymous()],
    ['a signed-in user', () => t.user('alice')],
    ['a user whose admin claim is a string', () => t.user('eve', { admin: 'true' })],
  ])('%s cannot set, remove or conclude one', async (_label, dbFor) => {
    await seed(aStep());
    const db = dbFor();
    await assertFails(updateDoc(leadRef(db), { next_step: aStep({ kind: 'entrevista' }) }));
    await assertFails(updateDoc(leadRef(db), { next_step: null }));
    await assertFails(
      updateDoc(leadRef(db), { next_step: null, next_step_done_at: serverTimestamp() }),
    );
    expect((await read())?.next_step).toMatchObject({ kind: 'retornar' });
  });

  it.each([
    ['next_step', aStep()],
    ['next_step', null],
    ['next_step_done_at', serverTimestamp()],
  ])('a form cannot send %s with a new lead', async (field, value) => {
    await assertFails(setDoc(leadRef(t.anonymous(), 'new'), rootLead({ [field]: value })));
    expect(await read('new')).toBeUndefined();
  });
});

/** What the rules must accept: the model, written from the domain's bounds. */
function isValidStep(value: unknown, now: number): boolean {
  if (value === null) return true;
  if (typeof value !== 'object' || Array.isArray(value) || value instanceof Timestamp) return false;
  const step = value as Record<string, unknown>;
  const keys = Object.keys(step);
  if (!keys.every((key) => ['kind', 'due_at', 'text'].includes(key))) return false;
  if (!(nextStepKinds as readonly unknown[]).includes(step.kind)) return false;
  const due = step.due_at;
  // A margin around the furthest date: the request's time is the server's, not this clock's.
  if (!(due instanceof Timestamp)) return false;
  if (due.toMillis() > now + nextStepLimits.maxAheadDays * day) return false;
  if (!('text' in step)) return true;
  const text = step.text;
  return typeof text === 'string' && [...text].length >= 1 && [...text].length <= 140;
}

const farEdge = nextStepLimits.maxAheadDays * day;
/** A due date well inside or well outside the bounds (never within a minute of the edge). */
const dueAt = fc.oneof(
  fc.integer({ min: -400 * day, max: farEdge - 60_000 }),
  fc.integer({ min: farEdge + 60_000, max: farEdge + 400 * day }),
);
const stepValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 1, arbitrary: fc.constant(null) },
  {
    weight: 6,
    arbitrary: fc.record(
      {
        kind: fc.oneof(
          fc.constantFrom(...nextStepKinds),
          fc.string({ maxLength: 12 }),
          fc.integer(),
        ),
        due_at: fc.oneof(
          {
            weight: 5,
            arbitrary: dueAt.map((offset) => Timestamp.fromMillis(Date.now() + offset)),
          },
          { weight: 1, arbitrary: fc.oneof(fc.string(), fc.integer(), fc.boolean()) },
        ),
        text: fc.oneof(
          fc.string({ unit: 'grapheme', maxLength: 150 }),
          fc.integer({ min: 135, max: 145 }).map((n) => 'é'.repeat(n)),
          fc.integer(),
        ),
        extra: fc.string(),
      },
      { requiredKeys: [] },
    ),
  },
);

describe('random next steps (fast-check)', () => {
  it(
    'are accepted exactly when the model says so, and stored only then',
    { timeout: 600_000 },
    async () => {
      await seed();
      const db = t.admin('boss');
      let accepted = 0;
      await fc.assert(
        fc.asyncProperty(stepValue, async (value) => {
          await t.privileged((admin) => updateDoc(leadRef(admin), { next_step: 'before' }));
          const valid = isValidStep(value, Date.now());
          const write = updateDoc(leadRef(db), { next_step: value });
          if (valid) {
            await assertSucceeds(write);
            accepted++;
            expect((await read())?.next_step).toEqual(value);
          } else {
            await assertFails(write);
            expect((await read())?.next_step).toBe('before');
          }
        }),
        { numRuns: 150, seed: Number(process.env.VAGAS_FC_SEED) || undefined, endOnFailure: true },
      );
      // The arbitrary reaches both sides of the rules.
      expect(accepted).toBeGreaterThan(5);
    },
  );
});
