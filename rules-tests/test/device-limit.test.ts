/**
 * The per-device limit in firestore.rules: each new lead takes a free slot of its device's record
 * (`devices/{id}`) in the same batch, so one device stores at most deviceLimit.applications leads
 * in any deviceLimit.windowMinutes, whatever phone number each carries; a retry of the record's
 * last lead keeps its slot; nothing else writes or reads a record.
 */
import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import {
  collection,
  deleteDoc,
  deleteField,
  doc,
  getCountFromServer,
  getDoc,
  serverTimestamp,
  setDoc,
  Timestamp,
  updateDoc,
  writeBatch,
  type Firestore,
} from 'firebase/firestore';
import { describe, expect, it } from 'vitest';
import { deviceLimit, deviceSlotKeys } from '../../web/src/domain/device-limit.js';
import { stored } from './support/record.js';
import { callCenterLead, rootLead, sendAsIs, sendLead, takeSlot } from './support/leads.js';
import { useRulesEnvironment } from './support/rules-env.js';

const t = useRulesEnvironment('demo-rules-device-limit');

const DEVICE = 'ThisDeviceSends00001';
const OTHER = 'AnotherDevice0000002';
const limit = deviceLimit.applications;

const minutesAgo = (minutes: number) => Timestamp.fromMillis(Date.now() - minutes * 60_000);
/** The n-th application of a device, each with its own phone number. */
const application = (n: number, device = DEVICE) =>
  rootLead({
    device,
    nome: `Candidata ${n}`,
    whatsapp: `(75) 98123-40${String(n).padStart(2, '0')}`,
  });

async function leadCount(): Promise<number> {
  let count = -1;
  await t.privileged(async (db) => {
    count = (await getCountFromServer(collection(db, 'leads'))).data().count;
  });
  return count;
}

const record = (device = DEVICE) => stored(t, 'devices', device);

/** Seeds the device's record with rules disabled: slot times (minutes ago, null: never taken). */
async function seedRecord(ages: (number | null)[], last = { lead: 'earlier', slot: 0 }) {
  const slots = Object.fromEntries(
    ages.flatMap((age, slot) => (age === null ? [] : [[deviceSlotKeys[slot], minutesAgo(age)]])),
  );
  await t.privileged((db) => setDoc(doc(db, 'devices', DEVICE), { ...last, ...slots }));
}

describe('one device, many applications', () => {
  it(`stores ${limit} applications in a row, each in its own slot, and refuses one more with another number`, async () => {
    const db = t.anonymous();
    for (let n = 0; n < limit; n++) {
      await assertSucceeds(sendLead(db, application(n), `lead-${n}`, n));
    }
    expect(await leadCount()).toBe(limit);
    const after = await record();
    expect(after).toMatchObject({ lead: `lead-${limit - 1}`, slot: limit - 1 });
    for (let slot = 0; slot < limit; slot++) {
      await assertFails(sendLead(db, application(limit + slot), 'one-more', slot));
    }
    expect(await leadCount()).toBe(limit);
    expect(await record()).toEqual(after);
  });

  it('another device is not held back by the first one', async () => {
    await seedRecord([1, 2, 3]);
    await assertFails(sendLead(t.anonymous(), application(9), 'mine', 0));
    await assertSucceeds(sendLead(t.anonymous(), application(9, OTHER), 'theirs', 0));
    expect(await leadCount()).toBe(1);
  });

  it('a slot taken more than the window ago is free again; one taken less than that is not', async () => {
    await seedRecord([deviceLimit.windowMinutes + 1, deviceLimit.windowMinutes - 1, 1]);
    const db = t.anonymous();
    await assertFails(sendLead(db, application(1), 'lead-a', 1));
    await assertFails(sendLead(db, application(1), 'lead-a', 2));
    await assertSucceeds(sendLead(db, application(1), 'lead-a', 0));
    // Taken now: not free for the next one.
    await assertFails(sendLead(db, application(2), 'lead-b', 0));
    expect(await leadCount()).toBe(1);
  });

  it('a slot never taken is free', async () => {
    await seedRecord([1, null, null]);
    await assertSucceeds(sendLead(t.anonymous(), callCenterLead({ device: DEVICE }), 'cc-1', 2));
    expect(await record()).toMatchObject({ lead: 'cc-1', slot: 2 });
  });
});

describe('the retry of a lead whose answer was lost', () => {
  it('keeps its slot, even with every slot taken', async () => {
    const db = t.anonymous();
    for (let n = 0; n < limit; n++) {
      await assertSucceeds(sendLead(db, application(n), `lead-${n}`, n));
    }
    const last = limit - 1;
    await assertSucceeds(sendLead(db, application(last), `lead-${last}`, last));
    expect(await leadCount()).toBe(limit);
  });

  it('may not move to another slot, nor retry a lead that is not the last one', async () => {
    const db = t.anonymous();
    await assertSucceeds(sendLead(db, application(0), 'lead-0', 0));
    await assertSucceeds(sendLead(db, application(1), 'lead-1', 1));
    // The lead is stored and may take a retry, but the record may not take another slot for it.
    await assertFails(sendLead(db, application(1), 'lead-1', 2));
    // lead-0 was stored: its retry's record write names a lead that is no longer the last one.
    await assertFails(sendLead(db, application(0), 'lead-0', 0));
    expect(await record()).toMatchObject({ lead: 'lead-1', slot: 1 });
    expect(await leadCount()).toBe(2);
  });
});

