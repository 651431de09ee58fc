// The vacancy lists the local suite and `npm run seed` write: the seed's documents once, on an
// emulator that has none, and never over an admin's changes. Read back through firebase-admin.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getFirestore, Timestamp } from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startEmulator } from '../../emulator/src/index.js';
import { seedVacancyLists } from '../lib/vacancy-seed.mjs';

/** The web app's seed (its imports are for the web app's bundler, not this folder's type-check). */
const { seedVacancies } = (await import(
  new URL('../../web/src/domain/vacancies.ts', import.meta.url).href
)) as { seedVacancies: () => { id: string }[] };

const projectId = 'demo-vacancy-seed';
const rootDir = path.resolve(import.meta.dirname, '../..');
let stop: () => Promise<void>;
let firestoreHost: string;
let app: App;

beforeAll(async () => {
  const emulator = await startEmulator({
    host: '127.0.0.1',
    port: 0,
    rules: readFileSync(path.join(rootDir, 'firestore.rules'), 'utf8'),
  });
  stop = () => emulator.stop();
  firestoreHost = `${emulator.host}:${emulator.port}`;
  process.env.FIRESTORE_EMULATOR_HOST = firestoreHost;
  app = initializeApp({ projectId }, 'vacancy-seed-test');
});

afterAll(async () => {
  await deleteApp(app);
  await stop?.();
});

describe('seedVacancyLists', () => {
  test("writes each form's jobs and localities once, open, as the app reads them", async () => {
    expect(await seedVacancyLists({ firestoreHost, projectId })).toBe(true);
    const db = getFirestore(app);
    const stored = await db.collection('vacancies').get();
    const seed = seedVacancies();
    expect(stored.docs.map((d) => d.id).sort()).toEqual(seed.map((v) => v.id).sort());
    const centro = stored.docs.find((d) => d.id === 'callCenter~locality~Aracaju - Centro');
    expect(centro?.data()).toMatchObject({
      form: 'callCenter',
      kind: 'locality',
      value: 'Aracaju - Centro',
      label: 'Centro',
      group: 'Aracaju',
      open: true,
      order: 0,
      closed_at: null,
    });
    expect(centro?.get('updated_at')).toBeInstanceOf(Timestamp);
    // Each form's public list, as the vacancyLists function writes it.
    const rootList = (await db.doc('vacancy_lists/root').get()).get('vacancies');
    expect(rootList).toHaveLength(4 + 6);
    expect(rootList[0]).toEqual({
      kind: 'job',
      value: 'Aux Eletricista',
      label: 'Aux Eletricista',
    });
    const callCenterList = (await db.doc('vacancy_lists/callCenter').get()).get('vacancies');
    expect(callCenterList).toContainEqual({
      kind: 'locality',
      value: 'Aracaju - Centro',
      label: 'Centro',
      group: 'Aracaju',
    });
  });

  test('keeps the lists an admin changed, and writes the public lists from them', async () => {
    const db = getFirestore(app);
    const closed = db.doc('vacancies/root~job~Aux Serraria');
    await closed.update({ open: false, closed_at: Timestamp.now() });
    await db.doc('vacancies/root~job~Aux Eletricista').delete();
    expect(await seedVacancyLists({ firestoreHost, projectId })).toBe(false);
    expect((await closed.get()).get('open')).toBe(false);
    expect((await db.doc('vacancies/root~job~Aux Eletricista').get()).exists).toBe(false);
    const rootList = (await db.doc('vacancy_lists/root').get()).get('vacancies');
    const jobs = rootList.filter((v: { kind: string }) => v.kind === 'job');
    expect(jobs.map((v: { value: string }) => v.value)).toEqual([
      'Aux Metalúgica',
      'Sem Experiencia',
    ]);
  });
});
