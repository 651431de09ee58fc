// Bundles built by firebase-admin's firestore.bundle(), loaded by the JS SDK (loadBundle), their
// named queries read from the cache (namedQuery) and then listened to against the emulator: the
// SDK resumes each target from the bundle's read time, and the emulator answers with only what
// changed since (documents that left, entered or changed), seen in the SDK's own wire log.
import { onLog } from 'firebase/app';
import {
  getDocsFromCache,
  loadBundle,
  namedQuery,
  onSnapshot,
  setLogLevel,
  type Query,
  type QuerySnapshot,
} from 'firebase/firestore';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  adminClient,
  startTestEmulator,
  useEmulator,
  waitFor,
  webClient,
} from './support/emulator.js';

const PROJECT = 'demo-bundles';
const env = useEmulator(PROJECT);

/** The JS SDK's debug log of its Listen stream, as JSON text per message. */
const wire: { dir: 'sending' | 'received'; text: string }[] = [];
beforeAll(() => {
  // Captured below; not printed.
  vi.spyOn(console, 'log').mockImplementation(() => {});
  setLogLevel('debug');
  onLog(
    ({ message }) => {
      const m = /RPC 'Listen' stream \S+ (sending|received): (.*)$/s.exec(message);
      if (m) wire.push({ dir: m[1] as 'sending' | 'received', text: m[2] });
    },
    { level: 'debug' },
  );
});
afterAll(() => {
  setLogLevel('error');
  vi.restoreAllMocks();
});

/** Listens to `q` until a snapshot from the server has exactly `ids`; returns the snapshots. */
async function listenUntil(q: Query, ids: string[]): Promise<QuerySnapshot[]> {
  const snaps: QuerySnapshot[] = [];
  const stop = onSnapshot(q, { includeMetadataChanges: true }, (s) => snaps.push(s));
  try {
    await waitFor(() => {
      const last = snaps.at(-1);
      return !!last && !last.metadata.fromCache && last.docs.map((d) => d.id).join() === ids.join();
    }, 30_000);
  } finally {
    stop();
  }
  return snaps;
}

const docName = (id: string) => `projects/${PROJECT}/databases/(default)/documents/vagas/${id}`;

describe('bundles', () => {
  it('loadBundle + namedQuery: the listener resumes from the bundle and gets only the changes', async () => {
    const admin = env.admin;
    await admin.doc('vagas/a').set({ titulo: 'Recepcionista', aberta: true, n: 1 });
    await admin.doc('vagas/b').set({ titulo: 'Vendedor', aberta: true, n: 2 });
    await admin.doc('vagas/c').set({ titulo: 'Antiga', aberta: false, n: 3 });
    await admin.doc('vagas/d').set({ titulo: 'Caixa', aberta: true, n: 4 });
    await admin.doc('vagas/f').set({ titulo: 'Faxina', aberta: true, n: 5 });
    const open = admin.collection('vagas').where('aberta', '==', true).orderBy('n');
    const bundle = admin
      .bundle('vagas-abertas')
      .add('abertas', await open.get())
      .add('primeiras', await open.limit(2).get())
      .add('ultimas', await open.limitToLast(2).get())
      .build()
      .toString('utf8');

    const web = env.web;
    expect((await loadBundle(web, bundle)).taskState).toBe('Success');
    const q = await namedQuery(web, 'abertas');
    if (!q) throw new Error('the bundle has no query "abertas"');
    expect((await getDocsFromCache(q)).docs.map((d) => d.id)).toEqual(['a', 'b', 'd', 'f']);

    // After the bundle was built: one leaves, one enters, one is deleted, one changes.
    await admin.doc('vagas/a').update({ aberta: false });
    await admin.doc('vagas/c').update({ aberta: true });
    await admin.doc('vagas/d').delete();
    await admin.doc('vagas/b').update({ titulo: 'Vendedora' });
    const from = wire.length;
    const snaps = await listenUntil(q, ['b', 'c', 'f']);
    expect(
      snaps
        .at(-1)
        ?.docs.find((d) => d.id === 'b')
        ?.get('titulo'),
    ).toBe('Vendedora');

    // The SDK logs its messages as util.inspect writes them (unquoted keys, quoted strings).
    const sent = wire
      .slice(from)
      .filter((w) => w.dir === 'sending')
      .map((w) => w.text);
    expect(sent.some((t) => /addTarget: \{[^]*readTime: \{ seconds: /.test(t))).toBe(true);
    // The answer names the changed documents only: `b` and `c` sent, `a` removed, `d` deleted,
    // and `f`, unchanged since the bundle's read time, not sent again.
    const received = wire
      .slice(from)
      .filter((w) => w.dir === 'received')
      .map((w) => w.text);
    const with_ = (kind: string, id: string) =>
      received.some((t) => t.includes(`${kind}: {`) && t.includes(`'${docName(id)}'`));
    expect(with_('documentChange', 'b')).toBe(true);
    expect(with_('documentChange', 'c')).toBe(true);
    expect(with_('documentRemove', 'a')).toBe(true);
    expect(with_('documentDelete', 'd')).toBe(true);
    expect(received.some((t) => t.includes(`'${docName('f')}'`))).toBe(false);
    // An existence filter lets the SDK check its count (b, c, f).
    expect(received.some((t) => /filter: \{ targetId: \d+, count: 3/.test(t))).toBe(true);
  });

  it('a bundled limit query keeps its window when resumed', async () => {
    const web = env.web;
    const q = await namedQuery(web, 'primeiras');
    if (!q) throw new Error('the bundle has no query "primeiras"');
    await env.admin.doc('vagas/e').set({ titulo: 'Estoquista', aberta: true, n: 0 });
    await listenUntil(q, ['e', 'b']);
    // limitToLast from a bundle too: the SDK flips the order back on the client.
    const last = await namedQuery(web, 'ultimas');
    if (!last) throw new Error('the bundle has no query "ultimas"');
    await env.admin.doc('vagas/g').set({ titulo: 'Gerente', aberta: true, n: 9 });
    await listenUntil(last, ['f', 'g']);
  });

  it('a bundle older than the emulator’s history (built before a restart) still converges', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'fs-emu-bundle-'));
    try {
      let emu = await startTestEmulator({ dataDir });
      let admin = adminClient(emu, PROJECT);
      await admin.db.doc('ofertas/x').set({ ativa: true });
      await admin.db.doc('ofertas/y').set({ ativa: true });
      const q = admin.db.collection('ofertas').where('ativa', '==', true);
      const bundle = admin.db
        .bundle('ofertas')
        .add('ativas', await q.get())
        .build()
        .toString('utf8');
      await admin.close();
      await emu.stop();
      emu = await startTestEmulator({ dataDir });
      admin = adminClient(emu, PROJECT);
      await admin.db.doc('ofertas/y').delete();
      await admin.db.doc('ofertas/z').set({ ativa: true });
      const web = webClient(emu, PROJECT);
      try {
        await loadBundle(web.db, bundle);
        const named = await namedQuery(web.db, 'ativas');
        if (!named) throw new Error('the bundle has no query "ativas"');
        await listenUntil(named, ['x', 'z']);
      } finally {
        await web.close();
        await admin.close();
        await emu.stop();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
