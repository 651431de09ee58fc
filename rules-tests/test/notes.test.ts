/**
 * firestore.rules for leads/{id}/notes/{noteId}: admins read and write notes on an existing lead;
 * the author (uid and email) and the times are the request's own; only the author edits or
 * deletes; nobody else reads them.
 */
import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import {
  collection,
  collectionGroup,
  deleteDoc,
  doc,
  getDoc,
  getDocs,
  orderBy,
  query,
  serverTimestamp,
  setDoc,
  Timestamp,
  updateDoc,
  type Firestore,
} from 'firebase/firestore';
import { describe, expect, it } from 'vitest';
import { noteTextMaxLength } from '../../web/src/domain/lead-record.js';
import { rootLead, without } from './support/leads.js';
import { newNote, storedNote } from './support/record.js';
import { useRulesEnvironment } from './support/rules-env.js';

const t = useRulesEnvironment('demo-rules-notes');

const noteRef = (db: Firestore, id = 'n1', lead = 'lead-1') => doc(db, 'leads', lead, 'notes', id);

async function seed(): Promise<void> {
  await t.privileged(async (db) => {
    await setDoc(doc(db, 'leads', 'lead-1'), rootLead());
    await setDoc(noteRef(db), {
      ...newNote('boss'),
      created_at: Timestamp.fromMillis(Date.now() - 60_000),
      updated_at: Timestamp.fromMillis(Date.now() - 60_000),
    });
  });
}

const read = (id = 'n1') => storedNote(t, 'lead-1', id);

describe('reading notes', () => {
  it.each([
    ['an anonymous visitor', () => t.anonymous()],
    ['a signed-in user', () => t.user('alice')],
  ])('%s can neither get nor list them', async (_label, dbFor) => {
    await seed();
    const db = dbFor();
    await assertFails(getDoc(noteRef(db)));
    await assertFails(getDocs(collection(db, 'leads', 'lead-1', 'notes')));
    await assertFails(getDocs(collectionGroup(db, 'notes')));
  });

  it("an admin gets and lists a lead's notes, newest first, whoever wrote them", async () => {
    await seed();
    const db = t.admin('colleague');
    await assertSucceeds(getDoc(noteRef(db)));
    const list = await assertSucceeds(
      getDocs(query(collection(db, 'leads', 'lead-1', 'notes'), orderBy('created_at', 'desc'))),
    );
    expect(list.docs.map((d) => d.id)).toEqual(['n1']);
  });
});

describe('writing a note', () => {
  it('an admin adds a note: author and times are theirs and now', async () => {
    await seed();
    await assertSucceeds(setDoc(noteRef(t.admin('boss'), 'n2'), newNote('boss')));
    expect(await read('n2')).toMatchObject({
      text: 'Não atendeu, tentar terça',
      author_uid: 'boss',
      author_email: 'boss@example.com',
    });
  });

  it(`accepts exactly ${noteTextMaxLength} characters and not one more`, async () => {
    await seed();
    const db = t.admin('boss');
    await assertSucceeds(
      setDoc(noteRef(db, 'max'), newNote('boss', { text: 'a'.repeat(noteTextMaxLength) })),
    );
    await assertFails(
      setDoc(noteRef(db, 'over'), newNote('boss', { text: 'a'.repeat(noteTextMaxLength + 1) })),
    );
    expect(await read('over')).toBeUndefined();
  });

  it.each([
    ['an empty text', newNote('boss', { text: '' })],
    ['a text that is not a string', newNote('boss', { text: 42 })],
    ["another admin's uid", newNote('boss', { author_uid: 'colleague' })],
    ["another admin's email", newNote('boss', { author_email: 'colleague@example.com' })],
    ['a created_at in the past', newNote('boss', { created_at: Timestamp.fromMillis(0) })],
    ['a created_at from the client clock', newNote('boss', { created_at: Timestamp.now() })],
    ['an updated_at from the client clock', newNote('boss', { updated_at: Timestamp.now() })],
    ['an extra key', newNote('boss', { pinned: true })],
    ['no author email', without(newNote('boss'), 'author_email')],
    ['no updated_at', without(newNote('boss'), 'updated_at')],
  ])('refuses %s', async (_label, data) => {
    await seed();
    await assertFails(setDoc(noteRef(t.admin('boss'), 'bad'), data));
    expect(await read('bad')).toBeUndefined();
  });

  it('refuses a note on a lead that does not exist', async () => {
    await seed();
    await assertFails(setDoc(noteRef(t.admin('boss'), 'n2', 'missing'), newNote('boss')));
  });

  it.each([
    ['an anonymous visitor', () => t.anonymous(), 'visitor'],
    ['a signed-in user', () => t.user('alice'), 'alice'],
  ])('%s cannot add a note', async (_label, dbFor, uid) => {
    await seed();
    await assertFails(setDoc(noteRef(dbFor(), 'n2'), newNote(uid)));
    expect(await read('n2')).toBeUndefined();
  });
});

describe('editing and deleting a note', () => {
  it('the author edits the text; updated_at moves to now, the rest stays', async () => {
    await seed();
    const before = await read();
    await assertSucceeds(
      updateDoc(noteRef(t.admin('boss')), { text: 'Atendeu', updated_at: serverTimestamp() }),
    );
    const after = await read();
    expect(after).toMatchObject({ text: 'Atendeu', author_uid: 'boss' });
    expect(after?.created_at).toEqual(before?.created_at);
    expect((after?.updated_at as Timestamp).toMillis()).toBeGreaterThan(
      (before?.updated_at as Timestamp).toMillis(),
    );
  });

  it.each([
    ['without stamping updated_at', { text: 'Atendeu' }],
    ['with a client updated_at', { text: 'Atendeu', updated_at: Timestamp.now() }],
    ['to an empty text', { text: '', updated_at: serverTimestamp() }],
    [
      'to a text over the limit',
      { text: 'a'.repeat(noteTextMaxLength + 1), updated_at: serverTimestamp() },
    ],
    [
      'moving created_at',
      { text: 'x', created_at: serverTimestamp(), updated_at: serverTimestamp() },
    ],
    ['changing the author', { author_uid: 'colleague', updated_at: serverTimestamp() }],
    ['changing the email', { author_email: 'x@example.com', updated_at: serverTimestamp() }],
    ['adding a key', { text: 'x', pinned: true, updated_at: serverTimestamp() }],
  ])('the author cannot edit it %s', async (_label, change) => {
    await seed();
    await assertFails(updateDoc(noteRef(t.admin('boss')), change));
    expect((await read())?.text).toBe('Não atendeu, tentar terça');
  });

  it("another admin can neither edit nor delete the author's note", async () => {
    await seed();
    const db = t.admin('colleague');
    await assertFails(updateDoc(noteRef(db), { text: 'Forjado', updated_at: serverTimestamp() }));
    await assertFails(deleteDoc(noteRef(db)));
    expect((await read())?.text).toBe('Não atendeu, tentar terça');
  });

  it('a non-admin with the same uid as the author can neither edit nor delete it', async () => {
    await seed();
    const db = t.user('boss');
    await assertFails(updateDoc(noteRef(db), { text: 'x', updated_at: serverTimestamp() }));
    await assertFails(deleteDoc(noteRef(db)));
    expect(await read()).toBeDefined();
  });

  it('the author deletes it', async () => {
    await seed();
    await assertSucceeds(deleteDoc(noteRef(t.admin('boss'))));
    expect(await read()).toBeUndefined();
  });
});
