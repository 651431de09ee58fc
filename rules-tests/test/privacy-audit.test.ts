/**
 * firestore.rules for the LGPD log (`audit/{id}`: retention runs and candidates' erasures, written
 * by the functions with the admin SDK): admins read it live in Configurações; nobody writes it.
 */
import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import {
  addDoc,
  collection,
  deleteDoc,
  doc,
  getDoc,
  getDocs,
  limit,
  orderBy,
  query,
  setDoc,
  Timestamp,
  updateDoc,
} from 'firebase/firestore';
import { describe, it } from 'vitest';
import { useRulesEnvironment } from './support/rules-env.js';

const t = useRulesEnvironment('demo-rules-privacy-audit');

const entry = {
  kind: 'retention',
  at: Timestamp.now(),
  by: 'uid-1',
  by_email: 'boss@example.com',
  trash_days: 90,
  deleted: 3,
};

async function seed(): Promise<void> {
  await t.privileged((db) => setDoc(doc(db, 'audit', 'e1'), entry));
}

describe('the LGPD log', () => {
  it('admins read it, newest first', async () => {
    await seed();
    const db = t.admin();
    await assertSucceeds(getDoc(doc(db, 'audit', 'e1')));
    await assertSucceeds(getDocs(query(collection(db, 'audit'), orderBy('at', 'desc'), limit(20))));
  });

  it.each([
    ['an anonymous visitor', () => t.anonymous()],
    ['a signed-in user', () => t.user('alice')],
  ])('%s cannot read it', async (_label, dbFor) => {
    await seed();
    const db = dbFor();
    await assertFails(getDoc(doc(db, 'audit', 'e1')));
    await assertFails(getDocs(collection(db, 'audit')));
  });

  it.each([
    ['an admin', () => t.admin()],
    ['an anonymous visitor', () => t.anonymous()],
  ])('%s cannot write it', async (_label, dbFor) => {
    await seed();
    const db = dbFor();
    await assertFails(addDoc(collection(db, 'audit'), entry));
    await assertFails(updateDoc(doc(db, 'audit', 'e1'), { deleted: 0 }));
    await assertFails(deleteDoc(doc(db, 'audit', 'e1')));
  });
});
