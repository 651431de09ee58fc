/**
 * Bad-input drill (numbers, never pass/fail): at least 10,000 malformed requests against one
 * emulator process (`--rules`, seeded data) through gRPC (node:http2), raw HTTP/2 and HTTP/1.1
 * bytes (node:net), REST and WebChannel (node:http), all on its one port. Reports crashes, the
 * requests answered with an unexpected kind of error (a 500/INTERNAL, a hang, a reset), RSS growth
 * and whether the seeded data changed.
 * Run from the repo root: node --import tsx emulator/bench/bad-input.ts
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { report } from '../../bench/lib/report.js';
import { adminClient } from '../test/support/emulator.js';
import { startEmulatorProcess } from './_emulator-process.js';
import { H2Client, httpRequest, pool, sleep } from './_raw-clients.js';
import type { Case } from './_bad-input-case.js';
import { grpcCases } from './_bad-input-grpc.js';
import { rawCases } from './_bad-input-raw.js';
import { httpCases } from './_bad-input-http.js';

// firebase-admin against an emulator: no metadata-server lookup (and no MetadataLookupWarning).
process.env.METADATA_SERVER_DETECTION ??= 'none';
const PROJECT = 'demo-bad-input';
const RULES = `rules_version = '2';
service cloud.firestore {
  match /databases/{database}/documents {
    match /seed/{id} { allow read: if true; allow write: if false; }
    match /{document=**} { allow read, write: if false; }
  }
}
`;

const dir = mkdtempSync(path.join(tmpdir(), 'bad-input-'));
const rulesFile = path.join(dir, 'firestore.rules');
writeFileSync(rulesFile, RULES);
// With --expose-gc, GET /emulator/v1/stats?gc=1 measures memory after a full GC.
process.env.NODE_OPTIONS = `${process.env.NODE_OPTIONS ?? ''} --expose-gc`.trim();
const emu = await startEmulatorProcess(['--port', '0', '--project', PROJECT, '--rules', rulesFile]);
let crashed = false;
let stderr = '';
emu.child.stderr?.on('data', (c: Buffer) => (stderr += c.toString()));
emu.child.on('exit', () => (crashed = true));

const admin = adminClient(emu, PROJECT);
const SEEDS = 50;
const batch = admin.db.batch();
for (let i = 0; i < SEEDS; i++) {
  batch.set(admin.db.doc(`seed/s${String(i).padStart(2, '0')}`), {
    n: i,
    name: `Seed ${i}`,
    tags: ['a', 'b'],
    nested: { deep: { x: i * 1.5 } },
    at: new Date(Date.UTC(2026, 0, 1, 0, 0, i)),
  });
}
await batch.commit();
const snapshot = async () => {
  const docs = await admin.db.collection('seed').get();
  return new Map(docs.docs.map((d) => [d.id, JSON.stringify(d.data())]));
};
const before = await snapshot();

const ctx = {
  port: emu.port,
  project: PROJECT,
  h2: new H2Client(emu.port),
  bigH2: new H2Client(emu.port, 256),
};
const cases: Case[] = [...grpcCases(ctx), ...rawCases(ctx), ...httpCases(ctx)];

async function storm(list: Case[], concurrency = 24) {
  const byCategory = new Map<string, { sent: number; bad: number; answers: Map<string, number> }>();
  const unexpected = new Map<string, number>();
  let bad = 0;
  await pool(
    list.map((c) => c.run),
    concurrency,
    (answer, i) => {
      const c = list[i];
      const entry = byCategory.get(c.category) ?? { sent: 0, bad: 0, answers: new Map() };
      byCategory.set(c.category, entry);
      entry.sent++;
      entry.answers.set(answer.label, (entry.answers.get(answer.label) ?? 0) + 1);
      if (!answer.expected) {
        entry.bad++;
        bad++;
        const key = `${c.category}: ${c.detail} -> ${answer.label}`;
        unexpected.set(key, (unexpected.get(key) ?? 0) + 1);
      }
    },
  );
  return { byCategory, bad, unexpected };
}

interface Stats {
  webChannel: { sessions: number };
  memory: { heapUsedMiB: number; externalMiB: number };
}
async function stats(gc: boolean): Promise<Stats> {
  const a = await httpRequest(emu.port, 'GET', `/emulator/v1/stats${gc ? '?gc=1' : ''}`);
  if (a.status !== 200)
    return { webChannel: { sessions: NaN }, memory: { heapUsedMiB: NaN, externalMiB: NaN } };
  return JSON.parse(a.body) as Stats;
}

/** Memory once the emulator's garbage is collected: the lowest of three GCs a second apart. */
async function settledMemory(): Promise<{ rss: number; heap: number; external: number }> {
  let rss = Infinity;
  let heap = Infinity;
  let external = Infinity;
  for (let i = 0; i < 3 && !crashed; i++) {
    await sleep(1000);
    const s = await stats(true);
    rss = Math.min(rss, emu.rssMiB());
    heap = Math.min(heap, s.memory.heapUsedMiB);
    external = Math.min(external, s.memory.externalMiB);
  }
  return crashed ? { rss: NaN, heap: NaN, external: NaN } : { rss, heap, external };
}

