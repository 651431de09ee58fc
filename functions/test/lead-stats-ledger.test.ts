// The counters against our Firestore emulator, delivered by hand: the leadStats trigger's handler
// run with constructed events, as Cloud Functions would deliver them (at least once, in any
// order, sometimes never). Each test writes the leads themselves too, so the counters can be
// compared with counts made from the leads. The reconcile's callable and schedule run in-process.
import type { CallableRequest } from 'firebase-functions/https';
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getFirestore, Timestamp, type Firestore } from 'firebase-admin/firestore';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startLocalSuite, type LocalSuite } from '../../scripts/lib/local-suite.mjs';
import { statsDayKey } from '@vagas/common';
import { leadStatsTrigger } from '../src/lead-stats-functions.js';
import { reconcileLeadStats } from '../src/lead-stats-reconcile.js';

process.env.METADATA_SERVER_DETECTION ??= 'none';

let suite: LocalSuite;
let app: App;
let db: Firestore;
let trigger: ReturnType<typeof leadStatsTrigger>;
let eventSeq = 0;

beforeAll(async () => {
  suite = await startLocalSuite({ web: false, functions: false, auth: false });
  process.env.FIRESTORE_EMULATOR_HOST = `${suite.firestore.host}:${suite.firestore.port}`;
  process.env.GCLOUD_PROJECT = suite.projectId;
  app = initializeApp({ projectId: suite.projectId }, 'lead-stats-ledger');
  db = getFirestore(app);
  trigger = leadStatsTrigger(db);
}, 120_000);

afterAll(async () => {
  if (app) await deleteApp(app);
  await suite?.stop();
});

beforeEach(async () => {
  for (const name of ['leads', 'stats', 'stats_daily', 'stats_events']) {
    await db.recursiveDelete(db.collection(name));
  }
});

type Lead = Record<string, unknown>;
const now = new Date();
const today = statsDayKey(now);

function lead(overrides: Lead = {}): Lead {
  return {
    nome: 'Ana Souza',
    vaga: 'Aux Serraria',
    cidade: 'Conceição do Coité',
    status: 'novo',
    created_at: Timestamp.fromDate(now),
    deleted_at: null,
    ...overrides,
  };
}

/** A write event as Firestore delivers it to the trigger: its id, the lead before and after. */
function writeEvent(leadId: string, before: Lead | undefined, after: Lead | undefined) {
  const snapshot = (data: Lead | undefined) => ({ exists: data !== undefined, data: () => data });
  return {
    id: `event-${++eventSeq}`,
    params: { leadId },
    data: { before: snapshot(before), after: snapshot(after) },
  } as unknown as Parameters<typeof trigger.run>[0];
}

/** Writes the lead (undefined: deletes it) and returns the event of that write, undelivered. */
async function write(leadId: string, after: Lead | undefined) {
  const ref = db.doc(`leads/${leadId}`);
  const before = (await ref.get()).data();
  if (after) await ref.set(after);
  else await ref.delete();
  return writeEvent(leadId, before, after);
}

type JobCounts = Record<string, Record<string, number>>;

/** A job map without its zero counts (the trigger keeps them, the reconcile leaves them out). */
function withoutZeros(jobs: JobCounts): JobCounts {
  return Object.fromEntries(
    Object.entries(jobs)
      .map(([vaga, counts]) => [
        vaga,
        Object.fromEntries(Object.entries(counts).filter(([, n]) => n)),
      ])
      .filter(([, counts]) => Object.keys(counts).length > 0),
  );
}

/** `stats/leads` as counted from the leads themselves. */
async function countedFromLeads() {
  const active: Record<string, number> = {
    novo: 0,
    principal: 0,
    separado: 0,
    descartado: 0,
    suspeito: 0,
  };
  const vagaAllTime: Record<string, number> = {};
  const byJob: JobCounts = {};
  let trashed = 0;
  for (const d of (await db.collection('leads').get()).docs) {
    const data = d.data();
    if (data.deleted_at === null) {
      active[data.status] = (active[data.status] ?? 0) + 1;
      const job = (byJob[data.vaga] ??= {});
      job[data.status] = (job[data.status] ?? 0) + 1;
    } else trashed += 1;
    vagaAllTime[data.vaga] = (vagaAllTime[data.vaga] ?? 0) + 1;
  }
  return { active, trashed, vaga_all_time: vagaAllTime, active_by_vaga: byJob };
}

async function stored() {
  const data = (await db.doc('stats/leads').get()).data() ?? {};
  const jobs = Object.entries((data.vaga_all_time ?? {}) as Record<string, number>);
  return {
    active: data.active,
    trashed: data.trashed,
    vaga_all_time: Object.fromEntries(jobs.filter(([, n]) => n !== 0)),
    active_by_vaga:
      data.active_by_vaga === undefined
        ? undefined
        : withoutZeros(data.active_by_vaga as JobCounts),
  };
}

const todayDoc = async () => (await db.doc(`stats_daily/${today}`).get()).data();

