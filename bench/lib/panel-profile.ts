/**
 * Where the panel's open spends its time: a long-running harness (not part of `npm run bench`).
 * Starts the emulators with functions (memory only), seeds leads once, then for each build it is
 * asked for (a file `<dir>/go-<tag>` holding a web/ directory, or `web` for this worktree's),
 * builds that web app, serves it with `vite preview`, signs an admin in and opens /admin
 * `--runs` times at each `--throttle` rate, printing for each open: the stages (guard passed, first
 * rows, interactive), the network waterfall (resource timing) and the main thread's CPU profile
 * by script up to the first rows. Writes `<dir>/<tag>.txt`.
 * A go file may instead hold several `tag=webDir` lines: those builds are measured interleaved;
 * `tag=webDir /admin?busca=maria` opens that address instead of /admin (a build named on several
 * lines is built once).
 * Usage: node --import tsx bench/lib/panel-profile.ts --dir /tmp/x [--active 20000] [--runs 3]
 *   [--throttle 4,1] [--interactive check | click] [--trace] [--save-profiles (each open's CPU profile, <dir>/profile-<ms>.cpuprofile)]
 */
import { initializeApp as initAdminApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { getFirestore, Timestamp, type Firestore } from 'firebase-admin/firestore';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext } from 'playwright-core';
import { SourceMapConsumer, type RawSourceMap } from 'source-map-js';
import { grantAdmin } from '../../scripts/lib/admin-allowlist.mjs';
import { chromiumArgs, chromiumPath } from '../../scripts/lib/chromium.mjs';
import { freePort, run, startLocalSuite, startProcess } from '../../scripts/lib/local-suite.mjs';
import { leadKeys } from '@vagas/common';
import { application, benchNextStepFields } from './leads.ts';
import {
  clickAndAwaitAnswer,
  firstCheckbox,
  firstSeen,
  instrumentContext,
  signInOnLoginPage,
  statsOf,
} from './panel-page.ts';
import { withoutTriggers } from './pause-triggers.ts';

const arg = (name: string, fallback: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i === -1 ? fallback : process.argv[i + 1]!;
};
const dir = arg('dir', '/tmp/panel-profile');
const active = Number(arg('active', '20000'));
const runs = Number(arg('runs', '3'));
const throttles = arg('throttle', '4,1').split(',').map(Number);
/** Interactive as bench/panel.ts times it: a click as the first row appears, until answered. */
const byClick = arg('interactive', 'check') === 'click';
/** Also records a Chromium trace of each open: the main thread's time by trace event. */
const tracing = process.argv.includes('--trace');

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  /** Thread (CPU) time of a complete event, µs: what the main thread worked, however slowed. */
  tdur?: number;
  pid: number;
  tid: number;
  args?: { name?: string; beginData?: { dirtyObjects?: number; totalObjects?: number } };
}

