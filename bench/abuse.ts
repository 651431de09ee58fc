/**
 * Abuse: a flood of fake applications against whatever defences the local suite has on, and what
 * the recruiter sees of it. In a fresh local suite (our Firestore emulator with the rules, the
 * functions with the screening, the production build of the pages), at once:
 * - a naive bot sends `--bot` creates straight to Firestore's REST API (lib/naive-bot.ts, a
 *   process of its own): no page, no App Check token;
 * - one device fires the real root form `--device` times as fast as a script can
 *   (lib/rapid-device.ts, Chromium on the production build: App Check, a per-device limit, the
 *   outbox and the screening's signals all happen as they would);
 * - `--honest` candidates apply once each, spread over `--spread` seconds, as the public pages
 *   write (Firestore Lite, web/src/data/lead-write.ts, with the signals a person's form sends and
 *   App Check tokens when it is enforced).
 * The panel is an admin's listener on its arrivals with its own rules for what it announces
 * (lib/abuse-observer.ts). When every stored lead has the screening's verdict, it prints for each
 * population how many were stored, counted (the 'Total de Leads' counter's clauses), notified
 * (chimed and notified by the panel) and set aside ('Suspeitos'), and the live p95 of the honest
 * arrivals (write to the panel's listener). Each number's note says which defence it depends on.
 * Numbers only, never pass/fail on time.
 *
 * Usage: node --import tsx bench/abuse.ts [--bot 5000] [--device 100] [--honest 200] [--spread 40]
 */
import { spawn } from 'node:child_process';
import { deleteApp, initializeApp } from 'firebase/app';
import {
  collection,
  connectFirestoreEmulator,
  doc,
  getFirestore,
  setLogLevel,
  terminate,
} from 'firebase/firestore/lite';
import type { Firestore as AdminFirestore } from 'firebase-admin/firestore';
import { chromium } from 'playwright-core';
import { heldStatus } from '@vagas/common';
import { chromiumArgs, chromiumPath } from '../scripts/lib/chromium.mjs';
import { setNewLead } from '../web/src/data/lead-write.ts';
import type { Lead, LeadSource } from '../web/src/domain/lead.ts';
import { toLead } from '../web/src/domain/lead-form.ts';
import { counterClauses, leadMatches } from '../web/src/domain/lead-query.ts';
import { sampleFormValues } from '../web/src/domain/testing/lead-samples.ts';
import { appCheckMode, installAppCheck, type AppCheckMode } from './lib/abuse-app-check.ts';
import { observePanel, type Observed } from './lib/abuse-observer.ts';
import { fireForm, type DeviceRun } from './lib/rapid-device.ts';
import { startPanelSuite } from './lib/panel-suite.ts';
import { report } from './lib/report.ts';

process.env.METADATA_SERVER_DETECTION ??= 'none';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  const n = i === -1 ? NaN : Number(process.argv[i + 1]);
  return Number.isFinite(n) && n > 0 ? n : fallback;
};
const botCount = arg('bot', 5000);
const deviceCount = arg('device', 100);
const honestCount = arg('honest', 200);
const spreadMs = arg('spread', 40) * 1000;
/** How long the functions may take to screen every stored lead before the numbers are taken. */
const settleDeadlineMs = 15 * 60_000;

const started = Date.now();
const step = (what: string) =>
  process.stderr.write(`[${((Date.now() - started) / 1000).toFixed(0)} s] ${what}\n`);

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
};

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

/** The naive bot, in a process of its own; resolves with what it printed. */
function runBot(host: string, projectId: string): Promise<Record<string, unknown>> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', 'bench/lib/naive-bot.ts', host, projectId, String(botCount), '16'],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0
        ? resolve(JSON.parse(out.trim().split('\n').at(-1) ?? '{}'))
        : reject(new Error(`naive bot exited ${code}`)),
    );
  });
}

