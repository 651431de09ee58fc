/**
 * The record of a data directory's indexes (src/server/index-record.ts), through firebase-admin
 * and the stats endpoint: an index a query built is built again in the background when the same
 * data directory loads, before any query asks for it; a directory without the record (as earlier
 * versions left it) loads and starts one; a record that cannot be read is reported and ignored.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator } from '../src/index.js';
import { INDEX_RECORD_FILE } from '../src/server/index-record.js';
import { writeDataDir, type SeedDocument } from '../src/server/journal.js';
import { adminClient, waitFor } from './support/emulator.js';

const PROJECT = 'demo-index-record';
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
  ],
});
const phone = (i: number) => `5511${String(900000000 + i)}`;

const dirs: string[] = [];
const running: RunningEmulator[] = [];
afterEach(async () => {
  for (const e of running.splice(0)) await e.stop();
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

async function start(dataDir: string, log: string[] = []): Promise<RunningEmulator> {
  const emu = await startEmulator({
    host: '127.0.0.1',
    port: 0,
    projectId: PROJECT,
    indexes: INDEXES,
    dataDir,
    log: (line) => log.push(line),
  });
  running.push(emu);
  return emu;
}

async function stop(emu: RunningEmulator): Promise<void> {
  running.splice(running.indexOf(emu), 1);
  await emu.stop();
}

interface Stats {
  indexBuilds: number;
  indexes: { [db: string]: { [coll: string]: { built: string[]; building: string[] } } };
}
async function stats(emu: RunningEmulator): Promise<Stats> {
  const res = await fetch(`http://${emu.host}:${emu.port}/emulator/v1/stats`);
  return (await res.json()) as Stats;
}

/** The stats once the emulator has no build left. */
async function settled(emu: RunningEmulator): Promise<Stats> {
  let s = await stats(emu);
  while (s.indexBuilds > 0) {
    await new Promise((r) => setTimeout(r, 20));
    s = await stats(emu);
  }
  return s;
}

/** The leads' indexes once the emulator has no build left. */
async function builtLeadIndexes(emu: RunningEmulator): Promise<string[]> {
  return (await settled(emu)).indexes[DB]?.leads?.built ?? [];
}

/** The panel's duplicates query (active leads with one of these phones); their phones, sorted. */
async function duplicates(emu: RunningEmulator, phones: string[]): Promise<string[]> {
  const admin = adminClient(emu, PROJECT);
  try {
    const snap = await admin.db
      .collection('leads')
      .where('deleted_at', '==', null)
      .where('phone_key', 'in', phones)
      .get();
    return snap.docs.map((d) => d.get('phone_key') as string).sort();
  } finally {
    await admin.close();
  }
}

type Record = { version: number; databases: { [db: string]: { [coll: string]: string[] } } };
function recordOf(dir: string): Record {
  return JSON.parse(readFileSync(path.join(dir, INDEX_RECORD_FILE), 'utf8')) as Record;
}

const tempDir = () => {
  const d = mkdtempSync(path.join(tmpdir(), 'fs-emu-record-'));
  dirs.push(d);
  return d;
};

/** A data directory as a compaction leaves it: 60 leads, every fifth in the trash. */
async function seeded(): Promise<string> {
  const dir = tempDir();
  const docs = Array.from({ length: 60 }, (_, i): SeedDocument => ({
    database: DB,
    path: `leads/l${String(i).padStart(3, '0')}`,
    fields: {
      phone_key: { stringValue: phone(i) },
      deleted_at:
        i % 5 === 0 ? { timestampValue: '2026-11-01T00:00:00Z' } : { nullValue: null as null },
      created_at: { timestampValue: new Date(Date.UTC(2026, 10, 1, 0, i)).toISOString() },
    },
    createTime: 1_000_000 + i,
    updateTime: 1_000_000 + i,
  }));
  await writeDataDir(dir, docs);
  return dir;
}

