// The public list of a form's open vacancies against our Firestore emulator (in-process) with
// firebase-admin, as the vacancyLists trigger writes it; the trigger itself runs in the browser
// tests' suite (e2e/public-vacancies.test.ts, e2e/admin-vacancies.test.ts).
import { Firestore } from 'firebase-admin/firestore';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startEmulator } from '../../emulator/src/index.js';
import { writeOpenList } from '../src/vacancy-lists.js';

let db: Firestore;
let stop: () => Promise<void>;
let project = 0;

beforeAll(async () => {
  const emulator = await startEmulator({ host: '127.0.0.1', port: 0 });
  stop = () => emulator.stop();
  process.env.FIRESTORE_EMULATOR_HOST = `127.0.0.1:${emulator.port}`;
});

beforeEach(() => {
  db = new Firestore({ projectId: `demo-vacancy-lists-${++project}` });
});

afterAll(async () => {
  await db?.terminate();
  await stop?.();
});

function vacancy(
  form: string,
  kind: string,
  label: string,
  order: number,
  open = true,
  group?: string,
) {
  const value = group ? `${group} - ${label}` : label;
  return db.doc(`vacancies/${form}~${kind}~${value}`).set({
    form,
    kind,
    value,
    label,
    group: group ?? null,
    open,
    order,
    closed_at: null,
    updated_at: new Date(),
  });
}

const listOf = async (form: string) => (await db.doc(`vacancy_lists/${form}`).get()).data();

describe('writeOpenList', () => {
  it("writes the form's open vacancies in their order, and only the form's", async () => {
    await Promise.all([
      vacancy('root', 'job', 'Aux Serraria', 1),
      vacancy('root', 'job', 'Aux Eletricista', 0),
      vacancy('root', 'job', 'Aux Solda', 2, false),
      vacancy('root', 'locality', 'Centro', 0, true, 'Sede'),
      vacancy('callCenter', 'job', '[Conecta] Monitor', 0),
    ]);
    expect(await writeOpenList(db, 'root')).toBe(3);
    const list = await listOf('root');
    expect(list?.vacancies).toEqual([
      { kind: 'job', value: 'Aux Eletricista', label: 'Aux Eletricista' },
      { kind: 'locality', value: 'Sede - Centro', label: 'Centro', group: 'Sede' },
      { kind: 'job', value: 'Aux Serraria', label: 'Aux Serraria' },
    ]);
    expect(list?.updated_at).toBeDefined();
    expect(await listOf('callCenter')).toBeUndefined();
  });

  it('follows a closing, a reopening and a move', async () => {
    await Promise.all([vacancy('root', 'job', 'A', 0), vacancy('root', 'job', 'B', 1)]);
    await writeOpenList(db, 'root');
    await db.doc('vacancies/root~job~A').update({ open: false });
    await writeOpenList(db, 'root');
    expect((await listOf('root'))?.vacancies.map((v: { value: string }) => v.value)).toEqual(['B']);
    await db.doc('vacancies/root~job~A').update({ open: true, order: 2 });
    await writeOpenList(db, 'root');
    expect((await listOf('root'))?.vacancies.map((v: { value: string }) => v.value)).toEqual([
      'B',
      'A',
    ]);
  });
});