/** The renderer main thread's complete events up to `untilMs` after the first one, by name. */
function traceSummary(json: string, untilMs: number, rowsMs: number): string[] {
  const events = (JSON.parse(json) as { traceEvents: TraceEvent[] }).traceEvents;
  const main = events.find((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  if (!main) return ['  (no renderer main thread in the trace)'];
  const own = events
    .filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X' && e.dur)
    .sort((a, b) => a.ts - b.ts);
  const start = own[0]?.ts ?? 0;
  const byName = new Map<string, [number, number]>();
  const layouts: string[] = [];
  for (const e of own) {
    if (e.ts - start > untilMs * 1000) break;
    const [total, count] = byName.get(e.name) ?? [0, 0];
    byName.set(e.name, [total + e.dur! / 1000, count + 1]);
    if (e.name === 'Layout' && e.dur! > 8000) {
      const data = e.args?.beginData;
      layouts.push(
        `    at ${((e.ts - start) / 1000).toFixed(0)} ms: ${(e.dur! / 1000).toFixed(0)} ms, ${data?.dirtyObjects}/${data?.totalObjects} objects`,
      );
    }
  }
  // The main thread's own work up to the first rows and to the answer, in CPU time: unlike the
  // times above it does not grow with the machine's load, so two builds compare on a busy machine.
  const cpuUntil = (ms: number) =>
    own
      .filter((e) => e.name === 'ThreadControllerImpl::RunTask' && e.ts - start <= ms * 1000)
      .reduce((sum, e) => sum + (e.tdur ?? 0) / 1000, 0);
  return [
    `  main-thread CPU (thread time, unthrottled): to first rows ${cpuUntil(rowsMs).toFixed(0)} ms, to interactive ${cpuUntil(untilMs).toFixed(0)} ms`,
    '  trace, main thread (total per event name, count; nested events count in each):',
    ...[...byName]
      .sort((a, b) => b[1][0] - a[1][0])
      .slice(0, 30)
      .map(([k, [v, n]]) => `    ${v.toFixed(0).padStart(6)} ms  ${String(n).padStart(5)}x  ${k}`),
    '  layouts over 8 ms:',
    ...layouts,
  ];
}

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
}
interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

async function seed(db: Firestore, count: number, inTrash: boolean, from: number) {
  const now = Date.now();
  for (let s = 0; s < count; s += 500) {
    const batch = db.batch();
    for (let i = s; i < Math.min(count, s + 500); i++) {
      const n = from + i;
      const nome = `Pessoa ${n}`;
      const whatsapp = `(71) 9${String(1000 + (n % 9000))}-${String(n % 10_000).padStart(4, '0')}`;
      batch.set(db.collection('leads').doc(), {
        ...application('root', { nome, whatsapp }),
        ...leadKeys(nome, whatsapp),
        status: ['novo', 'principal', 'separado', 'descartado'][n % 4],
        created_at: Timestamp.fromMillis(now - 86_400_000 - n * 60_000),
        deleted_at: inTrash ? Timestamp.fromMillis(now - 3_600_000 - n * 1000) : null,
        ...(inTrash ? {} : benchNextStepFields(n, now, account.email)),
      });
    }
    await batch.commit();
  }
}

const consumers = new Map<string, SourceMapConsumer | null>();

/** The original source of a built position: the npm package, or the app's file. */
function originOf(outDir: string, url: string, line: number, column: number): string {
  const file = path.basename(url.split('?')[0]!);
  if (!url.includes('/assets/')) return file;
  if (!consumers.has(file)) {
    const map = path.join(outDir, 'assets', `${file}.map`);
    consumers.set(
      file,
      existsSync(map)
        ? new SourceMapConsumer(JSON.parse(readFileSync(map, 'utf8')) as RawSourceMap)
        : null,
    );
  }
  const source = consumers.get(file)?.originalPositionFor({ line: line + 1, column })?.source;
  if (!source) return file;
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source);
  return pkg ? `npm:${pkg[1]}` : source.replace(/^.*\/src\//, 'src/');
}

/** Self time per script and per origin in [0, untilMs] of the profile, and a 250 ms timeline. */
function summarize(profile: CpuProfile, untilMs: number, outDir: string): string[] {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const perUrl = new Map<string, number>();
  const perOrigin = new Map<string, number>();
  const perFn = new Map<string, number>();
  const buckets: Map<string, number>[] = [];
  let t = 0;
  for (let i = 0; i < profile.samples.length; i++) {
    t += profile.timeDeltas[i]! / 1000;
    if (t > untilMs) break;
    const frame = byId.get(profile.samples[i]!)!.callFrame;
    const file = frame.url ? path.basename(frame.url.split('?')[0]!) : frame.functionName;
    const dt = (profile.timeDeltas[i + 1] ?? 0) / 1000;
    perUrl.set(file, (perUrl.get(file) ?? 0) + dt);
    const origin = frame.url
      ? originOf(outDir, frame.url, frame.lineNumber, frame.columnNumber)
      : frame.functionName;
    perOrigin.set(origin, (perOrigin.get(origin) ?? 0) + dt);
    const fn = `${origin} ${frame.functionName}@${frame.lineNumber}:${frame.columnNumber}`;
    perFn.set(fn, (perFn.get(fn) ?? 0) + dt);
    const bucket = (buckets[Math.floor(t / 250)] ??= new Map());
    const key =
      origin.startsWith('npm:') || origin.startsWith('(')
        ? origin
        : origin.startsWith('src/')
          ? 'app'
          : origin;
    bucket.set(key, (bucket.get(key) ?? 0) + dt);
  }
  const top = (m: Map<string, number>, n: number) =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([k, v]) => `    ${v.toFixed(0).padStart(6)} ms  ${k}`);
  const timeline = buckets.map((bucket, i) => {
    const busy = [...(bucket ?? new Map<string, number>())]
      .filter(([k]) => k !== '(idle)')
      .sort((a, b) => b[1] - a[1]);
    const total = busy.reduce((sum, [, v]) => sum + v, 0);
    return `    ${String(i * 250).padStart(6)} busy ${total.toFixed(0).padStart(3)}: ${busy
      .slice(0, 4)
      .map(([k, v]) => `${k} ${v.toFixed(0)}`)
      .join(', ')}`;
  });
  return [
    '  self time by script:',
    ...top(perUrl, 10),
    '  self time by origin:',
    ...top(perOrigin, 25),
    '  top functions:',
    ...top(perFn, 25),
    '  main thread, 250 ms buckets:',
    ...timeline,
  ];
}