/** One honest application as a person's form sends it (its signals included). */
function honestLead(n: number, r: () => number) {
  const form = r() < 0.5 ? ('callCenter' as const) : ('root' as const);
  const digits = String(30_000_000 + n * 7_919).slice(-8);
  const values = {
    ...sampleFormValues(form, r),
    nome: `Candidata ${n}`,
    whatsapp: `(79) 9${digits.slice(0, 4)}-${digits.slice(4)}`,
  };
  const lead = {
    ...toLead(form, values as never),
    honeypot: '',
    fill_seconds: 20 + Math.floor(r() * 160),
  };
  if (r() < 0.6) {
    const source: LeadSource = { fbclid: r() < 0.5, utm_source: 'facebook' };
    if (r() < 0.7) source.utm_campaign = `campanha-${Math.floor(r() * 6)}`;
    return { ...lead, source };
  }
  return lead;
}

/** When each honest application was sent and acknowledged (epoch ms), by lead id. */
interface Honest {
  sent: Map<string, number>;
  acked: Map<string, number>;
  failed: number;
}

/** The honest candidates: each its own Lite app, one application each, at a random moment. */
async function runHonest(
  host: string,
  port: number,
  projectId: string,
  appCheck: AppCheckMode,
): Promise<Honest> {
  setLogLevel('silent');
  const sent = new Map<string, number>();
  const acked = new Map<string, number>();
  let failed = 0;
  await Promise.all(
    Array.from({ length: honestCount }, async (_, n) => {
      const r = rng(0x51ed ^ (n * 7919 + 1));
      await new Promise((resolve) => setTimeout(resolve, r() * spreadMs));
      const app = initializeApp({ projectId, apiKey: 'bench' }, `abuse-honest-${n}`);
      await installAppCheck(app, appCheck);
      const db = getFirestore(app);
      connectFirestoreEmulator(db, host, port);
      const id = `honest${String(n).padStart(4, '0')}${Date.now().toString(36)}`;
      try {
        sent.set(id, Date.now());
        // Each honest candidate on a device of their own, taking its record's first slot.
        const device = { id: doc(collection(db, 'devices')).id, slot: 0 };
        await setNewLead(db, id, honestLead(n, r), device);
        acked.set(id, Date.now());
      } catch {
        failed++;
      } finally {
        await terminate(db);
        await deleteApp(app);
      }
    }),
  );
  return { sent, acked, failed };
}

type Population = 'bot' | 'device' | 'honest';
const populationOf = (nome: unknown): Population | null => {
  const name = String(nome ?? '');
  if (name.startsWith('Robô ')) return 'bot';
  if (name.startsWith('Aparelho ')) return 'device';
  if (name.startsWith('Candidata ')) return 'honest';
  return null;
};

/** Waits until every lead created since `since` has the screening's verdict; the seconds it took. */
async function settle(
  db: AdminFirestore,
  since: Date,
): Promise<{ seconds: number; unscreened: number }> {
  const t0 = Date.now();
  for (;;) {
    const leads = await db
      .collection('leads')
      .where('created_at', '>=', since)
      .select('screening')
      .get();
    const unscreened = leads.docs.filter((d) => d.get('screening') === undefined).length;
    if (unscreened === 0 || Date.now() - t0 > settleDeadlineMs) {
      return { seconds: (Date.now() - t0) / 1000, unscreened };
    }
    await new Promise((resolve) => setTimeout(resolve, 2_000));
  }
}

interface Tally {
  stored: number;
  counted: number;
  notified: number;
  heldAside: number;
}

/** Each population's stored, counted, notified and set-aside leads. */
async function tally(db: AdminFirestore, since: Date, observed: Observed) {
  const leads = await db.collection('leads').where('created_at', '>=', since).get();
  const tallies: Record<Population, Tally> = {
    bot: { stored: 0, counted: 0, notified: 0, heldAside: 0 },
    device: { stored: 0, counted: 0, notified: 0, heldAside: 0 },
    honest: { stored: 0, counted: 0, notified: 0, heldAside: 0 },
  };
  for (const doc of leads.docs) {
    const population = populationOf(doc.get('nome'));
    if (!population) continue;
    const t = tallies[population];
    const lead = { ...doc.data(), id: doc.id } as unknown as Lead;
    t.stored++;
    if (leadMatches(lead, counterClauses.total)) t.counted++;
    if (observed.announced.has(doc.id)) t.notified++;
    if (lead.status === heldStatus && lead.deleted_at === null) t.heldAside++;
  }
  return tallies;
}

