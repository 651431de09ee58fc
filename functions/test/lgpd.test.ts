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
import {
  applyInput,
  applyRetention,
  parseRetention,
  previewRetention,
  retentionInput,
} from '../src/retention.js';

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
    const admin = { kind: 'admin' as const, uid: 'admin-1', email: 'boss@example.com' };
    const run = await applyRetention(db, admin, now);
    expect(run).toMatchObject({ deleted: 1, trashDays: 90 });
    expect(await ids()).toEqual(['active', 'recent']);
    expect((await db.collection('leads/old/notes').get()).size).toBe(0);
    expect(await audit()).toEqual([
      {
        kind: 'retention',
        at: Timestamp.fromDate(now),
        by: 'admin-1',
        by_email: 'boss@example.com',
        trash_days: 90,
        deleted: 1,
      },
    ]);
  });

  it('says how many a run would delete, and a run from that count deletes no lead that crossed the line since', async () => {
    await db.doc(functionsConfig.retentionSettingsPath).set({ trash_days: 90 });
    await db.doc('leads/old').set(lead('(75) 98123-4567', 95));
    await db.doc('leads/older').set(lead('(75) 98123-4567', 200));
    await db.doc('leads/recent').set(lead('(75) 98123-4567', 89));
    await db.doc('leads/active').set(lead('(75) 98123-4567', null));
    const preview = await previewRetention(db, now);
    expect(preview).toEqual({
      trashDays: 90,
      due: 2,
      cutoff: new Date(now.getTime() - 90 * day).toISOString(),
    });
    // Two days later 'recent' is due too, but the admin was told about two leads.
    const later = new Date(now.getTime() + 2 * day);
    const admin = { kind: 'admin' as const, uid: 'admin-1', email: 'boss@example.com' };
    const run = await applyRetention(db, admin, later, new Date(preview.cutoff!));
    expect(run.deleted).toBe(2);
    expect(await ids()).toEqual(['active', 'recent']);
    // A cutoff later than the setting allows is held to the setting.
    await db.doc('leads/fresh').set(lead('(75) 98123-4567', 1));
    expect((await applyRetention(db, admin, now, new Date(now.getTime()))).deleted).toBe(0);
    expect(await ids()).toEqual(['active', 'fresh', 'recent']);
  });

  it('is off: the preview says so and counts nothing', async () => {
    await db.doc('leads/old').set(lead('(75) 98123-4567', 400));
    expect(await previewRetention(db, now)).toEqual({ trashDays: null, cutoff: null, due: 0 });
  });

  it("'Aplicar agora' takes nothing, or the moment its confirmation counted from", () => {
    expect(applyInput(null)).toEqual({ cutoff: null });
    expect(applyInput({})).toEqual({ cutoff: null });
    expect(applyInput({ cutoff: now.toISOString() })).toEqual({ cutoff: now });
    for (const bad of [
      { cutoff: 'ontem' },
      { cutoff: 5 },
      { cutoff: now.toISOString(), x: 1 },
      'x',
      [1],
    ]) {
      expect(() => applyInput(bad)).toThrow(HttpsError);
    }
  });

  it('the scheduled function’s handler applies it too', async () => {
    await db.doc(functionsConfig.retentionSettingsPath).set({ trash_days: 1 });
    await db.doc('leads/old').set(lead('(75) 98123-4567', 3));
    const { applyRetentionDaily } = await import('../src/index.js');
    await applyRetentionDaily.run({} as never);
    expect(await ids()).toEqual([]);
    expect((await audit())[0]).toMatchObject({
      kind: 'retention',
      by: 'schedule',
      by_email: null,
      deleted: 1,
    });
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
  it('finds every lead of a number (active and trashed, with the notes about them), by any way of writing it', async () => {
    await db.doc('leads/a').set(lead('(75) 98123-4567', null));
    await db.doc('leads/b').set(lead('(75) 98123-4567', 10));
    await db.doc('leads/b/timeline/t1').set({ event: 'status', at: Timestamp.fromDate(now) });
    await db.doc('leads/b/notes/n2').set({
      text: 'segunda',
      author_uid: 'u1',
      author_email: 'boss@example.com',
      created_at: Timestamp.fromDate(new Date(now.getTime() + 1000)),
    });
    await db.doc('leads/b/notes/n1').set({
      text: 'primeira',
      author_uid: 'u1',
      author_email: 'boss@example.com',
      created_at: Timestamp.fromDate(now),
    });
    await db.doc('leads/other').set(lead('(79) 99999-8888', null));
    const { stored } = whatsappInput({ whatsapp: '+55 75 9 8123 4567' });
    expect(stored).toBe('(75) 98123-4567');
    const found = await findCandidate(db, stored);
    expect(found.map((f) => f.id).sort()).toEqual(['a', 'b']);
    const trashed = found.find((f) => f.id === 'b');
    expect(trashed?.data.deleted_at).toBe(new Date(now.getTime() - 10 * day).toISOString());
    // The notes' texts and times, oldest first; not who wrote them, and not the timeline.
    expect(trashed?.notes).toEqual([
      { text: 'primeira', created_at: now.toISOString() },
      { text: 'segunda', created_at: new Date(now.getTime() + 1000).toISOString() },
    ]);
    expect(JSON.stringify(found)).not.toMatch(/boss@example|"event"/);
  });

  it('erases them all; the audit entry keeps no personal data', async () => {
    await db.doc('leads/a').set(lead('(75) 98123-4567', null));
    await db.doc('leads/a/notes/n').set({ text: 'x' });
    await db.doc('leads/b').set(lead('(75) 98123-4567', 10));
    await db.doc('leads/other').set(lead('(79) 99999-8888', null));
    const by = { uid: 'admin-1', email: 'boss@example.com' };
    expect(await eraseCandidate(db, '(75) 98123-4567', by, now)).toEqual({ deleted: 2 });
    expect(await ids()).toEqual(['other']);
    expect((await db.collection('leads/a/notes').get()).size).toBe(0);
    const entries = await audit();
    expect(entries).toEqual([
      {
        kind: 'candidate-erasure',
        at: Timestamp.fromDate(now),
        by: 'admin-1',
        by_email: 'boss@example.com',
        deleted: 2,
      },
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

  it('an admin sets the retention, reads how many are due, and applies it as counted; the log names them', async () => {
    const index = await import('../src/index.js');
    const admin = { admin: true, email: 'boss@example.com' };
    await index.saveRetention.run(call({ trashDays: 90 }, admin));
    await db.doc('leads/old').set(lead('(75) 98123-4567', 1000));
    const read = await index.getRetention.run(call(null, admin));
    expect(read).toMatchObject({ trashDays: 90, due: 1 });
    expect(await index.applyRetentionNow.run(call({ cutoff: read.cutoff }, admin))).toMatchObject({
      deleted: 1,
    });
    expect((await audit()).at(-1)).toMatchObject({ by: 'u1', by_email: 'boss@example.com' });
    await expect(
      index.applyRetentionNow.run(call({ cutoff: 'ontem' }, admin)),
    ).rejects.toMatchObject({ code: 'invalid-argument' });
  });
});
