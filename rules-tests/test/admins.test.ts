/** firestore.rules for the admin allow-list and every path the app does not use: no client access. */
import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import {
  collection,
  collectionGroup,
  deleteDoc,
  doc,
  getDoc,
  getDocs,
  setDoc,
  updateDoc,
  type Firestore,
} from 'firebase/firestore';
import { describe, expect, it } from 'vitest';
import { rootLead } from './support/leads.js';
import { useRulesEnvironment } from './support/rules-env.js';

const t = useRulesEnvironment('demo-rules-admins');

const callers: [string, () => Firestore][] = [
  ['an anonymous visitor', () => t.anonymous()],
  ['a signed-in user', () => t.user('alice')],
  ['an admin', () => t.admin('boss')],
];

async function seedAllowList(): Promise<void> {
  await t.privileged(async (db) => {
    await setDoc(doc(db, 'admins', 'boss@example.com'), { granted_at: new Date() });
    await setDoc(doc(db, 'admins', 'other@example.com'), { granted_at: new Date() });
  });
}

async function allowListed(): Promise<string[]> {
  let ids: string[] = [];
  await t.privileged(async (db) => {
    ids = (await getDocs(collection(db, 'admins'))).docs.map((d) => d.id).sort();
  });
  return ids;
}

describe('the admin allow-list admins/{email}', () => {
  it.each(callers)('%s cannot read it, not even their own entry', async (_label, dbFor) => {
    await seedAllowList();
    const db = dbFor();
    await assertFails(getDoc(doc(db, 'admins', 'boss@example.com')));
    await assertFails(getDoc(doc(db, 'admins', 'alice@example.com')));
    await assertFails(getDocs(collection(db, 'admins')));
  });

  it.each(callers)('%s cannot add, change or remove an entry', async (_label, dbFor) => {
    await seedAllowList();
    const db = dbFor();
    await assertFails(setDoc(doc(db, 'admins', 'alice@example.com'), { granted_at: new Date() }));
    await assertFails(setDoc(doc(db, 'admins', 'mallory@example.com'), {}));
    await assertFails(updateDoc(doc(db, 'admins', 'boss@example.com'), { revoked: true }));
    await assertFails(deleteDoc(doc(db, 'admins', 'other@example.com')));
    expect(await allowListed()).toEqual(['boss@example.com', 'other@example.com']);
  });

  it('the signed-in user who tried to list themselves is still not an admin', async () => {
    await t.privileged((db) => setDoc(doc(db, 'leads', 'lead-1'), rootLead()));
    const db = t.user('alice');
    await assertFails(setDoc(doc(db, 'admins', 'alice@example.com'), { granted_at: new Date() }));
    await assertFails(getDocs(collection(db, 'leads')));
  });
});

describe('paths the app does not use', () => {
  it.each(callers)('%s cannot read or write them', async (_label, dbFor) => {
    await t.privileged(async (db) => {
      await setDoc(doc(db, 'users', 'alice'), { admin: true });
      await setDoc(doc(db, 'leads', 'lead-1', 'attachments', 'a1'), { text: 'x' });
    });
    const db = dbFor();
    await assertFails(getDoc(doc(db, 'users', 'alice')));
    await assertFails(setDoc(doc(db, 'users', 'alice'), { admin: true }));
    await assertFails(setDoc(doc(db, 'anything', 'x'), { a: 1 }));
    await assertFails(getDocs(collection(db, 'anything')));
    await assertFails(getDoc(doc(db, 'leads', 'lead-1', 'attachments', 'a1')));
    await assertFails(setDoc(doc(db, 'leads', 'lead-1', 'attachments', 'a2'), { text: 'y' }));
    await assertFails(getDocs(collectionGroup(db, 'attachments')));
  });

  it('an admin reaches leads but not the rest (control)', async () => {
    await t.privileged((db) => setDoc(doc(db, 'leads', 'lead-1'), rootLead()));
    await assertSucceeds(getDoc(doc(t.admin(), 'leads', 'lead-1')));
  });
});
