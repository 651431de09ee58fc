// What LGPD asks of the team, against our Firestore emulator through firebase-admin: the retention run (also
// through the scheduled function's own handler: the Pub/Sub emulator needs Java), a candidate's
// export and erasure, their audit entries, and the callables' admin checks in-process.
import { HttpsError, type CallableRequest } from 'firebase-functions/https';
import { getApps, initializeApp } from 'firebase-admin/app';
import { getFirestore, Timestamp, type Firestore } from 'firebase-admin/firestore';
import { digitsOf, formatSamples, storedPhone } from '@vagas/common';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startLocalSuite, type LocalSuite } from '../../scripts/lib/local-suite.mjs';
import { eraseCandidate, findCandidate, whatsappInput } from '../src/candidate-requests.js';
import { functionsConfig } from '../src/config.js';
import { applyRetention, parseRetention, retentionInput } from '../src/retention.js';

let suite: LocalSuite;
let db: Firestore;
const day = 24 * 60 * 60 * 1000;
const now = new Date('2026-06-30T12:00:00Z');

beforeAll(async () => {
  suite = await startLocalSuite({ web: false, functions: false, auth: false });
  process.env.FIRESTORE_EMULATOR_HOST = `${suite.firestore.host}:${suite.firestore.port}`;
  process.env.GCLOUD_PROJECT = suite.projectId;
  const app =
    getApps().find((a) => a.name === 'lgpd') ??
    initializeApp({ projectId: suite.projectId }, 'lgpd');
  db = getFirestore(app);
});

afterAll(async () => {
  await suite?.stop();
});

beforeEach(async () => {
  for (const name of [functionsConfig.leadsCollection, functionsConfig.privacyAuditCollection]) {
    await db.recursiveDelete(db.collection(name));
  }
  await db.doc(functionsConfig.retentionSettingsPath).delete();
});

function lead(whatsapp: string, deletedDaysAgo: number | null) {
  return {
    nome: 'Ana',
    whatsapp,
    vaga: 'Aux Serraria',
    cidade: 'Joazeiro',
    status: 'novo',
    created_at: Timestamp.fromDate(new Date(now.getTime() - 200 * day)),
    deleted_at:
      deletedDaysAgo === null
        ? null
        : Timestamp.fromDate(new Date(now.getTime() - deletedDaysAgo * day)),
  };
}

async function ids(): Promise<string[]> {
  return (await db.collection('leads').get()).docs.map((d) => d.id).sort();
}

async function audit() {
  return (await db.collection('audit').orderBy('at').get()).docs.map((d) => d.data());
}

describe('retention', () => {
  it('is off by default: nothing deleted, no audit entry', async () => {
    await db.doc('leads/old').set(lead('(75) 98123-4567', 400));
    expect(await applyRetention(db, { kind: 'schedule' }, now)).toEqual({
      deleted: 0,
      trashDays: null,
      cutoff: null,
    });
    expect(await ids()).toEqual(['old']);
    expect(await audit()).toEqual([]);
  });

  it('deletes leads trashed longer ago than the setting, with their subcollections, and audits the run', async () => {
    await db.doc(functionsConfig.retentionSettingsPath).set({ trash_days: 90 });
    await db.doc('leads/old').set(lead('(75) 98123-4567', 91));
    await db.doc('leads/old/notes/n1').set({ text: 'ligar de manhã' });
    await db.doc('leads/recent').set(lead('(75) 98123-4567', 89));
    await db.doc('leads/active').set(lead('(75) 98123-4567', null));
    const run = await applyRetention(db, { kind: 'admin', uid: 'admin-1' }, now);
    expect(run).toMatchObject({ deleted: 1, trashDays: 90 });
    expect(await ids()).toEqual(['active', 'recent']);
    expect((await db.collection('leads/old/notes').get()).size).toBe(0);
    expect(await audit()).toEqual([
      { kind: 'retention', at: Timestamp.fromDate(now), by: 'admin-1', trash_days: 90, deleted: 1 },
    ]);
  });

  it('the scheduled function’s handler applies it too', async () => {
    await db.doc(functionsConfig.retentionSettingsPath).set({ trash_days: 1 });
    await db.doc('leads/old').set(lead('(75) 98123-4567', 3));
    const { applyRetentionDaily } = await import('../src/index.js');
    await applyRetentionDaily.run({} as never);
    expect(await ids()).toEqual([]);
    expect((await audit())[0]).toMatchObject({ kind: 'retention', by: 'schedule', deleted: 1 });
  });

  it('the setting is a whole number of days from 1 to 3650, or null (off)', () => {
    expect(retentionInput({ trashDays: 90 })).toEqual({ trashDays: 90 });
    expect(retentionInput({ trashDays: null })).toEqual({ trashDays: null });
    for (const bad of [{ trashDays: 0 }, { trashDays: 1.5 }, { trashDays: '90' }, {}, null]) {
      expect(() => retentionInput(bad)).toThrow(HttpsError);
    }
    expect(parseRetention({ trash_days: -3 })).toEqual({ trashDays: null });
  });
});

