/**
 * firestore.rules for the team (the allow-list admins/{email} and its audit admin_audit/{id}: admins
 * read, no client writes) and every path the app does not use (no client access).
 */
import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import {
  addDoc,
  collection,
  collectionGroup,
  deleteDoc,
  doc,
  getDoc,
  getDocs,
  limit,
  orderBy,
  query,
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

const nonAdmins: [string, () => Firestore][] = [
  ['an anonymous visitor', () => t.anonymous()],
  ['a signed-in user', () => t.user('alice')],
  ["a user whose admin claim is the string 'true'", () => t.user('eve', { admin: 'true' })],
];

async function seedAudit(): Promise<void> {
  await t.privileged(async (db) => {
    await setDoc(doc(db, 'admin_audit', 'a1'), {
      action: 'added',
      email: 'other@example.com',
      by: 'boss@example.com',
      at: new Date(),
    });
  });
}

async function auditIds(): Promise<string[]> {
  let ids: string[] = [];
  await t.privileged(async (db) => {
    ids = (await getDocs(collection(db, 'admin_audit'))).docs.map((d) => d.id).sort();
  });
  return ids;
}

describe('the admin allow-list admins/{email}', () => {
  it.each(nonAdmins)('%s cannot read it, not even their own entry', async (_label, dbFor) => {
    await seedAllowList();
    const db = dbFor();
    await assertFails(getDoc(doc(db, 'admins', 'boss@example.com')));
    await assertFails(getDoc(doc(db, 'admins', 'alice@example.com')));
    await assertFails(getDocs(collection(db, 'admins')));
  });

  it('an admin reads it: the list (Equipe) and their own entry (the panel watches it)', async () => {
    await seedAllowList();
    const db = t.admin('boss');
    const listed = await assertSucceeds(
      getDocs(query(collection(db, 'admins'), orderBy('granted_at'))),
    );
    expect(listed.docs.map((d) => d.id).sort()).toEqual(['boss@example.com', 'other@example.com']);
    expect((await assertSucceeds(getDoc(doc(db, 'admins', 'boss@example.com')))).exists()).toBe(
      true,
    );
    // A removed entry reads as missing, which is what signs that admin's panel out.
    expect((await assertSucceeds(getDoc(doc(db, 'admins', 'gone@example.com')))).exists()).toBe(
      false,
    );
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

describe('the team audit admin_audit/{id}', () => {
  it.each(nonAdmins)('%s cannot read it', async (_label, dbFor) => {
    await seedAudit();
    const db = dbFor();
    await assertFails(getDoc(doc(db, 'admin_audit', 'a1')));
    await assertFails(getDocs(collection(db, 'admin_audit')));
  });

  it('an admin reads it, newest first', async () => {
    await seedAudit();
    const db = t.admin('boss');
    const rows = await assertSucceeds(
      getDocs(query(collection(db, 'admin_audit'), orderBy('at', 'desc'), limit(50))),
    );
    expect(rows.docs.map((d) => d.get('email'))).toEqual(['other@example.com']);
  });

  it.each(callers)('%s cannot write, change or erase a row', async (_label, dbFor) => {
    await seedAudit();
    const db = dbFor();
    const row = { action: 'added', email: 'x@example.com', by: 'boss@example.com', at: new Date() };
    await assertFails(setDoc(doc(db, 'admin_audit', 'forged'), row));
    await assertFails(addDoc(collection(db, 'admin_audit'), row));
    await assertFails(updateDoc(doc(db, 'admin_audit', 'a1'), { by: 'someone-else@example.com' }));
    await assertFails(deleteDoc(doc(db, 'admin_audit', 'a1')));
    expect(await auditIds()).toEqual(['a1']);
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
