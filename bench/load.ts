/**
 * Load: concurrent simulated candidates sending applications the way the public pages do, against
 * our Firestore emulator started with the real firestore.rules and durable data (`--data`, a fresh
 * temporary directory, fsync per group commit as in the local suite with a data directory).
 *
 * Each candidate is its own Firestore Lite app (REST, no sign-in) and, in a loop without pauses,
 * fills the root form or the call-center form (domain/lead-form.ts toRootLead / toCallCenterLead,
 * sometimes with a visit source), picks a client-side id (`doc(collection(db, 'leads')).id`) and
 * writes it with the pages' own write, web/src/data/lead-write.ts setNewLead (the form's fields
 * plus status 'novo', created_at serverTimestamp(), deleted_at null), given the candidate's
 * database, under the same 10 s timeout (leadWriteTimeoutMs, domain/timeout.ts). A failed or timed-out write is retried with the same id, as the page
 * does when the candidate presses Enviar again, up to a bounded number of attempts.
 *
 * Afterwards firebase-admin reads every stored lead back: each acknowledged id must be stored with
 * the candidate's own application (lost = acknowledged but not stored), and no application may be
 * stored twice (every nome is unique per application, so two documents with one nome is a
 * duplicate; a stored id that was never attempted is one too). Stored leads of attempts that were
 * never acknowledged (given up) are counted apart: the page can leave those, at most one each.
 *
 * Usage: node --import tsx bench/load.ts [--seconds 60] [--candidates 200]
 *        (or LOAD_SECONDS / LOAD_CANDIDATES). bench/crash-drill.ts reuses the candidates from here.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { deleteApp, initializeApp, type FirebaseApp } from 'firebase/app';
import {
  collection,
  connectFirestoreEmulator,
  doc,
  getFirestore,
  setLogLevel,
  type Firestore,
} from 'firebase/firestore/lite';
import {
  adminClient,
  startEmulatorProcess,
  type EmulatorProcess,
} from '@vagas/firestore-emulator/testing';
import { formatPhone } from '@vagas/common';
import type { CallCenterLeadInput, LeadSource, RootLeadInput } from '../web/src/domain/lead.ts';
import { toLead } from '../web/src/domain/lead-form.ts';
import { sampleFormValues } from '../web/src/domain/testing/lead-samples.ts';
import { withTimeout } from '../web/src/domain/timeout.ts';
import { leadWriteTimeoutMs, setNewLead } from '../web/src/data/lead-write.ts';
import { seedVacancyLists } from '../scripts/lib/vacancy-seed.mjs';
import { report } from './lib/report.ts';

// firebase-admin without credentials would look for a Google metadata server, and print a
// MetadataLookupWarning when there is none; the emulator needs no credentials.
process.env.METADATA_SERVER_DETECTION ??= 'none';

export const PROJECT = 'demo-vagas';
export const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const RULES = path.join(ROOT, 'firestore.rules');
/** The public pages' write timeout (data/lead-write.ts). */
export const LEAD_WRITE_TIMEOUT_MS = leadWriteTimeoutMs;

/** A number from `--name N` or the environment variable, else the default. */
export function numberArg(name: string, env: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  const raw = i >= 0 ? process.argv[i + 1] : process.env[env];
  const n = Number(raw);
  return raw !== undefined && Number.isFinite(n) && n > 0 ? n : fallback;
}

export function percentile(values: number[], p: number): number {
  if (!values.length) return NaN;
  const s = Float64Array.from(values).sort();
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A fixed-seed generator, so runs fill the same mix of forms. */
function rng(seed: number): () => number {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return (s >>> 0) / 2 ** 32;
  };
}

const pick = <T>(r: () => number, list: readonly T[]): T => list[Math.floor(r() * list.length)];

