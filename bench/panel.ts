/**
 * The admin panel at scale: seeds 20,000 active + 20,000 trashed leads into a fresh local
 * suite (production build, memory-only data), opens /admin in Chromium as an admin and prints
 * - open -> first rows visible / interactive: the first row's checkbox clicked as it appears, until
 *   the page answered (ms; `--interactive check`: Playwright's check() instead),
 * - search input / status filter -> updated list (ms, per change),
 * - the longest main-thread task while filtering, paging and scrolling (PerformanceObserver longtask),
 * - JS heap after load,
 * - Firestore documents read to open the panel (documentChange messages on the Listen channel plus
 *   the billed reads of count aggregations: one per 1,000 counted, at least one),
 * - live latency of 50 applications written like the public pages (Firestore Lite, no sign-in) until
 *   each row is visible in the open panel, p50/p95.
 * With several sizes (`--active 5000,20000,100000`) and CPU throttling rates (`--throttle 1,4`,
 * CDP Emulation.setCPUThrottlingRate: 4 is roughly a mid-range phone) it also prints the curve:
 * for each size and rate, open -> first rows / interactive / counters exact, heap and reads, of
 * /admin and of the URL-driven list (an address with a search, a filter and an order). The
 * leads are seeded with the emulator's triggers paused (lib/pause-triggers.ts), so the Functions
 * emulator is not running 100,000 trigger invocations beside the browser being measured.
 * Numbers only, never pass/fail.
 * Usage: node --import tsx bench/panel.ts [--active 20000 | 5000,20000,100000] [--throttle 1 | 1,4]
 *   [--trashed 20000] [--live 50] [--latency 0 (ms added to each request, CDP network emulation)]
 *   [--interactive click | check (how interactive is timed; see `interactiveBy`)]
 *   [--volume seed | snapshot (how the leads get in; see `fromSnapshot`)]
 * Then the Leads tab's other views at the largest size and each rate (lib/panel-views.ts): the
 * board and 'Para hoje', open -> first card / interactive (the first card's menu opened); and the
 * list and the board filtered by status and job only (lib/panel-filtered.ts), open -> counts shown.
 */
import { deleteApp as deleteAdminApp } from 'firebase-admin/app';
import { getAuth, type Auth } from 'firebase-admin/auth';
import { Timestamp, type Firestore } from 'firebase-admin/firestore';
import { initializeApp, deleteApp, type FirebaseApp } from 'firebase/app';
import {
  collection,
  connectFirestoreEmulator,
  doc,
  getFirestore as getLiteFirestore,
} from 'firebase/firestore/lite';
import os from 'node:os';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { grantAdmin } from '../scripts/lib/admin-allowlist.mjs';
import { chromiumArgs, chromiumPath } from '../scripts/lib/chromium.mjs';
import type { LocalSuite } from '../scripts/lib/local-suite.mjs';
import { setNewLead } from '../web/src/data/lead-write.ts';
import { leadKeys } from '@vagas/common';
import { application, benchNextStepFields, fixedRandom } from './lib/leads.ts';
import { withoutTriggers } from './lib/pause-triggers.ts';
import { warmAdminCallables } from './lib/warm-callables.ts';
import { useEmulatorAppCheck } from '../scripts/lib/app-check.mjs';
import { startPanelSuite } from './lib/panel-suite.ts';
import {
  describeSnapshot,
  indexesBuilt,
  prepareSnapshotSuite,
  snapshotAdminEmail,
  snapshotAsked,
  snapshotDataDir,
} from './lib/panel-snapshot.ts';
import { measureViews } from './lib/panel-views.ts';
import { measureFiltered } from './lib/panel-filtered.ts';
import {
  clickAndAwaitAnswer,
  firstCheckbox,
  firstSeen,
  instrumentContext,
  printDebug,
  rowSeenAt,
  screenshotIfAsked,
  signInOnLoginPage,
  statsOf,
  timeChange,
  watchRows,
  type BenchStats,
} from './lib/panel-page.ts';
import { report } from './lib/report.ts';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i === -1 ? fallback : Number(process.argv[i + 1]);
};
const list = (name: string, fallback: number[]) => {
  const i = process.argv.indexOf(`--${name}`);
  return i === -1 ? fallback : process.argv[i + 1]!.split(',').map(Number);
};
const activeCounts = list('active', [20_000]).sort((a, b) => a - b);
/** The size the search, filter and live phases run at: the largest. */
const activeCount = activeCounts.at(-1)!;
const throttles = list('throttle', [1]);
const trashedCount = arg('trashed', 20_000);
const liveCount = arg('live', 50);
/** Round-trip time added to every request of the measured opens (ms; 0: loopback as it is). */
const latencyMs = arg('latency', 0);
/**
 * How interactive is timed: `click` (default) clicks the first row's checkbox with real input
 * events as the row appears and waits in the page for its answer (lib/panel-page.ts,
 * clickAndAwaitAnswer); `check` uses Playwright's check() from the moment the row is seen, whose
 * actionability checks run on the throttled main thread first (150-250 ms at 4x on a settled page;
 * the measure of the entries before 2026-11-26, third session).
 */
