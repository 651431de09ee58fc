/**
 * The firebase 12 browser SDK in headless Chromium against the emulator: the full SDK over
 * WebChannel (auto-detected streaming and forced long-polling) and `firebase/firestore/lite` over
 * REST, from a page served on another origin, with firebase-admin writing alongside.
 */
import { readFileSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  buildPages,
  launchChromium,
  openTestPage,
  servePages,
  type Served,
} from './browser/browser-harness.js';
import {
  OPEN_RULES,
  adminClient,
  startTestEmulator,
  type TestEmulator,
} from './support/emulator.js';
import { openLeadVacancies } from './console/app-lead.js';

const APP_RULES = readFileSync(new URL('../../firestore.rules', import.meta.url), 'utf8');

let browser: Browser;
let pages: Served;
let emulator: TestEmulator;
let appRulesEmulator: TestEmulator;
/** Enforces indexes (`--indexes` with no composite index listed). */
let indexedEmulator: TestEmulator;
const contexts: BrowserContext[] = [];
let projectSeq = 0;

beforeAll(async () => {
  const [dir, launched, open, app, indexed] = await Promise.all([
    buildPages(),
    launchChromium(),
    startTestEmulator({ rules: OPEN_RULES }),
    startTestEmulator({ rules: APP_RULES }),
    startTestEmulator({ rules: OPEN_RULES, indexes: '{"indexes": []}' }),
  ]);
  browser = launched;
  emulator = open;
  appRulesEmulator = app;
  indexedEmulator = indexed;
  pages = await servePages(dir);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await pages?.stop();
  await emulator?.stop();
  await appRulesEmulator?.stop();
  await indexedEmulator?.stop();
});

afterEach(async () => {
  for (const context of contexts.splice(0)) await context.close();
});

/** A fresh project per test keeps tests independent on one emulator. */
function newProject(): string {
  projectSeq += 1;
  return `demo-browser-${projectSeq}`;
}

async function openPage(
  kind: 'full' | 'lite',
  projectId: string,
  options: { longPolling?: boolean; user?: string; admin?: boolean; target?: TestEmulator } = {},
): Promise<Page> {
  const context = await browser.newContext();
  contexts.push(context);
  const target = options.target ?? emulator;
  return openTestPage(context, pages.origin, kind, {
    port: target.port,
    projectId,
    longPolling: options.longPolling,
    user: options.user,
    admin: options.admin,
  });
}

