/**
 * An array field's postings built in the background at load (src/engine/postings.ts, hash-runs.ts),
 * through firebase-admin: with documents holding many keys each (frequent ones, keys on a few
 * documents, keys on one, an element repeated), and writes made while the build runs, every
 * array-contains and array-contains-any query and count gives exactly the documents that hold
 * the keys once the build is done.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator } from '../src/index.js';
import { writeDataDir, type SeedDocument } from '../src/server/journal.js';
import { adminClient } from './support/emulator.js';

const PROJECT = 'demo-array-build';
const DB = `projects/${PROJECT}/databases/(default)`;
// A composite index over the array's elements: its postings are built at load.
const INDEXES = JSON.stringify({
  indexes: [
    {
      collectionGroup: 'leads',
      queryScope: 'COLLECTION',
      fields: [
        { fieldPath: 'tags', arrayConfig: 'CONTAINS' },
        { fieldPath: 'n', order: 'DESCENDING' },
      ],
    },
  ],
});
const LEADS = 40_000;

const id = (i: number) => `l${String(i).padStart(5, '0')}`;
/** Lead i's keys: one of 5 frequent, one of 300 on 20 leads each, 12 of its own, one repeated. */
const tagsOf = (i: number, round = 0): string[] => {
  const own = Array.from({ length: 12 }, (_, k) => `u${i}-${k}-${round}`);
  return [`f${i % 5}`, `m${(i * 7 + round) % 300}`, ...own, own[0]];
};

let dir = '';
let emu: RunningEmulator | undefined;
afterEach(async () => {
  await emu?.stop();
  emu = undefined;
  if (dir) rmSync(dir, { recursive: true, force: true });
});

async function indexBuilds(e: RunningEmulator): Promise<number> {
  const res = await fetch(`http://${e.host}:${e.port}/emulator/v1/stats`);
  return ((await res.json()) as { indexBuilds: number }).indexBuilds;
}

describe("an array field's postings built in the background", () => {
  it('give exactly the documents holding the keys, with writes made during the build', async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'fs-emu-array-build-'));
    const model = new Map<string, string[]>();
    const docs = Array.from({ length: LEADS }, (_, i): SeedDocument => {
      model.set(id(i), tagsOf(i));
      return {
        database: DB,
        path: `leads/${id(i)}`,
        fields: {
          n: { integerValue: String(i) },
          tags: { arrayValue: { values: tagsOf(i).map((t) => ({ stringValue: t })) } },
        },
        createTime: 1_000_000 + i,
        updateTime: 1_000_000 + i,
      };
    });
    await writeDataDir(dir, docs);
    emu = await startEmulator({
      host: '127.0.0.1',
      port: 0,
      projectId: PROJECT,
      indexes: INDEXES,
      dataDir: dir,
    });
    const admin = adminClient(emu, PROJECT);
    try {
      const leads = admin.db.collection('leads');
      // Rounds of writes from ready until the builds are done (one round at least): new leads,
      // leads whose keys all change, deleted leads.
      let round = 0;
      do {
        round++;
        const batch = admin.db.batch();
        for (let k = 0; k < 30; k++) {
          const added = LEADS + round * 100 + k;
          const changed = (round * 211 + k * 37) % LEADS;
          const deleted = (round * 389 + k * 53 + 7) % LEADS;
          model.set(id(added), tagsOf(added, round));
          batch.set(leads.doc(id(added)), { n: added, tags: tagsOf(added, round) });
          model.set(id(changed), tagsOf(changed, round));
          batch.set(leads.doc(id(changed)), { n: changed, tags: tagsOf(changed, round) });
          model.delete(id(deleted));
          batch.delete(leads.doc(id(deleted)));
        }
        await batch.commit();
      } while ((await indexBuilds(emu)) > 0);

      const holding = (keys: string[]) =>
        [...model].filter(([, tags]) => tags.some((t) => keys.includes(t))).map(([i]) => i);
      const expectIds = async (keys: string[]) => {
        const q =
          keys.length === 1
            ? leads.where('tags', 'array-contains', keys[0])
            : leads.where('tags', 'array-contains-any', keys);
        const want = holding(keys).sort();
        expect((await q.get()).docs.map((d) => d.id)).toEqual(want);
        expect((await q.count().get()).data().count).toBe(want.length);
      };
      const kept = [...model.keys()].filter((k) => Number(k.slice(1)) < LEADS);
      const aLead = Number(kept[kept.length >> 1].slice(1));
      const mine = model.get(id(aLead))!;
      await expectIds(['f2']);
      await expectIds(['m17']);
      await expectIds([mine[0]]);
      await expectIds([mine[11]]);
      // Keys of a changed lead before its change, of a deleted lead, and of an added one.
      await expectIds([tagsOf(211 % LEADS)[3]]);
      await expectIds([tagsOf((389 + 7) % LEADS)[5]]);
      await expectIds([tagsOf(LEADS + 100, 1)[4]]);
      await expectIds(['f4', 'm3', mine[6], tagsOf(LEADS + 101, 1)[2], 'nowhere']);
      await expectIds(['m0', 'm1', 'm299', tagsOf(9)[1], tagsOf(4)[7]]);
      // Keys spread over the hash's runs: 30 leads' own keys, as loaded.
      await expectIds(
        Array.from({ length: 30 }, (_, k) => tagsOf((k * 1_301) % LEADS)[2 + (k % 12)]),
      );
    } finally {
      await admin.close();
    }
  });
});
