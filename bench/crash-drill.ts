/**
 * Crash drill: the load of bench/load.ts (candidates writing leads through Firestore Lite with the
 * real firestore.rules, client ids, the page's retry with the same id) against an emulator with
 * durable data (`--data`, a fresh temporary directory), which is killed with SIGKILL in the middle
 * of the run and restarted on the same data directory and the same port (chosen free up front), so
 * the candidates' retries reach it again. Candidates retry as the page does (same id) until
 * acknowledged (bounded, far beyond the outage).
 *
 * Alongside, firebase-admin writers commit multi-document batches (5 documents sharing a batch id)
 * and transactions (a counter incremented together with a log document per value), so that after
 * recovery all-or-nothing can be checked: a batch is stored with all its documents or none, and each
 * counter has exactly one log document per value 1..counter.
 *
 * Usage: node --import tsx bench/crash-drill.ts [--seconds 36] [--candidates 200]
 *        (or CRASH_SECONDS / CRASH_CANDIDATES); the kill comes at 40% of the run.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Firestore } from 'firebase-admin/firestore';
import {
  adminClient,
  startEmulatorProcess,
  type EmulatorProcess,
} from '@vagas/firestore-emulator/testing';
import { freePort } from '../scripts/lib/local-suite.mjs';
import { seedVacancyLists } from '../scripts/lib/vacancy-seed.mjs';
import { report } from './lib/report.ts';
import {
  PROJECT,
  RULES,
  Tally,
  candidateClients,
  checkStoredLeads,
  failureSummary,
  numberArg,
  percentile,
  runCandidates,
  sleep,
} from './load.ts';

const section = 'crash';
const BATCH_SIZE = 5;

/** What the admin writers committed (acknowledged) and attempted. */
interface AdminTally {
  batchesAcked: Set<string>;
  batchesAttempted: number;
  batchErrors: number;
  /** Counter id -> transactions acknowledged. */
  txnsAcked: Map<string, number>;
  txnErrors: number;
  running: boolean;
}

async function batchWriter(db: Firestore, w: number, t: AdminTally): Promise<void> {
  for (let n = 0; t.running; n++) {
    const id = `w${w}-${n}`;
    const batch = db.batch();
    for (let k = 0; k < BATCH_SIZE; k++) {
      batch.set(db.doc(`drill-batches/${id}-${k}`), { batch: id, k, of: BATCH_SIZE });
    }
    t.batchesAttempted++;
    try {
      await batch.commit();
      t.batchesAcked.add(id);
    } catch {
      t.batchErrors++;
      await sleep(200);
    }
  }
}

async function counterWriter(db: Firestore, w: number, t: AdminTally): Promise<void> {
  const counter = `t${w}`;
  while (t.running) {
    try {
      await db.runTransaction(async (txn) => {
        const snap = await txn.get(db.doc(`drill-counters/${counter}`));
        const value = ((snap.get('value') as number | undefined) ?? 0) + 1;
        txn.set(db.doc(`drill-counters/${counter}`), { value });
        txn.set(db.doc(`drill-counter-log/${counter}-${value}`), { counter, value });
      });
      t.txnsAcked.set(counter, (t.txnsAcked.get(counter) ?? 0) + 1);
    } catch {
      t.txnErrors++;
      await sleep(200);
    }
  }
}

