/**
 * Emulator benchmarks (numbers only, never pass/fail): cold start, commits/s through firebase-admin with
 * 8 concurrent writers, write -> 100 live query listeners latency, RSS with 100,000 documents, recovery time.
 * Run: npm run bench -w emulator (or `npm run bench -- emulator-core` at the root).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { QuerySnapshot } from 'firebase-admin/firestore';
import { adminClient } from '../test/support/emulator.js';
import { report } from '../../bench/lib/report.js';
import { cliMode, startEmulatorProcess } from './_emulator-process.js';

const PROJECT = 'demo-bench';
const quick = process.env.BENCH_QUICK === '1';

function fmt(n: number, digits = 1): string {
  return n.toLocaleString('en-US', {
    maximumFractionDigits: digits,
    minimumFractionDigits: digits,
  });
}

function percentile(values: number[], p: number): number {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
}

/**
 * Cold start (spawn -> ready line), then the first query a fresh firebase-admin client runs right
 * after it (the client's connection included), and the same query again (hot).
 */
async function coldStart(): Promise<void> {
  const times: number[] = [];
  const firstQuery: number[] = [];
  const hotQuery: number[] = [];
  for (let i = 0; i < 3; i++) {
    const emu = await startEmulatorProcess(['--port', '0']);
    times.push(emu.readyMs);
    const admin = adminClient(emu, PROJECT);
    const query = admin.db.collection('leads').where('status', '==', 'novo').limit(25);
    let t0 = performance.now();
    await query.get();
    firstQuery.push(performance.now() - t0);
    t0 = performance.now();
    await query.get();
    hotQuery.push(performance.now() - t0);
    await admin.close();
    await emu.stop();
  }
  console.log(
    `cold start to ready (${cliMode} CLI, spawn -> ready line): median ${fmt(percentile(times, 50), 0)} ms ` +
      `(runs: ${times.map((t) => fmt(t, 0)).join(', ')} ms; goal < 500 ms)`,
  );
  report({
    section: 'emulator',
    measure: `cold start to ready (${cliMode} CLI), median of 3`,
    value: percentile(times, 50),
    unit: 'ms',
    goal: { op: '<', value: 500 },
  });
  report({
    section: 'emulator',
    measure: 'first query after start (new firebase-admin client), median of 3',
    value: percentile(firstQuery, 50),
    unit: 'ms',
    goal: { op: '<', value: 100 },
  });
  report({
    section: 'emulator',
    measure: 'the same query again (hot), median of 3',
    value: percentile(hotQuery, 50),
    unit: 'ms',
  });
}

async function commitsPerSecond(dataDir?: string): Promise<void> {
  const emu = await startEmulatorProcess(['--port', '0', ...(dataDir ? ['--data', dataDir] : [])]);
  const admin = adminClient(emu, PROJECT);
  await admin.db.doc('warm/up').set({ ok: true });
  const seconds = quick ? 1.5 : 4;
  let done = 0;
  const cpu0 = emu.cpuMs();
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
  const elapsed = (performance.now() - started) / 1000;
  console.log(
    `single-document commits/s, firebase-admin, 8 concurrent writers${dataDir ? ', --data (fsync per group commit)' : ', memory only'}: ` +
      `${fmt(done / elapsed, 0)}/s (${done} commits in ${fmt(elapsed, 2)} s; goal >= 2,000/s); ` +
      `emulator CPU ${fmt((emu.cpuMs() - cpu0) / done, 3)} ms per commit ` +
      `(~${fmt(done / ((emu.cpuMs() - cpu0) / 1000), 0)} commits/s per emulator core; the admin SDK client is the bottleneck here)`,
  );
  report({
    section: 'emulator',
    measure: `commits/s, firebase-admin, 8 writers, ${dataDir ? '--data (durable)' : 'memory only'}`,
    value: done / elapsed,
    unit: '/s',
  });
  await admin.close();
  await emu.stop();
}

