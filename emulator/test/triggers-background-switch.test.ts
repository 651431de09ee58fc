// The Emulator Hub's switch for background functions, on the emulator's own port:
// `PUT /functions/disableBackgroundTriggers` and `PUT /functions/enableBackgroundTriggers` (the
// paths of firebase-tools' hub, which the local suite's hub calls here too). While disabled, writes
// queue no event; the disable answers once the events queued before it have been delivered.
import { initializeApp as initAdminApp } from 'firebase-admin/app';
import type { Firestore } from 'firebase-admin/firestore';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { adminClient, startTestEmulator, type TestEmulator } from './support/emulator.js';
import { startFakeFunctions, type FakeFunctions } from './support/fake-functions.js';
import { decodeWritten, forKey, register, T } from './support/triggers.js';

const PROJECT = 'demo-trig-switch';
process.env.GCLOUD_PROJECT = PROJECT;
// The functions SDK builds its snapshots with the default admin app (no server is contacted).
initAdminApp({ projectId: PROJECT });

let fake: FakeFunctions;
let emu: TestEmulator;
let db: Firestore;
let closeAdmin: () => Promise<void>;

beforeAll(async () => {
  fake = await startFakeFunctions();
  emu = await startTestEmulator({ functionsEmulator: fake.target });
  const admin = adminClient(emu, PROJECT);
  db = admin.db;
  closeAdmin = admin.close;
});
afterEach(async () => {
  fake.answer = () => ({ status: 200, body: '{"status":"acknowledged"}' });
  await put('enable');
});
afterAll(async () => {
  await closeAdmin?.();
  await emu?.stop();
  await fake?.stop();
});

function put(action: 'disable' | 'enable'): Promise<Response> {
  return fetch(`http://${emu.hostAndPort}/functions/${action}BackgroundTriggers`, {
    method: 'PUT',
  });
}

async function switchedOn(): Promise<boolean> {
  const res = await fetch(`http://${emu.hostAndPort}/emulator/v1/projects/${PROJECT}/triggers`);
  return ((await res.json()) as { backgroundTriggersEnabled: boolean }).backgroundTriggersEnabled;
}

/** The `n` of each event the function got for `path`, in the order they were answered. */
async function valuesFor(key: string, path: string): Promise<unknown[]> {
  const events = forKey(key, path)(fake.received);
  return Promise.all(
    events.map(async (e) => (await decodeWritten('switch/{id}', e)).data.after.get('n')),
  );
}

describe('background triggers switched off and on', () => {
  it('writes made while disabled fire nothing; writes after enabling fire again', async () => {
    const key = 'us-central1-onSwitch-0';
    await register(emu, PROJECT, key, `${T}written`, 'switch/{id}');
    const ref = db.doc('switch/one');
    await ref.set({ n: 1 });
    await fake.waitFor((events) => forKey(key, 'switch/one')(events).length === 1);

    const disabled = await put('disable');
    expect(disabled.status).toBe(200);
    expect(await disabled.json()).toEqual({ enabled: false });
    expect(await switchedOn()).toBe(false);
    await ref.set({ n: 2 });
    await ref.set({ n: 3 });
    // Registrations are still accepted while disabled.
    await register(emu, PROJECT, 'us-central1-other-0', `${T}created`, 'other/{id}');

    const enabled = await put('enable');
    expect(await enabled.json()).toEqual({ enabled: true });
    expect(await switchedOn()).toBe(true);
    await ref.set({ n: 4 });
    // One document's events reach a function in commit order: had n=2 or n=3 been queued, it
    // would have arrived before n=4.
    await fake.waitFor((events) => forKey(key, 'switch/one')(events).length >= 2);
    expect(await valuesFor(key, 'switch/one')).toEqual([1, 4]);
  });

  it('a disable answers once the events queued before it have been delivered', async () => {
    const key = 'us-central1-onHeld-0';
    await register(emu, PROJECT, key, `${T}written`, 'switch/{id}');
    let release = () => {};
    let released = false;
    fake.answer = (e) =>
      e.key === key
        ? new Promise((resolve) => (release = () => resolve({ status: 200, body: '{}' })))
        : { status: 200, body: '{}' };
    await db.doc('switch/held').set({ n: 10 });
    // The event is at the function, which has not answered yet.
    await new Promise<void>((resolve) => {
      const check = () =>
        forKey(key, 'switch/held')(fake.attempts).length ? resolve() : setTimeout(check, 20);
      check();
    });

    let releasedWhenAnswered: boolean | undefined;
    const disabling = put('disable').then((res) => {
      releasedWhenAnswered = released;
      return res;
    });
    // The switch is off as soon as the request is in; the answer waits for the delivery.
    while (await switchedOn()) await new Promise((r) => setTimeout(r, 20));
    expect(releasedWhenAnswered).toBeUndefined();
    released = true;
    release();
    expect((await disabling).status).toBe(200);
    expect(releasedWhenAnswered).toBe(true);
    expect(await valuesFor(key, 'switch/held')).toEqual([10]);
  });

  it('other methods on the switch paths are not found', async () => {
    const res = await fetch(`http://${emu.hostAndPort}/functions/disableBackgroundTriggers`);
    expect(res.status).toBe(404);
    expect(await switchedOn()).toBe(true);
  });
});
