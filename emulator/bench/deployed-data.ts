/**
 * Benchmarks of the deployed-data features (numbers only, never pass/fail): a named database's
 * commit rate next to the default database's (the emulator CLI with --config firebase.json), the
 * TTL sweep's cost at 100,000 documents (idle, and deleting all of them), and the managed export
 * and import of 100,000 documents.
 * Run: node --import tsx bench/deployed-data.ts (or `npm run bench -- emulator` at the root).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { report } from '../../bench/lib/report.js';
import { Engine } from '../src/engine/index.js';
import { microsToString } from '../src/model/time.js';
import { parseIndexConfig } from '../src/query/index-config.js';
import { importExport, writeExport } from '../src/server/managed-export/index.js';
import type { CallContext } from '../src/service.js';
import { OPEN_RULES, adminClient } from '../test/support/emulator.js';
import { cliMode, startEmulatorProcess } from './_emulator-process.js';

const PROJECT = 'demo-bench-deployed';
const quick = process.env.BENCH_QUICK === '1';
const COUNT = quick ? 20_000 : 100_000;

function fmt(n: number, digits = 1): string {
  return n.toLocaleString('en-US', {
    maximumFractionDigits: digits,
    minimumFractionDigits: digits,
  });
}

function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

/** Commits/s of 8 concurrent firebase-admin writers into one database for `seconds`. */
async function commitRate(
  emu: { host: string; port: number },
  databaseId: string,
  seconds: number,
): Promise<number> {
  const admin = adminClient(emu, PROJECT, databaseId);
  await admin.db.doc('warm/up').set({ ok: true });
  let done = 0;
  const deadline = performance.now() + seconds * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: 8 }, (_, w) =>
      (async () => {
        let i = 0;
        while (performance.now() < deadline) {
          await admin.db.doc(`commits/w${w}-${i++}`).set({ w, i, at: Date.now() });
          done++;
        }
      })(),
    ),
  );
  const rate = done / ((performance.now() - started) / 1000);
  await admin.close();
  return rate;
}

