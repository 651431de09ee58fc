/**
 * The candidate's record on the 20,000-lead set, in a fresh local suite (production build, the
 * timeline functions running in the Functions emulator, our emulator delivering their events):
 * - opening a record from the list (click -> its content; -> its notes and timeline), and the
 *   Firestore documents it reads (documentChange messages on the Listen channel);
 * - commit -> timeline entry visible in the open record (a status change in the record), p50/p95;
 * - a bulk change of 5,000 leads written as the panel writes it (an admin's JS SDK, 500 per
 *   batch): how long until every lead has its entry, and how many got none or more than one.
 * Numbers only, never pass/fail.
 * Usage: node --import tsx bench/record.ts [--active 20000] [--opens 20] [--changes 20] [--bulk 5000]
 */
import { deleteApp as deleteAdminApp } from 'firebase-admin/app';
import { getAuth as getAdminAuth } from 'firebase-admin/auth';
import { Timestamp, type Firestore } from 'firebase-admin/firestore';
import { deleteApp, initializeApp } from 'firebase/app';
import { connectAuthEmulator, getAuth, signInWithEmailAndPassword } from 'firebase/auth';
import {
  connectFirestoreEmulator,
  doc,
  getFirestore as getWebFirestore,
  terminate,
  writeBatch,
} from 'firebase/firestore';
import { chromium, type Browser, type Page } from 'playwright-core';
import { grantAdmin } from '../scripts/lib/admin-allowlist.mjs';
import { chromiumArgs, chromiumPath } from '../scripts/lib/chromium.mjs';
import type { LocalSuite } from '../scripts/lib/local-suite.mjs';
import { leadKeys } from '@vagas/common';
import { statusLabel } from '../web/src/domain/status-labels.ts';
import { application } from './lib/leads.ts';
import { withoutTriggers } from './lib/pause-triggers.ts';
import { startPanelSuite } from './lib/panel-suite.ts';
import { instrumentContext, signInOnLoginPage, statsOf } from './lib/panel-page.ts';
import {
  armRecordOpen,
  armTimelineEntry,
  instrumentListenChunks,
  recordOpenTimes,
  timelineEntryTime,
  type OpenBreakdown,
} from './lib/record-page.ts';
import { report } from './lib/report.ts';
import { useEmulatorAppCheck } from '../scripts/lib/app-check.mjs';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i === -1 ? fallback : Number(process.argv[i + 1]);
};
const activeCount = arg('active', 20_000);
const opens = arg('opens', 20);
const changes = arg('changes', 20);
const bulkCount = Math.min(arg('bulk', 5_000), activeCount - opens - 1);
/** How long the bulk's entries may take before the missing ones count as lost. */
const bulkDeadlineMs = 15 * 60_000;

const pct = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
};
const started = Date.now();
const step = (what: string) =>
  process.stderr.write(`[${((Date.now() - started) / 1000).toFixed(0)} s] ${what}\n`);
const statuses = ['novo', 'principal', 'separado', 'descartado'];

/**
 * 20,000 active leads, newest first by index; every tenth shares its WhatsApp with the next. With
 * the keys the leadTimeline function would write, seeded with the triggers off: 20,000 creates
 * (and the 20,000 key writes they cause) would run the functions on the same 2 cores as the
 * browser for minutes, the opens and the status changes measured in the middle of it.
 */
async function seedLeads(db: Firestore): Promise<string[]> {
  const now = Date.now();
  const ids: string[] = [];
  const batches: Promise<unknown>[] = [];
  for (let start = 0; start < activeCount; start += 500) {
    const batch = db.batch();
    for (let i = start; i < Math.min(activeCount, start + 500); i++) {
      const ref = db.collection('leads').doc(`bench-${String(i).padStart(6, '0')}`);
      ids.push(ref.id);
      const phone = String(10_000_000 + (i - (i % 10 === 1 ? 1 : 0))).slice(-8);
      const nome = `Candidata ${i}`;
      const whatsapp = `(79) 9${phone.slice(0, 4)}-${phone.slice(4)}`;
      batch.set(ref, {
        ...application('root', { nome, whatsapp }),
        ...leadKeys(nome, whatsapp),
        status: 'novo',
        created_at: Timestamp.fromMillis(now - 60_000 - i * 60_000),
        deleted_at: null,
      });
    }
    batches.push(batch.commit());
    if (batches.length === 4) await Promise.all(batches.splice(0));
  }
  await Promise.all(batches);
  return ids;
}

