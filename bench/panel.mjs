/**
 * The admin panel at scale: seeds 20,000 active + 20,000 trashed leads into a fresh local
 * suite (production build, memory-only data), opens /admin in Chromium as an admin and prints
 * - open -> first rows visible / first row's checkbox toggled (ms),
 * - search input / status filter -> updated list (ms, per change),
 * - the longest main-thread task while filtering, paging and scrolling (PerformanceObserver longtask),
 * - JS heap after load,
 * - Firestore documents read to open the panel (documentChange messages on the Listen channel plus
 *   the billed reads of count aggregations: one per 1,000 counted, at least one),
 * - live latency of 50 applications written like the public pages (Firestore Lite, no sign-in) until
 *   each row is visible in the open panel, p50/p95.
 * Numbers only, never pass/fail. Usage: node bench/panel.mjs [--active 20000] [--trashed 20000]
 */
/* global window, document, XMLHttpRequest, MutationObserver */
/**
 * What the page-side instrumentation keeps on `window`.
 * @typedef {{ listenDocs: number, aggregations: number, aggregationReads: number, longTasks: [number, number][], urls: string[] }} BenchStats
 * @typedef {Window & { __bench: BenchStats, __changed: Promise<number>, __inputAt: number | null, __seen: Record<string, number> }} BenchWindow
 */
import { deleteApp as deleteAdminApp, initializeApp as initAdminApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { Timestamp, getFirestore } from 'firebase-admin/firestore';
import { initializeApp, deleteApp } from 'firebase/app';
import {
  collection,
  connectFirestoreEmulator,
  doc,
  getFirestore as getLiteFirestore,
  serverTimestamp,
  setDoc,
} from 'firebase/firestore/lite';
import { readFileSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { grantAdmin } from '../scripts/lib/admin-allowlist.mjs';
import { chromiumArgs, chromiumPath } from '../scripts/lib/chromium.mjs';
import { startLocalSuite } from '../scripts/lib/local-suite.mjs';
import { report } from './lib/report.mjs';

/** @param {string} name @param {number} fallback */
const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i === -1 ? fallback : Number(process.argv[i + 1]);
};
const activeCount = arg('active', 20_000);
const trashedCount = arg('trashed', 20_000);
const liveCount = arg('live', 50);

const jobs = ['Aux Eletricista', 'Aux Serraria', 'Aux Metalúgica', 'Sem Experiencia'];
const towns = ['Salgadália', 'Joazeiro', 'Bandiaçu', 'Aroeiras', 'São João'];
const statuses = ['novo', 'principal', 'separado', 'descartado'];
const first = ['Ana', 'João', 'Maria', 'José', 'Érica', 'Luís', 'Cláudia', 'Raí', 'Bruna', 'Tânia'];
const last = ['Silva', 'Souza', 'Conceição', 'Araújo', 'Lima', 'Gonçalves', 'Melo', 'Brandão'];

/** @param {number} n */
const ms = (n) => `${n.toFixed(0)} ms`;
/** @param {number[]} values @param {number} p */
const pct = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};
/** @param {number[]} values */
const median = (values) => pct(values, 50);

const started = Date.now();
/** @param {string} what */
const step = (what) =>
  process.stderr.write(`[${((Date.now() - started) / 1000).toFixed(0)} s] ${what}\n`);
step('starting the local suite (builds web/)');
const suite = await startLocalSuite({ web: 'preview', functions: true });
// Ctrl-C still stops the emulators and the preview server.
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => void suite.stop().finally(() => process.exit(130)));
}
const firestoreHost = `${suite.firestore.host}:${suite.firestore.port}`;
process.env.FIRESTORE_EMULATOR_HOST = firestoreHost;
process.env.FIREBASE_AUTH_EMULATOR_HOST = `${suite.auth?.host}:${suite.auth?.port}`;
const adminApp = initAdminApp({ projectId: suite.projectId }, 'bench-panel');
const db = getFirestore(adminApp);
const auth = getAuth(adminApp);
let browser;
let liteApp;

