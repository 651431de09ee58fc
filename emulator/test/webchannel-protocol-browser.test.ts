/**
 * The real firebase 12 browser SDK in Chromium against the WebChannel and REST transports, over a
 * tiny in-memory engine: proves the protocol (streaming, auto-detect, forced long-polling, auth
 * headers, restarts) independently of the emulator's engine.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createRestTransport } from '../src/transports/rest/index.js';
import type { CallContext } from '../src/service.js';
import {
  createWebChannelTransport,
  type WebChannelOptions,
  type WebChannelTransport,
} from '../src/transports/webchannel/index.js';
import {
  buildPages,
  launchChromium,
  openTestPage,
  servePages,
  serveTransports,
  type Served,
  type ServedTransports,
} from './browser/browser-harness.js';
import { MiniEngine } from './browser/mini-engine.js';
import { waitFor } from './support/emulator.js';

const PROJECT = 'demo-protocol';

let browser: Browser;
let pages: Served;
let engine: MiniEngine;
let webchannel: WebChannelTransport;
let server: ServedTransports;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  const [dir, launched] = await Promise.all([buildPages(), launchChromium()]);
  browser = launched;
  pages = await servePages(dir);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await pages?.stop();
});

async function startServer(port?: number, options: WebChannelOptions = {}): Promise<void> {
  webchannel = createWebChannelTransport(engine, options);
  server = await serveTransports([webchannel, createRestTransport(engine)], port);
}

beforeEach(async () => {
  engine = new MiniEngine();
  await startServer();
});

afterEach(async () => {
  for (const context of contexts.splice(0)) await context.close();
  await server.stop();
});

async function page(
  kind: 'full' | 'lite' = 'full',
  extra: { longPolling?: boolean; autoDetect?: boolean; user?: string } = {},
  shared?: BrowserContext,
): Promise<Page> {
  const context = shared ?? (await browser.newContext());
  if (!shared) contexts.push(context);
  return openTestPage(context, pages.origin, kind, {
    port: server.port,
    projectId: PROJECT,
    ...extra,
  });
}

const docName = (path: string) => `projects/${PROJECT}/databases/(default)/documents/${path}`;

/** Which backchannel modes the server has seen (CI=0 streaming, CI=1 long-polling). */
function trackModes(): { modes: Set<string>; creates: string[] } {
  const seen = { modes: new Set<string>(), creates: [] as string[] };
  server.onRequest = (url) => {
    const params = new URL(url, 'http://x').searchParams;
    if (params.get('RID') === 'rpc')
      seen.modes.add(params.get('CI') === '1' ? 'long-polling' : 'streaming');
  };
  return seen;
}

describe.each([
  { label: 'auto-detected streaming', longPolling: false, autoDetect: true, mode: 'streaming' },
  { label: 'streaming, detection off', longPolling: false, autoDetect: false, mode: 'streaming' },
  { label: 'forced long-polling', longPolling: true, autoDetect: true, mode: 'long-polling' },
])('full SDK over WebChannel, $label', ({ longPolling, autoDetect, mode }) => {
  it("writes, reads, and sees another context's write in onSnapshot", async () => {
    const seen = trackModes();
    const [a, b] = await Promise.all([
      page('full', { longPolling, autoDetect }),
      page('full', { longPolling, autoDetect }),
    ]);
    await a.evaluate(() =>
      window.api.set('rooms/r1', { title: 'Olá 🎉', n: 1, at: { $serverTimestamp: true } }),
    );
    expect(await b.evaluate(() => window.api.get('rooms/r1', true))).toMatchObject({
      exists: true,
      data: { title: 'Olá 🎉', n: 1, at: { $millis: expect.any(Number) } },
    });
    await b.evaluate(() => window.api.listenDoc('l1', 'rooms/r1'));
    // The document is already cached from the read, so the first snapshot may come from cache.
    await b.waitForFunction(() => window.api.snapshots('l1').some((s) => s.docs[0]?.data.n === 1));
    await a.evaluate(() => window.api.update('rooms/r1', { n: { $increment: 2 } }));
    await b.waitForFunction(() => window.api.snapshots('l1').some((s) => s.docs[0]?.data.n === 3));
    if (autoDetect && !longPolling) {
      // Auto-detection opens a streaming backchannel first; the SDK may still fall back to
      // long-polling when a loaded machine misses its timing heuristic, which is correct too.
      expect(seen.modes.has('streaming')).toBe(true);
    } else {
      expect(seen.modes).toEqual(new Set([mode]));
    }
    expect(engine.docs.get(docName('rooms/r1'))?.fields.n).toEqual({ integerValue: '3' });
  }, 120_000);
});