const interactiveBy = process.argv.includes('--interactive')
  ? process.argv[process.argv.indexOf('--interactive') + 1]
  : 'click';
if (interactiveBy !== 'click' && interactiveBy !== 'check') {
  throw new Error(`--interactive is click or check, not ${interactiveBy}`);
}
/** Seeded through firebase-admin, or loaded from a snapshot (`--volume`, lib/panel-snapshot.ts). */
const fromSnapshot = snapshotAsked(process.argv, activeCounts);
const interactiveLabel =
  interactiveBy === 'click' ? 'first click answered' : "first row's checkbox, Playwright's check";

const statuses = ['novo', 'principal', 'separado', 'descartado'];
const first = ['Ana', 'João', 'Maria', 'José', 'Érica', 'Luís', 'Cláudia', 'Raí', 'Bruna', 'Tânia'];
const last = ['Silva', 'Souza', 'Conceição', 'Araújo', 'Lima', 'Gonçalves', 'Melo', 'Brandão'];

const ms = (n: number) => `${n.toFixed(0)} ms`;
const pct = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};
const median = (values: number[]) => pct(values, 50);

/** The admin the benchmark signs in as: responsible for half of the seeded next steps. */
const benchAdmin = {
  email: fromSnapshot ? snapshotAdminEmail : `bench-${Date.now()}@vagas.test`,
  password: 'senha-bench',
};

const started = Date.now();
const step = (what: string) =>
  process.stderr.write(`[${((Date.now() - started) / 1000).toFixed(0)} s] ${what}\n`);

/** Writes leads `from`..`from + count - 1` (active, or in the trash), 500 per batch, 4 batches at a time. */
async function seedLeads(db: Firestore, from: number, count: number, inTrash: boolean) {
  const seedStart = Date.now();
  const now = Date.now();
  const lead = (i: number) => {
    const nome = `${first[i % first.length]} ${last[(i * 7) % last.length]} ${i}`;
    const whatsapp = `(7${i % 10}) 9${String(10_000_000 + ((i * 7919) % 89_999_999)).slice(0, 4)}-${String(i % 10_000).padStart(4, '0')}`;
    return {
      // The root page's fields, its jobs and towns drawn at random (the same ones for lead i).
      ...application('root', { nome, whatsapp }, fixedRandom(i)),
      // What the leadTimeline function writes (a seed of 100,000 does not wait on 100,000 runs).
      ...leadKeys(nome, whatsapp),
      status: statuses[i % statuses.length],
      created_at: Timestamp.fromMillis(now - 86_400_000 - i * 60_000),
      deleted_at: inTrash ? Timestamp.fromMillis(now - 3_600_000 - i * 1000) : null,
      ...(inTrash ? {} : benchNextStepFields(i, now, benchAdmin.email)),
    };
  };
  for (let s = 0; s < count; s += 2000) {
    await Promise.all(
      [0, 500, 1000, 1500].map((offset) => {
        const batch = db.batch();
        for (let i = s + offset; i < Math.min(count, s + offset + 500); i++) {
          batch.set(db.collection('leads').doc(), lead(from + i));
        }
        return batch.commit();
      }),
    );
  }
  console.log(
    `seeded ${count} ${inTrash ? 'trashed' : 'active'} leads in ${ms(Date.now() - seedStart)}`,
  );
}

