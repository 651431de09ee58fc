/**
 * Queries that come while the indexes they need are being built, through firebase-admin: they
 * are answered from the documents themselves (no query waits for a build), and give exactly what
 * the same queries give once the builds are done: the same documents in the same order, with
 * cursors, offsets, limits, descending orders and `documentId()` orders, a listener's first
 * snapshot, and a write made during the build. The builders are held (IndexBuilder.hold) so that
 * the builds are still under way when the queries come, whatever the machine's speed.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { FieldPath, type Firestore, type Query } from 'firebase-admin/firestore';
import { afterEach, describe, expect, it } from 'vitest';
import { IndexBuilder } from '../src/engine/index-build.js';
import { startEmulator, type RunningEmulator } from '../src/index.js';
import { writeDataDir, type SeedDocument } from '../src/server/journal.js';
import { adminClient } from './support/emulator.js';

const PROJECT = 'demo-read-around';
const DB = `projects/${PROJECT}/databases/(default)`;
const INDEXES = JSON.stringify({
  indexes: [
    {
      collectionGroup: 'leads',
      queryScope: 'COLLECTION',
      fields: [
        { fieldPath: 'deleted_at', order: 'ASCENDING' },
        { fieldPath: 'created_at', order: 'DESCENDING' },
      ],
    },
    {
      collectionGroup: 'leads',
      queryScope: 'COLLECTION',
      fields: [
        { fieldPath: 'status', order: 'ASCENDING' },
        { fieldPath: 'created_at', order: 'DESCENDING' },
      ],
    },
    {
      collectionGroup: 'leads',
      queryScope: 'COLLECTION',
      fields: [
        { fieldPath: 'deleted_at', order: 'ASCENDING' },
        { fieldPath: 'status', order: 'ASCENDING' },
        { fieldPath: 'created_at', order: 'DESCENDING' },
      ],
    },
    {
      collectionGroup: 'leads',
      queryScope: 'COLLECTION',
      fields: [
        { fieldPath: 'deleted_at', order: 'ASCENDING' },
        { fieldPath: 'score', order: 'DESCENDING' },
      ],
    },
  ],
});
const STATUSES = ['novo', 'principal', 'separado'];

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  IndexBuilder.hold(false);
  for (const c of cleanups.splice(0).reverse()) await c();
});

interface Stats {
  indexBuilds: number;
  indexes: { [db: string]: { [coll: string]: { built: string[]; building: string[] } } };
}
async function stats(emu: RunningEmulator): Promise<Stats> {
  const res = await fetch(`http://${emu.host}:${emu.port}/emulator/v1/stats`);
  return (await res.json()) as Stats;
}
const leadIndexes = async (emu: RunningEmulator) =>
  (await stats(emu)).indexes[DB]?.leads ?? { built: [], building: [] };

/** Resolves once the emulator has no build left. */
async function settled(emu: RunningEmulator): Promise<void> {
  while ((await stats(emu)).indexBuilds > 0) await new Promise((r) => setTimeout(r, 20));
}

/**
 * 300 leads: every tenth in the trash, their creation times in steps of 7 minutes taken modulo
 * 40 so that many share one (their ties are broken by the document name), one without it.
 */
function leads(): SeedDocument[] {
  return Array.from({ length: 300 }, (_, i): SeedDocument => {
    const fields: SeedDocument['fields'] = {
      status: { stringValue: STATUSES[i % 3] },
      deleted_at:
        i % 10 === 0 ? { timestampValue: '2026-11-01T00:00:00Z' } : { nullValue: null as null },
      score: { integerValue: String((i * 37) % 101) },
    };
    if (i !== 150) {
      const minute = (i * 7) % 40;
      fields.created_at = {
        timestampValue: new Date(Date.UTC(2026, 10, 1, 0, minute)).toISOString(),
      };
    }
    return {
      database: DB,
      path: `leads/l${String((i * 53) % 300).padStart(3, '0')}`,
      fields,
      createTime: 1_000_000 + i,
      updateTime: 1_000_000 + i,
    };
  });
}