describe('lite SDK over REST', () => {
  it('adds, gets and queries', async () => {
    const lite = await page('lite');
    const id = await lite.evaluate(() => window.lite.add('notes', { text: 'primeira', tag: 'x' }));
    await lite.evaluate(() => window.lite.set('notes/fixed', { text: 'segunda', tag: 'y' }));
    expect(await lite.evaluate((docId) => window.lite.get(`notes/${docId}`), id)).toEqual({
      exists: true,
      data: { text: 'primeira', tag: 'x' },
    });
    expect(
      await lite.evaluate(() =>
        window.lite.query({ collection: 'notes', where: [['tag', '==', 'y']] }),
      ),
    ).toEqual([{ id: 'fixed', data: { text: 'segunda', tag: 'y' } }]);
  }, 120_000);
});

describe('auth over WebChannel', () => {
  it("carries the signed-in user's token from the handshake into the engine context", async () => {
    const contextsSeen: CallContext[] = [];
    const openStream = engine.openStream.bind(engine);
    engine.openStream = (method, ctx, peer) => {
      contextsSeen.push(ctx);
      return openStream(method, ctx, peer);
    };
    const signedIn = await page('full', { user: 'alice' });
    await signedIn.evaluate(() => window.api.set('rooms/a', { by: 'alice' }));
    expect(contextsSeen.find((ctx) => ctx.caller.kind === 'user')?.caller).toMatchObject({
      kind: 'user',
      uid: 'alice',
      token: { user_id: 'alice', email: 'alice@example.com' },
    });
    expect(
      contextsSeen.every((ctx) => ctx.projectId === PROJECT && ctx.databaseId === '(default)'),
    ).toBe(true);
  }, 120_000);
});

describe('emulator restart', () => {
  it('resumes a listener and applies a write made during the outage exactly once', async () => {
    const [writer, watcher] = await Promise.all([page('full'), page('full')]);
    await writer.evaluate(() => window.api.set('rooms/live', { v: 1 }));
    await watcher.evaluate(() => window.api.listenDoc('w', 'rooms/live'));
    await watcher.waitForFunction(() =>
      window.api.snapshots('w').some((s) => s.docs[0]?.data.v === 1 && !s.fromCache),
    );
    const port = server.port;
    await server.stop();
    // While it is down, a write waits in the SDK's queue.
    await writer.evaluate(() => {
      void window.api.set('rooms/live', { v: 2 });
    });
    await new Promise((resolve) => setTimeout(resolve, 500));
    const before = engine.applied.length;
    await startServer(port);
    await writer.evaluate(() => window.api.waitForPendingWrites());
    await watcher.waitForFunction(
      () => window.api.snapshots('w').some((s) => s.docs[0]?.data.v === 2 && !s.fromCache),
      null,
      {
        timeout: 30_000,
      },
    );
    expect(
      engine.applied.slice(before).filter((w) => JSON.stringify(w).includes('"integerValue":"2"')),
    ).toHaveLength(1);
    expect(webchannel.stats().sessions).toBeGreaterThan(0);
  }, 90_000);
});

