/**
 * The panel bench's leads as a data directory (`--data`), for sizes the app's own writes cannot
 * seed in reasonable time (the bench's batched writes: about 30 minutes for a million). The leads
 * come from the emulator bench's generator (emulator/bench/_lead-volume.ts: the fields the forms
 * write and the derived keys of `leadKeys`), written once as a binary snapshot and cached under
 * the system's temp folder; each run starts the suite on a fresh folder whose snapshot is a hard
 * link to the cached one (the emulator never writes a snapshot in place: it writes a new one and
 * removes the old), so the run's own writes never reach the cache. The emulator's record of the
 * indexes queries asked for (`built-indexes.json`) is kept with the cache and copied in and back
 * out: a run starts as the suite's second start on the same data does (`npm start` keeps its
 * data), with those indexes built at load rather than by the panel's first queries.
 * What the snapshot lacks (the counters, the vacancy lists, the admin) the bench writes after the
 * suite started, as for its other sizes.
 */
import {
  copyFileSync,
  existsSync,
  linkSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { volumeLead } from '../../emulator/bench/_lead-volume.ts';
import { writeDataDir, type SeedDocument } from '../../emulator/src/server/journal.ts';
import { INDEX_RECORD_FILE } from '../../emulator/src/server/index-record.ts';
import type { Fields } from '../../emulator/src/model/values.ts';
import type { Firestore } from 'firebase-admin/firestore';
import { projectId, type LocalSuite } from '../../scripts/lib/local-suite.mjs';
import { withoutBackgroundTriggers } from '../../scripts/lib/background-triggers.mjs';
import { benchNextStep } from './leads.ts';
import { restoreOrReconcileCounters } from './panel-counters.ts';

/** From this many active leads up, `bench/panel.ts` starts the suite on a snapshot. */
export const snapshotThreshold = 200_000;
/**
 * The admin the snapshot's next steps are assigned to (half of them): the bench signs in as this
 * account, created in each run's fresh Auth emulator.
 */
export const snapshotAdminEmail = 'bench-panel@vagas.test';
/**
 * `--volume seed` writes the leads through firebase-admin (about 30 minutes for a million);
 * `--volume snapshot` starts the suite on a data directory of generated leads, one size per run.
 * The default: the snapshot from `snapshotThreshold` active leads up.
 */
export function snapshotAsked(argv: readonly string[], activeCounts: readonly number[]): boolean {
  const i = argv.indexOf('--volume');
  const volume =
    i === -1 ? (Math.max(...activeCounts) >= snapshotThreshold ? 'snapshot' : 'seed') : argv[i + 1];
  if (volume !== 'seed' && volume !== 'snapshot') {
    throw new Error(`--volume is seed or snapshot, not ${volume}`);
  }
  if (volume === 'snapshot' && activeCounts.length > 1) {
    throw new Error('A snapshot holds one size: give --active one size, the others in another run');
  }
  return volume === 'snapshot';
}

/**
 * Bumped whenever the generated leads or the way a snapshot packs them change, so that an older
 * cache is not reused (a cache in an older packing loads larger and slower, and skews memory).
 */
const generation = 2;

const str = (s: string) => ({ stringValue: s });
const timestamp = (ms: number) => ({
  timestampValue: new Date(ms).toISOString().replace('Z', '000Z'),
});

/** As the panel benches seed them (leads.ts `benchNextStep`), as protobuf-JSON fields. */
function withNextStep(fields: Fields, i: number, builtAt: number): Fields {
  const step = benchNextStep(i, builtAt, snapshotAdminEmail);
  if (!step) return fields;
  return {
    ...fields,
    next_step: {
      mapValue: { fields: { kind: str(step.kind), due_at: timestamp(step.dueMs) } },
    },
    assigned_to: str(step.assignedTo),
  };
}

/** `active` leads then `trashed` ones, created over the year before `builtAt`. */
function* leadDocuments(active: number, trashed: number, builtAt: number): Generator<SeedDocument> {
  const database = `projects/${projectId}/databases/(default)`;
  const parts = [
    { count: active, seed: 1, trashedShare: 0 },
    { count: trashed, seed: 2, trashedShare: 1 },
  ];
  for (const { count, seed, trashedShare } of parts) {
    for (let i = 0; i < count; i++) {
      const lead = volumeLead(i, count, { now: builtAt, days: 365, trashedShare, seed });
      const micros = lead.createdAt * 1000;
      yield {
        database,
        path: `leads/${lead.id}`,
        fields: trashedShare ? lead.fields : withNextStep(lead.fields, i, builtAt),
        createTime: micros,
        updateTime: micros,
      };
    }
  }
}

export interface SnapshotDataDir {
  /** The folder to give `startLocalSuite({ dataDir })`. */
  dir: string;
  /** Whether the cached snapshot was built by this call, and in how many ms. */
  builtMs?: number;
  /** The cached snapshot's size, in bytes. */
  bytes: number;
  /** Where the snapshot's counters are cached (written by the first run that computes them). */
  countersFile: string;
  remove(): void;
}

/**
 * A fresh data folder holding `active` + `trashed` leads, the snapshot built on the first call for
 * that size (`VAGAS_PANEL_SNAPSHOTS` moves the cache; removing its folder rebuilds it).
 */
export async function snapshotDataDir(active: number, trashed: number): Promise<SnapshotDataDir> {
  const root = process.env.VAGAS_PANEL_SNAPSHOTS ?? path.join(tmpdir(), 'vagas-panel-snapshots');
  const cached = path.join(root, `g${generation}-${active}-active-${trashed}-trashed`);
  let builtMs: number | undefined;
  if (!existsSync(path.join(cached, 'complete'))) {
    const t0 = Date.now();
    rmSync(cached, { recursive: true, force: true });
    const building = `${cached}.building-${process.pid}`;
    rmSync(building, { recursive: true, force: true });
    await writeDataDir(building, leadDocuments(active, trashed, Date.now()));
    writeFileSync(path.join(building, 'complete'), `${new Date().toISOString()}\n`);
    renameSync(building, cached);
    builtMs = Date.now() - t0;
  }
  const snapshots = readdirSync(cached).filter((f) => f.startsWith('snapshot-'));
  const dir = mkdtempSync(path.join(tmpdir(), 'vagas-panel-run-'));
  mkdirSync(path.join(dir, 'firestore'));
  for (const f of snapshots) linkSync(path.join(cached, f), path.join(dir, 'firestore', f));
  const bytes = snapshots.reduce((sum, f) => sum + statSync(path.join(cached, f)).size, 0);
  const cachedRecord = path.join(cached, INDEX_RECORD_FILE);
  const runRecord = path.join(dir, 'firestore', INDEX_RECORD_FILE);
  if (existsSync(cachedRecord)) copyFileSync(cachedRecord, runRecord);
  const remove = () => {
    if (existsSync(runRecord)) copyFileSync(runRecord, cachedRecord);
    rmSync(dir, { recursive: true, force: true });
  };
  // Ctrl-C stops the suite and exits (lib/panel-suite.ts) without the bench's own cleanup.
  process.once('exit', remove);
  return { dir, builtMs, bytes, countersFile: path.join(cached, 'counters.json'), remove };
}

/** Resolves once the Firestore emulator has built every index in the background (ms waited). */
export async function indexesBuilt(host: string, port: number): Promise<number> {
  const t0 = Date.now();
  for (;;) {
    const res = await fetch(`http://${host}:${port}/emulator/v1/stats`);
    const { indexBuilds } = (await res.json()) as { indexBuilds: number };
    if (!indexBuilds) return Date.now() - t0;
    await new Promise((r) => setTimeout(r, 500));
  }
}

/**
 * What a suite started on a snapshot needs before the panel opens on exact counts (returns a line
 * saying how long each step took): the counters, with the triggers paused, as after the bench's
 * seed (recomputed from the leads by `reconcileLeadStats`, every day, on the snapshot's first run,
 * then written back from the cache: lib/panel-counters.ts; the suite wrote the vacancy lists it
 * reads at start), then the indexes the emulator builds in the background after loading. Checks
 * the counters against the snapshot.
 */
export async function prepareSnapshotSuite(
  suite: LocalSuite,
  db: Firestore,
  snapshot: SnapshotDataDir,
  expected: { active: number; trashed: number },
  step: (what: string) => void,
): Promise<string> {
  step('the counters (cached with the snapshot, else reconcileLeadStats over every day)');
  const t0 = Date.now();
  const how = await withoutBackgroundTriggers(suite.hub, () =>
    restoreOrReconcileCounters(db, snapshot.countersFile),
  );
  const reconcileMs = Date.now() - t0;
  const stats = (await db.doc('stats/leads').get()).data() ?? {};
  const active = Object.values((stats.active ?? {}) as Record<string, number>).reduce(
    (sum, n) => sum + n,
    0,
  );
  if (active !== expected.active || stats.trashed !== expected.trashed) {
    throw new Error(
      `stats/leads counts ${active} active and ${String(stats.trashed)} trashed, not ` +
        `${expected.active} and ${expected.trashed}`,
    );
  }
  step('waiting for the emulator to finish building its indexes');
  const indexesMs = await indexesBuilt(suite.firestore.host, suite.firestore.port);
  const load = loadavg()
    .map((n) => n.toFixed(1))
    .join(' ');
  return (
    `counters ${how} in ${reconcileMs} ms (stats/leads equal to the snapshot); the ` +
    `emulator's background index builds done ${indexesMs} ms later (load ${load})`
  );
}

/** One line for the bench's output: built now or reused, and its size. */
export function describeSnapshot(s: SnapshotDataDir): string {
  const size = `${(s.bytes / 2 ** 20).toFixed(0)} MiB`;
  return s.builtMs === undefined
    ? `data directory: the cached snapshot (${size}) linked into ${s.dir}`
    : `data directory: snapshot built in ${(s.builtMs / 1000).toFixed(1)} s (${size}), cached`;
}
