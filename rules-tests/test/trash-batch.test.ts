/**
 * firestore.rules for a lead's trash batch (`trash_batch`, web/src/domain/lead.ts): the id a bulk
 * move to the trash stamps on each lead it moves, so the Lixeira can show and restore that batch
 * later. Set only by a write that puts the lead in the trash; a write that takes it out clears it;
 * no form may send it.
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
import { rootLead } from './support/leads.js';
import { stored } from './support/record.js';
import { useRulesEnvironment } from './support/rules-env.js';

const t = useRulesEnvironment('demo-rules-trash-batch');

const hourAgo = () => Timestamp.fromMillis(Date.now() - 3_600_000);
const leadRef = (db: Firestore, id: string) => doc(db, 'leads', id);
const read = (id: string) => stored(t, 'leads', id);
const batchId = '2026-11-26T16:02:11.123Z-k3j2x9';

/** Two hour-old active leads, one trashed in a batch, one trashed on its own. */
async function seed(): Promise<void> {
  await t.privileged(async (db) => {
    await setDoc(leadRef(db, 'active-1'), rootLead({ created_at: hourAgo() }));
    await setDoc(leadRef(db, 'active-2'), rootLead({ created_at: hourAgo() }));
    await setDoc(
      leadRef(db, 'batched'),
      rootLead({ created_at: hourAgo(), deleted_at: hourAgo(), trash_batch: batchId }),
    );
    await setDoc(leadRef(db, 'alone'), rootLead({ created_at: hourAgo(), deleted_at: hourAgo() }));
  });
}

describe('a bulk move to the trash stamps its batch', () => {
  it('on every lead it moves, in one batched write', async () => {
    await seed();
    const db = t.admin();
    const batch = writeBatch(db);
    for (const id of ['active-1', 'active-2']) {
      batch.update(leadRef(db, id), { deleted_at: serverTimestamp(), trash_batch: batchId });
    }
    await assertSucceeds(batch.commit());
    expect((await read('active-2'))?.trash_batch).toBe(batchId);
  });

  it.each([
    ['without moving the lead to the trash', 'active-1', { trash_batch: batchId }],
    ['on a lead already in the trash', 'alone', { trash_batch: batchId }],
    [
      'while restoring',
      'batched',
      { deleted_at: null, trash_batch: '2026-11-27T10:00:00.000Z-aaaa' },
    ],
    ['as an empty text', 'active-1', { deleted_at: serverTimestamp(), trash_batch: '' }],
    ['too long', 'active-1', { deleted_at: serverTimestamp(), trash_batch: 'x'.repeat(65) }],
    ['as a number', 'active-1', { deleted_at: serverTimestamp(), trash_batch: 7 }],
    ['as a map', 'active-1', { deleted_at: serverTimestamp(), trash_batch: { id: batchId } }],
  ])('refuses a batch %s', async (_label, id, change) => {
    await seed();
    const before = (await read(id))?.trash_batch;
    await assertFails(updateDoc(leadRef(t.admin(), id), change));
    expect((await read(id))?.trash_batch).toEqual(before);
  });

  it('a single move to the trash carries none, or null', async () => {
    await seed();
    const db = t.admin();
    await assertSucceeds(updateDoc(leadRef(db, 'active-1'), { deleted_at: serverTimestamp() }));
    await assertSucceeds(
      updateDoc(leadRef(db, 'active-2'), { deleted_at: serverTimestamp(), trash_batch: null }),
    );
  });
});

describe('a restore takes the lead out of its batch', () => {
  it('clears it, by Desfazer or from the Lixeira', async () => {
    await seed();
    await assertSucceeds(
      updateDoc(leadRef(t.admin(), 'batched'), {
        deleted_at: null,
        trash_batch: null,
        trash_undone_at: serverTimestamp(),
      }),
    );
    expect((await read('batched'))?.trash_batch).toBeNull();
  });

  it('a restore that keeps the batch is refused', async () => {
    await seed();
    await assertFails(updateDoc(leadRef(t.admin(), 'batched'), { deleted_at: null }));
    await assertFails(
      updateDoc(leadRef(t.admin(), 'batched'), { deleted_at: null, trash_batch: deleteField() }),
    );
    expect((await read('batched'))?.deleted_at).toBeInstanceOf(Timestamp);
  });

  it('a lead that never was in a batch is restored as before, or with a null batch', async () => {
    await seed();
    await assertSucceeds(updateDoc(leadRef(t.admin(), 'alone'), { deleted_at: null }));
    await t.privileged((db) => updateDoc(leadRef(db, 'alone'), { deleted_at: hourAgo() }));
    await assertSucceeds(
      updateDoc(leadRef(t.admin(), 'alone'), { deleted_at: null, trash_batch: null }),
    );
  });

  it('a lead in a batch still takes status changes while in the trash', async () => {
    await seed();
    await assertSucceeds(updateDoc(leadRef(t.admin(), 'batched'), { status: 'descartado' }));
  });
});

describe('nobody else writes it', () => {
  it('a form cannot send it with a new lead, nor a visitor set it', async () => {
    await seed();
    await assertFails(setDoc(leadRef(t.anonymous(), 'new'), rootLead({ trash_batch: batchId })));
    await assertFails(
      updateDoc(leadRef(t.user('alice'), 'active-1'), {
        deleted_at: serverTimestamp(),
        trash_batch: batchId,
      }),
    );
    expect(await read('new')).toBeUndefined();
  });
});