async function openOnce(
  context: BrowserContext,
  url: string,
  throttle: number,
  outDir: string,
  address = '/admin',
) {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: throttle });
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 500 });
  await cdp.send('Profiler.start');
  const browser = context.browser()!;
  if (tracing) {
    await browser.startTracing(page, {
      categories: [
        'toplevel',
        'devtools.timeline',
        'disabled-by-default-devtools.timeline',
        'v8',
        'blink',
      ],
    });
  }
  const t0 = Date.now();
  const requests: string[] = [];
  page.on('request', (request) => {
    const url = request.url();
    if (!/Listen\/channel|Functions|isCurrentUserAdmin|lookup/.test(url)) return;
    let body = request.postData() ?? '';
    try {
      body = decodeURIComponent(body);
    } catch {
      // as it is
    }
    const what = /TYPE=(\w+)/.exec(url)?.[1] ?? '';
    requests.push(
      `    ${String(Date.now() - t0).padStart(6)} ${request.method()} ${url.split('?')[0]!.split('/').slice(-2).join('/')} ${what} ${body.replace(/"[^"]{40,}"/g, '"…"').slice(0, 300)}`,
    );
  });
  await page.goto(`${url}${address}`);
  await firstSeen(page, 'sair');
  const tGuard = Date.now() - t0;
  const row = page.locator('tbody tr').first();
  const checkboxAt = firstCheckbox(page);
  await firstSeen(page, 'rows');
  const tRows = Date.now() - t0;
  // `--interactive click`: the first row's checkbox (a card's menu button on the board and 'Para
  // hoje') clicked as it appears, until the page answered (as bench/panel.ts times it); else
  // Playwright's check() of the list's first row, whose own checks run first.
  const answered = byClick ? await clickAndAwaitAnswer(page, cdp, await checkboxAt) : Number.NaN;
  if (Number.isNaN(answered)) await row.getByRole('checkbox').check();
  const tInteractive = Math.round((Number.isNaN(answered) ? Date.now() : answered) - t0);
  // The probe's own cost: the same check on the page once it has settled (the list only).
  let tProbe = Number.NaN;
  if (await row.count()) {
    await row.getByRole('checkbox').uncheck();
    await page.waitForTimeout(3000);
    const settledAt = Date.now();
    await row.getByRole('checkbox').check();
    tProbe = Date.now() - settledAt;
  }
  const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: CpuProfile };
  if (process.argv.includes('--save-profiles')) {
    writeFileSync(path.join(dir, `profile-${Date.now()}.cpuprofile`), JSON.stringify(profile));
  }
  const traced = tracing ? (await browser.stopTracing()).toString('utf8') : '';
  if (traced && process.argv.includes('--save-profiles')) {
    writeFileSync(path.join(dir, `trace-${Date.now()}.json`), traced);
  }
  const trace = traced ? traceSummary(traced, tInteractive, tRows) : [];
  const seen = (await statsOf(page)).firstSeen;
  const seenSair = (seen.sair ?? Number.NaN) - t0;
  const seenRows = (seen.rows ?? Number.NaN) - t0;
  const entries = await page.evaluate(() =>
    [
      ...performance.getEntriesByType('navigation'),
      ...performance.getEntriesByType('resource'),
      ...performance.getEntriesByType('mark'),
    ].map((e) => ({
      name: e.name,
      start: e.startTime,
      end: e.startTime + e.duration,
      type: e.entryType,
    })),
  );
  await page.close();
  const lines = [
    `open at ${throttle}x: guard ${tGuard} ms, first rows ${tRows} ms, interactive ${tInteractive} ms (the check alone on the settled page: ${tProbe} ms); in the page: Sair ${seenSair.toFixed(0)} ms, first row ${seenRows.toFixed(0)} ms (load ${os
      .loadavg()
      .map((n) => n.toFixed(1))
      .join(' ')})`,
    '  waterfall (start -> end ms, performance timeline):',
    ...entries
      .sort((a, b) => a.start - b.start)
      .map(
        (e) =>
          `    ${e.start.toFixed(0).padStart(6)} -> ${e.end.toFixed(0).padStart(6)}  ${e.type === 'mark' ? 'MARK ' : ''}${e.name.replace(/^https?:\/\/[^/]+/, '').split('?')[0]}`,
      ),
    '  requests (node clock):',
    ...requests,
    ...trace,
    ...summarize(profile, tRows, outDir),
  ];
  return { lines, tGuard, tRows, tInteractive, seenSair, seenRows };
}

