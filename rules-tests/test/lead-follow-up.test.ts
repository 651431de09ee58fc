/**
 * firestore.rules for the follow-up fields admins write on a lead (web/src/domain/lead-record.ts):
 * last_contacted_at (the request's time), assigned_to (an allow-listed email, or null) and
 * trash_undone_at (the request's time, only on a restore). Nobody else writes them, and no form
 * may send them.
 */
import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import {
  deleteField,
  doc,
  serverTimestamp,
  setDoc,
  Timestamp,
  updateDoc,
  writeBatch,
  type Firestore,
} from 'firebase/firestore';
import { describe, expect, it } from 'vitest';
import { callCenterLead, rootLead } from './support/leads.js';
import { seedAllowList, stored } from './support/record.js';
import { useRulesEnvironment } from './support/rules-env.js';

const t = useRulesEnvironment('demo-rules-follow-up');

const hourAgo = () => Timestamp.fromMillis(Date.now() - 3_600_000);
const leadRef = (db: Firestore, id = 'lead-1') => doc(db, 'leads', id);
const read = (id = 'lead-1') => stored(t, 'leads', id);

/** An hour-old active lead (past the create-retry window) and an hour-old trashed one. */
async function seed(): Promise<void> {
  await seedAllowList(t, 'boss@example.com', 'colleague@example.com');
  await t.privileged(async (db) => {
    await setDoc(leadRef(db), rootLead({ created_at: hourAgo() }));
    await setDoc(
      leadRef(db, 'lead-2'),
      callCenterLead({ created_at: hourAgo(), deleted_at: hourAgo() }),
    );
  });
}

describe('recording a contact (last_contacted_at)', () => {
  it("an admin records it at the server's time, again and again", async () => {
    await seed();
    const db = t.admin('boss');
    await assertSucceeds(updateDoc(leadRef(db), { last_contacted_at: serverTimestamp() }));
    const first = (await read())?.last_contacted_at as Timestamp;
    expect(first).toBeInstanceOf(Timestamp);
    await assertSucceeds(updateDoc(leadRef(db), { last_contacted_at: serverTimestamp() }));
    expect(((await read())?.last_contacted_at as Timestamp).toMillis()).toBeGreaterThan(
      first.toMillis(),
    );
  });

  it('together with a status change, in one write', async () => {
    await seed();
    await assertSucceeds(
      updateDoc(leadRef(t.admin()), { status: 'principal', last_contacted_at: serverTimestamp() }),
    );
    expect((await read())?.status).toBe('principal');
  });

  it.each([
    ['a client time', Timestamp.now()],
    ['a time in the past', hourAgo()],
    ['a string', '2026-01-01'],
    ['null', null],
    ['a removal', deleteField()],
  ])('refuses %s', async (_label, value) => {
    await seed();
    await t.privileged((db) => updateDoc(leadRef(db), { last_contacted_at: hourAgo() }));
    await assertFails(updateDoc(leadRef(t.admin()), { last_contacted_at: value }));
    expect((await read())?.last_contacted_at).toEqual(expect.any(Timestamp));
  });
});

