/**
 * Lighthouse (mobile preset: emulated phone, simulated slow 4G and 4x CPU slowdown) in Debian's
 * Chromium on the production build of the public pages, served by firebase-tools' Hosting emulator
 * (firebase.json's headers and cache rules, as deployed) against the local suite's emulators. Prints performance / accessibility / best-practices scores and the main
 * metrics per page. Targets: performance >= 90, accessibility >= 95. Benchmarks print
 * numbers; they never fail on them. Usage: node --import tsx bench/lighthouse.ts [--runs N] [--save DIR]
 * (median of N runs; --save writes each page's last full report, JSON, to DIR for a closer look).
 * TBT and LCP follow the machine's load (Lighthouse scales the CPU time it observes): the load
 * average is printed before and after each page, to compare runs made under the same load.
 * 'long ms' is the summed duration of the long tasks Lighthouse lists (the long-tasks audit).
 */
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { rootDir, startLocalSuite } from '../scripts/lib/local-suite.mjs';
import { chromiumArgs, chromiumPath } from '../scripts/lib/chromium.mjs';
import { seed } from '../scripts/seed.mjs';
import { report } from './lib/report.ts';

const appConfig = JSON.parse(
  readFileSync(path.join(rootDir, 'web/src/config/app-config.json'), 'utf8'),
);
const pages = ['/', `/${appConfig.callCenterEmployer.slug}`, '/redirecionamento'];
const runsArg = process.argv.indexOf('--runs');
const runs = runsArg === -1 ? 1 : Math.max(1, Number(process.argv[runsArg + 1]) || 1);
const saveArg = process.argv.indexOf('--save');
const saveDir =
  saveArg === -1 ? null : path.resolve(process.argv[saveArg + 1] ?? '.local/lighthouse');

/** An item of the largest-contentful-paint-element audit's details. */
interface LcpItem {
  node?: { snippet?: string };
  items?: { node?: { snippet?: string } }[];
}

/** The 1, 5 and 15 minute load averages, as `uptime` prints them. */
const loadAverage = () =>
  `load average ${os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(', ')} (${os.cpus().length} cores)`;

/**
 * The summed duration of the main thread's long tasks (Lighthouse's long-tasks audit, at its 4x
 * CPU slowdown): with TBT, where the blocking time comes from, less tied to the 50 ms cut.
 */
const longTaskTotal = (details: unknown) =>
  ((details as { items?: { duration?: number }[] } | undefined)?.items ?? []).reduce(
    (sum, task) => sum + (task.duration ?? 0),
    0,
  );

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

console.log('Starting the local suite (Firestore + Auth emulators, production build of web/)...');
const suite = await startLocalSuite({ web: 'hosting', functions: false });
// The data `npm start` shows (redirect and tracking settings present, no WhatsApp link yet).
const address = (a: { host: string; port: number } | null) =>
  a ? `${a.host}:${a.port}` : undefined;