describe('a candidate’s request', () => {
  it('finds every lead of a number (active and trashed, with subcollections), by any way of writing it', async () => {
    await db.doc('leads/a').set(lead('(75) 98123-4567', null));
    await db.doc('leads/b').set(lead('(75) 98123-4567', 10));
    await db.doc('leads/b/timeline/t1').set({ event: 'status', at: Timestamp.fromDate(now) });
    await db.doc('leads/other').set(lead('(79) 99999-8888', null));
    const { stored } = whatsappInput({ whatsapp: '+55 75 9 8123 4567' });
    expect(stored).toBe('(75) 98123-4567');
    const found = await findCandidate(db, stored);
    expect(found.map((f) => f.id).sort()).toEqual(['a', 'b']);
    const trashed = found.find((f) => f.id === 'b');
    expect(trashed?.data.deleted_at).toBe(new Date(now.getTime() - 10 * day).toISOString());
    expect(trashed?.subcollections.timeline).toEqual([
      { id: 't1', data: { event: 'status', at: now.toISOString() } },
    ]);
  });

  it('erases them all; the audit entry keeps no personal data', async () => {
    await db.doc('leads/a').set(lead('(75) 98123-4567', null));
    await db.doc('leads/a/notes/n').set({ text: 'x' });
    await db.doc('leads/b').set(lead('(75) 98123-4567', 10));
    await db.doc('leads/other').set(lead('(79) 99999-8888', null));
    expect(await eraseCandidate(db, '(75) 98123-4567', 'admin-1', now)).toEqual({ deleted: 2 });
    expect(await ids()).toEqual(['other']);
    expect((await db.collection('leads/a/notes').get()).size).toBe(0);
    const entries = await audit();
    expect(entries).toEqual([
      { kind: 'candidate-erasure', at: Timestamp.fromDate(now), by: 'admin-1', deleted: 2 },
    ]);
    expect(JSON.stringify(entries)).not.toMatch(/98123|Ana/);
  });

  it('a number without 10 or 11 digits is refused', () => {
    expect(() => whatsappInput({ whatsapp: '(75) 9' })).toThrow(HttpsError);
    expect(() => whatsappInput({ whatsapp: '799999988881234' })).toThrow(HttpsError);
    expect(() => whatsappInput({ whatsapp: 75981234567 })).toThrow(HttpsError);
  });

  it('reads a number with the phone format every layer shares: its samples, found or refused', () => {
    for (const whatsapp of formatSamples.phone.valid) {
      const { stored, digits } = whatsappInput({ whatsapp });
      expect(digits, whatsapp).toBe(digitsOf(whatsapp));
      expect(storedPhone(stored), whatsapp).toBe(stored);
    }
    for (const whatsapp of ['(75) 9812-345', '', 'abc']) {
      expect(() => whatsappInput({ whatsapp }), whatsapp).toThrow(HttpsError);
    }
  });
});

describe('the LGPD callables', () => {
  const call = (data: unknown, token?: Record<string, unknown>): CallableRequest<unknown> => ({
    data,
    auth: token && { uid: 'u1', token: token as never, rawToken: 'raw' },
    rawRequest: {} as never,
    acceptsStreaming: false,
  });

  it('refuse anyone but an admin', async () => {
    const index = await import('../src/index.js');
    const callables = [
      index.getRetention,
      index.saveRetention,
      index.applyRetentionNow,
      index.findCandidate,
      index.eraseCandidate,
    ];
    for (const callable of callables) {
      await expect(callable.run(call(null))).rejects.toMatchObject({ code: 'unauthenticated' });
      await expect(callable.run(call({}, { admin: false }))).rejects.toMatchObject({
        code: 'permission-denied',
      });
    }
  });

  it('an admin sets the retention and reads it back with the audit', async () => {
    const index = await import('../src/index.js');
    const admin = { admin: true };
    await index.saveRetention.run(call({ trashDays: 90 }, admin));
    await db.doc('leads/old').set(lead('(75) 98123-4567', 1000));
    expect(await index.applyRetentionNow.run(call(null, admin))).toMatchObject({ deleted: 1 });
    const read = await index.getRetention.run(call(null, admin));
    expect(read).toMatchObject({ trashDays: 90, audit: [{ kind: 'retention', deleted: 1 }] });
  });
});
