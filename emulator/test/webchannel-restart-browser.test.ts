/**
 * The emulator restarts (with a data directory) under open browser pages: listeners resume without
 * a reload, and writes made during the outage are applied exactly once.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  buildPages,
  launchChromium,
  openTestPage,
  servePages,
  type Served,
} from './browser/browser-harness.js';
import { adminClient, startTestEmulator, type TestEmulator } from './support/emulator.js';

const RULES = `rules_version = '2';
service cloud.firestore {
  match /databases/{database}/documents {
    match /{document=**} { allow read, write: if true; }
  }
}`;
const PROJECT = 'demo-restart';

let browser: Browser;
let pages: Served;
let dataDir: string;
const contexts: BrowserContext[] = [];
let emulator: TestEmulator | undefined;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'vagas-webchannel-restart-'));
  const [dir, launched] = await Promise.all([buildPages(), launchChromium()]);
  browser = launched;
  pages = await servePages(dir);
}, 120_000);

afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
  await pages?.stop();
  await emulator?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

it.each([
  { mode: 'streaming', longPolling: false },
  { mode: 'long-polling', longPolling: true },
])(
  'listeners resume and an outage write applies exactly once ($mode)',
  async ({ longPolling }) => {
    emulator = await startTestEmulator({ rules: RULES, dataDir });
    const port = emulator.port;
    const open = async () => {
      const context = await browser.newContext();
      contexts.push(context);
      return openTestPage(context, pages.origin, 'full', { port, projectId: PROJECT, longPolling });
    };
    const [writer, watcher] = await Promise.all([open(), open()]);
    const doc = `rooms/live-${longPolling ? 'lp' : 'st'}`;
    const log = `log-${longPolling ? 'lp' : 'st'}`;
    await writer.evaluate((path) => window.api.set(path, { v: 1, n: 0 }), doc);
    await watcher.evaluate((path) => window.api.listenDoc('w', path), doc);
    await watcher.waitForFunction(() =>
      window.api.snapshots('w').some((s) => s.docs[0]?.data.v === 1 && !s.fromCache),
    );

    await emulator.stop();
    emulator = undefined;
    // Made while the emulator is down: an increment (not idempotent) and an addDoc.
    await writer.evaluate(
      ([path, collectionPath]) => {
        void window.api.update(path, { v: 2, n: { $increment: 1 } });
        void window.api.add(collectionPath, { at: 'outage' });
      },
      [doc, log],
    );
    await new Promise((resolve) => setTimeout(resolve, 1500));
    emulator = await startTestEmulator({ rules: RULES, dataDir, port });

    await writer.evaluate(() => window.api.waitForPendingWrites());
    await watcher.waitForFunction(
      () => window.api.snapshots('w').some((s) => s.docs[0]?.data.v === 2 && !s.fromCache),
      null,
      { timeout: 60_000 },
    );
    expect(await watcher.evaluate(() => window.api.snapshots('w').at(-1)?.docs[0]?.data)).toEqual({
      v: 2,
      n: 1,
    });
    expect(await watcher.evaluate(() => window.api.error('w'))).toBeNull();
    const admin = adminClient(emulator, PROJECT);
    try {
      expect((await admin.db.doc(doc).get()).data()).toEqual({ v: 2, n: 1 });
      expect((await admin.db.collection(log).get()).size).toBe(1);
    } finally {
      await admin.close();
    }
    await emulator.stop();
    emulator = undefined;
  },
  120_000,
);
