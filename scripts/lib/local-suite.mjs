/**
 * Brings up the local Vagas suite: our Firestore emulator, the firebase-tools Auth and Functions
 * emulators, and the web app (Vite). `npm start` uses it on the fixed ports of firebase.json;
 * test suites use it on free ports. Every process it starts is stopped by `stop()`.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const projectId = 'demo-vagas';
const host = '127.0.0.1';

/** @typedef {{ host: string, port: number }} Address */
/**
 * @typedef {object} LocalSuite
 * @property {string} projectId
 * @property {Address} firestore
 * @property {Address | null} auth
 * @property {Address | null} functions
 * @property {string | null} webUrl
 * @property {() => Promise<void>} stop
 */
/**
 * @typedef {object} SuiteOptions
 * @property {'dev' | 'preview' | false} [web] Vite dev server, a production build served by `vite preview`, or none.
 * @property {boolean} [functions] Start the Functions emulator (and Auth). Default true.
 * @property {boolean} [auth] Start the Auth emulator. Default true.
 * @property {string} [dataDir] Keep Firestore and Auth data here across restarts (omit: memory only).
 * @property {boolean} [fixedPorts] Use the ports of firebase.json (and 5173 for Vite) instead of free ones.
 * @property {(line: string) => void} [log] Where the processes' output goes (default: dropped).
 */

/** Thrown when a fixed port is taken, so callers can print a clear message. */
export class PortInUseError extends Error {
  /** @param {string} what @param {number} port */
  constructor(what, port) {
    super(
      `Port ${port} (${what}) is already in use. Stop whatever uses it, or free it, and try again.`,
    );
    this.port = port;
  }
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

/**
 * Spawns a long-running child and resolves once `ready(output)` says so.
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
    throw error;
  }

  return {
    name,
    output: () => output,
    /** Stops the process group: SIGINT first (lets firebase-tools export data), SIGKILL after a grace period. */
    async stop(graceMs = 10_000) {
      if (exited) return;
      killTree(child.pid, 'SIGINT');
      const timer = setTimeout(() => killTree(child.pid, 'SIGKILL'), graceMs);
      await exitPromise;
      clearTimeout(timer);
      killTree(child.pid, 'SIGKILL'); // stragglers in the group (function workers)
    },
  };
}

/** @param {number | undefined} pid @param {NodeJS.Signals} [signal] */
function killTree(pid, signal = 'SIGKILL') {
  if (!pid) return;
  try {
    process.kill(-pid, signal);
  } catch {
    // already gone
  }
}

/** @param {string} url */
async function httpOk(url) {
  try {
    const response = await fetch(url);
    return response.ok;
  } catch {
    return false;
  }
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
    });
    let output = '';
    const onData = (/** @type {Buffer} */ chunk) => {
      output += chunk.toString();
      for (const line of chunk.toString().split('\n'))
        if (line.trim()) options.log?.(`[${name}] ${line}`);
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0
        ? resolve(output)
        : reject(new Error(`${name} failed (exit ${code}):\n${output.slice(-4000)}`)),
    );
  });
}

/** Compiles functions/ so the Functions emulator can load functions/lib. */
export function buildFunctions(log = (/** @type {string} */ _line) => {}) {
  const tsc = path.join(rootDir, 'node_modules/typescript/bin/tsc');
  return run('functions build', process.execPath, [tsc, '-p', 'functions/tsconfig.build.json'], {
    log,
  });
}

/**
 * @param {SuiteOptions} [options]
 * @returns {Promise<LocalSuite>}
 */
export async function startLocalSuite(options = {}) {
  // A free port found here can be taken by another process before the emulator binds it:
  // on free ports, such a start is retried with new ports.
  for (let attempt = 1; ; attempt++) {
    try {
      return await startLocalSuiteOnce(options);
    } catch (error) {
      const raced = /port.{0,40}(taken|in use)|EADDRINUSE/i.test(String(error));
      if (options.fixedPorts || !raced || attempt >= 3) throw error;
      options.log?.(`[suite] a port was taken while starting; retrying (attempt ${attempt + 1})`);
    }
  }
}

/**
 * @param {SuiteOptions} options
 * @returns {Promise<LocalSuite>}
 */
