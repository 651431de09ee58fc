/**
 * firestore.rules for the screening (web/src/domain/lead.ts: the `honeypot` and `fill_seconds`
 * signals, the status `suspeito`, the server's `screening` verdict): a lead doubtful by what its
 * page sent is stored set aside, never as new; a page older than the screening (no signals) is
 * still stored; admins release a held lead and never hold one; no client writes the verdict.
 */
import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import {
  collection,
  deleteField,
  doc,
  getCountFromServer,
  getDoc,
  serverTimestamp,
  Timestamp,
  updateDoc,
  type Firestore,
} from 'firebase/firestore';
import { describe, expect, it } from 'vitest';
import { heldStatus, knownDddList, screeningLimits } from '@vagas/common';
import { callCenterLead, rootLead, sendLead, storeSentLead, without } from './support/leads.js';
import { useRulesEnvironment } from './support/rules-env.js';

const t = useRulesEnvironment('demo-rules-lead-screening');

/** What a page sends today: the honeypot empty, the seconds it took. */
const signals = { honeypot: '', fill_seconds: 48 };
const page = (overrides: Record<string, unknown> = {}) => rootLead({ ...signals, ...overrides });

/** Sends `data` as a page does: with its device's record, in one batch (support/leads.ts). */
const createLead = (db: Firestore, data: Record<string, unknown>, id = 'lead-1') =>
  sendLead(db, data, id);

/** Stores `data` as a lead a page sent earlier (with its device's record), rules disabled. */
async function seedLead(id: string, data: Record<string, unknown>): Promise<void> {
  await t.privileged((db) => storeSentLead(db, id, data));
}

async function storedLead(id = 'lead-1'): Promise<Record<string, unknown> | undefined> {
  let data: Record<string, unknown> | undefined;
  await t.privileged(async (db) => {
    data = (await getDoc(doc(db, 'leads', id))).data();
  });
  return data;
}

async function storedLeadCount(): Promise<number> {
  let count = -1;
  await t.privileged(async (db) => {
    count = (await getCountFromServer(collection(db, 'leads'))).data().count;
  });
  return count;
}

const unknownDdds = Array.from({ length: 100 }, (_, n) => String(n).padStart(2, '0')).filter(
  (ddd) => !knownDddList.includes(ddd),
);

describe('a new lead and its signals', () => {
  it('as a person sends it: stored as new, on both forms', async () => {
    await assertSucceeds(createLead(t.anonymous(), page()));
    await assertSucceeds(createLead(t.anonymous(), callCenterLead(signals), 'lead-2'));
    expect(await storedLead()).toMatchObject({ ...signals, status: 'novo' });
  });

  it('without signals (a page older than the screening, still in an outbox): stored as new', async () => {
    await assertSucceeds(createLead(t.anonymous(), rootLead()));
    await assertSucceeds(createLead(t.anonymous(), rootLead({ fill_seconds: 9 }), 'lead-2'));
  });

  it('a page may set its own application aside', async () => {
    await assertSucceeds(createLead(t.anonymous(), page({ status: heldStatus })));
  });

  it.each([
    ['a word', 'Maria'],
    ['a link', 'http://spam.example'],
    ['one space', ' '],
    ['the longest kept', 'x'.repeat(screeningLimits.honeypotMaxLength)],
  ])('with the honeypot filled (%s): set aside, never new', async (_, honeypot) => {
    await assertFails(createLead(t.anonymous(), page({ honeypot })));
    await assertFails(createLead(t.anonymous(), callCenterLead({ ...signals, honeypot })));
    expect(await storedLeadCount()).toBe(0);
    await assertSucceeds(createLead(t.anonymous(), page({ honeypot, status: heldStatus })));
    expect(await storedLead()).toMatchObject({ honeypot, status: heldStatus });
  });

  it.each(unknownDdds)('with the DDD %s, not in use: set aside, never new', async (ddd) => {
    for (const whatsapp of [
      `(${ddd}) 98123-4567`,
      `${ddd}981234567`,
      `(${ddd[0]} ${ddd[1]}) 3123-4567`,
    ]) {
      await assertFails(createLead(t.anonymous(), page({ whatsapp })));
    }
    await assertSucceeds(
      createLead(t.anonymous(), page({ whatsapp: `(${ddd}) 98123-4567`, status: heldStatus })),
    );
  });

  it('with each DDD in use: new', async () => {
    for (const [i, ddd] of knownDddList.entries()) {
      await assertSucceeds(
        createLead(t.anonymous(), page({ whatsapp: `(${ddd}) 98123-4567` }), `lead-${i}`),
      );
    }
    expect(await storedLeadCount()).toBe(knownDddList.length);
  });

  it('a fast fill is the server to weigh: stored as new', async () => {
    await assertSucceeds(createLead(t.anonymous(), page({ fill_seconds: 0 })));
  });

  it.each([
    ['a honeypot that is no text', { honeypot: 1 }],
    ['a honeypot that is null', { honeypot: null }],
    ['a honeypot over the bound', { honeypot: 'x'.repeat(screeningLimits.honeypotMaxLength + 1) }],
    ['fill seconds as text', { fill_seconds: '12' }],
    ['fill seconds not whole', { fill_seconds: 12.5 }],
    ['fill seconds below zero', { fill_seconds: -1 }],
    ['fill seconds over the bound', { fill_seconds: screeningLimits.maxFillSeconds + 1 }],
  ])('refused, even set aside: %s', async (_, bad) => {
    await assertFails(createLead(t.anonymous(), page(bad)));
    await assertFails(createLead(t.anonymous(), page({ ...bad, status: heldStatus })));
    expect(await storedLeadCount()).toBe(0);
  });

  it.each([
    ['a status of its own', 'Suspeito'],
    ['a status of an admin', 'principal'],
  ])('refused: %s', async (_, status) => {
    await assertFails(createLead(t.anonymous(), page({ status })));
  });

  it("the server's verdict is no client's to write", async () => {
    const verdict = { screening: { score: 0 } };
    await assertFails(createLead(t.anonymous(), page(verdict)));
    await assertFails(createLead(t.anonymous(), page({ ...verdict, status: heldStatus })));
    await seedLead('lead-2', page({ created_at: Timestamp.now(), screening: { score: 2 } }));
    const ref = doc(t.admin(), 'leads', 'lead-2');
    await assertFails(updateDoc(ref, { screening: { score: 0 } }));
    await assertFails(updateDoc(ref, { screening: deleteField() }));
    await assertFails(updateDoc(ref, { status: 'principal', 'screening.score': 0 }));
  });
});