/** The bench's admin: an account on the allow-list, signed in to the panel in Chromium. */
async function signIn(browser: Browser, suite: LocalSuite, db: Firestore, email: string) {
  await getAdminAuth().createUser({ email, password: 'senha-bench', emailVerified: true });
  const auth = getAdminAuth();
  const target = { projectId: suite.projectId, emulators: true };
  await grantAdmin({ db, auth, target, close: async () => {} }, email);
  const context = await browser.newContext({
    viewport: { width: 1280, height: 800 },
    locale: 'pt-BR',
    timezoneId: 'America/Bahia',
  });
  await instrumentContext(context);
  await instrumentListenChunks(context);
  const page = await context.newPage();
  // The machine is shared: a cold production page may take longer than Playwright's 30 s.
  page.setDefaultTimeout(120_000);
  await signInOnLoginPage(page, suite.webUrl, { email, password: 'senha-bench' });
  await page.getByRole('group', { name: 'Total de Leads' }).waitFor({ timeout: 300_000 });
  // The full list has arrived once the counter shows every lead (pt-BR writes 2000 and 20.000).
  await page.waitForFunction(
    (count) =>
      Array.from(document.querySelectorAll('[role=group]')).some(
        (group) =>
          group.getAttribute('aria-label') === 'Total de Leads' &&
          group.textContent?.replace(/\D/g, '').endsWith(String(count)),
      ),
    activeCount,
    { timeout: 300_000 },
  );
  return page;
}

/** Opens the first `opens` records of the list by mouse: each open's times, reads per open. */
async function openRecords(page: Page) {
  const breakdowns: (OpenBreakdown & { nome: string })[] = [];
  const reads: number[] = [];
  for (let i = 0; i < opens; i++) {
    const nome = `Candidata ${i}`;
    const before = (await statsOf(page)).listenDocs;
    await armRecordOpen(page, nome);
    await page.getByRole('link', { name: nome, exact: true }).click();
    breakdowns.push({ nome, ...(await recordOpenTimes(page)) });
    // The listeners' first answers have arrived once the record is complete.
    reads.push((await statsOf(page)).listenDocs - before);
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
  }
  const content = breakdowns.map((b) => b.content);
  const complete = breakdowns.map((b) => b.complete);
  return { content, complete, reads, breakdowns };
}

/** In the open record of the first lead: status changes -> their timeline entry, ms. */
async function commitToTimeline(page: Page) {
  await page.getByRole('link', { name: 'Candidata 0', exact: true }).click();
  const select = page.getByRole('dialog').getByRole('combobox', { name: 'Status de Candidata 0' });
  const latencies: number[] = [];
  let current = await select.inputValue();
  for (let i = 0; i < changes; i++) {
    const next = statuses[(statuses.indexOf(current) + 1) % statuses.length]!;
    // The entry names the statuses as the record shows them ('Novo', not 'novo').
    await armTimelineEntry(
      page,
      `Status alterado de ${statusLabel(current)} para ${statusLabel(next)}`,
    );
    await select.selectOption(next);
    latencies.push(await timelineEntryTime(page, 120_000));
    current = next;
  }
  await page.keyboard.press('Escape');
  return latencies;
}

/** Timeline entries per lead among `ids` (reads every entry's path). */
async function entriesPerLead(db: Firestore, ids: Set<string>): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  const all = await db.collectionGroup('timeline').select().get();
  for (const entry of all.docs) {
    const lead = entry.ref.parent.parent?.id;
    if (lead && ids.has(lead)) counts.set(lead, (counts.get(lead) ?? 0) + 1);
  }
  return counts;
}

