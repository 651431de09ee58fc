/** Benchmark helper: runs the emulator CLI in its own process (built dist when present, else via tsx). */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const DIST_CLI = fileURLToPath(new URL('../dist/cli.js', import.meta.url));
const SRC_CLI = fileURLToPath(new URL('../src/cli.ts', import.meta.url));

export interface EmulatorProcess {
  child: ChildProcess;
  host: string;
  port: number;
  /** Milliseconds from spawn to the ready line. */
  readyMs: number;
  /** `performance.now()` when the ready line came. */
  readyAt: number;
  /** Resident set size of the emulator process, in MiB. */
  rssMiB(): number;
  /** CPU time (user + system) the emulator process has used so far, in ms. */
  cpuMs(): number;
  stop(signal?: NodeJS.Signals): Promise<void>;
}

function newestMtime(dir: string): number {
  let newest = 0;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    newest = Math.max(newest, e.isDirectory() ? newestMtime(p) : statSync(p).mtimeMs);
  }
  return newest;
}

/** Builds dist/ when it is missing or older than src/ (cold start is measured on the built CLI). */
function ensureBuilt(): boolean {
  const root = fileURLToPath(new URL('..', import.meta.url));
  if (existsSync(DIST_CLI) && statSync(DIST_CLI).mtimeMs >= newestMtime(path.join(root, 'src'))) {
    return true;
  }
  const tsc = fileURLToPath(new URL('../../node_modules/typescript/bin/tsc', import.meta.url));
  const r = spawnSync(process.execPath, [tsc, '-p', path.join(root, 'tsconfig.build.json')], {
    stdio: 'ignore',
  });
  return r.status === 0 && existsSync(DIST_CLI);
}

/** How the CLI is launched: `node dist/cli.js` when built, otherwise `node --import tsx src/cli.ts`. */
export const cliMode = ensureBuilt() ? 'dist' : 'tsx';

/**
 * `nodeArgs`: node's own flags (e.g. `--expose-gc`), before the CLI's path; `mode`: `tsx` runs the
 * sources as `npm start` does, even when dist/ is built.
 */
export function startEmulatorProcess(
  args: string[],
  nodeArgs: string[] = [],
  mode: 'dist' | 'tsx' = cliMode,
): Promise<EmulatorProcess> {
  const cli = mode === 'dist' ? [DIST_CLI] : ['--import', 'tsx', SRC_CLI];
  const argv = [...nodeArgs, ...cli, ...args];
  const started = performance.now();
  const child = spawn(process.execPath, argv, { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stderr?.on('data', (c: Buffer) => (err += c.toString()));
  const exited = new Promise<void>((r) => child.on('exit', () => r()));
  return new Promise((resolve, reject) => {
    child.on('exit', (code) => reject(new Error(`emulator exited with ${code}: ${err}`)));
    child.stdout?.on('data', (c: Buffer) => {
      out += c.toString();
      const m = /listening on ([^\s:]+):(\d+)\n/.exec(out);
      if (!m) return;
      resolve({
        child,
        host: m[1],
        port: Number(m[2]),
        readyMs: performance.now() - started,
        readyAt: performance.now(),
        rssMiB() {
          const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
          const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
          return kb / 1024;
        },
        cpuMs() {
          const fields = readFileSync(`/proc/${child.pid}/stat`, 'utf8').split(') ')[1].split(' ');
          // utime and stime are fields 14 and 15 of /proc/pid/stat, in clock ticks (100/s on Linux).
          return (Number(fields[11]) + Number(fields[12])) * 10;
        },
        async stop(signal: NodeJS.Signals = 'SIGTERM') {
          child.kill(signal);
          await exited;
        },
      });
    });
  });
}