interface Run {
  appCheck: AppCheckMode;
  bot: Record<string, unknown>;
  device: DeviceRun;
  honest: Honest;
  observed: Observed;
  settled: { seconds: number; unscreened: number };
  tallies: Record<Population, Tally>;
}

const section = 'abuse';
const appCheckNote = (run: Run) =>
  run.appCheck.enforced ? 'App Check enforced' : 'App Check off (this suite does not enforce it)';

/** The four numbers of one population, each with what it depends on. */
function reportPopulation(
  label: string,
  t: Tally,
  notes: { stored: string; counted: string; notified: string; heldAside: string },
  goals: Partial<Record<keyof Tally, Parameters<typeof report>[0]['goal']>> = {},
) {
  for (const key of ['stored', 'counted', 'notified', 'heldAside'] as const) {
    const measure = key === 'heldAside' ? 'set aside' : key;
    report({
      section,
      measure: `${label}: ${measure}`,
      value: t[key],
      unit: '',
      goal: goals[key],
      note: notes[key],
    });
  }
}

function reportBot(run: Run) {
  const refusals = JSON.stringify(run.bot.refusals ?? {});
  reportPopulation(
    'naive bot',
    run.tallies.bot,
    {
      stored: `${botCount} REST creates in ${Number(run.bot.seconds).toFixed(0)} s, no token (${run.bot.accepted} accepted, refused: ${refusals}); depends on App Check: ${appCheckNote(run)}`,
      counted:
        'what got in without the signals a page sends: set aside by the screening (no_signals), so not counted',
      notified: 'the panel announces only leads the screening lets stay',
      heldAside:
        "'Suspeitos': the screening's no_signals (a bot copying the page's signals too would need App Check to keep out)",
    },
    { stored: { op: '==', value: 0 } },
  );
}

function reportDevice(run: Run) {
  const outcomes = JSON.stringify(run.device.outcomes);
  reportPopulation(
    'rapid device',
    run.tallies.device,
    {
      stored: `${run.device.fired} submits of the real form in ${run.device.seconds.toFixed(0)} s, one browser, a new number each (page said: ${outcomes}); depends on the per-device limit, if the suite has one (the rest waits in the outbox)`,
      counted:
        'depends on the per-device limit (how many get in) and the screening (a fast fill counts against a lead, alone not enough to set it aside)',
      notified: 'the panel announces only leads the screening lets stay',
      heldAside: "the screening's verdict (fast_fill with a campaign burst, or a filled honeypot)",
    },
    { counted: { op: '<=', value: 5 } },
  );
}

/** Each honest application's times (ms): its write, its arrival in the panel, its chime. */
function honestTimes(run: Run) {
  const writes: number[] = [];
  const live: number[] = [];
  const chimes: number[] = [];
  for (const [id, sentAt] of run.honest.sent) {
    const ackedAt = run.honest.acked.get(id);
    if (ackedAt === undefined) continue;
    writes.push(ackedAt - sentAt);
    const seenAt = run.observed.firstSeen.get(id);
    // The listener may have it before the writer has its answer: then it was live at once.
    if (seenAt !== undefined) live.push(Math.max(0, seenAt - ackedAt));
    const chimedAt = run.observed.announced.get(id);
    if (chimedAt !== undefined) chimes.push(chimedAt - ackedAt);
  }
  return { writes, live, chimes };
}