async function listenerFanout(): Promise<void> {
  const emu = await startEmulatorProcess(['--port', '0']);
  const admin = adminClient(emu, PROJECT);
  const listeners = 100;
  const writes = quick ? 10 : 30;
  const latencies: number[] = [];
  const sentAt = new Map<number, number>();
  const seen: Set<number>[] = [];
  const unsubs: (() => void)[] = [];
  let ready = 0;
  for (let l = 0; l < listeners; l++) {
    const got = new Set<number>();
    seen.push(got);
    let first = true;
    unsubs.push(
      admin.db
        .collection('fanout')
        .where('kind', '==', 'ping')
        .onSnapshot((s: QuerySnapshot) => {
          const now = performance.now();
          if (first) {
            first = false;
            ready++;
          }
          for (const c of s.docChanges()) {
            const seq = c.doc.get('seq') as number;
            const t = sentAt.get(seq);
            if (t !== undefined && !got.has(seq)) {
              got.add(seq);
              latencies.push(now - t);
            }
          }
        }),
    );
  }
  while (ready < listeners) await new Promise((r) => setTimeout(r, 20));
  const cpu0 = emu.cpuMs();
  for (let seq = 0; seq < writes; seq++) {
    sentAt.set(seq, performance.now());
    await admin.db.doc(`fanout/${seq}`).set({ kind: 'ping', seq });
    const until = performance.now() + 5000;
    while (seen.some((g) => !g.has(seq)) && performance.now() < until) {
      await new Promise((r) => setImmediate(r));
    }
  }
  for (const u of unsubs) u();
  console.log(
    `write reaching ${listeners} live query listeners (firebase-admin, one Listen stream each): ` +
      `p50 ${fmt(percentile(latencies, 50))} ms, p95 ${fmt(percentile(latencies, 95))} ms, ` +
      `max ${fmt(Math.max(...latencies))} ms over ${writes} writes (${latencies.length} deliveries; goal p95 < 50 ms); ` +
      `emulator CPU ${fmt((emu.cpuMs() - cpu0) / writes, 2)} ms per write (the rest is client-side)`,
  );
  report({
    section: 'emulator',
    measure: `write -> ${listeners} query listeners, p95`,
    value: percentile(latencies, 95),
    unit: 'ms',
    goal: { op: '<', value: 50 },
  });
  await admin.close();
  await emu.stop();
}

async function largeDataSet(): Promise<void> {
  const dir = mkdtempSync(path.join(tmpdir(), 'fs-emu-bench-'));
  try {
    const count = quick ? 20_000 : 100_000;
    const emu = await startEmulatorProcess(['--port', '0', '--data', dir]);
    const admin = adminClient(emu, PROJECT);
    const rssEmpty = emu.rssMiB();
    const loadStart = performance.now();
    const batchSize = 500;
    const batches: Promise<unknown>[] = [];
    for (let i = 0; i < count; i += batchSize) {
      const b = admin.db.batch();
      for (let j = i; j < Math.min(count, i + batchSize); j++) {
        b.set(admin.db.doc(`leads/lead-${String(j).padStart(6, '0')}`), {
          nome: `Candidato ${j}`,
          cidade: 'São Paulo',
          idade: 18 + (j % 50),
          status: 'novo',
        });
      }
      batches.push(b.commit());
      if (batches.length >= 4) await batches.shift();
    }
    await Promise.all(batches);
    const loadMs = performance.now() - loadStart;
    const counted = (await admin.db.collection('leads').count().get()).data().count;
    (globalThis as { gc?: () => void }).gc?.();
    await new Promise((r) => setTimeout(r, 500));
    console.log(
      `RSS with ${counted.toLocaleString('en-US')} small documents: ${fmt(emu.rssMiB(), 0)} MiB ` +
        `(empty: ${fmt(rssEmpty, 0)} MiB; loaded in ${fmt(loadMs / 1000, 2)} s; goal < 400 MB)`,
    );
    report({
      section: 'emulator',
      measure: `RSS with ${counted.toLocaleString('en-US')} documents`,
      value: emu.rssMiB(),
      unit: 'MiB',
      goal: { op: '<', value: 400 },
    });
    await admin.close();
    await emu.stop('SIGKILL');
    const again = await startEmulatorProcess(['--port', '0', '--data', dir]);
    const check = adminClient(again, PROJECT);
    const firstStart = performance.now();
    await check.db.collection('leads').where('idade', '==', 30).limit(25).get();
    const firstQueryMs = performance.now() - firstStart;
    const recovered = (await check.db.collection('leads').count().get()).data().count;
    console.log(
      `recovery of that data set from --data after kill -9 (spawn -> ready line): ${fmt(again.readyMs, 0)} ms ` +
        `(${recovered.toLocaleString('en-US')} documents back; goal < 3000 ms)`,
    );
    report({
      section: 'emulator',
      measure: `recovery of ${recovered.toLocaleString('en-US')} documents after kill -9`,
      value: again.readyMs,
      unit: 'ms',
      goal: { op: '<', value: 3000 },
    });
    report({
      section: 'emulator',
      measure: `first query after that recovery (where + limit 25 over ${recovered.toLocaleString('en-US')})`,
      value: firstQueryMs,
      unit: 'ms',
      goal: { op: '<', value: 100 },
    });
    await check.close();
    await again.stop();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

console.log(`Firestore emulator benchmarks (${cliMode} CLI${quick ? ', BENCH_QUICK' : ''})`);
await coldStart();
await commitsPerSecond();
const dataDir = mkdtempSync(path.join(tmpdir(), 'fs-emu-bench-commits-'));
try {
  await commitsPerSecond(dataDir);
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
await listenerFanout();
await largeDataSet();
process.exit(0);