describe('leadStats delivered by hand', () => {
  it('the same event delivered twice is counted once', async () => {
    const created = await write('a', lead());
    await trigger.run(created);
    await trigger.run(created);
    const principal = await write('a', lead({ status: 'principal' }));
    await trigger.run(principal);
    await trigger.run(principal);
    expect(await stored()).toEqual(await countedFromLeads());
    expect((await todayDoc())?.total).toBe(1);
    expect((await todayDoc())?.status).toEqual({ novo: 0, principal: 1 });
    // Every map is there, empty when no lead of the day has such a value.
    expect(await todayDoc()).toMatchObject({ source: {}, campaign: {}, sourced: 0 });
  });

  it('events delivered out of order end at the same counts', async () => {
    const created = await write('a', lead());
    const trashed = await write('a', lead({ deleted_at: Timestamp.now() }));
    const restored = await write('a', lead({ status: 'separado' }));
    for (const event of [restored, created, trashed]) await trigger.run(event);
    expect(await stored()).toEqual(await countedFromLeads());
  });

  it('a dropped event leaves the counters off by exactly that lead, until the reconcile', async () => {
    await trigger.run(await write('a', lead()));
    await trigger.run(await write('b', lead({ vaga: '[Conecta] Atendente', status: 'principal' })));
    await write('c', lead({ vaga: '[Conecta] Atendente', status: 'principal' })); // never delivered
    const exact = await countedFromLeads();
    expect(await stored()).toEqual({
      ...exact,
      active: { ...exact.active, principal: exact.active.principal! - 1 },
      vaga_all_time: { ...exact.vaga_all_time, '[Conecta] Atendente': 1 },
      active_by_vaga: { ...exact.active_by_vaga, '[Conecta] Atendente': { principal: 1 } },
    });
    expect((await todayDoc())?.total).toBe(2);

    const run = await reconcileLeadStats(db, { now });
    expect(run.corrected).toEqual({
      'active.principal': { was: 1, now: 2 },
      'vaga_all_time.[Conecta] Atendente': { was: 1, now: 2 },
      'active_by_vaga.[Conecta] Atendente.principal': { was: 1, now: 2 },
    });
    expect(run.daysCorrected).toEqual([today]);
    expect(await stored()).toEqual(exact);
    expect((await todayDoc())?.total).toBe(3);
    expect((await db.doc('stats/leads').get()).get('reconciled_at')).toBeInstanceOf(Timestamp);
    // A reconcile of exact counters corrects nothing.
    expect(await reconcileLeadStats(db, { now })).toMatchObject({
      corrected: {},
      daysCorrected: [],
    });
  });

  it('a hard delete and a trash both leave the counts the leads give', async () => {
    await trigger.run(await write('a', lead()));
    await trigger.run(await write('b', lead({ status: 'suspeito' })));
    await trigger.run(await write('b', lead({ status: 'novo' })));
    await trigger.run(await write('a', lead({ deleted_at: Timestamp.now() })));
    await trigger.run(await write('a', undefined));
    expect(await stored()).toEqual(await countedFromLeads());
    expect(await stored()).toMatchObject({ trashed: 0, active: { novo: 1, suspeito: 0 } });
  });

  it('values with spaces, accents and dots are map keys as stored, never paths', async () => {
    const source = { utm_source: 'face.book com', utm_campaign: 'Promoção v1.2', fbclid: true };
    await trigger.run(await write('a', lead({ vaga: 'Aux. Serraria', source })));
    const day = await todayDoc();
    expect(day).toMatchObject({
      day: today,
      sourced: 1,
      source: { 'face.book com': 1 },
      campaign: { 'Promoção v1.2': 1 },
      vaga: { 'Aux. Serraria': 1 },
    });
    expect((await db.doc('stats/leads').get()).get('vaga_all_time')).toEqual({
      'Aux. Serraria': 1,
    });
  });

  it("past a day's 500 sources a new one counts as other, and its delete is taken from other", async () => {
    const full = Object.fromEntries(Array.from({ length: 500 }, (_, i) => [`fonte ${i}`, 1]));
    await db.doc(`stats_daily/${today}`).set({ source: full, source_other: 0 });
    const source = { utm_source: 'fonte 501', fbclid: false };
    await trigger.run(await write('a', lead({ source })));
    expect(await todayDoc()).toMatchObject({ source_other: 1, source: full });
    await trigger.run(await write('a', undefined));
    expect((await todayDoc())?.source_other).toBe(0);
    expect(Object.keys((await todayDoc())?.source ?? {})).toHaveLength(500);
  });

  it('each job counts its active leads by status through status, job and trash changes', async () => {
    const events = [
      await write('a', lead()),
      await write('b', lead({ vaga: 'Aux Produção', status: 'principal' })),
      await write('a', lead({ status: 'separado' })),
      await write('b', lead({ vaga: 'Aux Serraria', status: 'principal' })),
      await write('a', lead({ status: 'separado', deleted_at: Timestamp.now() })),
      await write('c', lead({ status: 'suspeito' })),
    ];
    // Delivered out of order, one of them twice.
    for (const event of [events[3]!, events[0]!, events[5]!, events[1]!, events[4]!, events[2]!]) {
      await trigger.run(event);
    }
    await trigger.run(events[4]!);
    expect((await stored()).active_by_vaga).toEqual({
      'Aux Serraria': { principal: 1, suspeito: 1 },
    });
    await trigger.run(await write('a', lead({ status: 'separado' }))); // restored
    expect(await stored()).toEqual(await countedFromLeads());
    expect((await stored()).active_by_vaga).toEqual({
      'Aux Serraria': { principal: 1, separado: 1, suspeito: 1 },
    });
  });

  it('counters from before the job map get it from the reconcile, and keep it after', async () => {
    await write('a', lead({ status: 'principal' })); // counted before the map came
    await db.doc('stats/leads').set({
      active: { novo: 0, principal: 1, separado: 0, descartado: 0, suspeito: 0 },
      trashed: 0,
      vaga_all_time: { 'Aux Serraria': 1 },
    });
    // The trigger does not start the map from the middle of the job's leads.
    await trigger.run(await write('b', lead()));
    expect((await stored()).active_by_vaga).toBeUndefined();
    await reconcileLeadStats(db, { now });
    expect(await stored()).toEqual(await countedFromLeads());
    await trigger.run(await write('c', lead({ vaga: 'Aux Produção' })));
    expect((await stored()).active_by_vaga).toEqual({
      'Aux Serraria': { novo: 1, principal: 1 },
      'Aux Produção': { novo: 1 },
    });
  });

  it('past 500 jobs a new job is left out of the map (the panel counts it) until it has room', async () => {
    const full = Object.fromEntries(Array.from({ length: 500 }, (_, i) => [`vaga ${i}`, {}]));
    await db.doc('stats/leads').set({ active_by_vaga: full });
    await trigger.run(await write('a', lead({ vaga: 'vaga 7' })));
    await trigger.run(await write('b', lead({ vaga: 'Aux Serraria' })));
    const jobs = (await db.doc('stats/leads').get()).get('active_by_vaga') as JobCounts;
    expect(Object.keys(jobs)).toHaveLength(500);
    expect(jobs['vaga 7']).toEqual({ novo: 1 });
    expect(jobs['Aux Serraria']).toBeUndefined();
    // The reconcile keeps the jobs that have active leads: both fit.
    await reconcileLeadStats(db, { now });
    expect((await stored()).active_by_vaga).toEqual({
      'vaga 7': { novo: 1 },
      'Aux Serraria': { novo: 1 },
    });
  });

  it('an edit that moves no counter writes no ledger entry', async () => {
    await trigger.run(await write('a', lead()));
    await trigger.run(await write('a', lead({ contacted: true })));
    expect((await db.collection('stats_events').get()).size).toBe(1);
  });
});

