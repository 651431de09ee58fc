/**
 * firestore.rules for leads/{id}/timeline (admins read; no client writes, ever: only the timeline
 * function, with the admin SDK) and message_templates (admins read and write validated templates).
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
  orderBy,
  query,
  serverTimestamp,
  setDoc,
  Timestamp,
  updateDoc,
  writeBatch,
  type Firestore,
} from 'firebase/firestore';
import { describe, expect, it } from 'vitest';
import { messageTemplateLimits } from '../../web/src/domain/lead-record.js';
import { rootLead, without } from './support/leads.js';
import { newTemplate, stored } from './support/record.js';
import { useRulesEnvironment } from './support/rules-env.js';

const t = useRulesEnvironment('demo-rules-timeline');

const entry = (overrides: Record<string, unknown> = {}) => ({
  kind: 'status',
  at: Timestamp.now(),
  actor_uid: 'boss',
  actor_email: 'boss@example.com',
  from: 'novo',
  to: 'principal',
  ...overrides,
});
const entryRef = (db: Firestore, id = 'e1') => doc(db, 'leads', 'lead-1', 'timeline', id);
const timeline = (db: Firestore) => collection(db, 'leads', 'lead-1', 'timeline');

async function seedTimeline(): Promise<void> {
  await t.privileged(async (db) => {
    await setDoc(doc(db, 'leads', 'lead-1'), rootLead());
    await setDoc(entryRef(db), entry());
  });
}

const callers: [string, () => Firestore][] = [
  ['an anonymous visitor', () => t.anonymous()],
  ['a signed-in user', () => t.user('alice')],
  ['an admin', () => t.admin('boss')],
];

describe('the timeline leads/{id}/timeline', () => {
  it('an admin reads it, newest first', async () => {
    await seedTimeline();
    const db = t.admin();
    await assertSucceeds(getDoc(entryRef(db)));
    const list = await assertSucceeds(getDocs(query(timeline(db), orderBy('at', 'desc'))));
    expect(list.size).toBe(1);
  });

  it.each(callers.slice(0, 2))('%s cannot read it', async (_label, dbFor) => {
    await seedTimeline();
    const db = dbFor();
    await assertFails(getDoc(entryRef(db)));
    await assertFails(getDocs(timeline(db)));
    await assertFails(getDocs(collectionGroup(db, 'timeline')));
  });

  it.each(callers)('%s cannot add, forge, change or remove an entry', async (_label, dbFor) => {
    await seedTimeline();
    const db = dbFor();
    await assertFails(setDoc(entryRef(db, 'e2'), entry()));
    await assertFails(addDoc(timeline(db), entry({ actor_email: 'someone@example.com' })));
    await assertFails(setDoc(entryRef(db, 'e3'), entry({ at: serverTimestamp() })));
    await assertFails(updateDoc(entryRef(db), { actor_email: 'someone@example.com' }));
    await assertFails(setDoc(entryRef(db), entry({ to: 'descartado' })));
    await assertFails(deleteDoc(entryRef(db)));
    let ids: string[] = [];
    await t.privileged(async (admin) => {
      ids = (await getDocs(timeline(admin))).docs.map((d) => d.id);
    });
    expect(ids).toEqual(['e1']);
    expect((await stored(t, 'leads', 'lead-1', 'timeline', 'e1'))?.actor_email).toBe(
      'boss@example.com',
    );
  });

  it('an admin cannot slip an entry into a batch with an allowed change', async () => {
    await seedTimeline();
    const db = t.admin();
    const batch = writeBatch(db);
    batch.update(doc(db, 'leads', 'lead-1'), { status: 'principal' });
    batch.set(entryRef(db, 'forged'), entry());
    await assertFails(batch.commit());
    expect((await stored(t, 'leads', 'lead-1'))?.status).toBe('novo');
  });
});

describe('message templates message_templates/{id}', () => {
  const ref = (db: Firestore, id = 'tpl-1') => doc(db, 'message_templates', id);

  it('an admin creates, lists, edits and deletes a template', async () => {
    const db = t.admin();
    await assertSucceeds(setDoc(ref(db), newTemplate()));
    await assertSucceeds(getDocs(collection(db, 'message_templates')));
    await assertSucceeds(
      updateDoc(ref(db), { text: 'Oi {primeiro_nome}!', updated_at: serverTimestamp() }),
    );
    expect((await stored(t, 'message_templates', 'tpl-1'))?.text).toBe('Oi {primeiro_nome}!');
    await assertSucceeds(deleteDoc(ref(db)));
    expect(await stored(t, 'message_templates', 'tpl-1')).toBeUndefined();
  });

  it(`accepts a name of ${messageTemplateLimits.name.max} and a text of ${messageTemplateLimits.text.max} characters`, async () => {
    await assertSucceeds(
      setDoc(
        ref(t.admin()),
        newTemplate({
          name: 'n'.repeat(messageTemplateLimits.name.max),
          text: 't'.repeat(messageTemplateLimits.text.max),
        }),
      ),
    );
  });

  it.each([
    ['an empty name', newTemplate({ name: '' })],
    ['a long name', newTemplate({ name: 'n'.repeat(messageTemplateLimits.name.max + 1) })],
    ['a numeric name', newTemplate({ name: 1 })],
    ['an empty text', newTemplate({ text: '' })],
    ['a long text', newTemplate({ text: 't'.repeat(messageTemplateLimits.text.max + 1) })],
    ['a text that is a list', newTemplate({ text: ['Olá'] })],
    ['a client updated_at', newTemplate({ updated_at: Timestamp.now() })],
    ['no updated_at', without(newTemplate(), 'updated_at')],
    ['no name', without(newTemplate(), 'name')],
    ['an extra key', newTemplate({ default: true })],
  ])('refuses %s', async (_label, data) => {
    await assertFails(setDoc(ref(t.admin()), data));
    expect(await stored(t, 'message_templates', 'tpl-1')).toBeUndefined();
  });

  it('refuses an edit that does not stamp updated_at', async () => {
    await t.privileged((db) => setDoc(ref(db), newTemplate({ updated_at: Timestamp.now() })));
    await assertFails(updateDoc(ref(t.admin()), { text: 'Outro' }));
  });

  it.each(callers.slice(0, 2))('%s can neither read nor write templates', async (_l, dbFor) => {
    await t.privileged((db) => setDoc(ref(db), newTemplate({ updated_at: Timestamp.now() })));
    const db = dbFor();
    await assertFails(getDoc(ref(db)));
    await assertFails(getDocs(collection(db, 'message_templates')));
    await assertFails(setDoc(ref(db, 'tpl-2'), newTemplate()));
    await assertFails(updateDoc(ref(db), { text: 'x', updated_at: serverTimestamp() }));
    await assertFails(deleteDoc(ref(db)));
    expect(await stored(t, 'message_templates', 'tpl-1')).toBeDefined();
  });
});