/** Changes the status of `ids` as the panel does (batches of 500, one after another). */
async function bulkChange(suite: LocalSuite, db: Firestore, email: string, ids: string[]) {
  const app = initializeApp({ projectId: suite.projectId, apiKey: 'bench' }, 'bench-record-bulk');
  // The suite enforces App Check, as production does.
  useEmulatorAppCheck(app, suite.firestore);
  const auth = getAuth(app);
  connectAuthEmulator(auth, `http://${suite.auth?.host}:${suite.auth?.port}`, {
    disableWarnings: true,
  });
  await signInWithEmailAndPassword(auth, email, 'senha-bench');
  const web = getWebFirestore(app);
  connectFirestoreEmulator(web, suite.firestore.host, suite.firestore.port);
  const before = (await db.collectionGroup('timeline').count().get()).data().count;
  const t0 = Date.now();
  for (let start = 0; start < ids.length; start += 500) {
    const batch = writeBatch(web);
    for (const id of ids.slice(start, start + 500)) {
      batch.update(doc(web, 'leads', id), { status: 'separado' });
    }
    await batch.commit();
  }
  const committed = Date.now() - t0;
  let stored = 0;
  while (Date.now() - t0 < bulkDeadlineMs) {
    stored = (await db.collectionGroup('timeline').count().get()).data().count - before;
    if (stored >= ids.length) break;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  const allIn = Date.now() - t0;
  const counts = await entriesPerLead(db, new Set(ids));
  await terminate(web);
  await deleteApp(app);
  const lost = ids.filter((id) => !counts.has(id)).length;
  const doubled = [...counts.values()].filter((n) => n > 1).length;
  return { committed, allIn, lost, doubled, stored };
}

/** The slowest opens (by notes and timeline), step by step: where their time went. */
function printSlowest(breakdowns: (OpenBreakdown & { nome: string })[]) {
  const slowest = [...breakdowns].sort((a, b) => b.complete - a.complete).slice(0, 3);
  const f = (n: number) => n.toFixed(0);
  for (const b of slowest) {
    const order = breakdowns.indexOf(b) + 1;
    console.log(
      `  slow open #${order} (${b.nome}): drawer ${f(b.dialog)}, fields ${f(b.content)}, notes ${f(b.notes)}, timeline ${f(b.timeline)} ms;` +
        ` long tasks ${b.longTasks.count} (${f(b.longTasks.total)} ms, longest ${f(b.longTasks.max)});` +
        ` scripts [${b.scripts.join(', ')}]`,
    );
    const chunks = b.listen.map(([t, docs, targets]) => `${f(t)} ms ${docs}d/${targets}t`);
    console.log(`      listen chunks: ${chunks.join(', ') || 'none'}`);
  }
}

function printAndReport(
  open: Awaited<ReturnType<typeof openRecords>>,
  latencies: number[],
  bulk: Awaited<ReturnType<typeof bulkChange>>,
) {
  const ms = (n: number) => `${n.toFixed(0)} ms`;
  console.log(`\nThe record with ${activeCount} active leads (production build, Chromium):`);
  const spread = (values: number[]) =>
    `p50 ${ms(pct(values, 50))}, p95 ${ms(pct(values, 95))}, max ${ms(Math.max(...values))}`;
  console.log(`  click -> fields               ${spread(open.content)} (${opens} records)`);
  console.log(`  click -> notes and timeline   ${spread(open.complete)}`);
  printSlowest(open.breakdowns);
  console.log(
    `  documents read per open      median ${pct(open.reads, 50)} (${open.reads.join(', ')})`,
  );
  console.log(
    `  status change -> timeline entry visible  p50 ${ms(pct(latencies, 50))}, p95 ${ms(pct(latencies, 95))} (${latencies.length})`,
  );
  console.log(
    `  bulk of ${bulkCount}: committed in ${ms(bulk.committed)}, every entry in ${ms(bulk.allIn)}; ${bulk.lost} without an entry, ${bulk.doubled} with more than one`,
  );
  const row = (measure: string, value: number, unit: string, goal?: [op: '<' | '==', n: number]) =>
    report({
      section: 'record',
      measure,
      value,
      unit,
      goal: goal && { op: goal[0], value: goal[1] },
    });
  row('open a record -> content, p50', pct(open.content, 50), 'ms', ['<', 200]);
  row('open a record -> content, p95', pct(open.content, 95), 'ms', ['<', 200]);
  row('open a record -> content, max', Math.max(...open.content), 'ms');
  row('open a record -> notes and timeline, p50', pct(open.complete, 50), 'ms');
  row('open a record -> notes and timeline, p95', pct(open.complete, 95), 'ms', ['<', 300]);
  row('open a record -> notes and timeline, max', Math.max(...open.complete), 'ms');
  row('documents read to open a record, median', pct(open.reads, 50), 'reads');
  row('status change -> timeline entry visible, p50', pct(latencies, 50), 'ms');
  row('status change -> timeline entry visible, p95', pct(latencies, 95), 'ms');
  row(`bulk of ${bulkCount}: batches committed`, bulk.committed, 'ms');
  row(`bulk of ${bulkCount}: every timeline entry written`, bulk.allIn, 'ms');
  row(`bulk of ${bulkCount}: leads without their entry`, bulk.lost, '', ['==', 0]);
  row(`bulk of ${bulkCount}: leads with a duplicate entry`, bulk.doubled, '', ['==', 0]);
}

step('starting the local suite (builds web/ and functions/)');
const { suite, adminApp, db } = await startPanelSuite();
let browser: Browser | undefined;
try {
  step(`seeding ${activeCount} leads`);
  const ids = await withoutTriggers(suite, db, () => seedLeads(db));
  const email = `bench-record-${Date.now()}@vagas.test`;
  browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  step('signing in; waiting for the full list');
  const page = await signIn(browser, suite, db, email);
  step('opening records');
  const open = await openRecords(page);
  step('status changes -> timeline');
  const latencies = await commitToTimeline(page);
  step(`bulk change of ${bulkCount} leads`);
  const bulk = await bulkChange(suite, db, email, ids.slice(opens + 1, opens + 1 + bulkCount));
  printAndReport(open, latencies, bulk);
  console.log(`(total run ${((Date.now() - started) / 1000).toFixed(0)} s)`);
} finally {
  await browser?.close();
  await deleteAdminApp(adminApp);
  await suite.stop();
}
