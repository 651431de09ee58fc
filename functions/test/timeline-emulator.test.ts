// The timeline triggers through the real stack, as `npm start` runs them: our Firestore emulator
// (the app's rules) delivering events to firebase-tools' Functions emulator running functions/,
// an admin signed in through the Auth emulator writing with the JS SDK. Each test waits for the
// entries it expects with a live listener (no sleeps), then checks that no other entry came.
import { deleteApp, initializeApp, type FirebaseApp } from 'firebase/app';
import { connectAuthEmulator, getAuth, signInWithEmailAndPassword } from 'firebase/auth';
import {
  addDoc,
  collection,
  connectFirestoreEmulator,
  deleteDoc,
  doc,
  getFirestore,
  serverTimestamp,
  terminate,
  updateDoc,
  writeBatch,
  type Firestore,
} from 'firebase/firestore';
import type { Firestore as AdminFirestore } from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminConnection } from '../../scripts/lib/admin-allowlist.mjs';
import { useEmulatorAppCheck } from '../../scripts/lib/app-check.mjs';
import type { LocalSuite } from '../../scripts/lib/local-suite.mjs';
import { leadKeys } from '@vagas/common';
import {
  functionWaitMs,
  startFunctionsSuite,
  createPanelAdmin,
} from './support/functions-suite.js';

const EMAIL = 'recrutadora@vagas.test';

let suite: LocalSuite;
let admin: AdminConnection;
let adminDb: AdminFirestore;
let app: FirebaseApp;
let db: Firestore;
let leadSeq = 0;

beforeAll(async () => {
  const started = await startFunctionsSuite();
  ({ suite, admin } = started);
  const { authHost } = started;
  adminDb = admin.db;
  await createPanelAdmin(admin, EMAIL);
  app = initializeApp({ projectId: suite.projectId, apiKey: 'k' }, 'timeline-test');
  // The suite enforces App Check, as the panel's writes meet it.
  useEmulatorAppCheck(app, suite.firestore);
  const auth = getAuth(app);
  connectAuthEmulator(auth, `http://${authHost}`, { disableWarnings: true });
  await signInWithEmailAndPassword(auth, EMAIL, 'secret-123');
  db = getFirestore(app);
  connectFirestoreEmulator(db, suite.firestore.host, suite.firestore.port);
}, 300_000);

afterAll(async () => {
  if (db) await terminate(db);
  if (app) await deleteApp(app);
  await admin?.close();
  await suite?.stop();
});

/** A new lead as the root form stores it (written with the admin SDK: it makes no entry). */
async function newLead(overrides: Record<string, unknown> = {}): Promise<string> {
  const id = `lead-${Date.now()}-${++leadSeq}`;
  await adminDb.doc(`leads/${id}`).set({
    nome: 'Ana Souza',
    whatsapp: '(79) 99999-1111',
    vaga: 'Aux Serraria',
    cidade: 'Joazeiro',
    status: 'novo',
    created_at: new Date(),
    deleted_at: null,
    ...overrides,
  });
  return id;
}

type Entry = Record<string, unknown>;

/** Resolves with the lead's timeline, oldest first, once `ready` holds for it. */
function timeline(leadId: string, ready: (entries: Entry[]) => boolean): Promise<Entry[]> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      stop();
      reject(new Error(`the timeline of ${leadId} never got what was expected`));
    }, functionWaitMs);
    const stop = adminDb
      .collection(`leads/${leadId}/timeline`)
      .orderBy('at')
      .onSnapshot(
        (snapshot) => {
          const entries = snapshot.docs.map((d) => d.data());
          if (!ready(entries)) return;
          clearTimeout(timer);
          stop();
          resolve(entries);
        },
        (error) => {
          clearTimeout(timer);
          reject(error);
        },
      );
  });
}

const count = (n: number) => (entries: Entry[]) => entries.length >= n;

/** Resolves with the stored lead once `ready` holds for it. */
function storedLead(leadId: string, ready: (data: Entry) => boolean): Promise<Entry> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      stop();
      reject(new Error(`the lead ${leadId} never got what was expected`));
    }, functionWaitMs);
    const stop = adminDb.doc(`leads/${leadId}`).onSnapshot(
      (snapshot) => {
        const data = snapshot.data();
        if (!data || !ready(data)) return;
        clearTimeout(timer);
        stop();
        resolve(data);
      },
      (error) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}
const kinds = (entries: Entry[]) => entries.map((entry) => entry.kind);

