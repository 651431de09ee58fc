/**
 * A fresh `npm start` (its own .local/ in a temporary folder, free ports), timed from its ready
 * message (the addresses it prints) to what a user does first:
 * - a candidate's application (the public form's write, App Check token and all) -> its derived
 *   keys, written by the leadTimeline function;
 * - an admin's status change of that lead -> its timeline entry (leadTimeline), and a note ->
 *   its entry (noteTimeline);
 * - the first call of each callable, as the web app makes it (App Check token, the demo admin's
 *   ID token), one after another: ms to its answer, whatever the answer.
 * Numbers only, never pass/fail. `--runs N` starts the suite N times.
 * Usage: node --import tsx bench/warm-start.ts [--runs 1]
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { deleteApp as deleteAdminApp, initializeApp as initAdminApp } from 'firebase-admin/app';
import { getFirestore as getAdminFirestore, type Firestore } from 'firebase-admin/firestore';
import { deleteApp, initializeApp } from 'firebase/app';
import {
  collection,
  connectFirestoreEmulator,
  doc,
  getFirestore,
  terminate,
} from 'firebase/firestore/lite';
import { setNewLead } from '../web/src/data/lead-write.ts';
import { mintAppCheckToken, useEmulatorAppCheck } from '../scripts/lib/app-check.mjs';
import { ROOT, makeLead } from './load.ts';
import { report } from './lib/report.ts';

const runsArg = process.argv.indexOf('--runs');
const runs = runsArg === -1 ? 1 : Number(process.argv[runsArg + 1]);
const demoAdmin = { email: 'admin@vagas.test', password: 'vagas-admin' };
const region = 'us-central1';

interface SuiteState {
  projectId: string;
  firestore: string;
  auth: string;
  functions: string;
  hub: string;
}

/** `npm start -- --free-ports` in a folder of its own; resolves at its ready message. */
function startSuite(localDir: string): Promise<{ child: ChildProcess; readyAt: number }> {
  const start = ['--import', 'tsx', path.join(ROOT, 'scripts/start.mjs'), '--free-ports'];
  const child = spawn(process.execPath, start, {
    cwd: ROOT,
    env: { ...process.env, VAGAS_LOCAL_DIR: localDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  return new Promise((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('Press Ctrl-C to stop.')) resolve({ child, readyAt: performance.now() });
    });
    child.stderr?.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.once('exit', (code) => reject(new Error(`npm start exited (${code}):\n${out}`)));
  });
}

function stopSuite(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGINT');
  });
}

/** Resolves with performance.now() once `ready(data)` holds for the document at `docPath`. */
function whenDocument(
  db: Firestore,
  docPath: string,
  ready: (data: FirebaseFirestore.DocumentData | undefined) => boolean,
): Promise<number> {
  return new Promise((resolve, reject) => {
    const stop = db.doc(docPath).onSnapshot((snap) => {
      if (!ready(snap.data())) return;
      stop();
      resolve(performance.now());
    }, reject);
  });
}

/** Resolves with performance.now() once the collection at `collectionPath` holds `count`. */
function whenCount(db: Firestore, collectionPath: string, count: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const stop = db.collection(collectionPath).onSnapshot((snap) => {
      if (snap.size < count) return;
      stop();
      resolve(performance.now());
    }, reject);
  });
}

/** The demo admin's ID token from the Auth emulator. */
async function idToken(auth: string): Promise<string> {
  const url = `http://${auth}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=bench`;
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...demoAdmin, returnSecureToken: true }),
  });
  const body = (await res.json()) as { idToken?: string };
  if (!body.idToken) throw new Error(`sign-in failed: ${JSON.stringify(body)}`);
  return body.idToken;
}

/** The callables the Functions emulator serves (its `GET /backends`). */
async function callableNames(functions: string): Promise<string[]> {
  type Def = { id: string; labels?: Record<string, string>; callableTrigger?: object };
  const body = (await (await fetch(`http://${functions}/backends`)).json()) as {
    backends?: { functionTriggers?: Def[] }[];
  };
  return (body.backends ?? [])
    .flatMap((b) => b.functionTriggers ?? [])
    .filter((d) => d.callableTrigger || d.labels?.['deployment-callable'] === 'true')
    .map((d) => d.id.slice(region.length + 1));
}

