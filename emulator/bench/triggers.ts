/**
 * Firestore triggers through the real stack (numbers only, never pass/fail): the local suite with
 * firebase-tools' Functions emulator loading test/fixtures/trigger-functions, whose bench functions
 * record when they start (`bench-started/{name}-{id}`, the wall clock of their process).
 *  1. Commit latency through firebase-admin with and without a matching trigger: interleaved,
 *     back to back (the functions run meanwhile), p50/p95 and the ratio of the p50s.
 *  2. Commit → function start, warm: one write at a time, from the commit's acknowledgement to the
 *     function's first line, p50/p95.
 *  3. The same, cold: the first event of functions never run before (the Functions emulator starts
 *     a worker process for each), median of 3.
 * Run: npm run bench -- triggers (at the root); BENCH_QUICK=1 for a short run.
 */
import { fileURLToPath } from 'node:url';
import { initializeApp } from 'firebase-admin/app';
import { getFirestore, type Firestore } from 'firebase-admin/firestore';
import { report } from '../../bench/lib/report.js';
import { startLocalSuite } from '../../scripts/lib/local-suite.mjs';

const QUICK = process.env.BENCH_QUICK === '1';
const COMMITS = QUICK ? 40 : 200;
const WARM = QUICK ? 10 : 40;
const FIXTURE = fileURLToPath(new URL('../test/fixtures/trigger-functions', import.meta.url));

/** Wall-clock milliseconds with sub-millisecond precision (as the fixture's functions record it). */
const now = () => performance.timeOrigin + performance.now();

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/** Resolves with the start time each bench function records, as it arrives (one listener). */
function startTimes(db: Firestore) {
  const seen = new Map<string, number>();
  const waiting = new Map<string, (at: number) => void>();
  const stop = db.collection('bench-started').onSnapshot((snap) => {
    for (const change of snap.docChanges()) {
      const at = Number(change.doc.get('at'));
      seen.set(change.doc.id, at);
      waiting.get(change.doc.id)?.(at);
    }
  });
  return {
    stop,
    /** The start time of `name-id`, waiting up to 3 minutes for it. */
    of(id: string): Promise<number> {
      const known = seen.get(id);
      if (known !== undefined) return Promise.resolve(known);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no function start for ${id}`)), 180_000);
        waiting.set(id, (at) => {
          clearTimeout(timer);
          waiting.delete(id);
          resolve(at);
        });
      });
    },
  };
}

/** Commit latency with and without a matching trigger, interleaved. */
async function commitLatency(db: Firestore): Promise<void> {
  const plain: number[] = [];
  const triggered: number[] = [];
  for (let i = 0; i < COMMITS; i++) {
    for (const [collection, into] of [
      ['bench-untriggered', plain],
      ['bench-triggered', triggered],
    ] as const) {
      const started = performance.now();
      await db.doc(`${collection}/c${i}`).set({ i, at: started });
      into.push(performance.now() - started);
    }
  }
  const section = 'triggers' as const;
  const note = `${COMMITS} commits each, interleaved, firebase-admin over gRPC; the functions run meanwhile`;
  for (const [label, values] of [
    ['without a matching trigger', plain],
    ['with a matching trigger', triggered],
  ] as const) {
    report({
      section,
      measure: `Commit latency ${label}, p50`,
      value: percentile(values, 50),
      unit: 'ms',
      note,
    });
    report({
      section,
      measure: `Commit latency ${label}, p95`,
      value: percentile(values, 95),
      unit: 'ms',
    });
  }
  report({
    section,
    measure: 'Commit latency p50, with / without a matching trigger',
    value: percentile(triggered, 50) / percentile(plain, 50),
    unit: '×',
    goal: { op: '<=', value: 1.5 },
    note: 'events are queued after the commit is durable and sent after it is acknowledged',
  });
}

/**
 * Waits until the emulator's request list shows the delivery to `path` finished, so the function's
 * worker is idle again (a write arriving while it is busy makes the Functions emulator start another).
 */
async function delivered(base: string, path: string): Promise<void> {
  for (;;) {
    const { requests } = (await (await fetch(`${base}/console/api/requests`)).json()) as {
      requests: { path: string; delivery?: { result: string } }[];
    };
    if (requests.some((r) => r.path === path && r.delivery)) return;
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** One write, then the time from its acknowledgement to the function's start. */
async function toStart(
  db: Firestore,
  starts: ReturnType<typeof startTimes>,
  base: string,
  [collection, name, id]: [string, string, string],
) {
  await db.doc(`${collection}/${id}`).set({ id });
  const acknowledged = now();
  const started = await starts.of(`${name}-${id}`);
  await delivered(base, `${collection}/${id}`);
  return started - acknowledged;
}

async function main(): Promise<void> {
  console.log('Starting the local suite with the trigger fixture functions...');
  const suite = await startLocalSuite({ functions: true, functionsSource: FIXTURE });
  const app = initializeApp({ projectId: suite.projectId }, 'bench-triggers');
  const db = getFirestore(app);
  db.settings({ host: `${suite.firestore.host}:${suite.firestore.port}`, ssl: false });
  const starts = startTimes(db);
  const base = `http://${suite.firestore.host}:${suite.firestore.port}`;
  const sample = (collection: string, name: string, id: string) =>
    toStart(db, starts, base, [collection, name, id]);
  try {
    const cold: number[] = [];
    for (const k of [1, 2, 3]) cold.push(await sample(`bench-cold${k}`, `cold${k}`, 'first'));
    // The warm function's worker starts on its first event.
    await sample('bench-triggered', 'warm', 'warm-up');
    const warm: number[] = [];
    for (let i = 0; i < WARM; i++) warm.push(await sample('bench-triggered', 'warm', `w${i}`));
    await commitLatency(db);
    const section = 'triggers' as const;
    const note = `${WARM} writes, one at a time: acknowledgement → the function's first line`;
    report({
      section,
      measure: 'Commit → function start, warm, p50',
      value: percentile(warm, 50),
      unit: 'ms',
      note,
    });
    report({
      section,
      measure: 'Commit → function start, warm, p95',
      value: percentile(warm, 95),
      unit: 'ms',
    });
    report({
      section,
      measure: 'Commit → function start, cold (first event of a function), median of 3',
      value: percentile(cold, 50),
      unit: 'ms',
      note: `each: ${cold.map((v) => Math.round(v)).join(', ')} ms (the Functions emulator starts a worker process)`,
    });
  } finally {
    starts.stop();
    await db.terminate();
    await suite.stop();
  }
}

await main();
process.exit(0);