describe('a retry of a lost create, with the screening', () => {
  it('may drop the verdict the function wrote (it writes it again), and keeps a held status', async () => {
    const held = page({ honeypot: 'bot', status: heldStatus });
    await seedLead('lead-1', {
      ...held,
      created_at: Timestamp.now(),
      screening: { score: 2, honeypot: true },
    });
    await assertFails(createLead(t.anonymous(), { ...held, status: 'novo' }));
    await assertFails(createLead(t.anonymous(), { ...held, honeypot: '' }));
    await assertSucceeds(createLead(t.anonymous(), held));
    const stored = await storedLead();
    expect(stored).toMatchObject({ status: heldStatus, honeypot: 'bot' });
    expect(stored).not.toHaveProperty('screening');
  });

  it('may not add signals the first attempt did not send', async () => {
    await seedLead('lead-1', { ...rootLead(), created_at: Timestamp.now() });
    await assertFails(createLead(t.anonymous(), page()));
  });
});

describe('admins and a held lead', () => {
  const heldLead = () => ({
    ...page({ honeypot: 'bot', status: heldStatus }),
    created_at: Timestamp.now(),
    screening: { score: 2, honeypot: true },
  });

  it('release it with one write (to new, or straight to another status)', async () => {
    await seedLead('lead-1', heldLead());
    await seedLead('lead-2', heldLead());
    await assertSucceeds(updateDoc(doc(t.admin(), 'leads', 'lead-1'), { status: 'novo' }));
    await assertSucceeds(updateDoc(doc(t.admin(), 'leads', 'lead-2'), { status: 'principal' }));
    expect(await storedLead()).toMatchObject({ status: 'novo', screening: { score: 2 } });
  });

  it('send it to the trash and back, still held', async () => {
    await seedLead('lead-1', heldLead());
    const ref = doc(t.admin(), 'leads', 'lead-1');
    await assertSucceeds(updateDoc(ref, { deleted_at: serverTimestamp() }));
    await assertSucceeds(updateDoc(ref, { deleted_at: null }));
    expect(await storedLead()).toMatchObject({ status: heldStatus, deleted_at: null });
  });

  it('never set a lead aside themselves', async () => {
    await seedLead('lead-1', { ...page(), created_at: Timestamp.now() });
    await seedLead('lead-2', { ...page({ status: 'principal' }), created_at: Timestamp.now() });
    await assertFails(updateDoc(doc(t.admin(), 'leads', 'lead-1'), { status: heldStatus }));
    await assertFails(updateDoc(doc(t.admin(), 'leads', 'lead-2'), { status: heldStatus }));
    expect(await storedLead()).toMatchObject({ status: 'novo' });
  });

  it('a visitor or a signed-in non-admin cannot release it', async () => {
    await seedLead('lead-1', heldLead());
    await assertFails(updateDoc(doc(t.anonymous(), 'leads', 'lead-1'), { status: 'novo' }));
    await assertFails(updateDoc(doc(t.user(), 'leads', 'lead-1'), { status: 'novo' }));
    // Nor a form's retry that would clear it.
    await assertFails(
      createLead(
        t.anonymous(),
        without({ ...heldLead(), status: 'novo', honeypot: '' }, 'screening'),
      ),
    );
    expect(await storedLead()).toMatchObject({ status: heldStatus });
  });
});