describe('a lead is sent with its device record, in one batch', () => {
  it('is refused without it', async () => {
    const db = t.anonymous();
    await assertFails(setDoc(doc(db, 'leads', 'alone'), application(1)));
    expect(await leadCount()).toBe(0);
  });

  it('is refused without it even when the record already names its id (a lead deleted since)', async () => {
    await seedRecord([1, null, null], { lead: 'deleted-since', slot: 0 });
    await assertFails(setDoc(doc(t.anonymous(), 'leads', 'deleted-since'), application(1)));
    expect(await leadCount()).toBe(0);
  });

  it('is refused without a device, or with one not of the format', async () => {
    const db = t.anonymous();
    const { device: _, ...withoutDevice } = application(1);
    await assertFails(sendAsIs(db, withoutDevice, 'no-device'));
    for (const device of ['short', `${DEVICE}x`, 'ThisDeviceSends0000 ', 'ThisDeviceSends0000_']) {
      await assertFails(sendAsIs(db, application(1, device), 'bad-device'));
    }
    expect(await leadCount()).toBe(0);
  });

  it("is refused with another device's record, or a record naming another lead", async () => {
    const db = t.anonymous();
    await assertFails(
      takeSlot(writeBatch(db).set(doc(db, 'leads', 'a'), application(1)), db, OTHER, 'a').commit(),
    );
    await assertFails(
      takeSlot(writeBatch(db).set(doc(db, 'leads', 'a'), application(1)), db, DEVICE, 'b').commit(),
    );
    expect(await leadCount()).toBe(0);
  });

  it("may not write another device's record for its lead", async () => {
    const db = t.anonymous();
    const batch = writeBatch(db).set(doc(db, 'leads', 'a'), application(1));
    takeSlot(batch, db, DEVICE, 'a');
    await assertFails(takeSlot(batch, db, OTHER, 'a').commit());
    expect(await leadCount()).toBe(0);
  });

  it('a lead already stored cannot take a fresh slot, even a free one', async () => {
    await seedRecord([deviceLimit.windowMinutes + 5, null, null], { lead: 'newer', slot: 0 });
    await t.privileged((db) => setDoc(doc(db, 'leads', 'stored'), application(1)));
    await assertFails(sendLead(t.anonymous(), application(1), 'stored', 1));
    expect(await record()).toMatchObject({ lead: 'newer', slot: 0 });
  });

  it('two leads in one batch cannot share one slot', async () => {
    const db = t.anonymous();
    const batch = writeBatch(db)
      .set(doc(db, 'leads', 'a'), application(1))
      .set(doc(db, 'leads', 'b'), application(2));
    await assertFails(takeSlot(batch, db, DEVICE, 'b').commit());
    expect(await leadCount()).toBe(0);
  });
});

describe('the device record itself', () => {
  /** A lead and its record's write, the record's fields replaced by `fields`. */
  const sendWithRecord = (db: Firestore, fields: Record<string, unknown>, merge = true) =>
    writeBatch(db)
      .set(doc(db, 'leads', 'lead-1'), application(1))
      .set(doc(db, 'devices', DEVICE), fields, { merge })
      .commit();

  it.each([
    ['a client clock in the slot', { lead: 'lead-1', slot: 0, s0: Timestamp.now() }],
    ['the slot number out of range', { lead: 'lead-1', slot: limit, s3: serverTimestamp() }],
    ['a negative slot', { lead: 'lead-1', slot: -1, s0: serverTimestamp() }],
    ['the slot as text', { lead: 'lead-1', slot: '0', s0: serverTimestamp() }],
    ['the slot as a fraction', { lead: 'lead-1', slot: 0.5, s0: serverTimestamp() }],
    ['the slot named but another one set', { lead: 'lead-1', slot: 0, s1: serverTimestamp() }],
    ['two slots set', { lead: 'lead-1', slot: 0, s0: serverTimestamp(), s1: serverTimestamp() }],
    ['an extra field', { lead: 'lead-1', slot: 0, s0: serverTimestamp(), ip: '1.2.3.4' }],
    ['no lead', { slot: 0, s0: serverTimestamp() }],
    ['the lead as a number', { lead: 1, slot: 0, s0: serverTimestamp() }],
  ])('refuses %s', async (_label, fields) => {
    await assertFails(sendWithRecord(t.anonymous(), fields));
    expect(await leadCount()).toBe(0);
    expect(await record()).toBeUndefined();
  });

  it('refuses a write that frees the other slots', async () => {
    // Slot 0 is free: what is refused is clearing the others.
    await seedRecord([deviceLimit.windowMinutes + 5, 1, 1], { lead: 'earlier', slot: 0 });
    const db = t.anonymous();
    await assertFails(
      sendWithRecord(db, { lead: 'lead-1', slot: 0, s0: serverTimestamp(), s1: deleteField() }),
    );
    await assertFails(
      sendWithRecord(db, { lead: 'lead-1', slot: 0, s0: serverTimestamp() }, false),
    );
    expect(await leadCount()).toBe(0);
  });

  it('cannot be written alone, changed, deleted, or read by anyone', async () => {
    const db = t.anonymous();
    await assertSucceeds(sendLead(db, application(1), 'lead-1', 0));
    const before = await record();
    await assertFails(
      setDoc(
        doc(db, 'devices', DEVICE),
        { lead: 'lead-1', slot: 1, s1: serverTimestamp() },
        {
          merge: true,
        },
      ),
    );
    await assertFails(
      setDoc(doc(db, 'devices', OTHER), { lead: 'x', slot: 0, s0: serverTimestamp() }),
    );
    await assertFails(updateDoc(doc(db, 'devices', DEVICE), { s0: deleteField() }));
    for (const reader of [db, t.user('alice'), t.admin()]) {
      await assertFails(getDoc(doc(reader, 'devices', DEVICE)));
      await assertFails(deleteDoc(doc(reader, 'devices', DEVICE)));
    }
    expect(await record()).toEqual(before);
  });
});