describe.each([
  { mode: 'auto-detected streaming', longPolling: false },
  { mode: 'forced long-polling', longPolling: true },
])('full SDK over WebChannel ($mode)', ({ longPolling }) => {
  it('setDoc, addDoc, updateDoc, deleteDoc and server reads', async () => {
    const project = newProject();
    const page = await openPage('full', project, { longPolling });
    const result = await page.evaluate(async () => {
      const { api } = window;
      await api.set('cities/sp', {
        name: 'São Paulo',
        pop: 12,
        tags: ['big'],
        at: { $serverTimestamp: true },
      });
      const id = await api.add('cities', { name: 'Aracaju', pop: 1 });
      await api.update('cities/sp', { pop: { $increment: 1 }, 'meta.checked': true });
      await api.set('cities/sp', { state: 'SP' }, true);
      const afterUpdate = await api.get('cities/sp', true);
      await api.remove(`cities/${id}`);
      const removed = await api.get(`cities/${id}`, true);
      return { id, afterUpdate, removed };
    });
    expect(result.id).toMatch(/^[A-Za-z0-9]{20}$/);
    expect(result.afterUpdate).toEqual({
      exists: true,
      data: {
        name: 'São Paulo',
        pop: 13,
        tags: ['big'],
        at: { $millis: expect.any(Number) },
        meta: { checked: true },
        state: 'SP',
      },
    });
    expect(result.removed).toEqual({ exists: false, data: null });
  }, 120_000);

  it('queries with filters, order and limit, and counts', async () => {
    const project = newProject();
    const page = await openPage('full', project, { longPolling });
    const result = await page.evaluate(async () => {
      const { api } = window;
      await api.batch([
        { op: 'set', path: 'jobs/a', data: { area: 'x', rank: 3 } },
        { op: 'set', path: 'jobs/b', data: { area: 'x', rank: 1 } },
        { op: 'set', path: 'jobs/c', data: { area: 'y', rank: 2 } },
        { op: 'set', path: 'jobs/d', data: { area: 'x', rank: 2 } },
      ]);
      return {
        filtered: await api.query({
          collection: 'jobs',
          where: [['area', '==', 'x']],
          orderBy: [['rank', 'desc']],
          limit: 2,
        }),
        ranged: await api.query({
          collection: 'jobs',
          where: [['rank', '>=', 2]],
          orderBy: [['rank', 'asc']],
        }),
        inQuery: await api.query({ collection: 'jobs', where: [['area', 'in', ['y']]] }),
        count: await api.count({ collection: 'jobs', where: [['area', '==', 'x']] }),
      };
    });
    expect(result.filtered.map((d) => d.id)).toEqual(['a', 'd']);
    expect(result.ranged.map((d) => d.id)).toEqual(['c', 'd', 'a']);
    expect(result.inQuery).toEqual([{ id: 'c', data: { area: 'y', rank: 2 } }]);
    expect(result.count).toBe(3);
  }, 120_000);

  it('runs transactions (concurrent ones retry and none is lost) and write batches', async () => {
    const project = newProject();
    const [a, b] = await Promise.all([
      openPage('full', project, { longPolling }),
      openPage('full', project, { longPolling }),
    ]);
    await a.evaluate(() => window.api.set('counters/c', { n: 0 }));
    const increments = await Promise.all([
      a.evaluate(() =>
        Promise.all([1, 2, 3].map(() => window.api.transactionIncrement('counters/c', 'n', 1))),
      ),
      b.evaluate(() =>
        Promise.all([1, 2, 3].map(() => window.api.transactionIncrement('counters/c', 'n', 1))),
      ),
    ]);
    expect(increments.flat().sort()).toEqual([1, 2, 3, 4, 5, 6]);
    await a.evaluate(() =>
      window.api.batch([
        { op: 'set', path: 'counters/d', data: { n: 10 } },
        { op: 'update', path: 'counters/c', data: { done: true } },
        { op: 'delete', path: 'counters/missing' },
      ]),
    );
    expect(await b.evaluate(() => window.api.get('counters/c', true))).toEqual({
      exists: true,
      data: { n: 6, done: true },
    });
    expect(await b.evaluate(() => window.api.get('counters/d', true))).toEqual({
      exists: true,
      data: { n: 10 },
    });
    // A batch whose update targets a missing document fails as a whole.
    const failed = await a.evaluate(() =>
      window.api
        .batch([
          { op: 'set', path: 'counters/e', data: { n: 1 } },
          { op: 'update', path: 'counters/nope', data: { n: 1 } },
        ])
        .then(
          () => 'committed',
          (error: { code?: string }) => error.code ?? 'unknown',
        ),
    );
    expect(failed).toBe('not-found');
    expect(await b.evaluate(() => window.api.get('counters/e', true))).toEqual({
      exists: false,
      data: null,
    });
  }, 120_000);

  it('delivers a 2,000-document snapshot (about 1 MB) and then single changes', async () => {
    const project = newProject();
    const admin = adminClient(emulator, project);
    try {
      const writer = admin.db.bulkWriter();
      for (let i = 0; i < 2000; i += 1) {
        void writer.set(admin.db.doc(`leads/${String(i).padStart(4, '0')}`), {
          nome: `Candidata ${i} — São João 🎉`,
          whatsapp: '(79) 99999-9999',
          notes: 'x'.repeat(300),
        });
      }
      await writer.close();
      const page = await openPage('full', project, { longPolling });
      await page.evaluate(() => window.api.listenQuery('all', { collection: 'leads' }));
      await page.waitForFunction(
        () => window.api.snapshots('all').some((s) => s.docs.length === 2000 && !s.fromCache),
        null,
        { timeout: 30_000 },
      );
      await admin.db.doc('leads/0999').update({ nome: 'Atualizada' });
      await page.waitForFunction(() =>
        window.api.snapshots('all').some((s) => s.docs[999]?.data.nome === 'Atualizada'),
      );
      const last = await page.evaluate(() => {
        const snapshot = window.api.snapshots('all').at(-1);
        return { count: snapshot?.docs.length, first: snapshot?.docs[0].data.nome };
      });
      expect(last).toEqual({ count: 2000, first: 'Candidata 0 — São João 🎉' });
    } finally {
      await admin.close();
    }
  }, 90_000);

  it('lists numeric ids first in a listener, and refuses a listener without its index', async () => {
    const project = newProject();
    const admin = adminClient(indexedEmulator, project);
    try {
      for (const id of ['b', '__id7__', '__id-1__', 'A']) {
        await admin.db.doc(`nums/${id}`).set({ k: 1, n: id.length });
      }
      const page = await openPage('full', project, { longPolling, target: indexedEmulator });
      await page.evaluate(() => window.api.listenQuery('nums', { collection: 'nums' }));
      await page.waitForFunction(() =>
        window.api.snapshots('nums').some((s) => s.docs.length === 4 && !s.fromCache),
      );
      const ids = await page.evaluate(() =>
        window.api
          .snapshots('nums')
          .at(-1)
          ?.docs.map((d) => d.id),
      );
      expect(ids).toEqual(['__id-1__', '__id7__', 'A', 'b']);
      // Production needs a composite index (k, n desc) for this; the emulator says so too.
      await page.evaluate(() =>
        window.api.listenQuery('indexed', {
          collection: 'nums',
          where: [['k', '==', 1]],
          orderBy: [['n', 'desc']],
        }),
      );
      await page.waitForFunction(() => window.api.error('indexed') !== null);
      expect(await page.evaluate(() => window.api.error('indexed'))).toMatch(
        /^failed-precondition: The query requires an index/,
      );
    } finally {
      await admin.close();
    }
  });

  it('onSnapshot sees writes from a second browser context and from firebase-admin', async () => {
    const project = newProject();
    const admin = adminClient(emulator, project);
    try {
      const [watcher, writer] = await Promise.all([
        openPage('full', project, { longPolling }),
        openPage('full', project, { longPolling }),
      ]);
      await watcher.evaluate(() =>
        window.api.listenQuery('q', { collection: 'leads', orderBy: [['n', 'asc']] }),
      );
      await watcher.waitForFunction(() => window.api.snapshots('q').some((s) => !s.fromCache));
      await writer.evaluate(() => window.api.add('leads', { n: 1, from: 'browser' }));
      await watcher.waitForFunction(() =>
        window.api.snapshots('q').some((s) => s.docs.length === 1 && !s.hasPendingWrites),
      );
      await admin.db.collection('leads').doc('from-admin').set({ n: 2, from: 'admin' });
      await watcher.waitForFunction(() =>
        window.api.snapshots('q').some((s) => s.docs.length === 2),
      );
      await writer.evaluate(() => window.api.update('leads/from-admin', { n: 0 }));
      await watcher.waitForFunction(() =>
        window.api
          .snapshots('q')
          .some((s) => s.docs[0]?.id === 'from-admin' && s.docs[0].data.n === 0),
      );
      await admin.db.collection('leads').doc('from-admin').delete();
      await watcher.waitForFunction(() => {
        const all = window.api.snapshots('q');
        return all[all.length - 1].docs.length === 1;
      });
      const last = await watcher.evaluate(() => window.api.snapshots('q').at(-1));
      expect(last?.docs.map((d) => d.data)).toEqual([{ n: 1, from: 'browser' }]);
      expect(last?.fromCache).toBe(false);
      expect(await watcher.evaluate(() => window.api.error('q'))).toBeNull();
    } finally {
      await admin.close();
    }
  }, 120_000);
});