interface Served {
  tag: string;
  outDir: string;
  url: string;
  stop: () => Promise<void>;
}

/** Builds `webDir`'s app and serves it with `vite preview`. */
async function buildAndServe(tag: string, webDir: string, env: Record<string, string>) {
  const outDir = path.join(dir, `dist-${tag}`);
  const port = await freePort();
  await run(
    'vite build',
    process.execPath,
    [path.resolve('node_modules/vite/bin/vite.js'), 'build', '--outDir', outDir, '--emptyOutDir'],
    {
      cwd: webDir,
      env: { ...env, NODE_ENV: 'production' },
    },
  );
  const preview = await startProcess(
    'vite preview',
    process.execPath,
    [
      path.resolve('node_modules/vite/bin/vite.js'),
      'preview',
      '--outDir',
      outDir,
      '--host',
      '127.0.0.1',
      '--port',
      String(port),
      '--strictPort',
    ],
    { cwd: webDir, env, ready: (out: string) => out.includes('127.0.0.1'), timeoutMs: 30_000 },
  );
  return { tag, outDir, url: `http://127.0.0.1:${port}`, stop: () => preview.stop() };
}

/**
 * A signed-in browser context on `served`, instrumented (panel-page.ts), its address opened once
 * (the emulator builds an index at its first query, which production has built beforehand).
 */
async function signedIn(
  browser: Browser,
  served: Served,
  address = '/admin',
): Promise<BrowserContext> {
  const context = await browser.newContext({
    viewport: { width: 1280, height: 800 },
    locale: 'pt-BR',
  });
  const login = await context.newPage();
  await signInOnLoginPage(login, served.url, account);
  await login.locator('tbody tr').first().waitFor({ timeout: 120_000 });
  await login.goto(`${served.url}${address}`);
  // The list's first row, or the board's or 'Para hoje''s first card.
  await login.locator('tbody tr, li[data-lead-id]').first().waitFor({ timeout: 120_000 });
  await login.close();
  await instrumentContext(context);
  return context;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : Math.round((sorted[mid - 1]! + sorted[mid]!) / 2);
};

/**
 * Measures several builds (`tag=webDir` lines) interleaved, run by run, in turns (ABBA), so a
 * machine that gets busier or quieter shifts them all alike. Writes `<dir>/<tag>.txt` for each.
 */