/** Creates an admin account and signs it in once: the session persists in the returned context. */
async function signInAsAdmin(browser: Browser, suite: LocalSuite, db: Firestore, auth: Auth) {
  const account = benchAdmin;
  await auth.createUser({ ...account, emailVerified: true });
  await grantAdmin(
    { db, auth, target: { projectId: suite.projectId, emulators: true }, close: async () => {} },
    account.email,
  );
  step('signing in');
  const context = await browser.newContext({
    viewport: { width: 1280, height: 800 },
    locale: 'pt-BR',
    timezoneId: 'America/Bahia',
  });
  const login = await context.newPage();
  await signInOnLoginPage(login, suite.webUrl, account);
  await login.getByRole('button', { name: 'Sair' }).waitFor({ timeout: 120_000 });
  step('signed in; waiting for the list');
  await login.locator('tbody tr').first().waitFor({ timeout: 120_000 });
  // The URL-driven list once: the emulator reads around the indexes its first query needs and
  // builds them in the background (production has them built beforehand). The curve waits for
  // those builds, so that it times the panel, not an emulator still building.
  await login.goto(`${suite.webUrl}${urlDrivenPath}`);
  await login.locator('tbody tr').first().waitFor({ timeout: 120_000 });
  await login.close();
  await indexesBuilt(suite.firestore.host, suite.firestore.port);
  return context;
}

/**
 * Opens /admin in a new page (the CPU slowed `throttle` times): ms from navigation to each stage,
 * the reads it took, the heap.
 */
async function openPanel(
  context: BrowserContext,
  webUrl: string,
  active: number,
  throttle = 1,
  path = '/admin',
) {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: throttle });
  // The emulators answer over loopback: --latency adds a round-trip time to every request.
  if (latencyMs > 0) {
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: latencyMs,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
  }
  const t0 = Date.now();
  await page.goto(`${webUrl}${path}`);
  // Awaited in the page (lib/panel-page.ts): Playwright's waits poll up to 500 ms apart, which
  // the interactive time below inherited, and their queries ran on the throttled main thread.
  await firstSeen(page, 'sair');
  const tGuard = Date.now() - t0;
  const firstRow = page.locator('tbody tr').first();
  const checkboxAt = firstCheckbox(page);
  await firstSeen(page, 'rows');
  const tRows = Date.now() - t0;
  const shot = (name: string) => screenshotIfAsked(page, `${throttle}x-${name}`);
  await shot('first-rows');
  // Interactive: the first row's checkbox clicked as the row appears, until the page has answered.
  let answered = Number.NaN;
  if (interactiveBy === 'click') answered = await clickAndAwaitAnswer(page, cdp, await checkboxAt);
  if (Number.isNaN(answered)) {
    if (interactiveBy === 'click') step('the click missed the first checkbox: timed with check()');
    await firstRow.getByRole('checkbox').check();
  }
  const tInteractive = (Number.isNaN(answered) ? Date.now() : answered) - t0;
  await shot('interactive');
  await firstRow.getByRole('checkbox').uncheck();
  await page
    .getByRole('group', { name: 'Total de Leads' })
    .getByText(active.toLocaleString('pt-BR'), { exact: true })
    .waitFor({ timeout: 120_000 });
  const tFull = Date.now() - t0;
  await page
    .getByRole('tab', { name: `Lixeira (${trashedCount.toLocaleString('pt-BR')})` })
    .waitFor({ timeout: 60_000 });
  const tCount = Date.now() - t0;
  const opened = await statsOf(page);
  const inPage = (at: number | undefined) => (at === undefined ? Number.NaN : at - t0);
  const seenSair = inPage(opened.firstSeen.sair);
  const seenRows = inPage(opened.firstSeen.rows);
  if (process.env.VAGAS_BENCH_DEBUG) printDebug(opened, await checkboxAt, t0);

  await cdp.send('HeapProfiler.collectGarbage');
  const heap = await cdp.send('Runtime.getHeapUsage');
  return { page, tGuard, tRows, tInteractive, tFull, tCount, seenSair, seenRows, opened, heap };
}