describe('the reconcile, called by an admin or run by the schedule', () => {
  const call = (data: unknown, token?: Record<string, unknown>): CallableRequest<unknown> => ({
    data,
    auth: token && { uid: 'u1', token: token as never, rawToken: 'raw' },
    rawRequest: {} as never,
    acceptsStreaming: false,
  });
  const admin = { admin: true, email: 'boss@example.com' };

  it('refuses anyone but an admin, and a window that is not 1 to 400 days', async () => {
    const { reconcileLeadStats: callable } = await import('../src/index.js');
    await expect(callable.run(call(null))).rejects.toMatchObject({ code: 'unauthenticated' });
    await expect(callable.run(call(null, { admin: false }))).rejects.toMatchObject({
      code: 'permission-denied',
    });
    for (const data of [{ days: 0 }, { days: 401 }, { days: 2.5 }, { days: '30' }, { dias: 3 }]) {
      await expect(callable.run(call(data, admin)), JSON.stringify(data)).rejects.toMatchObject({
        code: 'invalid-argument',
      });
    }
  });

  it('an admin call says what it corrected and rebuilds the days asked for', async () => {
    const { reconcileLeadStats: callable } = await import('../src/index.js');
    await trigger.run(await write('a', lead()));
    await write('b', lead({ deleted_at: Timestamp.now() })); // never delivered
    const result = await callable.run(call({ days: 3 }, admin));
    expect(result).toMatchObject({
      corrected: { trashed: { was: 0, now: 1 }, 'vaga_all_time.Aux Serraria': { was: 1, now: 2 } },
      days: 3,
      daysCorrected: [today],
    });
    expect(await stored()).toEqual(await countedFromLeads());
    expect(await callable.run(call(null, admin))).toMatchObject({ corrected: {}, days: 2 });
  });

  it('the nightly schedule leaves the counters exact', async () => {
    const { reconcileLeadStatsDaily } = await import('../src/index.js');
    await write('a', lead({ status: 'descartado' })); // never delivered
    await reconcileLeadStatsDaily.run({} as never);
    expect(await stored()).toEqual(await countedFromLeads());
    expect((await todayDoc())?.status).toEqual({ descartado: 1 });
  });
});