describe('the timeline function', () => {
  it("records a status change, a contact and an assignment with the admin's email", async () => {
    const id = await newLead();
    const ref = doc(db, 'leads', id);
    await updateDoc(ref, { status: 'principal' });
    await timeline(id, count(1));
    await updateDoc(ref, { last_contacted_at: serverTimestamp(), assigned_to: EMAIL });
    const entries = await timeline(id, count(3));
    expect(entries).toHaveLength(3);
    expect(entries[0]).toMatchObject({ kind: 'status', from: 'novo', to: 'principal' });
    expect(kinds(entries).slice(1).sort()).toEqual(['assigned', 'contacted']);
    expect(entries.find((e) => e.kind === 'assigned')).toMatchObject({ from: null, to: EMAIL });
    for (const entry of entries) {
      expect(entry).toMatchObject({ actor_email: EMAIL, actor_type: 'app_user' });
    }
  });

  it("tells a restore by 'Desfazer' from a restore in the Lixeira", async () => {
    const id = await newLead();
    const ref = doc(db, 'leads', id);
    await updateDoc(ref, { deleted_at: serverTimestamp() });
    await timeline(id, count(1));
    await updateDoc(ref, { deleted_at: null, trash_undone_at: serverTimestamp() });
    await timeline(id, count(2));
    await updateDoc(ref, { deleted_at: serverTimestamp() });
    await timeline(id, count(3));
    await updateDoc(ref, { deleted_at: null });
    const entries = await timeline(id, count(4));
    expect(kinds(entries)).toEqual(['trashed', 'restored_undo', 'trashed', 'restored']);
  });

  it('records a next step set, changed, done and removed, with its dates and text', async () => {
    const id = await newLead();
    const ref = doc(db, 'leads', id);
    const due = (hours: number) => new Date(Date.now() + hours * 3_600_000);
    const first = due(2);
    const second = due(26);
    // The record sets a step and, on a lead nobody is responsible for, its author as responsible.
    await updateDoc(ref, {
      next_step: { kind: 'retornar', due_at: first, text: 'Ligar depois do almoço' },
      assigned_to: EMAIL,
    });
    await timeline(id, count(2));
    await updateDoc(ref, { next_step: { kind: 'entrevista', due_at: second } });
    await timeline(id, count(3));
    await updateDoc(ref, { next_step: null, next_step_done_at: serverTimestamp() });
    await timeline(id, count(4));
    await updateDoc(ref, { next_step: { kind: 'retornar', due_at: first } });
    await timeline(id, count(5));
    await updateDoc(ref, { next_step: null });
    const entries = await timeline(id, count(6));
    expect(entries).toHaveLength(6);
    const asStored = (entry: Entry) => ({
      kind: entry.kind,
      from: entry.from,
      to: entry.to,
      excerpt: entry.excerpt,
      due_from: (entry.due_from as { toMillis(): number } | null)?.toMillis() ?? null,
      due_to: (entry.due_to as { toMillis(): number } | null)?.toMillis() ?? null,
    });
    const [a, b] = [first.getTime(), second.getTime()];
    expect(entries.slice(1).map(asStored)).toEqual([
      {
        kind: 'next_step_set',
        from: null,
        to: 'retornar',
        excerpt: 'Ligar depois do almoço',
        due_from: null,
        due_to: a,
      },
      {
        kind: 'next_step_changed',
        from: 'retornar',
        to: 'entrevista',
        excerpt: null,
        due_from: a,
        due_to: b,
      },
      {
        kind: 'next_step_done',
        from: 'entrevista',
        to: null,
        excerpt: null,
        due_from: b,
        due_to: null,
      },
      {
        kind: 'next_step_set',
        from: null,
        to: 'retornar',
        excerpt: null,
        due_from: null,
        due_to: a,
      },
      {
        kind: 'next_step_cleared',
        from: 'retornar',
        to: null,
        excerpt: null,
        due_from: a,
        due_to: null,
      },
    ]);
    expect(entries[0]).toMatchObject({ kind: 'assigned', to: EMAIL });
    for (const entry of entries) expect(entry).toMatchObject({ actor_email: EMAIL });
    // Other entries carry no dates of a step.
    expect(entries[0]).not.toHaveProperty('due_to');
  });

  it('records a note added, edited and deleted, with its text', async () => {
    const id = await newLead();
    const user = getAuth(app).currentUser!;
    const note = await addDoc(collection(db, 'leads', id, 'notes'), {
      text: 'Não atendeu',
      author_uid: user.uid,
      author_email: EMAIL,
      created_at: serverTimestamp(),
      updated_at: serverTimestamp(),
    });
    await timeline(id, count(1));
    await updateDoc(note, { text: 'Atendeu', updated_at: serverTimestamp() });
    await timeline(id, count(2));
    await deleteDoc(note);
    const entries = await timeline(id, count(3));
    expect(entries.map((e) => [e.kind, e.excerpt, e.actor_email])).toEqual([
      ['note_added', 'Não atendeu', EMAIL],
      ['note_edited', 'Atendeu', EMAIL],
      ['note_deleted', 'Atendeu', EMAIL],
    ]);
  });

  // 100 events at once through the Functions emulator: minutes on a loaded 2-core machine. One
  // batch as the panel writes them (changeLeads): half get a bulk status, half go to the trash
  // as 'Limpar Dados' sends them.
  it('a bulk change of 100 leads gives each exactly one entry', { timeout: 600_000 }, async () => {
    const ids = await Promise.all(Array.from({ length: 100 }, () => newLead()));
    const batch = writeBatch(db);
    ids.forEach((id, i) =>
      batch.update(
        doc(db, 'leads', id),
        i % 2 ? { deleted_at: serverTimestamp() } : { status: 'separado' },
      ),
    );
    await batch.commit();
    const all = await Promise.all(ids.map((id) => timeline(id, count(1))));
    expect(all.map(kinds)).toEqual(ids.map((_, i) => [i % 2 ? 'trashed' : 'status']));
    for (const [entry] of all) expect(entry).toMatchObject({ actor_email: EMAIL });
  });

  it('keeps the search and duplicate keys of the name and phone, adding no timeline entry', async () => {
    const id = await newLead({ nome: 'Érica Conceição', whatsapp: '(79) 98888-1234' });
    const keyed = await storedLead(id, (data) => data.phone_key === '79988881234');
    expect(keyed.search_keys).toEqual(leadKeys('Érica Conceição', '(79) 98888-1234').search_keys);
    expect(keyed.name_key).toBe('erica conceicao');
    expect(keyed.search_keys).toEqual(
      expect.arrayContaining(['erica c', 'conceicao erica', 'conceicao', '8881234']),
    );
    // Keys of an older scheme (no word-order keys) are rewritten by the next write of the lead.
    await adminDb.doc(`leads/${id}`).update({ search_keys: ['erica conceicao', 'conceicao'] });
    await storedLead(id, (data) => (data.search_keys as string[]).includes('conceicao erica'));
    // A name changed (the admin SDK: LGPD corrections) gets new keys.
    await adminDb.doc(`leads/${id}`).update({ nome: 'Bruna Lima' });
    const renamed = await storedLead(id, (data) =>
      (data.search_keys as string[]).includes('bruna l'),
    );
    expect(renamed.search_keys).not.toContain('erica');
    expect(renamed.name_key).toBe('bruna lima');
    // The keys' writes made no entry: the first entry is the admin's status change.
    await updateDoc(doc(db, 'leads', id), { status: 'separado' });
    const entries = await timeline(id, count(1));
    expect(kinds(entries)).toEqual(['status']);
    // 'Registrar contato' makes it contacted ('Não contatados' leaves it out).
    expect(renamed.contacted).toBe(false);
    await updateDoc(doc(db, 'leads', id), { last_contacted_at: serverTimestamp() });
    await storedLead(id, (data) => data.contacted === true);
    expect(kinds(await timeline(id, count(2)))).toEqual(['status', 'contacted']);
  });

  it('a change made with the admin SDK names no admin', async () => {
    const id = await newLead();
    await adminDb.doc(`leads/${id}`).update({ status: 'descartado' });
    const [entry] = await timeline(id, count(1));
    expect(entry).toMatchObject({ kind: 'status', actor_email: null, actor_uid: null });
    expect(entry?.actor_type).not.toBe('app_user');
  });

  it('deleting a lead for good removes its notes and timeline', async () => {
    const id = await newLead();
    const user = getAuth(app).currentUser!;
    await addDoc(collection(db, 'leads', id, 'notes'), {
      text: 'Ligar terça',
      author_uid: user.uid,
      author_email: EMAIL,
      created_at: serverTimestamp(),
      updated_at: serverTimestamp(),
    });
    await updateDoc(doc(db, 'leads', id), { status: 'principal' });
    await timeline(id, count(2));
    await deleteDoc(doc(db, 'leads', id));
    await timeline(id, (entries) => entries.length === 0);
    await new Promise<void>((resolve, reject) => {
      const stop = adminDb.collection(`leads/${id}/notes`).onSnapshot((snapshot) => {
        if (!snapshot.empty) return;
        stop();
        resolve();
      }, reject);
    });
    expect((await adminDb.collection(`leads/${id}/timeline`).get()).size).toBe(0);
  });
});
