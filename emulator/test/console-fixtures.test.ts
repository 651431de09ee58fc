/**
 * Fixtures: `firestore-emulator export DIR --from HOST:PORT` writes readable JSON with every type,
 * `--import DIR` (and the console API's import) bring back identical documents.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CLI_PATH } from './support/cli.js';
import { expectSameDocs, writeTypedDocs } from './console/typed-docs.js';
import { adminClient, startTestEmulator, type TestEmulator } from './support/emulator.js';

const PROJECT = 'demo-fixtures';
const DB = `projects/${PROJECT}/databases/(default)`;
const cleanup: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const c of cleanup.reverse()) await c();
});

async function emulator(options: Parameters<typeof startTestEmulator>[0] = {}) {
  const emu = await startTestEmulator({ projectId: PROJECT, ...options });
  const admin = adminClient(emu, PROJECT);
  cleanup.push(async () => {
    await admin.close();
    await emu.stop();
  });
  return { emu, admin: admin.db };
}

function runExport(dir: string, emu: TestEmulator): Promise<{ code: number | null; out: string }> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', CLI_PATH, 'export', dir, '--from', emu.hostAndPort],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let out = '';
  child.stdout.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr.on('data', (c: Buffer) => (out += c.toString()));
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, out })));
}

async function exported(emu: TestEmulator): Promise<unknown> {
  const res = await fetch(
    `http://${emu.hostAndPort}/console/api/export?db=${encodeURIComponent(DB)}`,
  );
  return res.json();
}

describe('fixtures', () => {
  it('export DIR writes readable typed JSON; --import DIR gives identical documents', async () => {
    const a = await emulator();
    const paths = await writeTypedDocs(a.admin);
    const dir = mkdtempSync(path.join(tmpdir(), 'fixture-'));
    cleanup.push(async () => rmSync(dir, { recursive: true, force: true }));

    const r = await runExport(dir, a.emu);
    expect(r.out).toContain('Exported 3 documents to');
    expect(r.code).toBe(0);
    const file = path.join(dir, PROJECT, '(default).json');
    const text = readFileSync(file, 'utf8');
    expect(text).toContain('"timestampValue": "2026-01-01T00:00:00.123456Z"');
    expect(text).toContain('"integerValue": "20000"');
    expect(text).toContain('"campaigns/busy/leads/00001"');

    const b = await emulator({ importDir: dir });
    await expectSameDocs(a.admin, b.admin, paths);
    // Exact, including what firebase-admin does not tell apart (integer vs double).
    expect(await exported(b.emu)).toEqual(await exported(a.emu));
  });

  it('the console API import replaces the database with the fixture', async () => {
    const a = await emulator();
    const paths = await writeTypedDocs(a.admin);
    const fixture = await exported(a.emu);
    const b = await emulator();
    await b.admin.doc('campaigns/old').set({ gone: true });
    const res = await fetch(
      `http://${b.emu.hostAndPort}/console/api/import?db=${encodeURIComponent(DB)}`,
      { method: 'POST', body: JSON.stringify(fixture) },
    );
    expect(await res.json()).toEqual({ imported: 3 });
    expect((await b.admin.doc('campaigns/old').get()).exists).toBe(false);
    await expectSameDocs(a.admin, b.admin, paths);
  });

  it('refuses a file that is not a fixture, and an export from nowhere fails clearly', async () => {
    const a = await emulator();
    const res = await fetch(
      `http://${a.emu.hostAndPort}/console/api/import?db=${encodeURIComponent(DB)}`,
      { method: 'POST', body: JSON.stringify({ leads: [] }) },
    );
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { message: string } }).error.message).toMatch(
      /is not a fixture/,
    );
    const dir = mkdtempSync(path.join(tmpdir(), 'fixture-'));
    cleanup.push(async () => rmSync(dir, { recursive: true, force: true }));
    const r = await runExport(dir, { ...a.emu, hostAndPort: '127.0.0.1:1' });
    expect(r.code).toBe(1);
    expect(r.out).toContain('export from 127.0.0.1:1 failed');
  });
});
