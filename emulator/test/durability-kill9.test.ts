import { appendFileSync, mkdtempSync, readdirSync, rmSync, statSync, truncateSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { FieldValue } from 'firebase-admin/firestore';
import { afterEach, describe, expect, it } from 'vitest';
import { Engine } from '../src/engine/index.js';
import { Journal, writeDataDir } from '../src/server/journal.js';
import type { CallContext } from '../src/service.js';
import { spawnCli, type CliProcess } from './support/cli.js';
import { adminClient, startTestEmulator } from './support/emulator.js';

const PROJECT = 'demo-durability';
const dirs: string[] = [];
const procs: CliProcess[] = [];

function tempDir(): string {
  const d = mkdtempSync(path.join(tmpdir(), 'fs-emu-data-'));
  dirs.push(d);
  return d;
}

afterEach(() => {
  for (const p of procs.splice(0)) p.child.kill('SIGKILL');
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe('durable data with --data', () => {
  it('keeps every acknowledged commit across kill -9', async () => {
    const dir = tempDir();
    const first = await spawnCli(['--port', '0', '--data', dir]);
    procs.push(first);
    const c1 = adminClient(first, PROJECT);
    const acked: number[] = [];
    // Concurrent writers so that group commit batches several commits per fsync.
    await Promise.all(
      Array.from({ length: 8 }, (_, w) =>
        (async () => {
          for (let i = 0; i < 25; i++) {
            const n = w * 100 + i;
            await c1.db.doc(`durable/${n}`).set({ n, at: FieldValue.serverTimestamp() });
            acked.push(n);
          }
        })(),
      ),
    );
    const batch = c1.db.batch();
    batch.set(c1.db.doc('durable-batch/a'), { v: 1 });
    batch.set(c1.db.doc('durable-batch/b'), { v: 2 });
    batch.delete(c1.db.doc('durable/0'));
    await batch.commit();
    await c1.db.doc('durable/1').update({ n: FieldValue.increment(1000) });
    first.child.kill('SIGKILL');
    expect(await first.exited).toBe('SIGKILL');
    await c1.close().catch(() => {});

    const second = await spawnCli(['--port', '0', '--data', dir]);
    procs.push(second);
    const c2 = adminClient(second, PROJECT);
    const all = await c2.db.collection('durable').get();
    const got = new Set(all.docs.map((d) => d.get('n') as number));
    expect(all.size).toBe(acked.length - 1);
    expect((await c2.db.doc('durable/0').get()).exists).toBe(false);
    expect((await c2.db.doc('durable/1').get()).get('n')).toBe(1001);
    for (const n of acked) if (n > 1) expect(got.has(n)).toBe(true);
    const b = await c2.db.collection('durable-batch').get();
    expect(b.docs.map((d) => d.id)).toEqual(['a', 'b']);
    // New commits after recovery get later times than recovered ones.
    const w = await c2.db.doc('durable/after').set({ n: -1 });
    const old = await c2.db.doc('durable/2').get();
    expect(w.writeTime.toMillis()).toBeGreaterThanOrEqual(old.updateTime!.toMillis());
    await c2.close();
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
  });

  it('ignores a torn, partially written commit at the end of the journal', async () => {
    const dir = tempDir();
    const first = await spawnCli(['--port', '0', '--data', dir]);
    procs.push(first);
    const c1 = adminClient(first, PROJECT);
    await c1.db.doc('torn/ok').set({ v: 1 });
    first.child.kill('SIGKILL');
    await first.exited;
    await c1.close().catch(() => {});
    const journal = readdirSync(dir).find((f) => f.startsWith('journal-'));
    expect(journal).toBeTruthy();
    // A frame header that promises more bytes than were written (a crash mid-append).
    appendFileSync(path.join(dir, journal!), Buffer.from([200, 0, 0, 0, 1, 2, 3, 4, 123, 34]));

    const second = await spawnCli(['--port', '0', '--data', dir]);
    procs.push(second);
    const c2 = adminClient(second, PROJECT);
    expect((await c2.db.doc('torn/ok').get()).get('v')).toBe(1);
    await c2.db.doc('torn/after').set({ v: 2 });
    await c2.close();
  });

  it('compacts the journal in the background and recovers from the snapshot', async () => {
    const dir = tempDir();
    const emu = await startTestEmulator({ dataDir: dir, compactAfterBytes: 20_000 });
    const c1 = adminClient(emu, PROJECT);
    for (let i = 0; i < 60; i++) {
      await c1.db.doc(`compact/${i % 20}`).set({ i, pad: 'x'.repeat(500) });
    }
    await c1.db.doc('compact/0').delete();
    await c1.close();
    await emu.stop();
    expect(readdirSync(dir).some((f) => f.startsWith('snapshot-'))).toBe(true);

    const again = await startTestEmulator({ dataDir: dir });
    const c2 = adminClient(again, PROJECT);
    const s = await c2.db.collection('compact').get();
    expect(s.size).toBe(19);
    expect((await c2.db.doc('compact/19').get()).get('i')).toBe(59);
    await c2.close();
    await again.stop();
  });

  it('keeps a cleared database cleared after a restart', async () => {
    const dir = tempDir();
    const emu = await startTestEmulator({ dataDir: dir });
    const c1 = adminClient(emu, PROJECT);
    await c1.db.doc('cleared/a').set({ v: 1 });
    const res = await fetch(
      `http://${emu.hostAndPort}/emulator/v1/projects/${PROJECT}/databases/(default)/documents`,
      { method: 'DELETE' },
    );
    expect(res.status).toBe(200);
    await c1.db.doc('cleared/b').set({ v: 2 });
    await c1.close();
    await emu.stop();
    const again = await startTestEmulator({ dataDir: dir });
    const c2 = adminClient(again, PROJECT);
    const s = await c2.db.collection('cleared').get();
    expect(s.docs.map((d) => d.id)).toEqual(['b']);
    await c2.close();
    await again.stop();
  });

  it('snapshots whole commits only: a batch landing while the snapshot is written is not half in it', async () => {
    // Compaction writes the snapshot in chunks, with awaits between them. A batch committed during
    // one of those awaits used to be half in the snapshot (the documents not yet written had its new
    // values, those already written the old ones). Its frame goes to the new journal, which repairs
    // that on replay, unless the process dies before the frame is written while the snapshot is
    // already renamed into place: then recovery restored half of the batch.
    const dir = tempDir();
    const journal = new Journal(dir, () => {}, Number.MAX_SAFE_INTEGER);
    const engine = new Engine({ sink: journal });
    await journal.recover(engine);
    const db = engine.database({ projectId: PROJECT, databaseId: '(default)' });
    const ctx: CallContext = {
      projectId: PROJECT,
      databaseId: '(default)',
      caller: { kind: 'owner' },
    };
    const set = (path: string, v: number) => ({
      update: { name: `${db.name}/documents/${path}`, fields: { v: { integerValue: String(v) } } },
    });
    // pair-a/x is written to the snapshot in its first chunk (2,000 documents), pair-b/x after it.
    await engine.commit(ctx, db, [set('pair-a/x', 0)]);
    for (let i = 0; i < 3000; i += 500) {
      await engine.commit(
        ctx,
        db,
        Array.from({ length: 500 }, (_, k) => set(`filler/${i + k}`, i + k)),
      );
    }
    await engine.commit(ctx, db, [set('pair-b/x', 0)]);

    // The batch is committed as the snapshot writer reaches its 1,000th document: it lands while
    // the snapshot is being written (every step before the store takes only microtasks).
    let batch: Promise<unknown> | undefined;
    const packed = db.store.packedDocs.bind(db.store);
    db.store.packedDocs = () => {
      const docs = packed();
      const each = docs[Symbol.iterator].bind(docs);
      docs[Symbol.iterator] = function* (): Generator<(typeof docs)[number], undefined> {
        let n = 0;
        for (const d of each()) {
          if (++n === 1000) {
            batch = engine.commit(ctx, db, [set('pair-a/x', 1), set('pair-b/x', 1)]);
          }
          yield d;
        }
        return undefined;
      };
      return docs;
    };
    // What the journal does once enough was written: a new journal file, then the snapshot.
    const internals = journal as unknown as {
      gen: number;
      rotate(): Promise<void>;
      compact(gen: number): Promise<void>;
    };
    await internals.rotate();
    const journalFile = path.join(dir, `journal-${String(internals.gen).padStart(8, '0')}.log`);
    const sizeBefore = statSync(journalFile).size;
    await internals.compact(internals.gen);
    expect(batch).toBeDefined();
    await batch;
    db.store.packedDocs = packed;
    await journal.close();
    engine.close();
    // The kill came before the batch's frame reached the journal.
    truncateSync(journalFile, sizeBefore);

    const again = new Engine();
    await new Journal(dir, () => {}).recover(again);
    const db2 = again.database({ projectId: PROJECT, databaseId: '(default)' });
    const v = (p: string) => db2.store.get(p)?.fields.v;
    expect(db2.store.collectionSize('filler')).toBe(3000);
    expect(v('pair-a/x')).toEqual(v('pair-b/x'));
    again.close();
  });

  it('loads a snapshot across read chunks, and ignores one cut short', async () => {
    // Documents of 1 MB: the 16 MB reads end inside one.
    const dir = tempDir();
    const database = `projects/${PROJECT}/databases/(default)`;
    const big = 'x'.repeat(1_000_000);
    const docs = Array.from({ length: 40 }, (_, i) => ({
      database,
      path: `big/${i}`,
      fields: { i: { integerValue: String(i) }, s: { stringValue: `${i}${big}` } },
      createTime: 1000 + i,
      updateTime: 1000 + i,
    }));
    await writeDataDir(dir, docs);
    const load = async () => {
      const engine = new Engine();
      const journal = new Journal(dir, () => {});
      await journal.recover(engine);
      const db = engine.database({ projectId: PROJECT, databaseId: '(default)' });
      const out = { size: db.store.collectionSize('big'), last: db.store.get('big/39')?.fields };
      await journal.close();
      engine.close();
      return out;
    };
    const whole = await load();
    expect(whole.size).toBe(40);
    expect(whole.last).toEqual(docs[39].fields);

    const snapshot = readdirSync(dir).find((f) => f.startsWith('snapshot-')) as string;
    for (const f of readdirSync(dir)) if (f.startsWith('journal-')) rmSync(path.join(dir, f));
    truncateSync(path.join(dir, snapshot), statSync(path.join(dir, snapshot)).size - 20);
    expect((await load()).size).toBe(0);
  });

  it('keeps data in memory only without --data', async () => {
    const emu = await startTestEmulator();
    const c1 = adminClient(emu, PROJECT);
    await c1.db.doc('mem/a').set({ v: 1 });
    await c1.close();
    await emu.stop();
    const again = await startTestEmulator();
    const c2 = adminClient(again, PROJECT);
    expect((await c2.db.doc('mem/a').get()).exists).toBe(false);
    await c2.close();
    await again.stop();
  });
});
