/**
 * The first query after a recovery, alone and repeated (numbers only, never pass/fail): the data set
 * of emulator-core.ts's recovery (small leads written through firebase-admin with `--data`, then
 * SIGKILL), recovered again and again from copies of that directory by each CLI given, in turns
 * (A, B, A, B: the machine's load moves), each time a new firebase-admin client running the same
 * `where('idade', '==', 30).limit(25)`. Besides the wall time the client sees, it prints the CPU
 * time of the emulator's main thread meanwhile, which the other processes on a shared machine
 * change much less than the wall time (by a few tens of percent between load 3 and 7, where the
 * wall time doubles or triples).
 * Run: node --import tsx emulator/bench/recovery-query.ts [--docs 100000] [--rounds 5]
 *      [--cli path/to/cli.js ...] (default: the built dist/cli.js, built when older than src/)
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { adminClient } from '../test/support/emulator.js';
import { cliMode, startEmulatorProcess } from './_emulator-process.js';

const PROJECT = 'demo-bench';
const argv = process.argv.slice(2);
const arg = (name: string, fallback: number) => {
  const i = argv.indexOf(`--${name}`);
  return i === -1 ? fallback : Number(argv[i + 1]);
};
const docs = arg('docs', 100_000);
const rounds = arg('rounds', 5);
const clis = argv.flatMap((a, i) => (a === '--cli' ? [path.resolve(argv[i + 1])] : []));
if (clis.length === 0) {
  if (cliMode !== 'dist') throw new Error('dist/cli.js could not be built');
  clis.push(fileURLToPath(new URL('../dist/cli.js', import.meta.url)));
}

/** Milliseconds a thread of `pid` has run (schedstat: nanoseconds on a CPU). */
const threadMs = (pid: number) =>
  Number(readFileSync(`/proc/${pid}/task/${pid}/schedstat`, 'utf8').split(' ')[0]) / 1e6;
const rssMiB = (pid: number) =>
  Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;

async function writeDataSet(dir: string): Promise<void> {
  const emu = await startEmulatorProcess(['--port', '0', '--data', dir]);
  const admin = adminClient(emu, PROJECT);
  const pending: Promise<unknown>[] = [];
  for (let i = 0; i < docs; i += 500) {
    const b = admin.db.batch();
    for (let j = i; j < Math.min(docs, i + 500); j++) {
      b.set(admin.db.doc(`leads/lead-${String(j).padStart(6, '0')}`), {
        nome: `Candidato ${j}`,
        cidade: 'São Paulo',
        idade: 18 + (j % 50),
        status: 'novo',
      });
    }
    pending.push(b.commit());
    if (pending.length >= 4) await pending.shift();
  }
  await Promise.all(pending);
  await admin.close();
  await emu.stop('SIGKILL');
}

interface Started {
  child: ChildProcess;
  host: string;
  port: number;
  readyMs: number;
}

function start(cli: string, dir: string): Promise<Started> {
  const t0 = performance.now();
  const child = spawn(process.execPath, [cli, '--port', '0', '--data', dir], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  return new Promise((resolve, reject) => {
    child.on('exit', (code) => reject(new Error(`${cli} exited with ${code}`)));
    child.stdout?.on('data', (c: Buffer) => {
      out += c.toString();
      const m = /listening on ([^\s:]+):(\d+)\n/.exec(out);
      if (m) resolve({ child, host: m[1], port: Number(m[2]), readyMs: performance.now() - t0 });
    });
  });
}

interface Run {
  ready: number;
  first: number;
  main: number;
  again: number;
  rss: number;
}

async function recoverOnce(cli: string, data: string): Promise<Run> {
  const dir = mkdtempSync(path.join(tmpdir(), 'fs-emu-recovery-run-'));
  cpSync(data, dir, { recursive: true });
  const emu = await start(cli, dir);
  const pid = emu.child.pid as number;
  const client = adminClient(emu, PROJECT);
  const leads = client.db.collection('leads');
  const main0 = threadMs(pid);
  let t = performance.now();
  await leads.where('idade', '==', 30).limit(25).get();
  const first = performance.now() - t;
  const main = threadMs(pid) - main0;
  t = performance.now();
  await leads.where('idade', '==', 31).limit(25).get();
  const run = { ready: emu.readyMs, first, main, again: performance.now() - t, rss: rssMiB(pid) };
  await client.close();
  emu.child.removeAllListeners('exit');
  const exited = new Promise((r) => emu.child.on('exit', r));
  emu.child.kill('SIGKILL');
  await exited;
  rmSync(dir, { recursive: true, force: true });
  return run;
}

const fmt = (n: number) => n.toLocaleString('en-US', { maximumFractionDigits: 1 });
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1];

const data = mkdtempSync(path.join(tmpdir(), 'fs-emu-recovery-data-'));
try {
  await writeDataSet(data);
  const runs = new Map<string, Run[]>(clis.map((c) => [c, []]));
  for (let r = 0; r < rounds; r++) {
    for (const cli of clis) {
      const run = await recoverOnce(cli, data);
      (runs.get(cli) as Run[]).push(run);
      console.log(
        `${path.relative(process.cwd(), cli)}: ready ${fmt(run.ready)} ms, first query ${fmt(run.first)} ms ` +
          `(emulator main thread ${fmt(run.main)} ms), next query ${fmt(run.again)} ms, RSS ${fmt(run.rss)} MiB`,
      );
    }
  }
  for (const [cli, rs] of runs) {
    const m = (k: keyof Run) => {
      const xs = rs.map((x) => x[k]);
      return `${fmt(median(xs))} (${fmt(Math.min(...xs))}–${fmt(Math.max(...xs))})`;
    };
    console.log(
      `${path.relative(process.cwd(), cli)}, median of ${rs.length} over ${docs.toLocaleString('en-US')} documents: ` +
        `ready ${m('ready')} ms, first query ${m('first')} ms (main thread ${m('main')} ms), ` +
        `next ${m('again')} ms, RSS ${m('rss')} MiB`,
    );
  }
} finally {
  rmSync(data, { recursive: true, force: true });
}
process.exit(0);