describe('session upkeep with the real client', () => {
  /** Counts create-session POSTs (no SID) and backchannel GETs per mode. */
  function countRequests(): { creates: number; streamGets: number } {
    const counts = { creates: 0, streamGets: 0 };
    server.onRequest = (url, method) => {
      const params = new URL(url, 'http://x').searchParams;
      if (!url.includes('/channel')) return;
      if (method === 'POST' && !params.has('SID')) counts.creates += 1;
      if (method === 'GET' && params.get('CI') === '0') counts.streamGets += 1;
    };
    return counts;
  }

  it('keepalive noops hold an idle channel open past the client watchdog', async () => {
    await server.stop();
    // Element 5 of "c" = 600 ms, so the client's watchdog is 900 ms; noops every 200 ms.
    await startServer(undefined, { backchannelTimeoutMs: 600, keepaliveMs: 200 });
    const [writer, watcher] = await Promise.all([page('full'), page('full')]);
    await watcher.evaluate(() => window.api.listenDoc('k', 'rooms/k'));
    await writer.evaluate(() => window.api.set('rooms/k', { v: 1 }));
    await watcher.waitForFunction(() =>
      window.api.snapshots('k').some((s) => s.docs[0]?.data.v === 1),
    );
    const counts = countRequests();
    // Idle past the client's 900 ms watchdog: wait until six more 200 ms noops have gone down.
    const noops = webchannel.stats().keepalives;
    await waitFor(() => webchannel.stats().keepalives >= noops + 6, 20_000);
    await writer.evaluate(() => window.api.set('rooms/k', { v: 2 }));
    await watcher.waitForFunction(() =>
      window.api.snapshots('k').some((s) => s.docs[0]?.data.v === 2),
    );
    // No session was dropped and re-created while idle.
    expect(counts.creates).toBe(0);
  }, 120_000);

  it('streaming backchannels recycled every few hundred characters lose nothing', async () => {
    await server.stop();
    await startServer(undefined, { maxBackchannelChars: 400 });
    const [writer, watcher] = await Promise.all([page('full'), page('full')]);
    await watcher.evaluate(() => window.api.listenQuery('all', { collection: 'items' }));
    await writer.evaluate(() => window.api.set('items/00', { i: 0, text: 'first' }));
    await watcher.waitForFunction(() =>
      window.api.snapshots('all').some((s) => s.docs.length === 1),
    );
    const counts = countRequests();
    await writer.evaluate(async () => {
      for (let i = 0; i < 30; i += 1)
        await window.api.set(`items/${String(i).padStart(2, '0')}`, { i, text: 'x'.repeat(50) });
    });
    await watcher.waitForFunction(
      () => window.api.snapshots('all').some((s) => s.docs.length === 30),
      null,
      { timeout: 30_000 },
    );
    const last = await watcher.evaluate(() =>
      window.api
        .snapshots('all')
        .at(-1)
        ?.docs.map((d) => d.data.i),
    );
    expect(last).toEqual(Array.from({ length: 30 }, (_, i) => i));
    // Several recycles happened (how many depends on how a loaded machine batches the writes).
    expect(counts.streamGets).toBeGreaterThan(2);
    expect(counts.creates).toBe(0);
  }, 120_000);

  it('five tabs of one browser profile all stay live (6 connections per host)', async () => {
    const context = await browser.newContext();
    contexts.push(context);
    const tabs: Page[] = [];
    for (let i = 0; i < 5; i += 1) {
      const tab = await page('full', {}, context);
      await tab.evaluate((n) => window.api.set(`tabs/${n}`, { n }), i);
      tabs.push(tab);
    }
    for (const tab of tabs) await tab.evaluate(() => window.api.listenDoc('s', 'shared/doc'));
    for (const tab of tabs)
      await tab.waitForFunction(() => window.api.snapshots('s').length > 0, null, {
        timeout: 30_000,
      });
    await tabs[4].evaluate(() => window.api.set('shared/doc', { by: 4 }));
    await Promise.all(
      tabs.map((tab) =>
        tab.waitForFunction(
          () => window.api.snapshots('s').some((s) => s.docs[0]?.data.by === 4),
          null,
          { timeout: 30_000 },
        ),
      ),
    );
    // (Without bounded holds the fifth tab would wait about a minute for a stream to go idle,
    // far past the 10 s each tab is given above.)
  }, 90_000);
});