/** An emulator on a data directory of `leads()`, its builders held, with an admin client. */
async function heldEmulator(indexes = INDEXES): Promise<{ emu: RunningEmulator; db: Firestore }> {
  const dir = mkdtempSync(path.join(tmpdir(), 'fs-emu-around-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  await writeDataDir(dir, leads());
  IndexBuilder.hold(true);
  const emu = await startEmulator({
    host: '127.0.0.1',
    port: 0,
    projectId: PROJECT,
    indexes,
    dataDir: dir,
    log: () => {},
  });
  cleanups.push(() => emu.stop());
  const admin = adminClient(emu, PROJECT);
  cleanups.push(() => admin.close());
  return { emu, db: admin.db };
}

const ids = async (q: Query) => (await q.get()).docs.map((d) => d.id);
const at = (minute: number) => new Date(Date.UTC(2026, 10, 1, 0, minute));

/** The panel's shapes and their neighbours, in the order of `created_at` or of the name. */
async function shapes(db: Firestore): Promise<Record<string, string[]>> {
  const leadsRef = db.collection('leads');
  const active = leadsRef.where('deleted_at', '==', null);
  const newest = active.orderBy('created_at', 'desc');
  const cursorDoc = await leadsRef.doc('l123').get();
  return {
    newest: await ids(newest.limit(25)),
    'newest of a status': await ids(newest.where('status', '==', 'principal').limit(10)),
    'next page': await ids(newest.startAfter(cursorDoc).limit(10)),
    'from a time, with an offset': await ids(
      leadsRef.orderBy('created_at').startAt(at(12)).endAt(at(30)).offset(3).limit(7),
    ),
    'descending, before a time': await ids(
      leadsRef.orderBy('created_at', 'desc').endBefore(at(5)).limit(12),
    ),
    'a range on the order field': await ids(
      active
        .where('created_at', '>=', at(8))
        .where('created_at', '<', at(20))
        .orderBy('created_at', 'desc')
        .limit(15),
    ),
    'in statuses, unlimited': await ids(
      leadsRef.where('status', 'in', ['novo', 'separado']).orderBy('created_at', 'desc'),
    ),
    'by name, descending': await ids(leadsRef.orderBy(FieldPath.documentId(), 'desc').limit(9)),
    'by name from a cursor': await ids(
      leadsRef.orderBy(FieldPath.documentId()).startAfter('l100').limit(6),
    ),
    'by a field no index names': await ids(
      active.orderBy('score', 'desc').startAt(80).offset(2).limit(8),
    ),
  };
}

/** The first snapshot of a listener on the newest 25 active leads: their ids. */
function firstSnapshot(db: Firestore): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const stop = db
      .collection('leads')
      .where('deleted_at', '==', null)
      .orderBy('created_at', 'desc')
      .limit(25)
      .onSnapshot(
        (snap) => {
          stop();
          resolve(snap.docs.map((d) => d.id));
        },
        (e) => reject(e),
      );
  });
}

describe('a query while the index it needs is being built', () => {
  it('gives what it gives once the builds are done, and leaves the build queued', async () => {
    const { emu, db } = await heldEmulator();
    expect((await leadIndexes(emu)).building).toContain('ordered created_at');
    const during = await shapes(db);
    const listened = await firstSnapshot(db);
    const still = await leadIndexes(emu);
    // Answered without building: the order's index, and the orders no index names, are queued.
    expect(still.built.filter((s) => s.startsWith('ordered'))).toEqual([]);
    expect(still.building).toEqual(
      expect.arrayContaining(['ordered created_at', 'ordered __name__', 'ordered score']),
    );
    expect(during.newest).toHaveLength(25);
    expect(during['in statuses, unlimited']).toHaveLength(199);

    IndexBuilder.hold(false);
    await settled(emu);
    expect((await leadIndexes(emu)).built).toEqual(
      expect.arrayContaining(['ordered created_at', 'ordered __name__', 'ordered score']),
    );
    expect(await shapes(db)).toEqual(during);
    expect(listened).toEqual(during.newest);
    expect(await firstSnapshot(db)).toEqual(listened);
  });

  it('sees a write made during the build, and so does the built index', async () => {
    const { emu, db } = await heldEmulator();
    const newest = db
      .collection('leads')
      .where('deleted_at', '==', null)
      .orderBy('created_at', 'desc')
      .limit(5);
    const before = await ids(newest);
    await db.doc('leads/a-new').set({ status: 'novo', deleted_at: null, created_at: at(59) });
    await db.doc(`leads/${before[1]}`).update({ deleted_at: at(58) });
    const during = await ids(newest);
    expect(during[0]).toBe('a-new');
    expect(during).not.toContain(before[1]);
    expect((await leadIndexes(emu)).building).toContain('ordered created_at');

    IndexBuilder.hold(false);
    await settled(emu);
    expect((await leadIndexes(emu)).built).toContain('ordered created_at');
    expect(await ids(newest)).toEqual(during);
  });
});