await seed({
  projectId: suite.projectId,
  firestoreHost: address(suite.firestore),
  authHost: address(suite.auth),
  quiet: true,
});
let chrome: chromeLauncher.LaunchedChrome | undefined;
try {
  chrome = await chromeLauncher.launch({
    chromePath: chromiumPath,
    chromeFlags: chromiumArgs,
  });
  console.log(`Lighthouse ${runs} run(s) per page, mobile preset, median shown.\n`);
  console.log(
    `${'page'.padEnd(20)} ${'perf'.padStart(5)} ${'a11y'.padStart(5)} ${'best'.padStart(5)} ${'FCP ms'.padStart(7)} ${'LCP ms'.padStart(7)} ${'TBT ms'.padStart(7)} ${'CLS'.padStart(6)} ${'long ms'.padStart(7)}  targets`,
  );
  for (const page of pages) {
    const acc: Record<string, number[]> = {
      perf: [],
      a11y: [],
      best: [],
      fcp: [],
      lcp: [],
      tbt: [],
      cls: [],
      longTasks: [],
    };
    let failed: string[] = [];
    let hints: string[] = [];
    const loadBefore = loadAverage();
    for (let i = 0; i < runs; i++) {
      const result = await lighthouse(`${suite.webUrl}${page}`, {
        port: chrome.port,
        logLevel: 'error',
        output: 'json',
        onlyCategories: ['performance', 'accessibility', 'best-practices'],
      });
      if (!result) throw new Error(`no Lighthouse result for ${page}`);
      const { categories, audits } = result.lhr;
      if (saveDir && i === runs - 1) {
        mkdirSync(saveDir, { recursive: true });
        const name = page === '/' ? 'root' : page.slice(1).replace(/\//g, '_');
        writeFileSync(path.join(saveDir, `${name}.json`), JSON.stringify(result.lhr, null, 1));
      }
      acc.perf.push(Math.round((categories.performance.score ?? 0) * 100));
      acc.a11y.push(Math.round((categories.accessibility.score ?? 0) * 100));
      acc.best.push(Math.round((categories['best-practices'].score ?? 0) * 100));
      acc.fcp.push(audits['first-contentful-paint'].numericValue ?? NaN);
      acc.lcp.push(audits['largest-contentful-paint'].numericValue ?? NaN);
      acc.tbt.push(audits['total-blocking-time'].numericValue ?? NaN);
      acc.cls.push(audits['cumulative-layout-shift'].numericValue ?? NaN);
      acc.longTasks.push(longTaskTotal(audits['long-tasks']?.details));
      failed = categories.accessibility.auditRefs
        .filter((ref) => {
          const score = audits[ref.id].score;
          return ref.weight > 0 && score !== null && score < 1;
        })
        .map((ref) => ref.id);
      // Where the time goes (last run): the LCP element and the biggest load opportunities.
      const lcpDetails = audits['largest-contentful-paint-element']?.details as
        { items?: LcpItem[] } | undefined;
      const lcpNode = lcpDetails?.items?.[0]?.items?.[0]?.node ?? lcpDetails?.items?.[0]?.node;
      hints = [
        lcpNode ? `LCP element: ${String(lcpNode.snippet).slice(0, 90)}` : '',
        ...[
          'render-blocking-resources',
          'unused-javascript',
          'bootup-time',
          'mainthread-work-breakdown',
        ]
          .filter((id) => audits[id]?.displayValue)
          .map((id) => `${audits[id].title}: ${audits[id].displayValue}`),
      ].filter(Boolean);
    }
    const perf = median(acc.perf);
    const a11y = median(acc.a11y);
    const met = perf >= 90 && a11y >= 95 ? 'met' : 'NOT met';
    console.log(
      `${page.padEnd(20)} ${String(perf).padStart(5)} ${String(a11y).padStart(5)} ${String(median(acc.best)).padStart(5)} ${median(acc.fcp).toFixed(0).padStart(7)} ${median(acc.lcp).toFixed(0).padStart(7)} ${median(acc.tbt).toFixed(0).padStart(7)} ${median(acc.cls).toFixed(3).padStart(6)} ${median(acc.longTasks).toFixed(0).padStart(7)}  ${met}`,
    );
    const lh = (measure: string) => `${page} ${measure}`;
    report({
      section: 'lighthouse',
      measure: lh('performance'),
      value: perf,
      unit: '',
      goal: { op: '>=', value: 90 },
    });
    report({
      section: 'lighthouse',
      measure: lh('accessibility'),
      value: a11y,
      unit: '',
      goal: { op: '>=', value: 95 },
    });
    report({
      section: 'lighthouse',
      measure: lh('best practices'),
      value: median(acc.best),
      unit: '',
    });
    report({ section: 'lighthouse', measure: lh('LCP'), value: median(acc.lcp), unit: 'ms' });
    report({ section: 'lighthouse', measure: lh('TBT'), value: median(acc.tbt), unit: 'ms' });
    report({
      section: 'lighthouse',
      measure: lh('long tasks'),
      value: median(acc.longTasks),
      unit: 'ms',
    });
    console.log(`${''.padEnd(20)} before: ${loadBefore}; after: ${loadAverage()}`);
    for (const hint of hints) console.log(`${''.padEnd(20)} ${hint}`);
    if (failed.length)
      console.log(`${''.padEnd(20)} accessibility audits not passed: ${failed.join(', ')}`);
  }
} finally {
  await chrome?.kill();
  await suite.stop();
}
