// The screening through the real stack, as `npm start` runs it: leads written as the public pages
// write them (a visitor with no sign-in, Firestore Lite, the app's rules) reach firebase-tools'
// Functions emulator through our Firestore emulator's trigger delivery; the leadTimeline function
// screens each one. Each test waits for what it expects with a live listener (no sleeps).
import { deleteApp, initializeApp, type FirebaseApp } from 'firebase/app';
import { connectAuthEmulator, getAuth, signInWithEmailAndPassword } from 'firebase/auth';
import {
  connectFirestoreEmulator,
  doc as fullDoc,
  getFirestore as getFullFirestore,
  terminate as terminateFull,
  updateDoc,
  type Firestore as FullFirestore,
} from 'firebase/firestore';
import {
  collection,
  connectFirestoreEmulator as connectLite,
  doc,
  getFirestore,
  serverTimestamp,
  terminate,
  writeBatch,
  type Firestore,
} from 'firebase/firestore/lite';
import { Timestamp, type Firestore as AdminFirestore } from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminConnection } from '../../scripts/lib/admin-allowlist.mjs';
import { useEmulatorAppCheck } from '../../scripts/lib/app-check.mjs';
import type { LocalSuite } from '../../scripts/lib/local-suite.mjs';
import { screeningLimits } from '@vagas/common';
import {
  functionWaitMs,
  startFunctionsSuite,
  createPanelAdmin,
} from './support/functions-suite.js';

const EMAIL = 'triagem@vagas.test';

let suite: LocalSuite;
let admin: AdminConnection;
let adminDb: AdminFirestore;
let pageApp: FirebaseApp;
let page: Firestore;
let panelApp: FirebaseApp;
let panel: FullFirestore;
let seq = 0;

beforeAll(async () => {
  const started = await startFunctionsSuite();
  ({ suite, admin } = started);
  const { authHost } = started;
  adminDb = admin.db;
  // The public page: Firestore Lite, nobody signed in.
  pageApp = initializeApp({ projectId: suite.projectId, apiKey: 'k' }, 'screening-page');
  // The suite enforces App Check, as production does: the page and the panel carry tokens.
  useEmulatorAppCheck(pageApp, suite.firestore);
  page = getFirestore(pageApp);
  connectLite(page, suite.firestore.host, suite.firestore.port);
  await createPanelAdmin(admin, EMAIL);
  panelApp = initializeApp({ projectId: suite.projectId, apiKey: 'k' }, 'screening-panel');
  useEmulatorAppCheck(panelApp, suite.firestore);
  const auth = getAuth(panelApp);
  connectAuthEmulator(auth, `http://${authHost}`, { disableWarnings: true });
  await signInWithEmailAndPassword(auth, EMAIL, 'secret-123');
  panel = getFullFirestore(panelApp);
  connectFirestoreEmulator(panel, suite.firestore.host, suite.firestore.port);
}, 300_000);

afterAll(async () => {
  if (page) await terminate(page);
  if (panel) await terminateFull(panel);
  for (const app of [pageApp, panelApp]) if (app) await deleteApp(app);
  await admin?.close();
  await suite?.stop();
});

/** A WhatsApp number no other application of this run has. */
const run = String(Math.floor(Math.random() * 10_000)).padStart(4, '0');
const uniquePhone = () => `(79) 9${run}-${String(++seq).padStart(4, '0')}`;

/** What the root page sends: the form's fields and its signals, as a person fills it in. */
function application(overrides: Record<string, unknown> = {}) {
  return {
    nome: `Candidata ${++seq}`,
    whatsapp: uniquePhone(),
    vaga: 'Aux Serraria',
    cidade: 'Joazeiro',
    consent_version: 'raiz-2026-11-25',
    honeypot: '',
    fill_seconds: 41,
    status: 'novo',
    created_at: serverTimestamp(),
    deleted_at: null,
    ...overrides,
  };
}

/** Each lead's device: every application from a device of its own, a retry from the same one. */
const devices = new Map<string, string>();

/**
 * Writes `leads/{id}` as the page does (web/src/data/lead-write.ts setNewLead, which this
 * workspace cannot import: the lead with its device's id, and in the same batch the first slot of
 * the device's record); `id` again is a form retry. Returns the id.
 */
async function apply(
  data: Record<string, unknown>,
  id = `screen-${Date.now()}-${++seq}`,
): Promise<string> {
  const device = devices.get(id) ?? doc(collection(page, 'devices')).id;
  devices.set(id, device);
  const batch = writeBatch(page);
  batch.set(doc(page, 'leads', id), { ...data, device });
  batch.set(
    doc(page, 'devices', device),
    { lead: id, slot: 0, s0: serverTimestamp() },
    { merge: true },
  );
  await batch.commit();
  return id;
}

type Data = Record<string, unknown>;

/** Resolves with the lead once `ready` holds for it (null: once it no longer exists). */
function lead(id: string, ready: (data: Data | null) => boolean): Promise<Data | null> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      stop();
      reject(new Error(`the lead ${id} never got what was expected`));
    }, functionWaitMs);
    const stop = adminDb.doc(`leads/${id}`).onSnapshot(
      (snapshot) => {
        const data = snapshot.data() ?? null;
        if (!ready(data)) return;
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

const screened = (data: Data | null) => Boolean(data?.screening);

/** The lead's timeline, oldest first, once it has `n` entries. */
function timeline(id: string, n: number): Promise<Data[]> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      stop();
      reject(new Error(`the timeline of ${id} never got ${n} entries`));
    }, functionWaitMs);
    const stop = adminDb
      .collection(`leads/${id}/timeline`)
      .orderBy('at')
      .onSnapshot((snapshot) => {
        if (snapshot.size < n) return;
        clearTimeout(timer);
        stop();
        resolve(snapshot.docs.map((d) => d.data()));
      }, reject);
  });
}

