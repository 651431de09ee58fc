/**
 * Browser latency benchmark (numbers only, never pass/fail): a write made by the firebase 12 SDK in
 * one Chromium context, seen by another context's onSnapshot, over WebChannel in streaming and in
 * forced long-polling mode. 100 writes each (after 10 warm-ups), one at a time; p50/p95/max printed.
 * Run: npm run bench -- webchannel-latency (at the root).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import {
  buildPages,
  launchChromium,
  openTestPage,
  servePages,
} from '../test/browser/browser-harness.js';
import { report } from '../../bench/lib/report.js';
import { cliMode, startEmulatorProcess } from './_emulator-process.js';

const WRITES = Number(process.env.BENCH_WRITES ?? (process.env.BENCH_QUICK === '1' ? 20 : 100));
const WARMUP = 10;
const RULES = `rules_version = '2';
service cloud.firestore {
  match /databases/{database}/documents {
    match /{document=**} { allow read, write: if true; }
  }
}`;

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

const ms = (n: number) => `${n.toFixed(1)} ms`;

/** One write in `writer`, timed until `watcher`'s listener holds it (both on the browser's clock). */
async function measure(writer: Page, watcher: Page, seq: number): Promise<number> {
  const sentAt = await writer.evaluate((n) => {
    const at = window.api.now();
    void window.api.set('bench/ping', { seq: n });
    return at;
  }, seq);
  await watcher.waitForFunction(
    (n) => window.api.snapshots('ping').some((s) => s.docs[0]?.data.seq === n),
    seq,
    { polling: 'raf', timeout: 30_000 },
  );
  const seenAt = await watcher.evaluate(
    (n) => window.api.snapshots('ping').find((s) => s.docs[0]?.data.seq === n)?.at ?? NaN,
    seq,
  );
  return seenAt - sentAt;
}

async function run(
  browser: Browser,
  origin: string,
  port: number,
  longPolling: boolean,
): Promise<number[]> {
  const projectId = `demo-bench-wc-${longPolling ? 'lp' : 'st'}`;
  const [writerContext, watcherContext] = await Promise.all([
    browser.newContext(),
    browser.newContext(),
  ]);
  try {
    const options = { port, projectId, longPolling };
    const [writer, watcher] = await Promise.all([
      openTestPage(writerContext, origin, 'full', options),
      openTestPage(watcherContext, origin, 'full', options),
    ]);
    await writer.evaluate(() => window.api.set('bench/ping', { seq: -1 }));
    await watcher.evaluate(() => window.api.listenDoc('ping', 'bench/ping'));
    await watcher.waitForFunction(() => window.api.snapshots('ping').some((s) => !s.fromCache));
    for (let i = 0; i < WARMUP; i += 1) await measure(writer, watcher, i);
    const latencies: number[] = [];
    for (let i = 0; i < WRITES; i += 1) latencies.push(await measure(writer, watcher, WARMUP + i));
    return latencies;
  } finally {
    await writerContext.close();
    await watcherContext.close();
  }
}

const dir = mkdtempSync(path.join(tmpdir(), 'vagas-bench-webchannel-'));
const rulesFile = path.join(dir, 'firestore.rules');
writeFileSync(rulesFile, RULES);
const emulator = await startEmulatorProcess(['--port', '0', '--rules', rulesFile]);
const [pagesDir, browser] = await Promise.all([buildPages(), launchChromium()]);
const pages = await servePages(pagesDir);
try {
  console.log(
    `browser write -> other browser's onSnapshot, ${WRITES} writes one at a time after ${WARMUP} warm-ups ` +
      `(emulator: ${cliMode} CLI in its own process; Chromium headless; goal p95 < 100 ms)`,
  );
  for (const longPolling of [false, true]) {
    const latencies = await run(browser, pages.origin, emulator.port, longPolling);
    const label = longPolling ? 'forced long-polling' : 'streaming (auto-detect)';
    console.log(
      `  ${label.padEnd(24)} p50 ${ms(percentile(latencies, 50))}  p95 ${ms(percentile(latencies, 95))}  ` +
        `max ${ms(Math.max(...latencies))}  (n=${latencies.length})`,
    );
    for (const p of [50, 95]) {
      report({
        section: 'transports',
        measure: `Chromium write -> other Chromium's listener, ${label}, p${p}`,
        value: percentile(latencies, p),
        unit: 'ms',
        goal: p === 95 ? { op: '<', value: 100 } : undefined,
      });
    }
  }
} finally {
  await browser.close();
  await pages.stop();
  await emulator.stop();
  rmSync(dir, { recursive: true, force: true });
}