// Warm-up on a sample of every kind but WebChannel sessions (they live until the 60 s idle sweep),
// so code built lazily is in the baseline.
await storm(cases.filter((c, i) => i % 20 === 0 && !c.category.startsWith('webchannel')));
const baseline = await settledMemory();
const started = performance.now();
const { byCategory, bad, unexpected } = await storm(cases);
const seconds = (performance.now() - started) / 1000;
console.log(
  `${cases.length} malformed requests in ${seconds.toFixed(1)} s; by category (answers):`,
);
for (const [category, e] of [...byCategory].sort()) {
  const answers = [...e.answers].map(([k, v]) => `${k} ×${v}`).join(', ');
  console.log(
    `  ${category.padEnd(28)} ${String(e.sent).padStart(5)}  ${e.bad ? `${e.bad} unexpected; ` : ''}${answers}`,
  );
}
if (unexpected.size) console.log('unexpected answers:');
for (const [k, n] of [...unexpected].sort()) console.log(`  ${n} × ${k}`);
ctx.h2.close();
ctx.bigH2.close();

// The storm's WebChannel sessions (real sessions that got bad messages) are dropped after 60 s
// idle: wait for that, then measure what is left.
const sweepStarted = performance.now();
while (!crashed && (await stats(false)).webChannel.sessions > 0) {
  if (performance.now() - sweepStarted > 90_000) break;
  await sleep(1000);
}
const settled = await settledMemory();

const health = crashed ? null : await httpRequest(emu.port, 'GET', '/');
const healthy = health?.status === 200 && health.body === 'Ok' ? 1 : 0;
let changed = NaN;
if (!crashed) {
  const after = await snapshot();
  changed = Math.abs(after.size - before.size);
  for (const [id, json] of before) if (after.get(id) !== json) changed++;
}

report({
  section: 'bad-input',
  measure: 'malformed requests sent',
  value: cases.length,
  unit: 'requests',
  goal: { op: '>=', value: 10_000 },
});
report({
  section: 'bad-input',
  measure: 'emulator crashes',
  value: crashed ? 1 : 0,
  unit: '',
  goal: { op: '==', value: 0 },
  note: crashed ? stderr.slice(-500) : undefined,
});
report({
  section: 'bad-input',
  measure: 'health check answers after the storm',
  value: healthy,
  unit: '',
  goal: { op: '==', value: 1 },
});
report({
  section: 'bad-input',
  measure: 'answered with an unexpected kind (500/INTERNAL, hang, reset)',
  value: bad,
  unit: 'requests',
  goal: { op: '==', value: 0 },
});
report({
  section: 'bad-input',
  measure: 'RSS growth over the storm (after the idle sweep and a GC)',
  value: settled.rss - baseline.rss,
  unit: 'MiB',
  goal: { op: '<', value: 30 },
  note: `${baseline.rss.toFixed(0)} -> ${settled.rss.toFixed(0)} MiB`,
});
report({
  section: 'bad-input',
  measure: 'buffers outside the JS heap, growth over the storm (after the sweep and a GC)',
  value: settled.external - baseline.external,
  unit: 'MiB',
  goal: { op: '<', value: 5 },
  note: `${baseline.external.toFixed(1)} -> ${settled.external.toFixed(1)} MiB`,
});
report({
  section: 'bad-input',
  measure: 'JS heap growth over the storm (after the idle sweep and a GC)',
  value: settled.heap - baseline.heap,
  unit: 'MiB',
  goal: { op: '<', value: 5 },
  note: `${baseline.heap.toFixed(1)} -> ${settled.heap.toFixed(1)} MiB`,
});
report({
  section: 'bad-input',
  measure: 'seeded documents changed',
  value: changed,
  unit: 'docs',
  goal: { op: '==', value: 0 },
});
const logged = stderr.split('\n').filter((l) => /handler error/.test(l)).length;
report({
  section: 'bad-input',
  measure: 'handler errors logged by the emulator',
  value: logged,
  unit: 'lines',
  goal: { op: '==', value: 0 },
});

await admin.close();
if (!crashed) await emu.stop();
rmSync(dir, { recursive: true, force: true });
process.exit(0);
