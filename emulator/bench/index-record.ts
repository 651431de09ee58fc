/**
 * The panel's first open on the first start of a data directory and on the next one (numbers
 * only): the first start builds on first use what no composite index names (the duplicates
 * query's `phone_key` postings) and records it in the directory (built-indexes.json); the next
 * start builds it in the background with the declared indexes. For each start: time to ready,
 * the first run of each of the panel's queries (a second after ready, as bench/scale.ts sends
 * them; `--open-after builds`: once the background builds are done; `--open-after start`: as soon
 * as it is ready, while the builds run), the time until the builds are done, the RSS then.
 * Run: node --import tsx emulator/bench/index-record.ts [--size 100000] [--starts 2] [--open-after ready|builds|start]
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import type { Firestore, Query } from 'firebase-admin/firestore';
import { writeDataDir } from '../src/server/journal.js';
import { adminClient } from '../test/support/emulator.js';
import { cliMode, startEmulatorProcess, type EmulatorProcess } from './_emulator-process.js';
import { volumeLeadDocuments } from './_lead-volume.js';
import { argOf, PROJECT_INDEXES } from './_bench-args.js';

const PROJECT = 'demo-bench';
const DATABASE = `projects/${PROJECT}/databases/(default)`;
const size = Number(argOf('size') ?? 100_000);
const starts = Number(argOf('starts') ?? 2);
/** When the panel opens: a second after ready (as bench/scale.ts), at once, or once the builds are done. */
const openArg = argOf('open-after');
const openAfter = openArg === 'builds' || openArg === 'start' ? openArg : 'ready';
const NOW = Date.parse('2026-11-26T12:00:00Z');
const fmt = (n: number, digits = 1) =>
  n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
const load = () =>
  `load ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`;

async function timed(f: () => Promise<unknown>): Promise<number> {
  const t = performance.now();
  await f();
  return performance.now() - t;
}

/** The panel's open as bench/scale.ts times it: page, counters, duplicates of the page, a search. */
async function panelOpen(emu: EmulatorProcess): Promise<Record<string, number>> {
  const admin = adminClient(emu, PROJECT);
  const db: Firestore = admin.db;
  await db.doc('warm/up').get();
  const active = db.collection('leads').where('deleted_at', '==', null);
  const newest = (q: Query) => q.orderBy('created_at', 'desc');
  const first: Record<string, number> = {};
  let phones: string[] = [];
  first.page = await timed(async () => {
    const page = await newest(active).limit(25).get();
    phones = page.docs.map((d) => d.get('phone_key') as string);
  });
  first.counters = await timed(() =>
    Promise.all(
      [active, ...['principal', 'separado'].map((s) => active.where('status', '==', s))].map((q) =>
        newest(q).count().get(),
      ),
    ),
  );
  first.duplicates = await timed(() => active.where('phone_key', 'in', phones).get());
  const search = newest(active.where('search_keys', 'array-contains', 'maria'));
  first.search = await timed(() => search.limit(25).get());
  first['search count'] = await timed(() => search.count().get());
  await admin.close();
  return first;
}

interface Stats {
  indexBuilds: number;
  indexes: { [db: string]: { [coll: string]: { built: string[]; building: string[] } } };
}
async function stats(emu: EmulatorProcess): Promise<Stats> {
  const res = await fetch(`http://${emu.host}:${emu.port}/emulator/v1/stats`);
  return (await res.json()) as Stats;
}

const dir = mkdtempSync(path.join(tmpdir(), 'fs-emu-record-'));
try {
  console.log(
    `Index record (${cliMode} CLI): ${size.toLocaleString('en-US')} leads, ${starts} starts`,
  );
  const t = performance.now();
  await writeDataDir(
    dir,
    volumeLeadDocuments(DATABASE, size, { now: NOW, days: 365, trashedShare: 0.2 }),
  );
  console.log(`  data directory written in ${fmt((performance.now() - t) / 1000)} s`);
  for (let s = 1; s <= starts; s++) {
    const emu = await startEmulatorProcess([
      '--port',
      '0',
      '--project',
      PROJECT,
      '--data',
      dir,
      '--indexes',
      PROJECT_INDEXES,
    ]);
    const building = (await stats(emu)).indexes[DATABASE]?.leads?.building ?? [];
    const buildsDone = async () => {
      while ((await stats(emu)).indexBuilds > 0) await new Promise((r) => setTimeout(r, 100));
      return performance.now() - emu.readyAt;
    };
    let doneMs = NaN;
    if (openAfter === 'builds') doneMs = await buildsDone();
    else if (openAfter === 'ready') await new Promise((r) => setTimeout(r, 1000));
    const first = await panelOpen(emu);
    if (openAfter !== 'builds') doneMs = await buildsDone();
    console.log(
      `  start ${s}: ready in ${fmt(emu.readyMs / 1000, 2)} s; ${building.length} indexes to build at load` +
        `${building.includes('value phone_key') ? ' (phone_key postings among them)' : ''}; first runs: ` +
        Object.entries(first)
          .map(([k, v]) => `${k} ${fmt(v)} ms`)
          .join(', ') +
        `; builds done ${fmt(doneMs / 1000, 2)} s after ready; RSS ${fmt(emu.rssMiB(), 0)} MiB (${load()})`,
    );
    await emu.stop();
    const record = JSON.parse(readFileSync(path.join(dir, 'built-indexes.json'), 'utf8')) as {
      databases: { [db: string]: { [coll: string]: string[] } };
    };
    console.log(`    recorded for leads: ${record.databases[DATABASE]?.leads?.join(', ')}`);
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
process.exit(0);