/** Searches, types, filters, pages and scrolls: ms per list change and the longest task meanwhile. */
async function searchAndFilter(page: Page) {
  const longTasksFrom = (await statsOf(page)).longTasks.length;
  const search = page.getByRole('searchbox', { name: 'Buscar por nome ou WhatsApp' });
  const searchTimes: number[] = [];
  for (const query of ['conceicao', 'maria', 'joao lima', '12345', '(71)', 'erica 1999', 'raí']) {
    searchTimes.push(await timeChange(page, () => search.fill(query)));
    await page.waitForTimeout(50);
    searchTimes.push(await timeChange(page, () => search.fill('')));
  }
  const typed: number[] = [];
  await search.click();
  for (const key of 'jose melo 4'.split('')) {
    const before = await page.evaluate(() => document.querySelector('tbody')?.textContent ?? '');
    // A key that leaves the first page as it was changes nothing on screen: skipped after 1.5 s.
    const t = await timeChange(page, () => page.keyboard.type(key), 1500).catch(() => null);
    const after = await page.evaluate(() => document.querySelector('tbody')?.textContent ?? '');
    if (t !== null && before !== after) typed.push(t);
  }
  await search.fill('');
  const filterTimes: number[] = [];
  for (const option of ['Principal', 'Separado', 'Descartado', 'Novo', 'Todos']) {
    const filter = page.getByRole('combobox', { name: 'Filtrar por status' });
    filterTimes.push(await timeChange(page, () => filter.selectOption({ label: option })));
  }
  // Paging and scrolling.
  for (let i = 0; i < 5; i++) {
    await page.getByRole('button', { name: 'Próxima página' }).click();
    for (let y = 0; y < 4000; y += 400) {
      await page.mouse.wheel(0, 400);
    }
    await page.evaluate(() => window.scrollTo(0, 0));
  }
  await page.getByRole('button', { name: 'Página 1', exact: true }).click();
  const afterUse = await statsOf(page);
  const longest = Math.max(0, ...afterUse.longTasks.slice(longTasksFrom).map(([, d]) => d));
  return { searchTimes, typed, filterTimes, longest, afterUse };
}

/** Writes `liveCount` applications like the public pages do: ms from each write to its row. */
async function liveLatencies(page: Page, liteApp: FirebaseApp, suite: LocalSuite) {
  const lite = getLiteFirestore(liteApp);
  connectFirestoreEmulator(lite, suite.firestore.host, suite.firestore.port);
  await watchRows(page);
  const latencies: number[] = [];
  for (let i = 0; i < liveCount; i++) {
    const ref = doc(collection(lite, 'leads'));
    const sent = performance.timeOrigin + performance.now();
    // The pages' own write (its fields, the consent note's version), each from a device of its own.
    const device = { id: doc(collection(lite, 'devices')).id, slot: 0 };
    await setNewLead(lite, ref.id, application('root', { nome: `Ao Vivo ${i}` }), device);
    latencies.push((await rowSeenAt(page, ref.id)) - sent);
  }
  return latencies;
}

type Opened = Awaited<ReturnType<typeof openPanel>>;
type Used = Awaited<ReturnType<typeof searchAndFilter>>;