/** The default and a named database of one emulator, alternated so machine noise hits both. */
async function namedDatabaseCommits(): Promise<void> {
  const dir = mkdtempSync(path.join(tmpdir(), 'fs-emu-bench-named-'));
  try {
    writeFileSync(path.join(dir, 'open.rules'), OPEN_RULES);
    writeFileSync(path.join(dir, 'indexes.json'), '{"indexes": []}');
    writeFileSync(
      path.join(dir, 'firebase.json'),
      JSON.stringify({
        firestore: [
          { database: '(default)', rules: 'open.rules', indexes: 'indexes.json' },
          { database: 'reports', rules: 'open.rules', indexes: 'indexes.json' },
        ],
      }),
    );
    const emu = await startEmulatorProcess([
      '--port',
      '0',
      '--config',
      path.join(dir, 'firebase.json'),
    ]);
    const rates: { [db: string]: number[] } = { '(default)': [], reports: [] };
    const seconds = quick ? 1.5 : 3;
    // Warm both paths up first (JIT, connections), so the first measured run is not the slowest.
    for (const db of Object.keys(rates)) await commitRate(emu, db, 1);
    for (let round = 0; round < (quick ? 1 : 3); round++) {
      for (const db of Object.keys(rates)) rates[db].push(await commitRate(emu, db, seconds));
    }
    await emu.stop();
    for (const [db, values] of Object.entries(rates)) {
      console.log(
        `commits/s into ${db === '(default)' ? 'the default database' : `the named database "${db}"`} ` +
          `(firebase-admin, 8 writers, --config firebase.json): median ${fmt(median(values), 0)}/s ` +
          `(runs: ${values.map((v) => fmt(v, 0)).join(', ')})`,
      );
      report({
        section: 'emulator',
        measure: `commits/s, firebase-admin, 8 writers, ${db === '(default)' ? 'default database' : 'named database'} (--config)`,
        value: median(values),
        unit: '/s',
      });
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const owner = (databaseId = '(default)'): CallContext => ({
  projectId: PROJECT,
  databaseId,
  caller: { kind: 'owner' },
});

/** Loads `count` documents `{n, expireAt}` into `sessions`, in commits of 500. */
async function loadSessions(engine: Engine, count: number, expireAt: number): Promise<void> {
  const db = engine.database({ projectId: PROJECT, databaseId: '(default)' });
  for (let i = 0; i < count; i += 500) {
    const writes = [];
    for (let j = i; j < Math.min(count, i + 500); j++) {
      writes.push({
        update: {
          name: `${db.name}/documents/sessions/s${String(j).padStart(6, '0')}`,
          fields: {
            n: { integerValue: String(j) },
            user: { stringValue: `user-${j % 997}` },
            expireAt: { timestampValue: microsToString((expireAt + j) * 1000) },
          },
        },
      });
    }
    await engine.commit(owner(), db, writes);
  }
}

/** The sweep in process (no transport): idle over 100,000 documents, then deleting all of them. */
async function ttlSweep(): Promise<void> {
  const { ttl } = parseIndexConfig(
    JSON.stringify({
      indexes: [],
      fieldOverrides: [{ collectionGroup: 'sessions', fieldPath: 'expireAt', ttl: true }],
    }),
  );
  const engine = new Engine({ ttl: () => ttl });
  const sweeper = engine.ttl;
  if (!sweeper) throw new Error('no TTL sweeper');
  const expireAt = Date.now() + 60_000 + COUNT / 50;
  const loadStart = performance.now();
  await loadSessions(engine, COUNT, expireAt);
  const loadMs = performance.now() - loadStart;
  const idle: number[] = [];
  for (let i = 0; i < 5; i++) {
    const t0 = performance.now();
    const r = await sweeper.sweep();
    idle.push(performance.now() - t0);
    if (r.deleted !== 0 || r.scanned !== COUNT)
      throw new Error(`unexpected sweep ${JSON.stringify(r)}`);
  }
  // Move the documents' time past: one commit per 500 documents, as an app would set them.
  await loadSessions(engine, COUNT, Date.now() - COUNT - 1000);
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  const r = await sweeper.sweep();
  const deleteMs = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  engine.close();
  if (r.deleted !== COUNT) throw new Error(`the sweep deleted ${r.deleted} of ${COUNT}`);
  const n = COUNT.toLocaleString('en-US');
  console.log(
    `TTL sweep over ${n} documents of a TTL collection group, none expired: median ${fmt(median(idle))} ms ` +
      `(runs: ${idle.map((v) => fmt(v)).join(', ')} ms; loaded in ${fmt(loadMs, 0)} ms)`,
  );
  console.log(
    `TTL sweep deleting ${n} expired documents (commits of 500, in process): ${fmt(deleteMs, 0)} ms ` +
      `(${fmt(COUNT / (deleteMs / 1000), 0)} documents/s; CPU ${fmt((cpu.user + cpu.system) / 1000, 0)} ms)`,
  );
  report({
    section: 'emulator',
    measure: `TTL sweep, ${n} documents, none expired (median of 5)`,
    value: median(idle),
    unit: 'ms',
  });
  report({
    section: 'emulator',
    measure: `TTL sweep deleting ${n} expired documents`,
    value: deleteMs,
    unit: 'ms',
  });
}

/** Loads `count` lead-like documents (strings, numbers, a timestamp, a map, an array). */
async function loadLeads(engine: Engine, count: number): Promise<void> {
  const db = engine.database({ projectId: PROJECT, databaseId: '(default)' });
  const at = Date.now() * 1000;
  for (let i = 0; i < count; i += 500) {
    const writes = [];
    for (let j = i; j < Math.min(count, i + 500); j++) {
      writes.push({
        update: {
          name: `${db.name}/documents/leads/lead-${String(j).padStart(6, '0')}`,
          fields: {
            nome: { stringValue: `Candidato ${j}` },
            telefone: { stringValue: `+55119${String(j).padStart(8, '0')}` },
            idade: { integerValue: String(18 + (j % 50)) },
            status: { stringValue: ['novo', 'contatado', 'descartado'][j % 3] },
            created_at: { timestampValue: microsToString(at - j * 1000) },
            origem: { mapValue: { fields: { campanha: { stringValue: `c${j % 7}` } } } },
            tags: { arrayValue: { values: [{ stringValue: 'vaga' }, { integerValue: '1' }] } },
          },
        },
      });
    }
    await engine.commit(owner(), db, writes);
  }
}

/** Managed export and import of 100,000 documents in process, then `--import DIR` on the CLI. */
async function exportImport(): Promise<void> {
  const dir = mkdtempSync(path.join(tmpdir(), 'fs-emu-bench-export-'));
  try {
    const source = new Engine();
    await loadLeads(source, COUNT);
    const db = source.database({ projectId: PROJECT, databaseId: '(default)' });
    let t0 = performance.now();
    const written = await writeExport(db, dir, 'firestore_export');
    const exportMs = performance.now() - t0;
    source.close();
    const target = new Engine();
    t0 = performance.now();
    const n = await importExport(
      target,
      target.database({ projectId: PROJECT, databaseId: '(default)' }),
      written.metadataFile,
    );
    const importMs = performance.now() - t0;
    target.close();
    if (n !== COUNT) throw new Error(`imported ${n} of ${COUNT}`);
    const cli = await startEmulatorProcess(['--port', '0', '--project', PROJECT, '--import', dir]);
    const startMs = cli.readyMs;
    await cli.stop();
    const docs = COUNT.toLocaleString('en-US');
    console.log(
      `managed export of ${docs} documents (in process): ${fmt(exportMs, 0)} ms, ` +
        `${fmt(written.bytes / 1024 / 1024)} MiB of output; import: ${fmt(importMs, 0)} ms; ` +
        `CLI start with --import of it (spawn -> ready line): ${fmt(startMs, 0)} ms`,
    );
    report({
      section: 'emulator',
      measure: `managed export of ${docs} documents`,
      value: exportMs,
      unit: 'ms',
    });
    report({
      section: 'emulator',
      measure: `managed import of ${docs} documents`,
      value: importMs,
      unit: 'ms',
    });
    report({
      section: 'emulator',
      measure: `CLI start with --import of ${docs} documents (export format)`,
      value: startMs,
      unit: 'ms',
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

console.log(`Deployed-data benchmarks (${cliMode} CLI${quick ? ', BENCH_QUICK' : ''})`);
await namedDatabaseCommits();
await ttlSweep();
await exportImport();
process.exit(0);
