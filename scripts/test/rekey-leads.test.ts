// `npm run admin -- rekey-leads` against our Firestore emulator (in process), through firebase-admin:
// leads with keys of an older scheme, without keys, and with their keys right.
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getFirestore, type Firestore } from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { leadKeys, searchKeyOf } from '@vagas/common';
import { startEmulator, type RunningEmulator } from '../../emulator/src/index.js';
import { main } from '../admin.mjs';
import { rekeyLeads } from '../lib/rekey-leads.mjs';

let emulator: RunningEmulator;
let app: App;
let db: Firestore;
const projectId = 'demo-rekey';

beforeAll(async () => {
  emulator = await startEmulator({ port: 0, projectId });
  process.env.FIRESTORE_EMULATOR_HOST = `${emulator.host}:${emulator.port}`;
  app = initializeApp({ projectId }, 'rekey-test');
  db = getFirestore(app);
});

afterAll(async () => {
  await deleteApp(app);
  await emulator.stop();
});

const lead = (i: number) => ({
  nome: i % 2 ? `Fátima da Silva ${i}` : `Érica Conceição ${i}`,
  whatsapp: `(75) 91000-${String(i).padStart(4, '0')}`,
  status: 'novo',
  deleted_at: null,
});

describe('rekey-leads', () => {
  test('rewrites the stale and missing keys of every lead, page after page, and only those', async () => {
    const total = 1203;
    for (let start = 0; start < total; start += 500) {
      const batch = db.batch();
      for (let i = start; i < Math.min(total, start + 500); i++) {
        const data = lead(i);
        const keys = leadKeys(data.nome, data.whatsapp);
        // A third as stored before word order counted, a third without keys, a third right.
        const stored =
          i % 3 === 0
            ? { ...data, ...keys, search_keys: ['fatima da silva', 'silva'] }
            : i % 3 === 1
              ? data
              : { ...data, ...keys };
        batch.set(db.collection('leads').doc(`lead-${String(i).padStart(5, '0')}`), stored);
      }
      await batch.commit();
    }
    const found = async (search: string) =>
      (
        await db
          .collection('leads')
          .where('search_keys', 'array-contains', searchKeyOf(search))
          .count()
          .get()
      ).data().count;
    expect(await found('silva fatima')).toBe(200);

    const pages: number[] = [];
    const result = await rekeyLeads(db, { onPage: ({ read }) => pages.push(read) });
    expect(result).toEqual({ read: total, rewritten: 802 });
    expect(pages).toEqual([500, 1000, 1203]);
    expect(await found('silva fatima')).toBe(601);
    expect(await found('conceicao erica')).toBe(602);
    const one = (await db.doc('leads/lead-00003').get()).data()!;
    expect(one.search_keys).toEqual(leadKeys(one.nome, one.whatsapp).search_keys);
    expect(one.status).toBe('novo');

    // The admin CLI runs the same, and a second run has nothing left to write.
    const printed: string[] = [];
    const log = console.log;
    console.log = (line: string) => printed.push(line);
    try {
      expect(await main(['rekey-leads', '--project', projectId])).toBe(0);
    } finally {
      console.log = log;
    }
    expect(printed.at(-1)).toMatch(/1203 leads read, 0 rewritten\.$/);
  });
});
