/** firestore.rules for leads/{id}: public create of exactly one form's fields, admin-only everything else. */
import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import {
  collection,
  deleteDoc,
  deleteField,
  doc,
  DocumentReference,
  getCountFromServer,
  getDoc,
  getDocs,
  onSnapshot,
  orderBy,
  query,
  serverTimestamp,
  setDoc,
  Timestamp,
  updateDoc,
  where,
  writeBatch,
  type Firestore,
  type Query,
  type QuerySnapshot,
} from 'firebase/firestore';
import { formatSamples } from '@vagas/common';
import { describe, expect, it } from 'vitest';
import {
  callCenterJobs,
  callCenterLocalities,
  experienceOptions,
  leadStatuses,
  rootJobs,
  rootLocalities,
} from '../../web/src/domain/options.js';
import { callCenterVaga } from '../../web/src/domain/lead.js';
import { callCenterLead, rootLead, sendLead, storeSentLead, without } from './support/leads.js';
import { useRulesEnvironment } from './support/rules-env.js';

const t = useRulesEnvironment('demo-rules-leads');

const minutesAgo = (minutes: number): Timestamp =>
  Timestamp.fromMillis(Date.now() - minutes * 60_000);

/** Stores a lead with rules disabled; `created_at` defaults to the server's now. */
async function seedLead(id: string, data: Record<string, unknown> = rootLead()): Promise<void> {
  await t.privileged((db) => storeSentLead(db, id, data));
}