/** Prints the run for a reader and reports the numbers to `npm run bench`. */
function printAndReport(
  open: Opened,
  used: Used,
  live: { latencies: number[]; title: string; stats: BenchStats },
) {
  const { tGuard, tRows, tInteractive, tFull, tCount, seenSair, seenRows, opened, heap } = open;
  const { searchTimes, typed, filterTimes, longest, afterUse } = used;
  const { latencies } = live;
  const mb = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MB`;
  const lines = [
    `\nPanel with ${activeCount} active + ${trashedCount} trashed leads (production build, Chromium):`,
    `  open -> guard passed ('Sair')            ${ms(tGuard)}`,
    `  open -> first rows visible               ${ms(tRows)}`,
    `  open -> 'Sair' / first row in the DOM (seen in the page) ${ms(seenSair)} / ${ms(seenRows)}`,
    `  open -> interactive (${interactiveLabel}) ${ms(tInteractive)}`,
    `  open -> counters exact                   ${ms(tFull)}`,
    `  open -> 'Lixeira (${trashedCount})' counted         ${ms(tCount)}`,
    `  search input -> updated list             median ${ms(median(searchTimes))}, max ${ms(Math.max(...searchTimes))} (${searchTimes.length} changes)`,
    `  typing a key -> updated list             median ${ms(median(typed.length ? typed : [0]))}, max ${ms(Math.max(0, ...typed))} (${typed.length} keys)`,
    `  status filter -> updated list            median ${ms(median(filterTimes))}, max ${ms(Math.max(...filterTimes))}`,
    `  longest main-thread task (filter/page/scroll) ${ms(longest)}`,
    `  JS heap after load (after GC)            ${mb(heap.usedSize)} used of ${mb(heap.totalSize)}`,
    `  documents read to open                   ${opened.listenDocs + opened.aggregationReads} = ${opened.listenDocs} listener documents + ${opened.aggregationReads} for ${opened.aggregations} count aggregation(s)`,
    `  live latency, ${liveCount} applications          p50 ${ms(median(latencies))}, p95 ${ms(pct(latencies, 95))}, max ${ms(Math.max(...latencies))}`,
    `  title after the arrivals                 ${live.title}`,
    `  aggregation reads during the live phase  ${live.stats.aggregationReads - afterUse.aggregationReads} (${live.stats.aggregations - afterUse.aggregations} counts, coalesced)`,
  ];
  for (const line of lines) console.log(line);
  const panel = (measure: string, value: number, unit: string, below?: number) =>
    report({
      section: 'panel',
      measure,
      value,
      unit,
      goal: below === undefined ? undefined : { op: '<', value: below },
    });
  panel('open -> first rows visible', tRows, 'ms', 1500);
  panel(`open -> interactive (${interactiveLabel})`, tInteractive, 'ms');
  panel('open -> counters exact', tFull, 'ms');
  panel('search -> updated list, median', median(searchTimes), 'ms', 100);
  panel('status filter -> updated list, median', median(filterTimes), 'ms', 100);
  panel('longest main-thread task while filtering, paging, scrolling', longest, 'ms', 200);
  panel('JS heap after load', heap.usedSize / 2 ** 20, 'MiB');
  panel('documents read to open', opened.listenDocs + opened.aggregationReads, 'reads');
  panel('live: application -> row visible, p50', median(latencies), 'ms');
  panel('live: application -> row visible, p95', pct(latencies, 95), 'ms', 250);
}

/**
 * The list as an address sent by a colleague opens it (features/leads list-url.ts): a search, a
 * status and the 'Nome' order (1,000 of 20,000 bench leads match: every 'Maria' 'separado').
 */
const urlDrivenPath = '/admin?busca=maria&status=separado&ordem=nome-asc';

type CurvePoint = { active: number; throttle: number; load: string; path: string } & Omit<
  Opened,
  'page'
>;

/** Opens the panel at each size (seeding the difference) and rate: the curve. Closes its pages. */
async function measureCurve(context: BrowserContext, suite: LocalSuite, db: Firestore) {
  const points: CurvePoint[] = [];
  let seeded = activeCounts[0]!;
  for (const active of activeCounts) {
    if (active > seeded) {
      await withoutTriggers(suite, db, () => seedLeads(db, seeded, active - seeded, false));
      seeded = active;
    }
    for (const throttle of throttles) {
      for (const path of ['/admin', urlDrivenPath]) {
        step(`opening ${path}: ${active} active, CPU ${throttle}x`);
        const { page, ...open } = await openPanel(
          context,
          suite.webUrl ?? '',
          active,
          throttle,
          path,
        );
        points.push({ active, throttle, path, load: loadAverage(), ...open });
        // Each point as it comes: at a million a later open can fail (the emulator out of memory).
        const reads = `${open.opened.listenDocs} + ${open.opened.aggregationReads}`;
        step(
          `  first rows ${ms(open.tRows)}, interactive ${ms(open.tInteractive)}, counters exact ` +
            `${ms(open.tFull)}, heap ${(open.heap.usedSize / 2 ** 20).toFixed(1)} MiB, reads ${reads}, load ${loadAverage()}`,
        );
        for (const line of open.opened.countLog) step(`    count ${line}`);
        await page.close();
      }
    }
  }
  return points;
}

const loadAverage = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(1))
    .join(' ');

/** The curve as a table, and each point to `npm run bench`. */
function printCurve(points: CurvePoint[]) {
  const mb = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MB`;
  console.log('\nThe curve (open -> ...; reads = listener documents + billed count reads):');
  console.log(
    `  active   CPU  first rows  interactive  counters exact  heap      reads        load avg       in page: Sair / row  (the URL-driven list: ${urlDrivenPath})`,
  );
  for (const p of points) {
    const reads = p.opened.listenDocs + p.opened.aggregationReads;
    const url = p.path === urlDrivenPath;
    console.log(
      `  ${String(p.active).padStart(7)}  ${p.throttle}x${url ? ' URL' : '    '}${ms(p.tRows).padStart(8)}  ${ms(p.tInteractive).padStart(11)}  ${ms(p.tFull).padStart(14)}  ${mb(p.heap.usedSize).padEnd(8)}  ${String(reads).padStart(5)} (${p.opened.listenDocs}+${p.opened.aggregationReads})  ${p.load.padEnd(14)} ${ms(p.seenSair)} / ${ms(p.seenRows)}`,
    );
    const at = `${p.active.toLocaleString('en')} active, ${p.throttle}x CPU${url ? `, ${p.path}` : ''}`;
    const goal = p.active <= 20_000 ? 1500 : undefined;
    const panel = (measure: string, value: number, unit: string, below?: number) =>
      report({
        section: 'panel',
        measure: `${measure} (${at})`,
        value,
        unit,
        goal: below === undefined ? undefined : { op: '<', value: below },
      });
    panel('open -> first rows', p.tRows, 'ms');
    panel('open -> first row in the DOM (seen in the page)', p.seenRows, 'ms');
    panel(`open -> interactive (${interactiveLabel})`, p.tInteractive, 'ms', goal);
    panel('open -> counters exact', p.tFull, 'ms');
    panel('JS heap after open', p.heap.usedSize / 2 ** 20, 'MiB');
    panel('reads to open', reads, 'reads');
  }
}