try {
  // ---- Seed ---------------------------------------------------------------------------------
  const seedStart = Date.now();
  const now = Date.now();
  /** @param {number} i @param {boolean} trashed */
  const lead = (i, trashed) => ({
    nome: `${first[i % first.length]} ${last[(i * 7) % last.length]} ${i}`,
    whatsapp: `(7${i % 10}) 9${String(10_000_000 + ((i * 7919) % 89_999_999)).slice(0, 4)}-${String(i % 10_000).padStart(4, '0')}`,
    vaga: jobs[i % jobs.length],
    cidade: towns[i % towns.length],
    status: statuses[i % statuses.length],
    created_at: Timestamp.fromMillis(now - 86_400_000 - i * 60_000),
    deleted_at: trashed ? Timestamp.fromMillis(now - 3_600_000 - i * 1000) : null,
  });
  const writes = [];
  for (let i = 0; i < activeCount; i++) writes.push(lead(i, false));
  for (let i = 0; i < trashedCount; i++) writes.push(lead(activeCount + i, true));
  const batches = [];
  for (let s = 0; s < writes.length; s += 500) batches.push(writes.slice(s, s + 500));
  for (let s = 0; s < batches.length; s += 4) {
    await Promise.all(
      batches.slice(s, s + 4).map((chunk) => {
        const batch = db.batch();
        for (const data of chunk) batch.set(db.collection('leads').doc(), data);
        return batch.commit();
      }),
    );
  }
  console.log(
    `seeded ${activeCount} active + ${trashedCount} trashed leads in ${ms(Date.now() - seedStart)}`,
  );

  // Boot the Functions emulator's workers for the admin callables (seconds on a busy machine).
  const functionsBase = `http://${suite.functions?.host}:${suite.functions?.port}/${suite.projectId}`;
  const region = JSON.parse(
    readFileSync(new URL('../web/src/config/app-config.json', import.meta.url), 'utf8'),
  ).functionsRegion;
  await Promise.all(
    ['linkAdminUser', 'isCurrentUserAdmin'].map((name) =>
      fetch(`${functionsBase}/${region}/${name}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ data: null }),
      }).catch(() => undefined),
    ),
  );

  const account = { email: `bench-${Date.now()}@vagas.test`, password: 'senha-bench' };
  await auth.createUser({ ...account, emailVerified: true });
  await grantAdmin(
    { db, auth, target: { projectId: suite.projectId, emulators: true }, close: async () => {} },
    account.email,
  );

  step('signing in');
  // ---- Sign in once (the session persists in the context) -------------------------------------
  browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  const context = await browser.newContext({
    viewport: { width: 1280, height: 800 },
    locale: 'pt-BR',
    timezoneId: 'America/Bahia',
  });
  const login = await context.newPage();
  await login.goto(`${suite.webUrl}/admin/login`);
  await login.getByLabel('Email').fill(account.email);
  await login.getByLabel('Senha').fill(account.password);
  await login.getByRole('button', { name: 'Entrar' }).click();
  await login.getByRole('button', { name: 'Sair' }).waitFor({ timeout: 120_000 });
  step('signed in; waiting for the list');
  await login.locator('tbody tr').first().waitFor({ timeout: 120_000 });
  await login.close();

  // Reads on the wire and long tasks, recorded from before the app's first script.
  await context.addInitScript(() => {
    /** @type {BenchStats} */
    const stats = { listenDocs: 0, aggregations: 0, aggregationReads: 0, longTasks: [], urls: [] };
    Object.assign(window, { __bench: stats });
    const open = XMLHttpRequest.prototype.open;
    XMLHttpRequest.prototype.open = /** @type {XMLHttpRequest['open']} */ (
      /** @this {XMLHttpRequest} @param {string} method @param {string | URL} url @param {[boolean, string?, string?]} rest */
      function (method, url, ...rest) {
        const target = String(url);
        if (stats.urls.length < 40) stats.urls.push(`${method} ${target.split('?')[0]}`);
        if (target.includes('/Listen/channel')) {
          // Streaming responses are read as they grow; binary ones once complete.
          let seen = 0;
          /** @param {string} text */
          const count = (text) => {
            stats.listenDocs += (text.match(/documentChange/g) ?? []).length;
          };
          this.addEventListener('readystatechange', () => {
            if (this.readyState < 3) return;
            if (this.responseType === '' || this.responseType === 'text') {
              const text = this.responseText;
              count(text.slice(seen));
              seen = text.length;
            } else if (this.readyState === 4 && this.response) {
              const body = this.response;
              count(typeof body === 'string' ? body : new TextDecoder().decode(body));
            }
          });
        }
        if (target.includes(':runAggregationQuery')) {
          this.addEventListener('load', () => {
            stats.aggregations += 1;
            const counted = Number(/"integerValue":\s*"?(\d+)/.exec(this.responseText)?.[1] ?? 0);
            stats.aggregationReads += Math.max(1, Math.ceil(counted / 1000));
          });
        }
        return open.call(this, method, url, ...rest);
      }
    );
    // The SDK's Listen channel streams over fetch: read a clone of each response as it arrives.
    const fetchBefore = window.fetch;
    /** @type {typeof window.fetch} */
    window.fetch = async function (input, init) {
      const target =
        typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      const response = await fetchBefore.call(this, input, init);
      const body = response.clone().body;
      if (target.includes('/Listen/channel') && body) {
        const reader = body.getReader();
        const decoder = new TextDecoder();
        let tail = '';
        (async () => {
          for (;;) {
            const { done, value } = await reader.read();
            if (done) return;
            const text = tail + decoder.decode(value, { stream: true });
            stats.listenDocs += (text.match(/documentChange/g) ?? []).length;
            // Keep the end that could hold the start of a word cut by the chunk boundary.
            const cut = text.lastIndexOf('documentChange');
            tail = text.slice(Math.max(cut === -1 ? 0 : cut + 14, text.length - 13));
          }
        })().catch(() => undefined);
      }
      return response;
    };
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries())
        stats.longTasks.push([entry.startTime, entry.duration]);
    }).observe({ type: 'longtask', buffered: true });
  });

  step('opening the panel');
  // ---- Open -> first rows -----------------------------------------------------------------
  const page = await context.newPage();
  const t0 = Date.now();
  await page.goto(`${suite.webUrl}/admin`);
  await page.getByRole('button', { name: 'Sair' }).waitFor({ timeout: 120_000 });
  const tGuard = Date.now() - t0;
  const firstRow = page.locator('tbody tr').first();
  await firstRow.waitFor({ timeout: 120_000 });
  const tRows = Date.now() - t0;
  await firstRow.getByRole('checkbox').check();
  const tInteractive = Date.now() - t0;
  await firstRow.getByRole('checkbox').uncheck();
  await page
    .getByRole('group', { name: 'Total de Leads' })
    .getByText(activeCount.toLocaleString('pt-BR'), { exact: true })
    .waitFor({ timeout: 120_000 });
  const tFull = Date.now() - t0;
  await page.getByRole('tab', { name: `Lixeira (${trashedCount})` }).waitFor({ timeout: 60_000 });
  const tCount = Date.now() - t0;
  const stats = () =>
    page.evaluate(() => /** @type {BenchWindow} */ (/** @type {unknown} */ (window)).__bench);
  const opened = await stats();
  if (process.env.VAGAS_BENCH_DEBUG) console.log(opened.urls);

  const cdp = await context.newCDPSession(page);
  await cdp.send('HeapProfiler.collectGarbage');
  const heap = await cdp.send('Runtime.getHeapUsage');

  step('searching and filtering');
  // ---- Search and filter -> updated list ---------------------------------------------------
  /** ms from the input event to the first change of the list, measured in the page. */
  /** @param {() => Promise<unknown>} act */
  const timeChange = async (act, timeoutMs = 10_000) => {
    await page.evaluate((timeoutMs) => {
      const w = /** @type {BenchWindow} */ (/** @type {unknown} */ (window));
      const list = document.querySelector('[role=tabpanel]');
      if (!list) throw new Error('no open tab panel');
      w.__changed = new Promise((resolve) => {
        const observer = new MutationObserver(() => {
          observer.disconnect();
          resolve(performance.now());
        });
        setTimeout(() => {
          observer.disconnect();
          resolve(Number.NaN);
        }, timeoutMs);
        observer.observe(list, { childList: true, subtree: true, characterData: true });
      });
      w.__inputAt = null;
      const mark = () => {
        w.__inputAt ??= performance.now();
      };
      document.addEventListener('input', mark, { capture: true, once: true });
      document.addEventListener('mousedown', mark, { capture: true, once: true });
    }, timeoutMs);
    await act();
    const t = await page.evaluate(async () => {
      const w = /** @type {BenchWindow} */ (/** @type {unknown} */ (window));
      return (await w.__changed) - (w.__inputAt ?? Number.NaN);
    });
    if (Number.isNaN(t)) throw new Error('the list did not change');
    return t;
  };
  const longTasksFrom = (await stats()).longTasks.length;
  const search = page.getByRole('searchbox', { name: 'Buscar por nome ou WhatsApp' });
  /** @type {number[]} */
  const searchTimes = [];
  for (const query of ['conceicao', 'maria', 'joao lima', '12345', '(71)', 'erica 1999', 'raí']) {
    searchTimes.push(await timeChange(() => search.fill(query)));
    await page.waitForTimeout(50);
    searchTimes.push(await timeChange(() => search.fill('')));
  }
  /** @type {number[]} */
  const typed = [];
  await search.click();
  for (const key of 'jose melo 4'.split('')) {
    const before = await page.evaluate(() => document.querySelector('tbody')?.textContent ?? '');
    // A key that leaves the first page as it was changes nothing on screen: skipped after 1.5 s.
    const t = await timeChange(() => page.keyboard.type(key), 1500).catch(() => null);
    const after = await page.evaluate(() => document.querySelector('tbody')?.textContent ?? '');
    if (t !== null && before !== after) typed.push(t);
  }
  await search.fill('');
  /** @type {number[]} */
  const filterTimes = [];
  for (const option of ['Principal', 'Separado', 'Descartado', 'Novo', 'Todos']) {
    const filter = page.getByRole('combobox', { name: 'Filtrar por status' });
    filterTimes.push(await timeChange(() => filter.selectOption({ label: option })));
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
  const afterUse = await stats();
  const longest = Math.max(0, ...afterUse.longTasks.slice(longTasksFrom).map(([, d]) => d));

  step('live applications');
  // ---- Live latency --------------------------------------------------------------------------
  liteApp = initializeApp({ projectId: suite.projectId, apiKey: 'bench' }, 'bench-lite');
  const lite = getLiteFirestore(liteApp);
  connectFirestoreEmulator(lite, suite.firestore.host, suite.firestore.port);
  await page.evaluate(() => {
    const w = /** @type {BenchWindow} */ (/** @type {unknown} */ (window));
    w.__seen = {};
    new MutationObserver(() => {
      for (const row of Array.from(document.querySelectorAll('tbody tr[data-lead-id]'))) {
        const id = row.getAttribute('data-lead-id');
        if (id && !(id in w.__seen)) w.__seen[id] = performance.timeOrigin + performance.now();
      }
    }).observe(document.body, { childList: true, subtree: true });
  });
  /** @type {number[]} */
  const latencies = [];
  for (let i = 0; i < liveCount; i++) {
    const ref = doc(collection(lite, 'leads'));
    const sent = performance.timeOrigin + performance.now();
    await setDoc(ref, {
      nome: `Ao Vivo ${i}`,
      whatsapp: '(79) 99999-0000',
      vaga: 'Aux Serraria',
      cidade: 'Joazeiro',
      status: 'novo',
      created_at: serverTimestamp(),
      deleted_at: null,
    });
    await page.waitForFunction(
      (id) => id in /** @type {BenchWindow} */ (/** @type {unknown} */ (window)).__seen,
      ref.id,
      {
        timeout: 30_000,
      },
    );
    const seenAt = await page.evaluate(
      (id) => /** @type {BenchWindow} */ (/** @type {unknown} */ (window)).__seen[id],
      ref.id,
    );
    latencies.push(seenAt - sent);
  }
  const title = await page.title();

  // ---- Report ------------------------------------------------------------------------------
  /** @param {number} n */
  const mb = (n) => `${(n / 1024 / 1024).toFixed(1)} MB`;
  console.log(
    `\nPanel with ${activeCount} active + ${trashedCount} trashed leads (production build, Chromium):`,
  );
  console.log(`  open -> guard passed ('Sair')            ${ms(tGuard)}`);
  console.log(`  open -> first rows visible               ${ms(tRows)}`);
  console.log(`  open -> first row's checkbox toggled     ${ms(tInteractive)}`);
  console.log(`  open -> full list (counters exact)       ${ms(tFull)}`);
  console.log(`  open -> 'Lixeira (${trashedCount})' counted         ${ms(tCount)}`);
  console.log(
    `  search input -> updated list             median ${ms(median(searchTimes))}, max ${ms(Math.max(...searchTimes))} (${searchTimes.length} changes)`,
  );
  console.log(
    `  typing a key -> updated list             median ${ms(median(typed.length ? typed : [0]))}, max ${ms(Math.max(0, ...typed))} (${typed.length} keys)`,
  );
  console.log(
    `  status filter -> updated list            median ${ms(median(filterTimes))}, max ${ms(Math.max(...filterTimes))}`,
  );
  console.log(`  longest main-thread task (filter/page/scroll) ${ms(longest)}`);
  console.log(
    `  JS heap after load (after GC)            ${mb(heap.usedSize)} used of ${mb(heap.totalSize)}`,
  );
  console.log(
    `  documents read to open                   ${opened.listenDocs + opened.aggregationReads} = ${opened.listenDocs} listener documents + ${opened.aggregationReads} for ${opened.aggregations} count aggregation(s)`,
  );
  console.log(
    `  live latency, ${liveCount} applications          p50 ${ms(median(latencies))}, p95 ${ms(pct(latencies, 95))}, max ${ms(Math.max(...latencies))}`,
  );
  console.log(`  title after the arrivals                 ${title}`);
  console.log(
    `  aggregation reads during the live phase  ${(await stats()).aggregationReads - afterUse.aggregationReads} (${(await stats()).aggregations - afterUse.aggregations} counts, coalesced)`,
  );
  /** @param {string} measure @param {number} value @param {string} unit @param {number} [below] */
  const panel = (measure, value, unit, below) =>
    report({
      section: 'panel',
      measure,
      value,
      unit,
      goal: below === undefined ? undefined : { op: '<', value: below },
    });
  panel('open -> first rows visible', tRows, 'ms', 1500);
  panel("open -> interactive (first row's checkbox toggled)", tInteractive, 'ms');
  panel('open -> full list, counters exact', tFull, 'ms');
  panel('search -> updated list, median', median(searchTimes), 'ms', 100);
  panel('status filter -> updated list, median', median(filterTimes), 'ms', 100);
  panel('longest main-thread task while filtering, paging, scrolling', longest, 'ms', 200);
  panel('JS heap after load', heap.usedSize / 2 ** 20, 'MiB');
  panel('documents read to open', opened.listenDocs + opened.aggregationReads, 'reads');
  panel('live: application -> row visible, p50', median(latencies), 'ms');
  panel('live: application -> row visible, p95', pct(latencies, 95), 'ms', 250);
  console.log(`(total run ${((Date.now() - started) / 1000).toFixed(0)} s)`);
} finally {
  await browser?.close();
  if (liteApp) await deleteApp(liteApp);
  await deleteAdminApp(adminApp);
  await suite.stop();
}