describe('assigning a responsible (assigned_to)', () => {
  it('an admin assigns an allow-listed admin, changes it and clears it', async () => {
    await seed();
    const db = t.admin('boss');
    await assertSucceeds(updateDoc(leadRef(db), { assigned_to: 'boss@example.com' }));
    expect((await read())?.assigned_to).toBe('boss@example.com');
    await assertSucceeds(updateDoc(leadRef(db), { assigned_to: 'colleague@example.com' }));
    await assertSucceeds(updateDoc(leadRef(db), { assigned_to: null }));
    expect((await read())?.assigned_to).toBeNull();
  });

  it('assigns many leads in one batch (bulk), trashed ones too', async () => {
    await seed();
    const db = t.admin('boss');
    const batch = writeBatch(db);
    batch.update(leadRef(db), { assigned_to: 'colleague@example.com' });
    batch.update(leadRef(db, 'lead-2'), { assigned_to: 'colleague@example.com' });
    await assertSucceeds(batch.commit());
    expect((await read('lead-2'))?.assigned_to).toBe('colleague@example.com');
  });

  it.each([
    ['an email off the allow-list', 'mallory@example.com'],
    ['an allow-listed email in another case', 'Boss@example.com'],
    ['an empty string', ''],
    ['a path', 'boss@example.com/x'],
    ['a number', 7],
    ['a map', { email: 'boss@example.com' }],
    ['a removal', deleteField()],
  ])('refuses %s', async (_label, value) => {
    await seed();
    await t.privileged((db) => updateDoc(leadRef(db), { assigned_to: 'boss@example.com' }));
    await assertFails(updateDoc(leadRef(t.admin()), { assigned_to: value }));
    expect((await read())?.assigned_to).toBe('boss@example.com');
  });

  it('refuses an allow-list id too short to be an email', async () => {
    await seed();
    await seedAllowList(t, 'a@');
    await assertFails(updateDoc(leadRef(t.admin()), { assigned_to: 'a@' }));
    expect(await read()).not.toHaveProperty('assigned_to');
  });
});

describe("the 'Desfazer' mark (trash_undone_at)", () => {
  it('an admin restores with the mark at the server time', async () => {
    await seed();
    await assertSucceeds(
      updateDoc(leadRef(t.admin(), 'lead-2'), {
        deleted_at: null,
        trash_undone_at: serverTimestamp(),
      }),
    );
    expect(await read('lead-2')).toMatchObject({ deleted_at: null });
  });

  it.each([
    ['without restoring', 'lead-1', { trash_undone_at: serverTimestamp() }],
    [
      'while trashing',
      'lead-1',
      { deleted_at: serverTimestamp(), trash_undone_at: serverTimestamp() },
    ],
    ['on a lead still in the trash', 'lead-2', { trash_undone_at: serverTimestamp() }],
    ['at a client time', 'lead-2', { deleted_at: null, trash_undone_at: Timestamp.now() }],
    ['as a boolean', 'lead-2', { deleted_at: null, trash_undone_at: true }],
  ])('refuses it %s', async (_label, id, change) => {
    await seed();
    await assertFails(updateDoc(leadRef(t.admin(), id), change));
    expect((await read(id))?.trash_undone_at).toBeUndefined();
  });
});

describe('nobody else writes the follow-up fields', () => {
  it.each([
    ['an anonymous visitor', () => t.anonymous()],
    ['a signed-in user', () => t.user('alice')],
  ])('%s cannot contact, assign or mark', async (_label, dbFor) => {
    await seed();
    const db = dbFor();
    await assertFails(updateDoc(leadRef(db), { last_contacted_at: serverTimestamp() }));
    await assertFails(updateDoc(leadRef(db), { assigned_to: 'boss@example.com' }));
    await assertFails(
      updateDoc(leadRef(db, 'lead-2'), { deleted_at: null, trash_undone_at: serverTimestamp() }),
    );
    expect(await read()).not.toHaveProperty('assigned_to');
  });

  it.each([
    ['last_contacted_at', serverTimestamp()],
    ['assigned_to', null],
    ['trash_undone_at', serverTimestamp()],
  ])('a form cannot send %s with a new lead', async (field, value) => {
    await seed();
    await assertFails(setDoc(leadRef(t.anonymous(), 'new'), rootLead({ [field]: value })));
    expect(await read('new')).toBeUndefined();
  });

  it("a form's retry cannot add them", async () => {
    await t.privileged((db) => setDoc(leadRef(db), rootLead()));
    await seedAllowList(t, 'boss@example.com');
    await assertFails(
      setDoc(leadRef(t.anonymous()), rootLead({ assigned_to: 'boss@example.com' })),
    );
    await assertSucceeds(setDoc(leadRef(t.anonymous()), rootLead()));
  });
});