describe('firebase/firestore/lite over REST', () => {
  it('addDoc, getDoc, getDocs, and the other calls lite makes', async () => {
    const project = newProject();
    const lite = await openPage('lite', project);
    const result = await lite.evaluate(async () => {
      const { lite: api } = window;
      const id = await api.add('notes', {
        text: 'Olá, 世界 🎉',
        n: 1,
        at: { $serverTimestamp: true },
      });
      await api.set('notes/b', { text: 'b', n: 2 });
      await api.update('notes/b', { n: { $increment: 5 } });
      const got = await api.get(`notes/${id}`);
      const missing = await api.get('notes/none');
      const all = await api.query({ collection: 'notes', orderBy: [['n', 'desc']] });
      const count = await api.count({ collection: 'notes' });
      const next = await api.transactionIncrement('notes/b', 'n', 1);
      await api.batch([
        { op: 'delete', path: `notes/${id}` },
        { op: 'set', path: 'notes/c', data: { n: 0 } },
      ]);
      await api.remove('notes/c');
      const remaining = await api.query({ collection: 'notes' });
      const updateMissing = await api.update('notes/zzz', { n: 1 }).then(
        () => 'updated',
        (error: { code?: string }) => error.code ?? 'unknown',
      );
      return { id, got, missing, all, count, next, remaining, updateMissing };
    });
    expect(result.got).toEqual({
      exists: true,
      data: { text: 'Olá, 世界 🎉', n: 1, at: { $millis: expect.any(Number) } },
    });
    expect(result.missing).toEqual({ exists: false, data: null });
    expect(result.all.map((d) => d.id)).toEqual(['b', result.id]);
    expect(result.count).toBe(2);
    expect(result.next).toBe(8);
    expect(result.remaining).toEqual([{ id: 'b', data: { text: 'b', n: 8 } }]);
    expect(result.updateMissing).toBe('not-found');
  }, 120_000);

  it('sees what the full SDK wrote, across origins', async () => {
    const project = newProject();
    const [full, lite] = await Promise.all([openPage('full', project), openPage('lite', project)]);
    await full.evaluate(() => window.api.set('shared/x', { by: 'full' }));
    expect(await lite.evaluate(() => window.lite.get('shared/x'))).toEqual({
      exists: true,
      data: { by: 'full' },
    });
  }, 120_000);
});