/** Half-written batches and transactions, and acknowledged ones missing, as stored now. */
async function checkAllOrNothing(
  db: Firestore,
  t: AdminTally,
): Promise<{
  batchesStored: number;
  halfBatches: number;
  lostBatches: number;
  counters: number;
  increments: number;
  halfTxns: number;
  lostTxns: number;
}> {
  const perBatch = new Map<string, number>();
  for (const d of (await db.collection('drill-batches').get()).docs) {
    const id = String(d.get('batch'));
    perBatch.set(id, (perBatch.get(id) ?? 0) + 1);
  }
  let halfBatches = 0;
  for (const count of perBatch.values()) if (count !== BATCH_SIZE) halfBatches++;
  let lostBatches = 0;
  for (const id of t.batchesAcked) if (perBatch.get(id) !== BATCH_SIZE) lostBatches++;

  const logs = new Map<string, Set<number>>();
  for (const d of (await db.collection('drill-counter-log').get()).docs) {
    const c = String(d.get('counter'));
    if (!logs.has(c)) logs.set(c, new Set());
    logs.get(c)?.add(Number(d.get('value')));
  }
  let halfTxns = 0;
  let lostTxns = 0;
  let increments = 0;
  const counters = (await db.collection('drill-counters').get()).docs;
  for (const d of counters) {
    const value = Number(d.get('value'));
    increments += value;
    const log = logs.get(d.id) ?? new Set<number>();
    // Every value 1..counter logged once, and no log entry beyond the counter.
    for (let v = 1; v <= value; v++) if (!log.has(v)) halfTxns++;
    for (const v of log) if (v > value) halfTxns++;
    logs.delete(d.id);
    lostTxns += Math.max(0, (t.txnsAcked.get(d.id) ?? 0) - value);
  }
  for (const log of logs.values()) halfTxns += log.size; // log entries of a counter never stored
  for (const [c, n] of t.txnsAcked) if (!counters.some((d) => d.id === c)) lostTxns += n;
  return {
    batchesStored: [...perBatch.values()].filter((n) => n === BATCH_SIZE).length,
    halfBatches,
    lostBatches,
    counters: counters.length,
    increments,
    halfTxns,
    lostTxns,
  };
}

/** What one drill run measured. */
interface DrillResult {
  seconds: number;
  candidates: number;
  /** performance.now() at the start of the load, and at the kill. */
  started: number;
  killedAt: number;
  /** Seconds the load ran. */
  elapsed: number;
  ackedBeforeCrash: number;
  batchesBeforeCrash: number;
  recoveryMs: number;
  tally: Tally;
  adminTally: AdminTally;
  check: Awaited<ReturnType<typeof checkStoredLeads>>;
  aon: Awaited<ReturnType<typeof checkAllOrNothing>>;
}

/** Reports the drill's numbers to `npm run bench`. */
function reportDrill(result: DrillResult): void {
  const { seconds, candidates, started, killedAt, elapsed, tally, adminTally, check, aon } = result;
  const { ackedBeforeCrash, batchesBeforeCrash, recoveryMs } = result;
  let lastBefore = -Infinity;
  let firstAfter = Infinity;
  for (const { sent, at } of tally.acked.values()) {
    if (at < killedAt) lastBefore = Math.max(lastBefore, at);
    // Answers already on their way at the kill do not end the outage: a request sent after it does.
    if (sent >= killedAt) firstAfter = Math.min(firstAfter, at);
  }
  const acked = tally.acked.size;
  report({
    section,
    measure: 'acknowledged before the crash',
    value: ackedBeforeCrash,
    unit: '',
    note: `${candidates} candidates, Firestore Lite REST, firestore.rules, --data; SIGKILL at ${((killedAt - started) / 1000).toFixed(1)} s of ${seconds} s`,
  });
  report({
    section,
    measure: 'acknowledged total',
    value: acked,
    unit: '',
    note: `${(acked / elapsed).toFixed(0)} applications/s over ${elapsed.toFixed(1)} s; p95 submit-to-acknowledgement ${percentile(tally.latencies, 95).toFixed(0)} ms; ${tally.retriedThenAcked} acknowledged after a retry (${check.retriedOverStored} of them updating the lead their unanswered first attempt had stored); failed attempts ${tally.failedAttempts} (${failureSummary(tally)}); given up ${tally.gaveUp}`,
  });
  report({
    section,
    measure: 'lost',
    value: check.lost + check.wrongContent + aon.lostBatches + aon.lostTxns,
    unit: '',
    goal: { op: '==', value: 0 },
    note: `acknowledged but not stored: leads ${check.lost} (+${check.wrongContent} stored with another application), batches ${aon.lostBatches}, counter increments ${aon.lostTxns}; stored leads ${check.stored} = ${acked} acknowledged + ${check.unackedStored} never acknowledged`,
  });
  report({
    section,
    measure: 'stored twice',
    value: check.duplicated,
    unit: '',
    goal: { op: '==', value: 0 },
    note: 'an application stored in more than one document, or a stored lead no candidate wrote',
  });
  report({
    section,
    measure: 'half-written batches/transactions',
    value: aon.halfBatches + aon.halfTxns,
    unit: '',
    goal: { op: '==', value: 0 },
    note: `batches of ${BATCH_SIZE}: ${aon.batchesStored} whole of ${adminTally.batchesAttempted} attempted (${adminTally.batchesAcked.size} acknowledged, ${batchesBeforeCrash} before the crash, ${adminTally.batchErrors} failed), ${aon.halfBatches} partial; counter transactions: ${aon.increments} increments stored over ${aon.counters} counters (${[...adminTally.txnsAcked.values()].reduce((a, b) => a + b, 0)} acknowledged, ${adminTally.txnErrors} failed), ${aon.halfTxns} values without their log entry or log entries without their value`,
  });
  report({
    section,
    measure: 'recovery time',
    value: recoveryMs,
    unit: 'ms',
    note: 'spawn of the restarted emulator to its ready line, on the same data directory and port (journal replay included)',
  });
  report({
    section,
    measure: 'client-visible outage',
    value: firstAfter - killedAt,
    unit: 'ms',
    note: `from the kill to the first acknowledgement of a request sent after it (candidates retry after 250-500 ms); the last acknowledgement before the kill came ${(killedAt - lastBefore).toFixed(0)} ms before it`,
  });
}