/** One application as a page submits it: root or call-center form, with a visit source sometimes. */
export function makeLead(
  r: () => number,
  nome: string,
): { form: 'root' | 'call-center'; lead: RootLeadInput | CallCenterLeadInput } {
  const digits = `79${9}${String(Math.floor(r() * 1e8)).padStart(8, '0')}`;
  const contact = { nome, whatsapp: formatPhone(digits) };
  const callCenter = r() < 0.5;
  // Every other field as a candidate fills it in (the lead table's options, bounds and formats).
  const lead = callCenter
    ? toLead('callCenter', { ...sampleFormValues('callCenter', r), ...contact })
    : toLead('root', { ...sampleFormValues('root', r), ...contact });
  if (r() < 0.4) {
    const source: LeadSource = {
      fbclid: r() < 0.5,
      utm_source: pick(r, ['facebook', 'instagram']),
    };
    if (r() < 0.5) source.utm_campaign = `campanha-${Math.floor(r() * 5)}`;
    return { form: callCenter ? 'call-center' : 'root', lead: { ...lead, source } };
  }
  return { form: callCenter ? 'call-center' : 'root', lead };
}

/** What the candidates did, for the report and the check against what is stored. */
export class Tally {
  /**
   * Acknowledged id -> its application's nome, when the acknowledged attempt was sent and when its
   * acknowledgement came (performance.now()).
   */
  readonly acked = new Map<string, { nome: string; sent: number; at: number }>();
  /** Every id a write was attempted for -> nome (acknowledged or not). */
  readonly attempted = new Map<string, string>();
  /** Submit-to-acknowledgement time of each acknowledged application (ms, retries included). */
  readonly latencies: number[] = [];
  /** Attempts that failed or timed out and were retried or given up. */
  failedAttempts = 0;
  /** Applications acknowledged after at least one retry. */
  retriedThenAcked = 0;
  /** Applications given up after the last attempt (the candidate saw 'Erro ao enviar' and left). */
  gaveUp = 0;
  readonly failures = new Map<string, number>();
  roots = 0;
  callCenters = 0;
  /** Set while the candidates should keep starting new applications. */
  running = true;

  noteFailure(e: unknown): void {
    this.failedAttempts++;
    const key = String((e as { code?: unknown }).code ?? (e as Error).name ?? 'error');
    this.failures.set(key, (this.failures.get(key) ?? 0) + 1);
  }
}

export interface RetryOptions {
  /** Attempts per application, the first included. */
  maxAttempts: number;
  /** Pause before pressing Enviar again (ms, jittered by up to 100%). */
  retryPauseMs: number;
  timeoutMs?: number;
}

/** The Firestore Lite instances of the simulated candidates (one app each, like one browser each). */
export function candidateClients(options: { host: string; port: number; candidates: number }): {
  dbs: Firestore[];
  close(): Promise<void>;
} {
  // A failed request is counted, not logged (the SDK would print each one with its body).
  setLogLevel('silent');
  const apps: FirebaseApp[] = [];
  const dbs: Firestore[] = [];
  for (let c = 0; c < options.candidates; c++) {
    const app = initializeApp({ projectId: PROJECT, apiKey: 'bench' }, `candidate-${c}`);
    const db = getFirestore(app);
    connectFirestoreEmulator(db, options.host, options.port);
    apps.push(app);
    dbs.push(db);
  }
  return { dbs, close: () => Promise.all(apps.map((a) => deleteApp(a))).then(() => {}) };
}

/**
 * Runs the candidates until `tally.running` is cleared; each finishes its current application
 * (with its retries) before stopping. Resolves when all have stopped.
 */