/** The stored lead, read with rules disabled. */
async function storedLead(id: string): Promise<Record<string, unknown> | undefined> {
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

/** A create as the page sends it: with its device's record, in one batch (support/leads.ts). */
const createLead = (db: Firestore, data: Record<string, unknown>, id = 'lead-1') =>
  sendLead(db, data, id);

describe('reading leads', () => {
  const activeLeads = (db: Firestore) =>
    query(collection(db, 'leads'), where('deleted_at', '==', null), orderBy('created_at', 'desc'));

  it('an anonymous visitor can neither get nor list leads', async () => {
    await seedLead('lead-1');
    const db = t.anonymous();
    await assertFails(getDoc(doc(db, 'leads', 'lead-1')));
    await assertFails(getDoc(doc(db, 'leads', 'missing')));
    await assertFails(getDocs(collection(db, 'leads')));
    await assertFails(getDocs(activeLeads(db)));
  });

  it('a signed-in user without the admin claim can neither get nor list leads', async () => {
    await seedLead('lead-1');
    const db = t.user('alice');
    await assertFails(getDoc(doc(db, 'leads', 'lead-1')));
    await assertFails(getDocs(collection(db, 'leads')));
    await assertFails(getDocs(activeLeads(db)));
  });

  it.each([
    ['admin: false', { admin: false }],
    ["admin: 'true' (a string)", { admin: 'true' }],
    ['admin: 1', { admin: 1 }],
    ["role: 'admin'", { role: 'admin' }],
  ])('a claim other than admin == true (%s) grants nothing', async (_label, claims) => {
    await seedLead('lead-1');
    const db = t.user('mallory', claims);
    await assertFails(getDoc(doc(db, 'leads', 'lead-1')));
    await assertFails(getDocs(collection(db, 'leads')));
    await assertFails(updateDoc(doc(db, 'leads', 'lead-1'), { status: 'principal' }));
    await assertFails(deleteDoc(doc(db, 'leads', 'lead-1')));
  });

  it('an admin can get and list leads, with the panel queries', async () => {
    await seedLead('lead-1');
    await seedLead('lead-2', callCenterLead());
    await seedLead('lead-3', rootLead({ deleted_at: Timestamp.now() }));
    const db = t.admin();
    const one = await assertSucceeds(getDoc(doc(db, 'leads', 'lead-2')));
    expect(one.get('idade')).toBe(callCenterLead().idade);
    const all = await assertSucceeds(getDocs(collection(db, 'leads')));
    expect(all.size).toBe(3);
    const active = await assertSucceeds(getDocs(activeLeads(db)));
    expect(active.docs.map((d) => d.id).sort()).toEqual(['lead-1', 'lead-2']);
    const trash = await assertSucceeds(
      getDocs(
        query(
          collection(db, 'leads'),
          where('deleted_at', '!=', null),
          orderBy('deleted_at', 'desc'),
        ),
      ),
    );
    expect(trash.docs.map((d) => d.id)).toEqual(['lead-3']);
  });
});

/** The first snapshot of a live query or document, or its error (a listener the rules refuse). */
const firstSnapshot = (target: Query | DocumentReference) =>
  new Promise<unknown>((resolve, reject) => {
    const done = (snapshot: unknown) => {
      unsubscribe();
      resolve(snapshot);
    };
    const unsubscribe =
      target instanceof DocumentReference
        ? onSnapshot(target, done, reject)
        : onSnapshot(target, done, reject);
  });

describe('live listeners on leads (the admin panel watches them arrive)', () => {
  it('a visitor or a non-admin user cannot listen to leads', async () => {
    await seedLead('lead-1');
    for (const db of [t.anonymous(), t.user('alice')]) {
      await assertFails(firstSnapshot(collection(db, 'leads')));
      await assertFails(firstSnapshot(doc(db, 'leads', 'lead-1')));
    }
  });

  it("an admin's live query sees a visitor's new lead arrive", async () => {
    await seedLead('lead-1');
    const admin = t.admin();
    const seen = new Promise<QuerySnapshot>((resolve, reject) => {
      const unsubscribe = onSnapshot(
        query(collection(admin, 'leads'), where('deleted_at', '==', null)),
        (snapshot) => {
          if (snapshot.size === 2) {
            unsubscribe();
            resolve(snapshot);
          }
        },
        reject,
      );
    });
    await assertSucceeds(createLead(t.anonymous(), callCenterLead(), 'lead-2'));
    const snapshot = await seen;
    expect(snapshot.docs.map((d) => d.id).sort()).toEqual(['lead-1', 'lead-2']);
  });
});

describe('creating leads', () => {
  it('an anonymous visitor can submit the root form; the stored lead is as written', async () => {
    const before = Date.now();
    await assertSucceeds(createLead(t.anonymous(), rootLead()));
    const stored = await storedLead('lead-1');
    const { created_at: _, ...written } = rootLead();
    expect(stored).toMatchObject({ ...written, status: 'novo', deleted_at: null });
    // created_at is the request time (the emulator runs on this machine's clock).
    expect(stored?.created_at).toBeInstanceOf(Timestamp);
    const createdAt = (stored?.created_at as Timestamp).toMillis();
    expect(Math.abs(createdAt - before)).toBeLessThan(60_000);
  });

  it('an anonymous visitor can submit the call-center form', async () => {
    await assertSucceeds(createLead(t.anonymous(), callCenterLead()));
    expect(await storedLead('lead-1')).toMatchObject({
      vaga: `[Conecta] ${callCenterJobs[0]}`,
      idade: callCenterLead().idade,
    });
  });

  it('signed-in users and admins submit through the same validation', async () => {
    await assertSucceeds(createLead(t.user('alice'), rootLead(), 'by-user'));
    await assertSucceeds(createLead(t.admin(), callCenterLead(), 'by-admin'));
    await assertFails(createLead(t.admin(), rootLead({ status: 'principal' }), 'admin-status'));
    await assertFails(createLead(t.admin(), rootLead({ extra: 1 }), 'admin-extra'));
  });

  it('accepts every job and locality of the root form', async () => {
    const db = t.anonymous();
    for (const [i, vaga] of rootJobs.entries()) {
      await assertSucceeds(createLead(db, rootLead({ vaga }), `job-${i}`));
    }
    for (const [i, cidade] of rootLocalities.entries()) {
      await assertSucceeds(createLead(db, rootLead({ cidade }), `city-${i}`));
    }
  });

  it('accepts every job, locality and experience of the call-center form', async () => {
    const db = t.anonymous();
    for (const [i, job] of callCenterJobs.entries()) {
      await assertSucceeds(
        createLead(db, callCenterLead({ vaga: callCenterVaga(job) }), `job-${i}`),
      );
    }
    for (const [i, cidade] of callCenterLocalities.entries()) {
      await assertSucceeds(createLead(db, callCenterLead({ cidade }), `city-${i}`));
    }
    for (const [i, tempo_experiencia] of experienceOptions.entries()) {
      await assertSucceeds(createLead(db, callCenterLead({ tempo_experiencia }), `exp-${i}`));
    }
  });

  it.each([
    ['nome of 200 characters', rootLead({ nome: 'a'.repeat(200) })],
    ['nome of one character', rootLead({ nome: 'M' })],
    ['nome with accents and emoji', rootLead({ nome: 'Ângela Conceição 🌻' })],
    ['whatsapp of exactly 15 characters', rootLead({ whatsapp: '(79) 99999-9999' })],
    ['whatsapp of digits only', rootLead({ whatsapp: '79999999999' })],
    ['idade 16', callCenterLead({ idade: 16 })],
    ['idade 70', callCenterLead({ idade: 70 })],
  ])('accepts the boundary case: %s', async (_label, data) => {
    await assertSucceeds(createLead(t.anonymous(), data));
  });

  it('holds whatsapp to the phone format every layer shares: its samples, accepted or refused', async () => {
    const db = t.anonymous();
    for (const [i, whatsapp] of formatSamples.phone.valid.entries()) {
      await assertSucceeds(createLead(db, rootLead({ whatsapp }), `phone-ok-${i}`));
    }
    for (const [i, whatsapp] of formatSamples.phone.invalid.entries()) {
      await assertFails(createLead(db, rootLead({ whatsapp }), `phone-bad-${i}`));
    }
    expect(await storedLeadCount()).toBe(formatSamples.phone.valid.length);
  });

  const rootKeys = Object.keys(rootLead());
  const callCenterKeys = Object.keys(callCenterLead());

  it.each(rootKeys)('rejects a root lead without %s', async (key) => {
    await assertFails(createLead(t.anonymous(), without(rootLead(), key)));
  });

  it.each(callCenterKeys)('rejects a call-center lead without %s', async (key) => {
    await assertFails(createLead(t.anonymous(), without(callCenterLead(), key)));
  });

  it.each([
    ['an extra key', rootLead({ chave_desconhecida: 'x' })],
    ['an extra key on the call-center form', callCenterLead({ admin: true })],
    ['a nested map as an extra key', rootLead({ meta: { nested: { deep: 1 } } })],
    ['only one call-center field on the root form', rootLead({ idade: 30 })],
    ['a chosen status (principal)', rootLead({ status: 'principal' })],
    ['a chosen status (descartado)', callCenterLead({ status: 'descartado' })],
    ['a status outside the list', rootLead({ status: 'aprovado' })],
    ['a client-chosen created_at (now)', rootLead({ created_at: Timestamp.now() })],
    ['a client-chosen created_at (past)', rootLead({ created_at: minutesAgo(60 * 24) })],
    ['a null created_at', rootLead({ created_at: null })],
    ['a non-null deleted_at (server time)', rootLead({ deleted_at: serverTimestamp() })],
    ['a non-null deleted_at (timestamp)', callCenterLead({ deleted_at: Timestamp.now() })],
    ['a non-null deleted_at (string)', rootLead({ deleted_at: 'never' })],
    ['a 10,000-character nome', rootLead({ nome: 'x'.repeat(10_000) })],
    ['a 201-character nome', rootLead({ nome: 'x'.repeat(201) })],
    ['an empty nome', rootLead({ nome: '' })],
    ['a nome that is a number', rootLead({ nome: 42 })],
    ['a nome that is a map', rootLead({ nome: { first: 'Maria' } })],
    ['idade 15', callCenterLead({ idade: 15 })],
    ['idade 71', callCenterLead({ idade: 71 })],
    ['idade "30" (a string)', callCenterLead({ idade: '30' })],
    ['idade 30.5 (a float)', callCenterLead({ idade: 30.5 })],
    ['idade null', callCenterLead({ idade: null })],
    ['an unknown vaga', rootLead({ vaga: 'Gerente Geral' })],
    ['an unknown cidade', rootLead({ cidade: 'Salvador' })],
    ['a call-center job without the employer prefix', callCenterLead({ vaga: callCenterJobs[0] })],
    [
      'a call-center job with another prefix',
      callCenterLead({ vaga: `[Outra] ${callCenterJobs[0]}` }),
    ],
    ['a root job on the call-center form', callCenterLead({ vaga: rootJobs[0] })],
    ['a call-center job on the root form', rootLead({ vaga: callCenterVaga(callCenterJobs[0]) })],
    ['a call-center locality on the root form', rootLead({ cidade: callCenterLocalities[0] })],
    ['a root locality on the call-center form', callCenterLead({ cidade: rootLocalities[0] })],
    ['an unknown tempo_experiencia', callCenterLead({ tempo_experiencia: '20 anos' })],
    ['a vaga differing only in case', rootLead({ vaga: rootJobs[0].toUpperCase() })],
    ['a 16-character whatsapp', rootLead({ whatsapp: '(79) 99999-99999' })],
    ['a whatsapp with letters', rootLead({ whatsapp: '(79) 9999O-9999' })],
    ['a whatsapp with a plus sign', rootLead({ whatsapp: '+5579999999999' })],
    ['an empty whatsapp', rootLead({ whatsapp: '' })],
    ['a whatsapp that is a number', rootLead({ whatsapp: 79999999999 })],
  ])('rejects a create with %s', async (_label, data) => {
    await assertFails(createLead(t.anonymous(), data));
    expect(await storedLeadCount()).toBe(0);
  });
});

describe('the derived keys (search_keys, phone_key, contacted, name_key: written only by the leadTimeline function)', () => {
  const keys = {
    search_keys: ['maria', 'maria d'],
    phone_key: '79999990000',
    contacted: false,
    name_key: 'maria d',
  };

  it('a form cannot send them', async () => {
    await assertFails(createLead(t.anonymous(), rootLead(keys)));
    await assertFails(createLead(t.anonymous(), callCenterLead({ phone_key: '1' }), 'lead-2'));
    await assertFails(createLead(t.anonymous(), callCenterLead({ name_key: 'a' }), 'lead-2'));
    await assertSucceeds(createLead(t.anonymous(), rootLead(), 'lead-3'));
  });

  it('an admin cannot write or remove them', async () => {
    await seedLead('lead-1', rootLead({ created_at: minutesAgo(60), ...keys }));
    const ref = doc(t.admin(), 'leads', 'lead-1');
    await assertFails(updateDoc(ref, { search_keys: ['x'] }));
    await assertFails(updateDoc(ref, { phone_key: '11999990000' }));
    await assertFails(updateDoc(ref, { contacted: true }));
    await assertFails(updateDoc(ref, { name_key: 'aaa' }));
    await assertFails(updateDoc(ref, { status: 'principal', search_keys: ['x'] }));
    await assertFails(updateDoc(ref, { search_keys: deleteField() }));
    await assertSucceeds(updateDoc(ref, { status: 'principal' }));
    expect(await storedLead('lead-1')).toMatchObject(keys);
  });

  it('a retry of a lost create may drop them (the function writes them again), never set them', async () => {
    await seedLead('lead-1', rootLead({ created_at: minutesAgo(1), ...keys }));
    await assertFails(createLead(t.anonymous(), rootLead({ ...keys, phone_key: '1' })));
    await assertFails(createLead(t.anonymous(), rootLead(keys)));
    await assertSucceeds(createLead(t.anonymous(), rootLead()));
    const stored = await storedLead('lead-1');
    expect(stored).not.toHaveProperty('search_keys');
    expect(stored).not.toHaveProperty('phone_key');
    expect(stored).not.toHaveProperty('name_key');
  });
});

describe('a retry of a lost create (same id, only created_at moves)', () => {
  it('succeeds within 10 minutes and leaves one lead', async () => {
    const db = t.anonymous();
    await assertSucceeds(createLead(db, callCenterLead()));
    const first = (await storedLead('lead-1'))?.created_at as Timestamp;
    await assertSucceeds(createLead(db, callCenterLead()));
    expect(await storedLeadCount()).toBe(1);
    const second = (await storedLead('lead-1'))?.created_at as Timestamp;
    expect(second.toMillis()).toBeGreaterThanOrEqual(first.toMillis());
  });

  it('succeeds when the stored lead is 9 minutes old', async () => {
    await seedLead('lead-1', rootLead({ created_at: minutesAgo(9) }));
    await assertSucceeds(createLead(t.anonymous(), rootLead()));
    const stored = (await storedLead('lead-1'))?.created_at as Timestamp;
    expect(Date.now() - stored.toMillis()).toBeLessThan(60_000);
  });

  it('is denied after the 10-minute window', async () => {
    await seedLead('lead-1', rootLead({ created_at: minutesAgo(11) }));
    await assertFails(createLead(t.anonymous(), rootLead()));
    await seedLead('lead-2', rootLead({ created_at: minutesAgo(60 * 24) }));
    await assertFails(createLead(t.anonymous(), rootLead(), 'lead-2'));
  });

  it.each([
    ['another nome', rootLead({ nome: 'Outra Pessoa' })],
    ['another whatsapp', rootLead({ whatsapp: '(11) 91234-5678' })],
    ['another vaga', rootLead({ vaga: rootJobs[1] })],
    ['a status', rootLead({ status: 'principal' })],
    ['a deleted_at', rootLead({ deleted_at: serverTimestamp() })],
    ['an extra key', rootLead({ extra: 'x' })],
    ['a removed key', without(rootLead(), 'cidade')],
    ['a client-chosen created_at', rootLead({ created_at: Timestamp.now() })],
  ])('is denied when it changes %s', async (_label, data) => {
    await seedLead('lead-1');
    await assertFails(createLead(t.anonymous(), data));
    expect(await storedLead('lead-1')).toMatchObject({ nome: 'Maria da Silva', status: 'novo' });
  });

  it('does not open reads: the retrying visitor still cannot get or list', async () => {
    const db = t.anonymous();
    await assertSucceeds(createLead(db, rootLead()));
    await assertSucceeds(createLead(db, rootLead()));
    await assertFails(getDoc(doc(db, 'leads', 'lead-1')));
    await assertFails(getDocs(collection(db, 'leads')));
  });

  it('does not let a visitor move a lead the admin has already classified', async () => {
    await seedLead('lead-1', rootLead({ status: 'principal' }));
    await assertFails(createLead(t.anonymous(), rootLead()));
  });
});

describe('changing leads without the admin claim', () => {
  it.each([
    ['an anonymous visitor', () => t.anonymous()],
    ['a signed-in user', () => t.user('alice')],
  ])('%s cannot update or delete any lead', async (_label, dbFor) => {
    await seedLead('lead-1');
    await seedLead('lead-2', callCenterLead({ deleted_at: Timestamp.now() }));
    const db = dbFor();
    await assertFails(updateDoc(doc(db, 'leads', 'lead-1'), { status: 'principal' }));
    await assertFails(updateDoc(doc(db, 'leads', 'lead-1'), { deleted_at: serverTimestamp() }));
    await assertFails(updateDoc(doc(db, 'leads', 'lead-2'), { deleted_at: null }));
    await assertFails(updateDoc(doc(db, 'leads', 'lead-1'), { nome: 'Outro' }));
    await assertFails(
      setDoc(doc(db, 'leads', 'lead-1'), { status: 'descartado' }, { merge: true }),
    );
    await assertFails(deleteDoc(doc(db, 'leads', 'lead-1')));
    await assertFails(deleteDoc(doc(db, 'leads', 'lead-2')));
    await assertFails(deleteDoc(doc(db, 'leads', 'missing')));
    expect(await storedLeadCount()).toBe(2);
    expect(await storedLead('lead-1')).toMatchObject({ status: 'novo', deleted_at: null });
  });
});

describe('admins managing leads', () => {
  it.each(leadStatuses)('can set the status to %s', async (status) => {
    await seedLead('lead-1', rootLead({ status: status === 'novo' ? 'separado' : 'novo' }));
    await assertSucceeds(updateDoc(doc(t.admin(), 'leads', 'lead-1'), { status }));
    expect((await storedLead('lead-1'))?.status).toBe(status);
  });

  it.each([
    ['a status outside the list', { status: 'aprovado' }],
    ['a numeric status', { status: 3 }],
    ['a null status', { status: null }],
    ['a string deleted_at', { deleted_at: '2026-01-01' }],
    ['a numeric deleted_at', { deleted_at: 1 }],
    ['a new nome', { nome: 'Nome Trocado' }],
    ['a new whatsapp', { whatsapp: '(11) 90000-0000' }],
    ['a new vaga', { vaga: rootJobs[2] }],
    ['a new created_at', { created_at: serverTimestamp() }],
    ['an extra key', { nota: 'ligar amanhã' }],
    ['a removed key', { cidade: deleteField() }],
    ['a status together with a nome', { status: 'principal', nome: 'Outro' }],
  ])('cannot update %s', async (_label, change) => {
    // An hour old: past the create-retry window, which lets anyone move created_at.
    await seedLead('lead-1', rootLead({ created_at: minutesAgo(60) }));
    await assertFails(updateDoc(doc(t.admin(), 'leads', 'lead-1'), change));
    expect(await storedLead('lead-1')).toMatchObject({ nome: 'Maria da Silva', status: 'novo' });
  });

  it('can trash, restore and permanently delete a lead', async () => {
    await seedLead('lead-1', callCenterLead());
    const ref = doc(t.admin(), 'leads', 'lead-1');
    await assertSucceeds(updateDoc(ref, { deleted_at: serverTimestamp() }));
    expect((await storedLead('lead-1'))?.deleted_at).toBeInstanceOf(Timestamp);
    await assertSucceeds(updateDoc(ref, { deleted_at: null }));
    expect((await storedLead('lead-1'))?.deleted_at).toBeNull();
    await assertSucceeds(updateDoc(ref, { deleted_at: Timestamp.now(), status: 'descartado' }));
    await assertSucceeds(deleteDoc(ref));
    expect(await storedLead('lead-1')).toBeUndefined();
  });

  it("can move every active lead to the trash in one batch ('Limpar Dados')", async () => {
    for (let i = 0; i < 5; i += 1) await seedLead(`lead-${i}`);
    const db = t.admin();
    const batch = writeBatch(db);
    for (let i = 0; i < 5; i += 1) {
      batch.update(doc(db, 'leads', `lead-${i}`), { deleted_at: serverTimestamp() });
    }
    await assertSucceeds(batch.commit());
    const trashed = await assertSucceeds(
      getDocs(query(collection(db, 'leads'), where('deleted_at', '!=', null))),
    );
    expect(trashed.size).toBe(5);
  });

  it('a batch with one forbidden change fails as a whole', async () => {
    await seedLead('lead-1');
    await seedLead('lead-2');
    const db = t.admin();
    const batch = writeBatch(db);
    batch.update(doc(db, 'leads', 'lead-1'), { status: 'principal' });
    batch.update(doc(db, 'leads', 'lead-2'), { nome: 'Outro' });
    await assertFails(batch.commit());
    expect((await storedLead('lead-1'))?.status).toBe('novo');
  });
});