async function oneRun(run: number) {
  const localDir = mkdtempSync(path.join(tmpdir(), 'vagas-warm-start-'));
  const t0 = performance.now();
  const { child, readyAt } = await startSuite(localDir);
  const startMs = readyAt - t0;
  const state = JSON.parse(readFileSync(path.join(localDir, 'suite.json'), 'utf8')) as SuiteState;
  const since = (at: number) => at - readyAt;
  const admin = initAdminApp({ projectId: state.projectId }, `warm-start-${run}`);
  const app = initializeApp({ projectId: state.projectId, apiKey: 'bench' }, `candidate-${run}`);
  try {
    process.env.FIRESTORE_EMULATOR_HOST = state.firestore;
    const db = getAdminFirestore(admin);
    const [host, port] = state.firestore.split(':');
    useEmulatorAppCheck(app, { host: host!, port: Number(port) });
    const web = getFirestore(app);
    connectFirestoreEmulator(web, host!, Number(port));
    // The candidate's application, as the public form writes it.
    const id = doc(collection(web, 'leads')).id;
    const device = { id: doc(collection(web, 'devices')).id, slot: 0 };
    const { lead } = makeLead(() => 0.3, 'Primeira Candidata');
    const keyed = whenDocument(db, `leads/${id}`, (d) => Array.isArray(d?.search_keys));
    await setNewLead(web, id, lead, device);
    const keysAt = await keyed;
    // The keys and the screening's timeline entry (a lead held for review gets one) are one write.
    const timeline = db.collection(`leads/${id}/timeline`);
    const entries = (await timeline.get()).size;
    // An admin's first changes of it: each adds one entry.
    const statusEntry = whenCount(db, timeline.path, entries + 1);
    const changedAt = performance.now();
    await db.doc(`leads/${id}`).update({ status: 'principal' });
    const statusAt = await statusEntry;
    const noteEntry = whenCount(db, timeline.path, entries + 2);
    const notedAt = performance.now();
    await db.collection(`leads/${id}/notes`).add({
      text: 'Ligar amanhã',
      author_uid: 'bench',
      author_email: demoAdmin.email,
      created_at: new Date(),
      updated_at: null,
    });
    const noteAt = await noteEntry;
    const calls: { name: string; ms: number; status: number }[] = [];
    const [appCheck, token] = await Promise.all([
      mintAppCheckToken(state.firestore, state.projectId),
      idToken(state.auth),
    ]);
    for (const name of await callableNames(state.functions)) {
      const sent = performance.now();
      const res = await fetch(`http://${state.functions}/${state.projectId}/${region}/${name}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${token}`,
          'x-firebase-appcheck': appCheck.token,
        },
        // No arguments: the callables that need some refuse them, after the same checks.
        body: JSON.stringify({ data: null }),
      });
      await res.arrayBuffer();
      calls.push({ name, ms: performance.now() - sent, status: res.status });
    }
    return {
      startMs,
      keys: since(keysAt),
      entries,
      status: statusAt - changedAt,
      note: noteAt - notedAt,
      calls,
    };
  } finally {
    await terminate(getFirestore(app)).catch(() => undefined);
    await deleteApp(app);
    await deleteAdminApp(admin);
    await stopSuite(child);
    rmSync(localDir, { recursive: true, force: true });
  }
}

const ms = (n: number) => `${n.toFixed(0)} ms`;
for (let run = 1; run <= runs; run++) {
  const r = await oneRun(run);
  console.log(`\nA fresh npm start (run ${run} of ${runs}): ready after ${ms(r.startMs)}`);
  console.log(
    `  ready -> the first application's keys      ${ms(r.keys)} (with ${r.entries} timeline entry)`,
  );
  console.log(`  status change -> its timeline entry        ${ms(r.status)}`);
  console.log(`  note -> its timeline entry                 ${ms(r.note)}`);
  for (const c of r.calls)
    console.log(`  first call of ${c.name.padEnd(20)} ${ms(c.ms)} (${c.status})`);
  const row = (measure: string, value: number, goal?: number) =>
    report({
      section: 'warm-start',
      measure,
      value,
      unit: 'ms',
      goal: goal === undefined ? undefined : { op: '<', value: goal },
    });
  row('npm start -> ready', r.startMs);
  row('ready -> first application keyed', r.keys, 1000);
  row('first status change -> timeline entry', r.status, 1000);
  row('first note -> timeline entry', r.note, 1000);
  row('slowest first call of a callable', Math.max(...r.calls.map((c) => c.ms)), 1000);
}