export async function runCandidates(
  dbs: Firestore[],
  options: RetryOptions,
  tally: Tally,
): Promise<void> {
  const timeoutMs = options.timeoutMs ?? LEAD_WRITE_TIMEOUT_MS;
  await Promise.all(
    dbs.map(async (db, c) => {
      const r = rng(0x9e3779b9 ^ (c * 7919 + 1));
      for (let n = 0; tally.running; n++) {
        const { form, lead } = makeLead(r, `Candidato ${c}-${n}`);
        if (form === 'root') tally.roots++;
        else tally.callCenters++;
        const id = doc(collection(db, 'leads')).id;
        // Each application from a device of its own (another person), taking its record's first slot.
        const device = { id: doc(collection(db, 'devices')).id, slot: 0 };
        tally.attempted.set(id, lead.nome);
        const started = performance.now();
        for (let attempt = 1; ; attempt++) {
          const sent = performance.now();
          try {
            await withTimeout(setNewLead(db, id, lead, device), timeoutMs, 'lead write');
            const now = performance.now();
            tally.acked.set(id, { nome: lead.nome, sent, at: now });
            tally.latencies.push(now - started);
            if (attempt > 1) tally.retriedThenAcked++;
            break;
          } catch (e) {
            tally.noteFailure(e);
            if (attempt >= options.maxAttempts) {
              tally.gaveUp++;
              break;
            }
            await sleep(options.retryPauseMs * (1 + r()));
          }
        }
      }
    }),
  );
}

/** Reads every stored lead through firebase-admin and compares with what the candidates saw. */
export async function checkStoredLeads(
  emu: { host: string; port: number },
  tally: Tally,
): Promise<{
  stored: number;
  lost: number;
  duplicated: number;
  wrongContent: number;
  unackedStored: number;
  /** Stored leads updated after their creation: a retry that found its first attempt stored. */
  retriedOverStored: number;
}> {
  const admin = adminClient(emu, PROJECT);
  try {
    const snap = await admin.db.collection('leads').select('nome').get();
    const byId = new Map<string, string>();
    const perNome = new Map<string, number>();
    let retriedOverStored = 0;
    for (const d of snap.docs) {
      if (d.updateTime.valueOf() !== d.createTime.valueOf()) retriedOverStored++;
      const nome = String(d.get('nome'));
      byId.set(d.id, nome);
      perNome.set(nome, (perNome.get(nome) ?? 0) + 1);
    }
    let lost = 0;
    let wrongContent = 0;
    for (const [id, { nome }] of tally.acked) {
      const stored = byId.get(id);
      if (stored === undefined) lost++;
      else if (stored !== nome) wrongContent++;
    }
    let duplicated = 0;
    let unackedStored = 0;
    for (const [id, nome] of byId) {
      if (tally.attempted.get(id) !== nome)
        duplicated++; // an id no candidate wrote, or another's
      else if (!tally.acked.has(id)) unackedStored++;
    }
    for (const count of perNome.values()) if (count > 1) duplicated += count - 1;
    return { stored: snap.size, lost, duplicated, wrongContent, unackedStored, retriedOverStored };
  } finally {
    await admin.close();
  }
}

export function failureSummary(tally: Tally): string {
  if (!tally.failures.size) return 'none';
  return [...tally.failures].map(([k, v]) => `${k} ×${v}`).join(', ');
}

/** What one load run measured. */
interface LoadResult {
  seconds: number;
  candidates: number;
  /** Seconds the load ran, and the emulator's CPU seconds meanwhile. */
  elapsed: number;
  emulatorCpu: number;
  clientCpu: NodeJS.CpuUsage;
  rss: number;
  tally: Tally;
  check: Awaited<ReturnType<typeof checkStoredLeads>>;
}