function reportHonest(run: Run) {
  reportPopulation(
    'honest',
    run.tallies.honest,
    {
      stored: `${honestCount} candidates, one application each over ${spreadMs / 1000} s (${run.honest.failed} writes failed); ${appCheckNote(run)}`,
      counted: "the list's counter: only leads the screening did not set aside",
      notified: "announced once the screening's verdict came (or 15 s without one)",
      heldAside: 'an honest application set aside is a false positive of the screening',
    },
    {
      stored: { op: '==', value: honestCount },
      counted: { op: '==', value: honestCount },
      heldAside: { op: '==', value: 0 },
    },
  );
  const { writes, live, chimes } = honestTimes(run);
  const spread = (values: number[]) =>
    `p50 ${percentile(values, 50).toFixed(0)} ms, max ${values.reduce((max, ms) => Math.max(max, ms), 0).toFixed(0)} ms, ${values.length} measured`;
  report({
    section,
    measure: 'honest: live p95',
    value: percentile(live, 95),
    unit: 'ms',
    goal: { op: '<', value: 250 },
    note: `stored (the write's answer) to the panel's arrivals listener (JS SDK, gRPC), during the flood; ${spread(live)}; no function on the way`,
  });
  report({
    section,
    measure: 'honest: write p95',
    value: percentile(writes, 95),
    unit: 'ms',
    note: `'Enviar Candidatura' to the write's answer, during the flood (what the bot's writes cost the server: App Check's to spare); ${spread(writes)}`,
  });
  report({
    section,
    measure: 'honest: chime p95',
    value: percentile(chimes, 95),
    unit: 'ms',
    note: `stored to the chime: waits for the screening's verdict (the leadTimeline function), behind the flood's events; ${spread(chimes)}`,
  });
  report({
    section,
    measure: 'screening settled',
    value: run.settled.seconds,
    unit: 's',
    note: `after the last write, until every stored lead had its verdict (${run.settled.unscreened} still without one): the Functions emulator's backlog`,
  });
}

/** One honest write and its verdict: the functions' workers are up before the clock starts. */
async function warmUp(
  db: AdminFirestore,
  host: string,
  port: number,
  projectId: string,
  appCheck: AppCheckMode,
) {
  const app = initializeApp({ projectId, apiKey: 'bench' }, 'abuse-warm-up');
  await installAppCheck(app, appCheck);
  const lite = getFirestore(app);
  connectFirestoreEmulator(lite, host, port);
  const id = `warmup${Date.now().toString(36)}`;
  const device = { id: doc(collection(lite, 'devices')).id, slot: 0 };
  await setNewLead(lite, id, { ...honestLead(99_999, rng(7)), nome: 'Aquecimento' }, device);
  await terminate(lite);
  await deleteApp(app);
  for (let i = 0; i < 300; i++) {
    if ((await db.doc(`leads/${id}`).get()).get('screening')) break;
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
  await db.doc(`leads/${id}`).delete();
}

async function main(): Promise<void> {
  step('starting the local suite (functions, production build)');
  const { suite, db } = await startPanelSuite('abuse-admin');
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  let observed: Observed | null = null;
  try {
    const { host, port } = suite.firestore;
    const appCheck = await appCheckMode(`${host}:${port}`, suite.projectId);
    step(`App Check ${appCheck.enforced ? 'enforced' : 'off'}; warming the functions up`);
    await warmUp(db, host, port, suite.projectId, appCheck);
    const since = new Date();
    observed = await observePanel({ host, port, projectId: suite.projectId, since, appCheck });
    step(`flood: ${botCount} bot creates, ${deviceCount} device submits, ${honestCount} honest`);
    const [bot, device, honest] = await Promise.all([
      runBot(`${host}:${port}`, suite.projectId),
      fireForm(browser, suite.webUrl ?? '', deviceCount),
      runHonest(host, port, suite.projectId, appCheck),
    ]);
    step('waiting for the screening of every stored lead');
    const settled = await settle(db, since);
    const tallies = await tally(db, since, observed);
    const run: Run = { appCheck, bot, device, honest, observed, settled, tallies };
    reportBot(run);
    reportDevice(run);
    reportHonest(run);
  } finally {
    await observed?.stop();
    await browser.close();
    await suite.stop();
  }
}

await main();
process.exit(0);