describe("the app's rules, through the browser transports", () => {
  const lead = {
    nome: 'Maria da Silva',
    whatsapp: '(79) 99999-9999',
    vaga: 'Aux Eletricista',
    cidade: 'Salgadália',
    // The root page's consent note (web/src/domain/consent.ts), which the app's rules require.
    consent_version: 'raiz-2026-11-25',
    status: 'novo',
    created_at: { $serverTimestamp: true },
    deleted_at: null,
  };
  /**
   * A lead as the public page sends it: with its device's id, and in the same batch the slot of
   * the device's record it takes (the app's per-device limit, web/src/data/lead-write.ts).
   */
  const sent = (id: string, device: string, data: typeof lead): string =>
    JSON.stringify([
      { op: 'set', path: `leads/${id}`, data: { ...data, device } },
      {
        op: 'set',
        path: `devices/${device}`,
        data: { lead: id, slot: 0, s0: { $serverTimestamp: true } },
      },
    ]);

  it("a candidate's lead reaches the admin panel live; a non-admin listener is refused", async () => {
    const project = newProject();
    await openLeadVacancies(appRulesEmulator.hostAndPort, project);
    const options = { target: appRulesEmulator };
    const [admin, candidate, intruder, liteCandidate] = await Promise.all([
      openPage('full', project, { ...options, user: 'admin-1', admin: true }),
      openPage('full', project, options),
      openPage('full', project, { ...options, user: 'someone' }),
      openPage('lite', project, options),
    ]);
    await admin.evaluate(() => window.api.listenQuery('leads', { collection: 'leads' }));
    await admin.waitForFunction(() => window.api.snapshots('leads').some((s) => !s.fromCache));
    await candidate.evaluate(
      (ops) => window.api.batch(JSON.parse(ops)),
      sent('cand-1', 'WebChannelDevice0001', lead),
    );
    await liteCandidate.evaluate(
      (ops) => window.lite.batch(JSON.parse(ops)),
      sent('cand-2', 'RestDevice0000000002', lead),
    );
    await admin.waitForFunction(() =>
      window.api.snapshots('leads').some((s) => s.docs.length === 2),
    );
    const seen = await admin.evaluate(() =>
      window.api
        .snapshots('leads')
        .at(-1)
        ?.docs.map((d) => d.data),
    );
    expect(seen).toEqual([
      { ...lead, device: 'WebChannelDevice0001', created_at: { $millis: expect.any(Number) } },
      { ...lead, device: 'RestDevice0000000002', created_at: { $millis: expect.any(Number) } },
    ]);

    // A lead that chooses its own status is refused, over WebChannel and over REST.
    const bad = { ...lead, status: 'principal' };
    expect(
      await candidate.evaluate(
        (ops) =>
          window.api.batch(JSON.parse(ops)).then(
            () => 'written',
            (e: { code?: string }) => e.code,
          ),
        sent('bad-1', 'WebChannelDevice0003', bad),
      ),
    ).toBe('permission-denied');
    expect(
      await liteCandidate.evaluate(
        (ops) =>
          window.lite.batch(JSON.parse(ops)).then(
            () => 'written',
            (e: { code?: string }) => e.code,
          ),
        sent('bad-2', 'RestDevice0000000004', bad),
      ),
    ).toBe('permission-denied');

    // Reading leads needs the admin claim: the listener's error callback says so.
    await intruder.evaluate(() => window.api.listenQuery('leads', { collection: 'leads' }));
    await intruder.waitForFunction(() => window.api.error('leads') !== null);
    expect(await intruder.evaluate(() => window.api.error('leads'))).toMatch(/^permission-denied/);

    // Over REST from the browser (a preflighted request carrying Authorization): the admin's
    // token reads the leads, an anonymous visitor's query is refused.
    const liteAdmin = await openPage('lite', project, { ...options, user: 'admin-2', admin: true });
    expect(await liteAdmin.evaluate(() => window.lite.query({ collection: 'leads' }))).toHaveLength(
      2,
    );
    expect(
      await liteCandidate.evaluate(() =>
        window.lite.query({ collection: 'leads' }).then(
          () => 'read',
          (e: { code?: string }) => e.code,
        ),
      ),
    ).toBe('permission-denied');
  }, 90_000);
});