const entries = async (id: string) =>
  (await adminDb.collection(`leads/${id}/timeline`).get()).docs.map((d) => d.data());

describe('the screening of new leads', () => {
  it('an application as a person sends it: new, its verdict clean, nothing on its timeline', async () => {
    const id = await apply(application());
    const data = await lead(id, screened);
    expect(data).toMatchObject({ status: 'novo', screening: { score: 0 } });
    // The verdict came with the keys, in one write.
    expect(data?.phone_key).toBeTypeOf('string');
    expect(await entries(id)).toEqual([]);
  });

  it('a honeypot filled: stored set aside by its page, the reason on its timeline', async () => {
    const id = await apply(application({ honeypot: 'http://spam.example', status: 'suspeito' }));
    const data = await lead(id, screened);
    expect(data).toMatchObject({ status: 'suspeito', screening: { score: 2, honeypot: true } });
    const [entry] = await timeline(id, 1);
    expect(entry).toMatchObject({ kind: 'held', to: 'honeypot', actor_email: null });
  });

  it('no signals at all (a script, an older page): set aside by the server', async () => {
    const { honeypot: _, fill_seconds: __, ...bare } = application();
    const id = await apply(bare);
    const data = await lead(id, (d) => d?.status === 'suspeito');
    expect(data?.screening).toEqual({ score: 2, no_signals: true });
    expect((await timeline(id, 1))[0]).toMatchObject({ kind: 'held', to: 'no_signals' });
  });

  it('filled too fast: noted, still new; with its campaign in a burst: set aside', async () => {
    const fast = await apply(application({ fill_seconds: 1 }));
    expect(await lead(fast, screened)).toMatchObject({
      status: 'novo',
      screening: { score: 1, fast_fill: true },
    });
    // The campaign already brought its limit of leads in the last minutes (seeded, trusted).
    const source = { utm_campaign: `rajada-${Date.now()}`, fbclid: false };
    const batch = adminDb.batch();
    for (let i = 0; i < screeningLimits.burstLimit; i++) {
      batch.set(adminDb.collection('leads').doc(), {
        ...application({ source, created_at: Timestamp.now() }),
      });
    }
    await batch.commit();
    const calm = await apply(application({ source }));
    expect(await lead(calm, screened)).toMatchObject({
      status: 'novo',
      screening: { score: 1, burst: true },
    });
    const hurried = await apply(application({ source, fill_seconds: 0 }));
    expect(await lead(hurried, (d) => d?.status === 'suspeito')).toMatchObject({
      screening: { score: 2, fast_fill: true, burst: true },
    });
    expect((await timeline(hurried, 1))[0]).toMatchObject({ to: 'fast_fill,burst' });
  });

  it('the same number for the same job again: one lead, its timeline says so with the time', async () => {
    const whatsapp = uniquePhone();
    const first = await apply(application({ whatsapp }));
    await lead(first, screened);
    const again = await apply(application({ whatsapp, nome: 'Outro Nome', fill_seconds: 12 }));
    await lead(again, (d) => d === null);
    const [entry] = await timeline(first, 1);
    expect(entry).toMatchObject({ kind: 'reapplied', actor_email: null });
    // The entry's time is the second application's arrival.
    const at = (entry!.at as Timestamp).toMillis();
    expect(Math.abs(at - Date.now())).toBeLessThan(10 * 60_000);
    expect(at).toBeGreaterThan(
      ((await adminDb.doc(`leads/${first}`).get()).get('created_at') as Timestamp).toMillis(),
    );
    // Another job is another application.
    const other = await apply(application({ whatsapp, vaga: 'Aux Eletricista' }));
    expect(await lead(other, screened)).toMatchObject({ status: 'novo' });
    expect(await timeline(first, 1)).toHaveLength(1);
  });

  it('released by an admin: new, and the timeline names who released it', async () => {
    const id = await apply(application({ honeypot: 'bot', status: 'suspeito' }));
    await timeline(id, 1);
    await updateDoc(fullDoc(panel, 'leads', id), { status: 'novo' });
    const [, released] = await timeline(id, 2);
    expect(released).toMatchObject({
      kind: 'released',
      from: 'suspeito',
      to: 'novo',
      actor_email: EMAIL,
    });
    expect(await lead(id, (d) => d?.status === 'novo')).toMatchObject({ screening: { score: 2 } });
  });

  it('a form retry that rewrote the lead without its verdict gets it back', async () => {
    const data = application({ fill_seconds: 2 });
    const id = await apply(data);
    await lead(id, screened);
    const before = (await adminDb.doc(`leads/${id}`).get()).get('created_at') as Timestamp;
    await apply(data, id);
    // The retry moved created_at: the lead as the function leaves it after the retry.
    const back = await lead(id, (d) =>
      Boolean(d?.screening && d.phone_key && !(d.created_at as Timestamp).isEqual(before)),
    );
    expect(back?.screening).toEqual({ score: 1, fast_fill: true });
    expect(back?.status).toBe('novo');
  });
});
