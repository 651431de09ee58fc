/**
 * The child processes of the local suite: long-running ones started until ready and stopped as a
 * process group, commands run to completion, and free ports. Every child (and temporary file) is
 * handed to the reaper (reaper.mjs): whatever ends this process (Ctrl-C, SIGKILL, a closed
 * terminal, a CI timeout), no child outlives it, and no temporary file is left.
 */
import { spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const libDir = path.dirname(fileURLToPath(import.meta.url));
export const rootDir = path.resolve(libDir, '../..');
const host = '127.0.0.1';

/** @typedef {import('node:child_process').ChildProcessByStdio<import('node:stream').Writable, null, null>} ReaperChild */
/** @type {ReaperChild | null} */
let reaper = null;

/**
 * The reaper of this process's children, started with the first of them: it holds the read end
 * of a pipe only this process writes to, so this process's end, however it comes, closes it.
 */
function reaperProcess() {
  if (reaper && reaper.exitCode === null) return reaper;
  const child = spawn(process.execPath, [path.join(libDir, 'reaper.mjs')], {
    stdio: ['pipe', 'ignore', 'ignore'],
    // Its own session: a signal to this process's group (Ctrl-C, a closed terminal) spares it.
    detached: true,
  });
  child.unref();
  const pipe = /** @type {import('node:net').Socket} */ (/** @type {unknown} */ (child.stdin));
  pipe.unref();
  pipe.on('error', () => {}); // the reaper gone: nothing to tell
  reaper = child;
  return child;
}

/**
 * Has the reaper end the process group `pid` when this process ends.
 * @param {number | undefined} pid
 */
export function watchGroup(pid) {
  if (pid) reaperProcess().stdin.write(`+${pid}\n`);
}

/**
 * The group `pid` has ended: the reaper forgets it (its id may be given to another process).
 * @param {number | undefined} pid
 */
export function forgetGroup(pid) {
  if (pid && reaper?.exitCode === null) reaper.stdin.write(`-${pid}\n`);
}

/**
 * Has the reaper remove `file` (a file or folder) if this process ends before `forgetFile`.
 * @param {string} file
 */
export function watchFile(file) {
  reaperProcess().stdin.write(`+file:${file}\n`);
}

/** @param {string} file */
export function forgetFile(file) {
  if (reaper?.exitCode === null) reaper.stdin.write(`-file:${file}\n`);
}

/** @returns {Promise<number>} */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, host, () => {
      const address = /** @type {net.AddressInfo} */ (server.address());
      server.close(() => resolve(address.port));
    });
  });
}

/** @param {number} port @returns {Promise<boolean>} */
export function isPortFree(port) {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, host, () => server.close(() => resolve(true)));
  });
}

/** @param {number | undefined} pid @param {NodeJS.Signals} [signal] */
export function killTree(pid, signal = 'SIGKILL') {
  if (!pid) return;
  try {
    process.kill(-pid, signal);
  } catch {
    // already gone
  }
}

/** @param {string} url */
export async function httpOk(url) {
  try {
    const response = await fetch(url);
    return response.ok;
  } catch {
    return false;
  }
}

/**
 * Spawns a long-running child in a process group of its own and resolves once `ready(output)`
 * says so.
 * @param {string} name
 * @param {string} command
 * @param {string[]} args
 * @param {{ cwd?: string, env?: NodeJS.ProcessEnv, ready: (output: string) => boolean | Promise<boolean>, timeoutMs?: number, log?: (line: string) => void }} options
 */
export async function startProcess(name, command, args, options) {
  const child = spawn(command, args, {
    cwd: options.cwd ?? rootDir,
    env: { ...process.env, ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  watchGroup(child.pid);
  let output = '';
  let exited = false;
  const onData = (/** @type {Buffer} */ chunk) => {
    const text = chunk.toString();
    output += text;
    if (output.length > 200_000) output = output.slice(-100_000);
    for (const line of text.split('\n')) if (line.trim()) options.log?.(`[${name}] ${line}`);
  };
  child.stdout?.on('data', onData);
  child.stderr?.on('data', onData);
  const exitPromise = new Promise((resolve) => {
    child.on('exit', (code, signal) => {
      exited = true;
      resolve({ code, signal });
    });
  });

  const deadline = Date.now() + (options.timeoutMs ?? 90_000);
  try {
    while (!(await options.ready(output))) {
      if (exited) throw new Error(`${name} exited before it was ready:\n${output.slice(-4000)}`);
      if (Date.now() > deadline) {
        throw new Error(
          `${name} was not ready within ${options.timeoutMs ?? 90_000} ms:\n${output.slice(-4000)}`,
        );
      }
      await new Promise((r) => setTimeout(r, 100));
    }
  } catch (error) {
    killTree(child.pid);
    forgetGroup(child.pid);
    throw error;
  }

  return {
    name,
    pid: child.pid,
    output: () => output,
    /** Stops the process group: SIGINT first (lets firebase-tools export data), SIGKILL after a grace period. */
    async stop(graceMs = 10_000) {
      if (!exited) {
        killTree(child.pid, 'SIGINT');
        const timer = setTimeout(() => killTree(child.pid, 'SIGKILL'), graceMs);
        await exitPromise;
        clearTimeout(timer);
      }
      killTree(child.pid, 'SIGKILL'); // stragglers in the group (function workers)
      forgetGroup(child.pid);
    },
  };
}

/**
 * Runs a command to completion; rejects with its output when it fails.
 * @param {string} name
 * @param {string} command
 * @param {string[]} args
 * @param {{ cwd?: string, env?: NodeJS.ProcessEnv, log?: (line: string) => void }} [options]
 * @returns {Promise<string>} the command's output
 */
export function run(name, command, args, options = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: options.cwd ?? rootDir,
      env: { ...process.env, ...options.env },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    watchGroup(child.pid);
    let output = '';
    const onData = (/** @type {Buffer} */ chunk) => {
      output += chunk.toString();
      for (const line of chunk.toString().split('\n'))
        if (line.trim()) options.log?.(`[${name}] ${line}`);
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('error', reject);
    child.on('exit', (code) => {
      killTree(child.pid); // nothing a command started outlives it
      forgetGroup(child.pid);
      if (code === 0) resolve(output);
      else reject(new Error(`${name} failed (exit ${code}):\n${output.slice(-4000)}`));
    });
  });
}