async function startLocalSuiteOnce(options) {
  const web = options.web ?? false;
  const withFunctions = options.functions ?? true;
  const withAuth = options.auth ?? true;
  const log = options.log ?? (() => {});
  const fixed = options.fixedPorts ?? false;
  const firebaseJson = JSON.parse(readFileSync(path.join(rootDir, 'firebase.json'), 'utf8'));

  const ports = {
    firestore: fixed ? firebaseJson.emulators.firestore.port : await freePort(),
    auth: fixed ? firebaseJson.emulators.auth.port : await freePort(),
    functions: fixed ? firebaseJson.emulators.functions.port : await freePort(),
    web: fixed ? 5173 : await freePort(),
    hub: await freePort(),
    logging: await freePort(),
  };
  if (fixed) {
    const wanted = [['Firestore emulator', ports.firestore]];
    if (withAuth || withFunctions) wanted.push(['Auth emulator', ports.auth]);
    if (withFunctions) wanted.push(['Functions emulator', ports.functions]);
    if (web) wanted.push(['web app', ports.web]);
    for (const [what, port] of wanted) {
      if (!(await isPortFree(Number(port)))) throw new PortInUseError(String(what), Number(port));
    }
  }

  /** @type {{ stop: (graceMs?: number) => Promise<void> }[]} */
  const started = [];
  /** @type {string[]} */
  const tempFiles = [];
  const stop = async () => {
    for (const proc of started.reverse()) await proc.stop();
    for (const file of tempFiles) rmSync(file, { force: true, recursive: true });
  };

  try {
    // 1. Our Firestore emulator.
    const emulatorArgs = [
      '--import',
      'tsx',
      path.join(rootDir, 'emulator/src/cli.ts'),
      '--host',
      host,
      '--port',
      String(ports.firestore),
      '--project',
      projectId,
      '--rules',
      path.join(rootDir, 'firestore.rules'),
      // Queries production would refuse for a missing composite index fail here too.
      '--indexes',
      path.join(rootDir, 'firestore.indexes.json'),
    ];
    if (options.dataDir) {
      mkdirSync(path.join(options.dataDir, 'firestore'), { recursive: true });
      emulatorArgs.push('--data', path.join(options.dataDir, 'firestore'));
    }
    started.push(
      await startProcess('firestore', process.execPath, emulatorArgs, {
        ready: (out) => out.includes('Firestore emulator listening on'),
        timeoutMs: 30_000,
        log,
      }),
    );
    const firestoreHost = `${host}:${ports.firestore}`;

    // 2. Auth and Functions emulators from firebase-tools.
    const only = [
      withAuth || withFunctions ? 'auth' : null,
      withFunctions ? 'functions' : null,
    ].filter(Boolean);
    if (only.length > 0) {
      if (withFunctions) await buildFunctions(log);
      const config = {
        ...firebaseJson,
        emulators: {
          singleProjectMode: true,
          ui: { enabled: false },
          hub: { host, port: ports.hub },
          logging: { host, port: ports.logging },
          auth: { host, port: ports.auth },
          functions: { host, port: ports.functions },
        },
      };
      const configPath = path.join(rootDir, `.suite-firebase.${ports.hub}.json`);
      writeFileSync(configPath, JSON.stringify(config, null, 2));
      tempFiles.push(configPath);
      const args = [
        path.join(rootDir, 'node_modules/firebase-tools/lib/bin/firebase.js'),
        'emulators:start',
        '--only',
        only.join(','),
        '--project',
        projectId,
        '--config',
        configPath,
      ];
      if (options.dataDir) {
        const authData = path.join(options.dataDir, 'auth');
        if (existsSync(path.join(authData, 'firebase-export-metadata.json')))
          args.push('--import', authData);
        args.push('--export-on-exit', authData);
      }
      started.push(
        await startProcess('firebase', process.execPath, args, {
          env: {
            FIRESTORE_EMULATOR_HOST: firestoreHost,
            GCLOUD_PROJECT: projectId,
            FIREBASE_CLI_DISABLE_UPDATE_CHECK: 'true',
            NO_UPDATE_NOTIFIER: '1',
            // A function worker's first start can take over 10 s on a busy 2-core machine.
            FUNCTIONS_DISCOVERY_TIMEOUT: '120',
            CI: process.env.CI ?? 'true',
          },
          ready: (out) => {
            // firebase-tools says "ready" even when the functions failed to load: treat that as a failure.
            if (/Failed to load function definition|Error: Failed to/i.test(out)) {
              throw new Error(
                `The Functions emulator could not load functions/:\n${out.slice(-4000)}`,
              );
            }
            return out.includes('All emulators ready');
          },
          timeoutMs: 120_000,
          log,
        }),
      );
    }

    // 3. The web app, pointed at those emulators.
    /** @type {string | null} */
    let webUrl = null;
    if (web) {
      const viteEnv = {
        VITE_FIRESTORE_EMULATOR_HOST: firestoreHost,
        VITE_AUTH_EMULATOR_HOST: `${host}:${ports.auth}`,
        VITE_FUNCTIONS_EMULATOR_HOST: `${host}:${ports.functions}`,
      };
      const vite = path.join(rootDir, 'node_modules/vite/bin/vite.js');
      const webDir = path.join(rootDir, 'web');
      webUrl = `http://${host}:${ports.web}`;
      if (web === 'preview') {
        const outDir = path.join(rootDir, '.local', `web-dist-${ports.web}`);
        tempFiles.push(outDir);
        await run(
          'vite build',
          process.execPath,
          [vite, 'build', '--outDir', outDir, '--emptyOutDir'],
          {
            cwd: webDir,
            env: viteEnv,
            log,
          },
        );
        started.push(
          await startProcess(
            'vite preview',
            process.execPath,
            [
              vite,
              'preview',
              '--outDir',
              outDir,
              '--host',
              host,
              '--port',
              String(ports.web),
              '--strictPort',
            ],
            {
              cwd: webDir,
              env: viteEnv,
              ready: () => httpOk(webUrl ?? ''),
              timeoutMs: 30_000,
              log,
            },
          ),
        );
      } else {
        started.push(
          await startProcess(
            'vite',
            process.execPath,
            [vite, '--host', host, '--port', String(ports.web), '--strictPort'],
            {
              cwd: webDir,
              env: viteEnv,
              ready: () => httpOk(webUrl ?? ''),
              timeoutMs: 60_000,
              log,
            },
          ),
        );
      }
    }

    return {
      projectId,
      firestore: { host, port: ports.firestore },
      auth: withAuth || withFunctions ? { host, port: ports.auth } : null,
      functions: withFunctions ? { host, port: ports.functions } : null,
      webUrl,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
