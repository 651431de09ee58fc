// The volume seed writes its leads with the counters' triggers off: it must leave `stats/leads`
// and the seeded days' `stats_daily` exactly as the leads give them, so the panel opened after
// `npm run seed -- --leads N` shows true counts. Read back through firebase-admin.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getFirestore, Timestamp, type Firestore } from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startEmulator } from '../../emulator/src/index.js';
import { seedLeads } from '../lib/lead-seed.mjs';
import { seedVacancyLists } from '../lib/vacancy-seed.mjs';
import { statsDayKey } from '@vagas/common';

const projectId = 'demo-lead-seed-stats';
const rootDir = path.resolve(import.meta.dirname, '../..');
let stop: () => Promise<void>;
let app: App;
let db: Firestore;

beforeAll(async () => {
  const emulator = await startEmulator({
    host: '127.0.0.1',
    port: 0,
    rules: readFileSync(path.join(rootDir, 'firestore.rules'), 'utf8'),
  });
  stop = () => emulator.stop();
  process.env.FIRESTORE_EMULATOR_HOST = `${emulator.host}:${emulator.port}`;
  // The jobs as `npm run seed` stores them first: the reconcile counts each job they name.
  await seedVacancyLists({ firestoreHost: process.env.FIRESTORE_EMULATOR_HOST, projectId });
  app = initializeApp({ projectId }, 'lead-seed-stats-test');
  db = getFirestore(app);
});

afterAll(async () => {
  if (app) await deleteApp(app);
  await stop?.();
});

/** The counters as counted from the stored leads. */
async function countedFromLeads() {
  const active: Record<string, number> = {
    novo: 0,
    principal: 0,
    separado: 0,
    descartado: 0,
    suspeito: 0,
  };
  const perDay: Record<string, number> = {};
  const byJob: Record<string, Record<string, number>> = {};
  let trashed = 0;
  for (const lead of (await db.collection('leads').get()).docs) {
    const data = lead.data();
    if (data.deleted_at === null) {
      active[data.status] += 1;
      const job = (byJob[data.vaga] ??= {});
      job[data.status] = (job[data.status] ?? 0) + 1;
    } else trashed += 1;
    const day = statsDayKey((data.created_at as Timestamp).toDate());
    perDay[day] = (perDay[day] ?? 0) + 1;
  }
  return { active, trashed, perDay, byJob };
}

describe('seedLeads', () => {
  test('leaves the panel counters and every seeded day exact', async () => {
    const now = Date.now();
    const admin = { email: 'admin@vagas.test', uid: 'admin-uid' };
    const totals = await seedLeads(db, { count: 600, seed: 7, days: 20, now, admin });
    const exact = await countedFromLeads();
    expect(exact.trashed).toBeGreaterThan(0);

    const stats = (await db.doc('stats/leads').get()).data();
    expect(stats?.active).toEqual(exact.active);
    expect(stats?.trashed).toBe(exact.trashed);
    const jobs = Object.values(stats?.vaga_all_time as Record<string, number>);
    expect(jobs.reduce((sum, n) => sum + n, 0)).toBe(600);
    // The filtered list's counts: every job of the seed, each active status of it.
    expect(stats?.active_by_vaga).toEqual(exact.byJob);

    const days = await db.collection('stats_daily').get();
    expect(days.size).toBe(totals.statsDays);
    const perDay = Object.fromEntries(
      days.docs.filter((d) => d.get('total') > 0).map((d) => [d.id, d.get('total')]),
    );
    expect(perDay).toEqual(exact.perDay);
  });
});