/** Reports the load's numbers to `npm run bench`. */
function reportLoad(result: LoadResult): void {
  const { seconds, candidates, elapsed, emulatorCpu, clientCpu, rss, tally, check } = result;
  const section = 'load';
  const acked = tally.acked.size;
  const scope = `${candidates} candidates, ${seconds} s, Firestore Lite REST, firestore.rules, --data`;
  report({
    section,
    measure: 'acknowledged applications',
    value: acked,
    unit: '',
    note: `${scope}; ${tally.roots} root + ${tally.callCenters} call-center forms started`,
  });
  report({
    section,
    measure: 'throughput',
    value: acked / elapsed,
    unit: 'applications/s',
    note: `${acked} in ${elapsed.toFixed(1)} s; emulator CPU ${emulatorCpu.toFixed(1)} s, load generator CPU ${((clientCpu.user + clientCpu.system) / 1e6).toFixed(1)} s (2 shared cores); emulator RSS ${rss.toFixed(0)} MiB`,
  });
  report({
    section,
    measure: 'latency p50',
    value: percentile(tally.latencies, 50),
    unit: 'ms',
    note: 'submit to acknowledgement, retries included',
  });
  report({
    section,
    measure: 'latency p95',
    value: percentile(tally.latencies, 95),
    unit: 'ms',
    note: `p99 ${percentile(tally.latencies, 99).toFixed(0)} ms, max ${tally.latencies.reduce((max, ms) => Math.max(max, ms), 0).toFixed(0)} ms`,
  });
  report({
    section,
    measure: 'errors',
    value: tally.gaveUp,
    unit: '',
    goal: { op: '==', value: 0 },
    note: 'applications not acknowledged after 5 attempts (what a candidate would see as Erro ao enviar)',
  });
  report({
    section,
    measure: 'retries',
    value: tally.failedAttempts,
    unit: '',
    note: `failed or timed-out attempts (${failureSummary(tally)}); ${tally.retriedThenAcked} applications acknowledged after a retry, ${check.retriedOverStored} of them by an update of the lead their first attempt had stored`,
  });
  report({
    section,
    measure: 'stored leads',
    value: check.stored,
    unit: '',
    note: `firebase-admin; = ${acked} acknowledged + ${check.unackedStored} of ${tally.attempted.size - acked} never acknowledged`,
  });
  report({
    section,
    measure: 'lost',
    value: check.lost + check.wrongContent,
    unit: '',
    goal: { op: '==', value: 0 },
    note: `acknowledged ids not stored (${check.lost}) or stored with another application (${check.wrongContent})`,
  });
  report({
    section,
    measure: 'duplicated',
    value: check.duplicated,
    unit: '',
    goal: { op: '==', value: 0 },
    note: 'an application stored in more than one document, or a stored lead no candidate wrote',
  });
}

async function main(): Promise<void> {
  const seconds = numberArg('seconds', 'LOAD_SECONDS', 60);
  const candidates = numberArg('candidates', 'LOAD_CANDIDATES', 200);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'vagas-load-'));
  let emu: EmulatorProcess | undefined;
  try {
    emu = await startEmulatorProcess([
      '--port',
      '0',
      '--project',
      PROJECT,
      '--rules',
      RULES,
      '--data',
      dataDir,
    ]);
    // The forms' vacancy lists, which the rules check each lead's job and locality against.
    await seedVacancyLists({ firestoreHost: `${emu.host}:${emu.port}`, projectId: PROJECT });
    const clients = candidateClients({ host: emu.host, port: emu.port, candidates });
    const tally = new Tally();
    const cpu0 = emu.cpuMs();
    const clientCpu0 = process.cpuUsage();
    const started = performance.now();
    const timer = setTimeout(() => (tally.running = false), seconds * 1000);
    await runCandidates(clients.dbs, { maxAttempts: 5, retryPauseMs: 500 }, tally);
    clearTimeout(timer);
    const elapsed = (performance.now() - started) / 1000;
    const emulatorCpu = (emu.cpuMs() - cpu0) / 1000;
    const clientCpu = process.cpuUsage(clientCpu0);
    const rss = emu.rssMiB();
    const check = await checkStoredLeads(emu, tally);
    await clients.close();

    reportLoad({ seconds, candidates, elapsed, emulatorCpu, clientCpu, rss, tally, check });
  } finally {
    await emu?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await main();
  process.exit(0);
}