describe('the record of the indexes a data directory had', () => {
  it('builds at the next load the postings a query built, before any query', async () => {
    const dir = await seeded();
    const first = await start(dir);
    expect(await builtLeadIndexes(first)).not.toContain('value phone_key');
    const asked = [phone(1), phone(5), phone(7), phone(999)];
    expect(await duplicates(first, asked)).toEqual([phone(1), phone(7)]);
    expect(await builtLeadIndexes(first)).toContain('value phone_key');
    // Written while the emulator runs, not only when it stops (a kill -9 keeps it).
    await waitFor(
      () =>
        existsSync(path.join(dir, INDEX_RECORD_FILE)) &&
        (recordOf(dir).databases[DB]?.leads ?? []).includes('value phone_key'),
    );
    await stop(first);

    const second = await start(dir);
    const before = await stats(second);
    const leads = before.indexes[DB].leads;
    expect([...leads.built, ...leads.building]).toContain('value phone_key');
    expect(await builtLeadIndexes(second)).toEqual(
      ['ordered created_at', 'value deleted_at', 'value phone_key'].sort(),
    );
    expect(await duplicates(second, [phone(2), phone(10), phone(11)])).toEqual([
      phone(2),
      phone(11),
    ]);
  });

  it('loads a directory without it, and writes it when the emulator stops', async () => {
    const dir = await seeded();
    const log: string[] = [];
    const emu = await start(dir, log);
    expect(await duplicates(emu, [phone(3)])).toEqual([phone(3)]);
    await stop(emu);
    expect(log.filter((l) => l.includes(INDEX_RECORD_FILE))).toEqual([]);
    const rec = recordOf(dir);
    expect(rec.version).toBe(1);
    expect(rec.databases[DB].leads).toContain('value phone_key');
  });

  it('records a subcollection by its id, and builds it for every collection of that id', async () => {
    const dir = tempDir();
    const note = (lead: string, i: number): SeedDocument => ({
      database: DB,
      path: `leads/${lead}/timeline/n${i}`,
      fields: { at: { integerValue: String(i) } },
      createTime: 1_000 + i,
      updateTime: 1_000 + i,
    });
    await writeDataDir(dir, [note('a', 1), note('a', 2), note('b', 3), note('c', 4)]);
    const first = await start(dir);
    const admin = adminClient(first, PROJECT);
    const got = await admin.db.collection('leads/a/timeline').orderBy('at', 'desc').limit(1).get();
    expect(got.docs.map((d) => d.id)).toEqual(['n2']);
    await admin.close();
    await stop(first);
    expect(recordOf(dir).databases[DB]).toEqual({ timeline: ['ordered at'] });

    const second = await start(dir);
    const s = await settled(second);
    for (const lead of ['a', 'b', 'c']) {
      expect(s.indexes[DB][`leads/${lead}/timeline`].built).toContain('ordered at');
    }
  });

  it('writes none while no query has asked for an index', async () => {
    const dir = await seeded();
    const emu = await start(dir);
    expect(await builtLeadIndexes(emu)).toEqual(['ordered created_at', 'value deleted_at']);
    await stop(emu);
    expect(existsSync(path.join(dir, INDEX_RECORD_FILE))).toBe(false);
  });

  it.each([
    ['not JSON', '{"version": 1, "databases": ', 'not valid JSON'],
    ['of another shape', '[1, 2]', 'expected {"version": 1'],
    [
      'naming an index kind it does not know',
      JSON.stringify({ version: 1, databases: { [DB]: { leads: ['hashed phone_key'] } } }),
      'unknown index kind in "hashed phone_key"',
    ],
  ])('reports a record %s in one log line and ignores it', async (_what, text, reason) => {
    const dir = await seeded();
    writeFileSync(path.join(dir, INDEX_RECORD_FILE), text);
    const log: string[] = [];
    const emu = await start(dir, log);
    const lines = log.filter((l) => l.includes(INDEX_RECORD_FILE));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(`Ignoring ${path.join(dir, INDEX_RECORD_FILE)}: ${reason}`);
    // The declared indexes are still built, the data is all there, and a query still answers.
    expect(await builtLeadIndexes(emu)).toEqual(['ordered created_at', 'value deleted_at']);
    expect(await duplicates(emu, [phone(4), phone(5)])).toEqual([phone(4)]);
    await stop(emu);
    expect(recordOf(dir).databases[DB].leads).toContain('value phone_key');
  });

  it('keeps what it lists for a collection that is empty for now', async () => {
    const dir = await seeded();
    const first = await start(dir);
    expect(await duplicates(first, [phone(1)])).toEqual([phone(1)]);
    await stop(first);

    const second = await start(dir);
    await fetch(
      `http://${second.host}:${second.port}/emulator/v1/projects/${PROJECT}/databases/(default)/documents`,
      {
        method: 'DELETE',
      },
    );
    await stop(second);
    expect(recordOf(dir).databases[DB].leads).toContain('value phone_key');

    // The collection written again gets the recorded postings from its first document on.
    const third = await start(dir);
    const admin = adminClient(third, PROJECT);
    await admin.db.doc('leads/new').set({ phone_key: phone(1), deleted_at: null });
    await admin.close();
    expect(await builtLeadIndexes(third)).toContain('value phone_key');
  });
});
