// The leadStats trigger through the real stack, as `npm start` runs it: our Firestore emulator
// delivering each write of a lead to firebase-tools' Functions emulator running functions/. After
// each change the test waits (a live listener, no sleeps) until `stats/leads` says what the
// leads themselves say: the panel's counters, filtered by job and status too, right after a
// create, a status change, a new job, a trash, a restore and a delete.
import { Timestamp, type Firestore } from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminConnection } from '../../scripts/lib/admin-allowlist.mjs';
import type { LocalSuite } from '../../scripts/lib/local-suite.mjs';
import { statsDayKey } from '@vagas/common';
import { functionWaitMs, startFunctionsSuite } from './support/functions-suite.js';

let suite: LocalSuite;
let admin: AdminConnection;
let db: Firestore;

beforeAll(async () => {
  ({ suite, admin } = await startFunctionsSuite());
  db = admin.db;
}, 300_000);

afterAll(async () => {
  await admin?.close();
  await suite?.stop();
});

type Counters = {
  active: Record<string, number>;
  trashed: number;
  vaga_all_time: Record<string, number>;
  /** The filtered counts' map, zero counts left out. */
  active_by_vaga: Record<string, Record<string, number>>;
};

/** The panel's counters as the leads give them (what `stats/leads` must say). */
async function countedFromLeads(): Promise<Counters> {
  const counters: Counters = {
    active: { novo: 0, principal: 0, separado: 0, descartado: 0, suspeito: 0 },
    trashed: 0,
    vaga_all_time: {},
    active_by_vaga: {},
  };
  for (const lead of (await db.collection('leads').get()).docs) {
    const { status, vaga, deleted_at: deletedAt } = lead.data();
    if (deletedAt === null) {
      counters.active[status] = (counters.active[status] ?? 0) + 1;
      const job = (counters.active_by_vaga[vaga] ??= {});
      job[status] = (job[status] ?? 0) + 1;
    } else counters.trashed += 1;
    counters.vaga_all_time[vaga] = (counters.vaga_all_time[vaga] ?? 0) + 1;
  }
  return counters;
}

function countersOf(data: Record<string, unknown> | undefined): Counters | null {
  if (!data) return null;
  const jobs = Object.entries((data.vaga_all_time ?? {}) as Record<string, number>);
  const byJob = Object.entries((data.active_by_vaga ?? {}) as Counters['active_by_vaga']);
  return {
    active: data.active as Record<string, number>,
    trashed: data.trashed as number,
    vaga_all_time: Object.fromEntries(jobs.filter(([, n]) => n !== 0)),
    active_by_vaga: Object.fromEntries(
      byJob
        .map(([v, counts]) => [v, Object.fromEntries(Object.entries(counts).filter(([, n]) => n))])
        .filter(([, counts]) => Object.keys(counts).length > 0),
    ),
  };
}

/** Resolves once `stats/leads` holds `expected`; rejects with what it last held. */
function statsBecome(expected: Counters): Promise<void> {
  return new Promise((resolve, reject) => {
    let last: Counters | null = null;
    const timer = setTimeout(() => {
      stop();
      reject(
        new Error(`stats/leads stayed ${JSON.stringify(last)}, not ${JSON.stringify(expected)}`),
      );
    }, functionWaitMs);
    const stop = db.doc('stats/leads').onSnapshot((snapshot) => {
      last = countersOf(snapshot.data());
      if (JSON.stringify(last) !== JSON.stringify(expected)) return;
      clearTimeout(timer);
      stop();
      resolve();
    }, reject);
  });
}

/** After `change`, the counters catch up with the leads. */
async function afterWrite(change: () => Promise<unknown>): Promise<Counters> {
  await change();
  const expected = await countedFromLeads();
  await statsBecome(expected);
  return expected;
}

describe('leadStats in the Functions emulator', () => {
  it('keeps the panel counters equal to the leads through a lead life', async () => {
    const ref = db.doc('leads/stats-live-1');
    const stored = {
      nome: 'Ana Souza',
      whatsapp: '(79) 99999-4242',
      vaga: 'Aux Serraria',
      cidade: 'Joazeiro',
      status: 'novo',
      // Signals as the page sends them, so the screening lets the lead into the list.
      honeypot: '',
      fill_seconds: 40,
      created_at: Timestamp.now(),
      deleted_at: null,
    };
    expect(await afterWrite(() => ref.set(stored))).toMatchObject({
      active: { novo: 1 },
      trashed: 0,
      vaga_all_time: { 'Aux Serraria': 1 },
      active_by_vaga: { 'Aux Serraria': { novo: 1 } },
    });
    expect(await afterWrite(() => ref.update({ status: 'principal' }))).toMatchObject({
      active: { novo: 0, principal: 1 },
      active_by_vaga: { 'Aux Serraria': { principal: 1 } },
    });
    expect(await afterWrite(() => ref.update({ vaga: 'Aux Produção' }))).toMatchObject({
      active_by_vaga: { 'Aux Produção': { principal: 1 } },
    });
    expect(await afterWrite(() => ref.update({ deleted_at: Timestamp.now() }))).toMatchObject({
      active: { principal: 0 },
      trashed: 1,
      active_by_vaga: {},
    });
    expect(await afterWrite(() => ref.update({ deleted_at: null }))).toMatchObject({
      active: { principal: 1 },
      trashed: 0,
      active_by_vaga: { 'Aux Produção': { principal: 1 } },
    });
    expect(await afterWrite(() => ref.delete())).toEqual({
      active: { novo: 0, principal: 0, separado: 0, descartado: 0, suspeito: 0 },
      trashed: 0,
      vaga_all_time: {},
      active_by_vaga: {},
    });
    const today = await db.doc(`stats_daily/${statsDayKey(new Date())}`).get();
    expect(today.get('total')).toBe(0);
  });
});