if (fromSnapshot) step(`the data directory of ${activeCount} + ${trashedCount} leads`);
const snapshot = fromSnapshot ? await snapshotDataDir(activeCount, trashedCount) : undefined;
if (snapshot) console.log(describeSnapshot(snapshot));
step('starting the local suite (builds web/)');
const { suite, adminApp, db } = await startPanelSuite('bench-panel', snapshot?.dir);
let browser: Browser | undefined;
let liteApp: FirebaseApp | undefined;

try {
  if (snapshot) {
    const expected = { active: activeCount, trashed: trashedCount };
    console.log(await prepareSnapshotSuite(suite, db, snapshot, expected, step));
  } else {
    await withoutTriggers(suite, db, async () => {
      await seedLeads(db, 10_000_000, trashedCount, true);
      await seedLeads(db, 0, activeCounts[0]!, false);
    });
  }
  await warmAdminCallables(suite);
  browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  const context = await signInAsAdmin(browser, suite, db, getAuth(adminApp));
  // Reads on the wire and long tasks, recorded from before the app's first script.
  await instrumentContext(context);
  const curve =
    activeCounts.length > 1 || throttles.some((rate) => rate !== 1)
      ? await measureCurve(context, suite, db)
      : [];
  // Printed at once: a later phase failing does not lose the curve.
  if (curve.length > 0) printCurve(curve);
  // The board and 'Para hoje' at the largest size, at each rate.
  await measureViews(context, suite.webUrl ?? '', activeCount, throttles, step);
  // The list and the board filtered by status and job only, until their counts show.
  await measureFiltered(context, suite.webUrl ?? '', db, throttles, step);
  step('opening the panel');
  const open = await openPanel(context, suite.webUrl ?? '', activeCount);
  step('searching and filtering');
  const used = await searchAndFilter(open.page);
  step('live applications');
  liteApp = initializeApp({ projectId: suite.projectId, apiKey: 'bench' }, 'bench-lite');
  // The suite enforces App Check, as production does.
  useEmulatorAppCheck(liteApp, suite.firestore);
  const latencies = await liveLatencies(open.page, liteApp, suite);
  const title = await open.page.title();
  printAndReport(open, used, { latencies, title, stats: await statsOf(open.page) });
  console.log(
    `(total run ${((Date.now() - started) / 1000).toFixed(0)} s, load average now ${loadAverage()})`,
  );
} finally {
  await browser?.close();
  if (liteApp) await deleteApp(liteApp);
  await deleteAdminApp(adminApp);
  await suite.stop();
  snapshot?.remove();
}