async function main(): Promise<void> {
  const seconds = numberArg('seconds', 'CRASH_SECONDS', 36);
  const candidates = numberArg('candidates', 'CRASH_CANDIDATES', 200);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'vagas-crash-'));
  const port = await freePort();
  const args = ['--port', String(port), '--project', PROJECT, '--rules', RULES, '--data', dataDir];
  let emu: EmulatorProcess | undefined = await startEmulatorProcess(args);
  // The forms' vacancy lists, which the rules check each lead's job and locality against.
  await seedVacancyLists({ firestoreHost: `127.0.0.1:${port}`, projectId: PROJECT });
  const admin = adminClient({ host: '127.0.0.1', port }, PROJECT);
  const clients = candidateClients({ host: '127.0.0.1', port, candidates });
  const tally = new Tally();
  const adminTally: AdminTally = {
    batchesAcked: new Set(),
    batchesAttempted: 0,
    batchErrors: 0,
    txnsAcked: new Map(),
    txnErrors: 0,
    running: true,
  };
  try {
    const started = performance.now();
    const load = runCandidates(clients.dbs, { maxAttempts: 200, retryPauseMs: 250 }, tally);
    const writers = Promise.all([
      batchWriter(admin.db, 0, adminTally),
      batchWriter(admin.db, 1, adminTally),
      counterWriter(admin.db, 0, adminTally),
      counterWriter(admin.db, 1, adminTally),
    ]);

    await sleep(seconds * 400);
    const killedAt = performance.now();
    await emu.stop('SIGKILL');
    emu = undefined;
    const ackedBeforeCrash = tally.acked.size;
    const batchesBeforeCrash = adminTally.batchesAcked.size;
    emu = await startEmulatorProcess(args);
    const recoveryMs = emu.readyMs;

    await sleep(Math.max(0, started + seconds * 1000 - performance.now()));
    tally.running = false;
    adminTally.running = false;
    await Promise.all([load, writers]);
    const elapsed = (performance.now() - started) / 1000;

    const check = await checkStoredLeads(emu, tally);
    const verify = adminClient({ host: '127.0.0.1', port }, PROJECT);
    const aon = await checkAllOrNothing(verify.db, adminTally);
    await verify.close();

    reportDrill({
      seconds,
      candidates,
      started,
      killedAt,
      elapsed,
      ackedBeforeCrash,
      batchesBeforeCrash,
      recoveryMs,
      tally,
      adminTally,
      check,
      aon,
    });
  } finally {
    tally.running = false;
    adminTally.running = false;
    await clients.close();
    await admin.close().catch(() => {});
    await emu?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
process.exit(0);
