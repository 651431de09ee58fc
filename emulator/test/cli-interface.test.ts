import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { doc, getDoc, setDoc } from 'firebase/firestore';
import { afterEach, describe, expect, it } from 'vitest';
import { runCli, spawnCli, type CliProcess } from './support/cli.js';
import { adminClient, waitFor, webClient } from './support/emulator.js';

const procs: CliProcess[] = [];
const dirs: string[] = [];

afterEach(() => {
  for (const p of procs.splice(0)) p.child.kill('SIGKILL');
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

async function start(args: string[]): Promise<CliProcess> {
  const p = await spawnCli(args);
  procs.push(p);
  return p;
}

describe('firestore-emulator CLI', () => {
  it('prints the ready line, answers Ok on / and stops cleanly on SIGTERM and SIGINT', async () => {
    const p = await start(['--host', '127.0.0.1', '--port', '0']);
    expect(p.stdout()).toBe(`Firestore emulator listening on 127.0.0.1:${p.port}\n`);
    const res = await fetch(`http://127.0.0.1:${p.port}/`);
    expect(await res.text()).toBe('Ok');
    p.child.kill('SIGTERM');
    expect(await p.exited).toBe(0);
    const q = await start(['--port', '0']);
    q.child.kill('SIGINT');
    expect(await q.exited).toBe(0);
  });

  it('exits non-zero with a clear message when the port is taken', async () => {
    const blocker = net.createServer();
    await new Promise<void>((r) => blocker.listen(0, '127.0.0.1', () => r()));
    const port = (blocker.address() as net.AddressInfo).port;
    try {
      const r = await runCli(['--port', String(port)]);
      expect(r.code).toBe(1);
      expect(r.stderr).toContain(`Port ${port} on 127.0.0.1 is already in use`);
      expect(r.stdout).toBe('');
    } finally {
      blocker.close();
    }
  });

  it('rejects unknown flags and bad values', async () => {
    const r1 = await runCli(['--prot', '8080']);
    expect(r1.code).toBe(2);
    expect(r1.stderr).toContain('unknown argument "--prot"');
    const r2 = await runCli(['--port', 'abc']);
    expect(r2.code).toBe(2);
    expect(r2.stderr).toContain('--port must be a number');
    const r3 = await runCli(['--data']);
    expect(r3.code).toBe(2);
    expect(r3.stderr).toContain('--data needs a value');
  });

  it('serves only the given project with --project; otherwise each project has its own data', async () => {
    const multi = await start(['--port', '0']);
    const a = adminClient(multi, 'demo-cli-a');
    const b = adminClient(multi, 'demo-cli-b');
    await a.db.doc('p/x').set({ who: 'a' });
    expect((await b.db.doc('p/x').get()).exists).toBe(false);
    await a.close();
    await b.close();

    const single = await start(['--port', '0', '--project', 'demo-cli-only']);
    const ok = adminClient(single, 'demo-cli-only');
    const other = adminClient(single, 'demo-cli-other');
    await ok.db.doc('p/x').set({ v: 1 });
    await expect(other.db.doc('p/x').get()).rejects.toMatchObject({ code: 7 });
    await ok.close();
    await other.close();
  });

  it('loads --rules, reloads them when the file changes, and keeps old rules on errors', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'fs-emu-rules-'));
    dirs.push(dir);
    const file = path.join(dir, 'firestore.rules');
    const rules = (cond: string) =>
      `rules_version = '2';\nservice cloud.firestore {\n  match /databases/{db}/documents {\n    match /notes/{id} {\n      allow read, write: if ${cond};\n    }\n  }\n}\n`;
    writeFileSync(file, rules('false'));
    const p = await start(['--port', '0', '--rules', file]);
    const web = webClient(p, 'demo-cli-rules');
    const admin = adminClient(p, 'demo-cli-rules');
    await admin.db.doc('notes/1').set({ t: 'hi' });
    await expect(getDoc(doc(web.db, 'notes/1'))).rejects.toMatchObject({
      code: 'permission-denied',
    });
    writeFileSync(file, rules('true'));
    let allowed = false;
    await waitFor(() => {
      void getDoc(doc(web.db, 'notes/1')).then(
        () => (allowed = true),
        () => {},
      );
      return allowed;
    }, 30_000);
    writeFileSync(file, rules('true &&'));
    await waitFor(() => p.stderr().includes('did not load'), 30_000);
    expect(p.stderr()).toMatch(/firestore\.rules:\d+:\d+ /);
    await setDoc(doc(web.db, 'notes/2'), { t: 'still allowed' });
    await web.close();
    await admin.close();
  });

  it('enforces --indexes, reloads the file when it changes, and refuses a malformed one', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'fs-emu-indexes-'));
    dirs.push(dir);
    const file = path.join(dir, 'firestore.indexes.json');
    const indexes = (fields: object[]) =>
      JSON.stringify({
        indexes: fields.length
          ? [{ collectionGroup: 'leads', queryScope: 'COLLECTION', fields }]
          : [],
      });
    writeFileSync(file, indexes([]));
    const p = await start(['--port', '0', '--indexes', file]);
    const admin = adminClient(p, 'demo-cli-indexes');
    const q = admin.db.collection('leads').where('status', '==', 'novo').orderBy('at', 'desc');
    await expect(q.get()).rejects.toMatchObject({ code: 9 });
    writeFileSync(
      file,
      indexes([
        { fieldPath: 'status', order: 'ASCENDING' },
        { fieldPath: 'at', order: 'DESCENDING' },
      ]),
    );
    await waitFor(() => p.stderr().includes('Reloaded indexes'), 30_000);
    await q.get();
    await admin.close();

    writeFileSync(file, '{"indexes": [{"fields": []}]}');
    const bad = await runCli(['--port', '0', '--indexes', file]);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('collectionGroup is required');
  });
});

describe('startEmulator()', () => {
  it('rejects rules that do not compile with file:line:col, and a taken port', async () => {
    const { startEmulator } = await import('../src/index.js');
    await expect(
      startEmulator({ port: 0, rules: 'service cloud.firestore {', log: () => {} }),
    ).rejects.toThrow(/firestore\.rules:\d+:\d+ /);
    const first = await startEmulator({ port: 0, log: () => {} });
    try {
      await expect(startEmulator({ port: first.port, log: () => {} })).rejects.toThrow(
        `Port ${first.port} on 127.0.0.1 is already in use.`,
      );
    } finally {
      await first.stop();
    }
  });
});
