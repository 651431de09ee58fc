/** Spawns the `firestore-emulator` CLI (from source, via tsx) and waits for its ready line. */
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const CLI_PATH = fileURLToPath(new URL('../../src/cli.ts', import.meta.url));

export interface CliProcess {
  child: ChildProcess;
  host: string;
  port: number;
  stdout(): string;
  stderr(): string;
  /** Resolves with the exit code (or signal name). */
  exited: Promise<number | string>;
}

/** Starts the CLI with `args`; resolves once it prints `Firestore emulator listening on host:port`. */
export function spawnCli(args: string[], timeoutMs = 20_000): Promise<CliProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', CLI_PATH, ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  const exited = new Promise<number | string>((resolve) =>
    child.on('exit', (code, signal) => resolve(code ?? signal ?? -1)),
  );
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`CLI did not become ready: ${out}\n${err}`));
    }, timeoutMs);
    child.stderr?.on('data', (c: Buffer) => (err += c.toString()));
    child.stdout?.on('data', (c: Buffer) => {
      out += c.toString();
      const m = /Firestore emulator listening on ([^\s:]+):(\d+)\n/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve({
          child,
          host: m[1],
          port: Number(m[2]),
          stdout: () => out,
          stderr: () => err,
          exited,
        });
      }
    });
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`CLI exited with ${code} before ready: ${out}\n${err}`));
    });
  });
}

/** Runs the CLI to completion (for argument errors); resolves with its exit code and output. */
export function runCli(
  args: string[],
  timeoutMs = 20_000,
): Promise<{ code: number | string; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', CLI_PATH, ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (c: Buffer) => (stdout += c.toString()));
  child.stderr?.on('data', (c: Buffer) => (stderr += c.toString()));
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      resolve({ code: code ?? signal ?? -1, stdout, stderr });
    });
  });
}
