/**
 * The public pages write leads and read settings with `firebase/firestore/lite` (REST, not gRPC):
 * the same rules must hold on that transport, including the form's create-then-retry and the
 * device record written in the lead's batch (the pages' own write, web/src/data/lead-write.ts).
 */
import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import { deleteApp, initializeApp, type FirebaseApp } from 'firebase/app';
import {
  collection,
  connectFirestoreEmulator,
  deleteDoc,
  doc,
  getDoc,
  getDocs,
  getFirestore,
  serverTimestamp,
  setDoc,
  setLogLevel,
  Timestamp,
  updateDoc,
  writeBatch,
  type Firestore,
} from 'firebase/firestore/lite';
import {
  collection as fullCollection,
  doc as fullDoc,
  getDocs as fullGetDocs,
  setDoc as fullSetDoc,
  Timestamp as FullTimestamp,
} from 'firebase/firestore';
import { afterEach, describe, expect, it } from 'vitest';
import { setNewLead } from '../../web/src/data/lead-write.js';
import { deviceSlotKeys } from '../../web/src/domain/device-limit.js';
import { toLead } from '../../web/src/domain/lead-form.js';
import { exampleFormValues } from '../../web/src/domain/testing/lead-samples.js';
import { callCenterLead, deviceOf, rootLead } from './support/leads.js';
import { useRulesEnvironment } from './support/rules-env.js';

const projectId = 'demo-rules-leads-lite';
const t = useRulesEnvironment(projectId);

// The lite SDK has its own logger: keep it from logging each denied request.
setLogLevel('silent');

const apps: FirebaseApp[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => deleteApp(app)));
});

/** A Firestore Lite client as the public pages create it; signed in when `token` is given. */
function liteClient(token?: { sub: string; admin?: boolean }): Firestore {
  const app = initializeApp({ projectId, apiKey: 'demo-key' }, `lite-${apps.length}-${Date.now()}`);
  apps.push(app);
  const db = getFirestore(app);
  const { host, port } = t.env.emulators.firestore ?? { host: '', port: 0 };
  connectFirestoreEmulator(db, host, port, token ? { mockUserToken: token } : {});
  return db;
}

/**
 * The lite SDK turns serverTimestamp() into a REST update transform, and for the retry it must be
 * the same document id: exactly what web/src/features/apply/api/leads.ts does.
 */
const liteLead = (data: Record<string, unknown>) => ({ ...data, created_at: serverTimestamp() });

/** Sends `data` as `leads/{id}` over REST as it is, with the slot of its device's record (slot 0). */
function liteSend(db: Firestore, id: string, data: Record<string, unknown>) {
  const device = deviceOf(id);
  const batch = writeBatch(db);
  batch.set(doc(db, 'leads', id), { ...data, device });
  batch.set(
    doc(db, 'devices', device),
    { lead: id, slot: 0, [deviceSlotKeys[0]]: serverTimestamp() },
    { merge: true },
  );
  return batch.commit();
}

/** Stores `data` at `path` with rules disabled (through the full SDK). */
const seed = (path: string, data: Record<string, unknown>) =>
  t.privileged((db) => fullSetDoc(fullDoc(db, path), data));

async function storedIds(): Promise<string[]> {
  let ids: string[] = [];
  await t.privileged(async (db) => {
    ids = (await fullGetDocs(fullCollection(db, 'leads'))).docs.map((d) => d.id);
  });
  return ids;
}

describe('leads over REST (firestore/lite)', () => {
  it("a visitor submits each form with the pages' own write, and a retry with the same id leaves one lead", async () => {
    const db = liteClient();
    const root = toLead('root', exampleFormValues('root'));
    const device = { id: 'LiteDevice0000000001', slot: 0 };
    await assertSucceeds(setNewLead(db, 'root-1', root, device));
    await assertSucceeds(setNewLead(db, 'root-1', root, device));
    const callCenter = toLead('callCenter', exampleFormValues('callCenter'));
    await assertSucceeds(setNewLead(db, 'cc-1', callCenter, { ...device, slot: 1 }));
    expect((await storedIds()).sort()).toEqual(['cc-1', 'root-1']);
    await assertSucceeds(liteSend(db, 'root-2', liteLead(rootLead())));
    // Without the device's record in its batch, a lead is refused.
    await assertFails(
      setDoc(doc(db, 'leads', 'root-3'), liteLead({ ...rootLead(), device: deviceOf('root-3') })),
    );
    expect((await storedIds()).sort()).toEqual(['cc-1', 'root-1', 'root-2']);
  });

  it('a visitor cannot read, change or delete leads, nor create a malformed one', async () => {
    await seed('leads/lead-1', rootLead());
    const db = liteClient();
    await assertFails(getDoc(doc(db, 'leads', 'lead-1')));
    await assertFails(getDocs(collection(db, 'leads')));
    await assertFails(updateDoc(doc(db, 'leads', 'lead-1'), { status: 'principal' }));
    await assertFails(deleteDoc(doc(db, 'leads', 'lead-1')));
    await assertFails(liteSend(db, 'x', liteLead(rootLead({ status: 'principal' }))));
    await assertFails(liteSend(db, 'y', { ...rootLead(), created_at: Timestamp.now() }));
    await assertFails(liteSend(db, 'z', liteLead(callCenterLead({ idade: 71 }))));
    expect(await storedIds()).toEqual(['lead-1']);
  });

  it('an admin token reads and classifies over REST; a plain user token does not', async () => {
    await seed('leads/lead-1', rootLead());
    const user = liteClient({ sub: 'alice' });
    await assertFails(getDocs(collection(user, 'leads')));
    const admin = liteClient({ sub: 'boss', admin: true });
    const all = await assertSucceeds(getDocs(collection(admin, 'leads')));
    expect(all.docs.map((d) => d.id)).toEqual(['lead-1']);
    await assertSucceeds(updateDoc(doc(admin, 'leads', 'lead-1'), { status: 'principal' }));
    await assertFails(updateDoc(doc(admin, 'leads', 'lead-1'), { nome: 'Outro' }));
  });

  it('the redirect page reads the settings anonymously but cannot write them', async () => {
    await seed('settings/redirect', {
      whatsapp_link: 'https://wa.me/5579999999999',
      redirect_time: 5,
      redirect_count: 0,
      updated_at: FullTimestamp.now(),
    });
    const db = liteClient();
    const snapshot = await assertSucceeds(getDoc(doc(db, 'settings', 'redirect')));
    expect(snapshot.get('redirect_time')).toBe(5);
    await assertFails(updateDoc(doc(db, 'settings', 'redirect'), { redirect_count: 1 }));
  });
});