async function measureBuilds(
  builds: { tag: string; webDir: string; address: string }[],
  env: Record<string, string>,
) {
  const built = new Map<string, Served>();
  for (const build of builds) {
    if (!built.has(build.webDir)) {
      built.set(build.webDir, await buildAndServe(build.tag, build.webDir, env));
    }
  }
  const served = builds.map((build) => ({
    ...built.get(build.webDir)!,
    tag: build.tag,
    address: build.address,
  }));
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  const out = new Map(served.map((s) => [s.tag, [`build ${s.tag} (${s.address})`]]));
  const summary = new Map<string, Record<number, number[][]>>();
  try {
    const contexts = [];
    for (const s of served) contexts.push(await signedIn(browser, s, s.address));
    for (let r = 0; r < runs; r++) {
      for (const throttle of throttles) {
        // Odd runs go the other way round (ABBA): the second open of a round was the slower.
        const order = [...served.entries()];
        if (r % 2 === 1) order.reverse();
        for (const [i, s] of order) {
          const result = await openOnce(contexts[i]!, s.url, throttle, s.outDir, s.address);
          out.get(s.tag)!.push(...result.lines);
          const byRate = summary.get(s.tag) ?? {};
          summary.set(s.tag, byRate);
          (byRate[throttle] ??= []).push([
            result.tGuard,
            result.tRows,
            result.tInteractive,
            Math.round(result.seenSair),
            Math.round(result.seenRows),
          ]);
          console.log(`${s.tag}: ${result.lines[0]}`);
          const cpu = result.lines.find((line) => line.startsWith('  main-thread CPU'));
          if (cpu) console.log(`${s.tag}: ${cpu.trim()}`);
        }
      }
    }
  } finally {
    await browser.close();
    for (const s of built.values()) await s.stop();
  }
  const lines: string[] = [];
  for (const [tag, byRate] of summary) {
    for (const [throttle, list] of Object.entries(byRate)) {
      const med = [0, 1, 2].map((k) => median(list.map((l) => l[k]!)));
      lines.push(
        `SUMMARY ${tag} ${throttle}x medians guard ${med[0]} rows ${med[1]} interactive ${med[2]}; each guard/rows/interactive/in-page Sair/in-page row: ${list.map((l) => l.join('/')).join('  ')}`,
      );
    }
    writeFileSync(path.join(dir, `${tag}.txt`), [...out.get(tag)!, ...lines].join('\n') + '\n');
  }
  console.log(lines.join('\n'));
}

const account = { email: `profile-${Date.now()}@vagas.test`, password: 'senha-profile' };
const suite = await startLocalSuite({ web: false, functions: true });
process.env.FIRESTORE_EMULATOR_HOST = `${suite.firestore.host}:${suite.firestore.port}`;
process.env.FIREBASE_AUTH_EMULATOR_HOST = `${suite.auth?.host}:${suite.auth?.port}`;
const adminApp = initAdminApp({ projectId: suite.projectId }, 'profile');
const db = getFirestore(adminApp);
const env = {
  VITE_FIRESTORE_EMULATOR_HOST: `${suite.firestore.host}:${suite.firestore.port}`,
  VITE_AUTH_EMULATOR_HOST: `${suite.auth?.host}:${suite.auth?.port}`,
  VITE_FUNCTIONS_EMULATOR_HOST: `${suite.functions?.host}:${suite.functions?.port}`,
};
try {
  await withoutTriggers(suite, db, async () => {
    await seed(db, 2000, true, 10_000_000);
    await seed(db, active, false, 0);
  });
  const auth = getAuth(adminApp);
  await auth.createUser({ ...account, emailVerified: true });
  await grantAdmin(
    { db, auth, target: { projectId: suite.projectId, emulators: true }, close: async () => {} },
    account.email,
  );
  console.log(`ready: seeded ${active}; write ${dir}/go-<tag> holding a web/ directory`);
  for (;;) {
    const { readdirSync } = await import('node:fs');
    const go = readdirSync(dir).find((f) => f.startsWith('go-'));
    if (!go) {
      await new Promise((r) => setTimeout(r, 1000));
      continue;
    }
    const file = path.join(dir, go);
    const text = readFileSync(file, 'utf8').trim();
    rmSync(file);
    if (text === 'stop') break;
    // One web/ directory, or several as `tag=directory` lines (measured interleaved).
    const builds = text.includes('=')
      ? text.split('\n').map((line) => {
          // Only the first '=' splits: the address after the directory may hold its own.
          const cut = line.indexOf('=');
          const [webDir, address] = line
            .slice(cut + 1)
            .trim()
            .split(/\s+/);
          return { tag: line.slice(0, cut).trim(), webDir: webDir!, address: address ?? '/admin' };
        })
      : [{ tag: go.slice(3), webDir: text, address: '/admin' }];
    try {
      await measureBuilds(builds, env);
    } catch (error) {
      console.error(`build ${go} failed`, error);
    }
  }
} finally {
  await suite.stop();
  if (existsSync(dir)) console.log('stopped');
}
