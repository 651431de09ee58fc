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
import { syncTriggers } from './trigger-sync.mjs';
/** @typedef {import('./trigger-sync.mjs').TriggerSync} TriggerSync */

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
 * @property {Pick<TriggerSync, 'pause' | 'resume'> | null} triggerSync with functions: the
 *   registration of their Firestore triggers with our emulator, which a bulk seed pauses
 * @property {() => Promise<void>} stop
 */
/**
 * @typedef {object} SuiteOptions
 * @property {'dev' | 'preview' | false} [web] Vite dev server, a production build served by `vite preview`, or none.
 * @property {boolean} [functions] Start the Functions emulator (and Auth). Default true.
 * @property {string} [functionsSource] A functions codebase to load instead of functions/ (a
 *   directory with its package.json, used as it is: no build). Its Firestore triggers run too.
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

/** Bundles functions/ (its `build` script, as firebase deploy's predeploy runs it) into functions/lib. */
export function buildFunctions(log = (/** @type {string} */ _line) => {}) {
  return run('functions build', process.execPath, [path.join(rootDir, 'functions/build.mjs')], {
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

/** @typedef {{ firestore: number, auth: number, functions: number, web: number, hub: number, logging: number }} Ports */
/** @typedef {{ stop: (graceMs?: number) => Promise<void> }} Stoppable */
/** @typedef {Record<string, string>} ViteEnv */

/**
 * @param {SuiteOptions} options
 * @returns {Promise<LocalSuite>}
 */
async function startLocalSuiteOnce(options) {
  const web = options.web ?? false;
  const withFunctions = options.functions ?? true;
  const withAuth = options.auth ?? true;
  const log = options.log ?? (() => {});
  const firebaseJson = JSON.parse(readFileSync(path.join(rootDir, 'firebase.json'), 'utf8'));
  const ports = await choosePorts(firebaseJson, options.fixedPorts ?? false);
  if (options.fixedPorts) await checkFixedPorts(ports, { web, withAuth, withFunctions });

  /** @type {Stoppable[]} */
  const started = [];
  /** @type {string[]} */
  const tempFiles = [];
  const stop = async () => {
    for (const proc of started.reverse()) await proc.stop();
    for (const file of tempFiles) rmSync(file, { force: true, recursive: true });
  };

  /** @type {TriggerSync | null} */
  let triggerSync = null;
  try {
    started.push(await startFirestore(ports, options.dataDir, withFunctions, log));
    const only = [
      withAuth || withFunctions ? 'auth' : null,
      withFunctions ? 'functions' : null,
    ].filter((name) => name !== null);
    if (only.length > 0) {
      if (withFunctions && !options.functionsSource) await buildFunctions(log);
      const configPath = writeFirebaseConfig(firebaseJson, ports, options.functionsSource);
      tempFiles.push(configPath);
      started.push(await startFirebaseTools(only, configPath, ports, options.dataDir, log));
      if (withFunctions) {
        triggerSync = await syncTriggers({
          projectId,
          functions: { host, port: ports.functions },
          firestore: { host, port: ports.firestore },
          log,
        });
        started.push(triggerSync);
      }
    }
    /** @type {string | null} */
    let webUrl = null;
    if (web) {
      webUrl = `http://${host}:${ports.web}`;
      const viteEnv = {
        VITE_FIRESTORE_EMULATOR_HOST: `${host}:${ports.firestore}`,
        VITE_AUTH_EMULATOR_HOST: `${host}:${ports.auth}`,
        VITE_FUNCTIONS_EMULATOR_HOST: `${host}:${ports.functions}`,
      };
      if (web === 'preview') {
        const outDir = path.join(rootDir, '.local', `web-dist-${ports.web}`);
        tempFiles.push(outDir);
        started.push(await startWebPreview(ports.web, viteEnv, outDir, log));
      } else {
        started.push(await startWebDev(ports.web, viteEnv, log));
      }
    }

    return {
      projectId,
      firestore: { host, port: ports.firestore },
      auth: withAuth || withFunctions ? { host, port: ports.auth } : null,
      functions: withFunctions ? { host, port: ports.functions } : null,
      webUrl,
      triggerSync,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

/**
 * The ports of firebase.json (and 5173 for Vite) when fixed, free ones otherwise.
 * @param {{ emulators: Record<string, { port: number }> }} firebaseJson
 * @param {boolean} fixed
 * @returns {Promise<Ports>}
 */
async function choosePorts(firebaseJson, fixed) {
  return {
    firestore: fixed ? firebaseJson.emulators.firestore.port : await freePort(),
    auth: fixed ? firebaseJson.emulators.auth.port : await freePort(),
    functions: fixed ? firebaseJson.emulators.functions.port : await freePort(),
    web: fixed ? 5173 : await freePort(),
    hub: await freePort(),
    logging: await freePort(),
  };
}

/**
 * Throws a PortInUseError for the first fixed port the suite needs that is taken.
 * @param {Ports} ports
 * @param {{ web: SuiteOptions['web'], withAuth: boolean, withFunctions: boolean }} wants
 */
async function checkFixedPorts(ports, { web, withAuth, withFunctions }) {
  /** @type {[string, number][]} */
  const wanted = [['Firestore emulator', ports.firestore]];
  if (withAuth || withFunctions) wanted.push(['Auth emulator', ports.auth]);
  if (withFunctions) wanted.push(['Functions emulator', ports.functions]);
  if (web) wanted.push(['web app', ports.web]);
  for (const [what, port] of wanted) {
    if (!(await isPortFree(Number(port)))) throw new PortInUseError(String(what), Number(port));
  }
}

/**
 * Our Firestore emulator, with the project's rules and indexes; with functions, it delivers
 * Firestore triggers' events to the Functions emulator.
 * @param {Ports} ports
 * @param {string | undefined} dataDir
 * @param {boolean} withFunctions
 * @param {(line: string) => void} log
 */
async function startFirestore(ports, dataDir, withFunctions, log) {
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
  if (withFunctions) emulatorArgs.push('--functions_emulator', `${host}:${ports.functions}`);
  if (dataDir) {
    mkdirSync(path.join(dataDir, 'firestore'), { recursive: true });
    emulatorArgs.push('--data', path.join(dataDir, 'firestore'));
  }
  return startProcess('firestore', process.execPath, emulatorArgs, {
    ready: (out) => out.includes('Firestore emulator listening on'),
    timeoutMs: 30_000,
    log,
  });
}

/**
 * Writes the firebase-tools config for this suite's ports; returns its path (the caller removes it).
 * @param {object} firebaseJson
 * @param {Ports} ports
 * @param {string} [functionsSource] another functions codebase than functions/
 */
function writeFirebaseConfig(firebaseJson, ports, functionsSource) {
  const functions = functionsSource
    ? { functions: [{ source: path.relative(rootDir, functionsSource), codebase: 'default' }] }
    : {};
  const config = {
    ...firebaseJson,
    ...functions,
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
  return configPath;
}

/**
 * The Auth and Functions emulators from firebase-tools, talking to our Firestore emulator.
 * @param {string[]} only the firebase-tools emulators to start
 * @param {string} configPath
 * @param {Ports} ports
 * @param {string | undefined} dataDir
 * @param {(line: string) => void} log
 */
async function startFirebaseTools(only, configPath, ports, dataDir, log) {
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
  if (dataDir) {
    const authData = path.join(dataDir, 'auth');
    if (existsSync(path.join(authData, 'firebase-export-metadata.json')))
      args.push('--import', authData);
    args.push('--export-on-exit', authData);
  }
  return startProcess('firebase', process.execPath, args, {
    env: {
      FIRESTORE_EMULATOR_HOST: `${host}:${ports.firestore}`,
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
        throw new Error(`The Functions emulator could not load functions/:\n${out.slice(-4000)}`);
      }
      return out.includes('All emulators ready');
    },
    timeoutMs: 120_000,
    log,
  });
}

const vite = path.join(rootDir, 'node_modules/vite/bin/vite.js');
const webDir = path.join(rootDir, 'web');

/**
 * A production build of the web app into `outDir`, served by `vite preview`.
 * @param {number} port @param {ViteEnv} viteEnv @param {string} outDir
 * @param {(line: string) => void} log
 */
async function startWebPreview(port, viteEnv, outDir, log) {
  // A production build whatever runs the suite: under vitest (the e2e tests) NODE_ENV is 'test',
  // which Vite would pass on (React's development build, import.meta.env.PROD false, so no
  // service worker registered).
  await run('vite build', process.execPath, [vite, 'build', '--outDir', outDir, '--emptyOutDir'], {
    cwd: webDir,
    env: { ...viteEnv, NODE_ENV: 'production' },
    log,
  });
  const args = [vite, 'preview', '--outDir', outDir, '--host', host, '--port', String(port)];
  return startProcess('vite preview', process.execPath, [...args, '--strictPort'], {
    cwd: webDir,
    env: viteEnv,
    ready: () => httpOk(`http://${host}:${port}`),
    timeoutMs: 30_000,
    log,
  });
}

/**
 * The Vite dev server for the web app.
 * @param {number} port @param {ViteEnv} viteEnv @param {(line: string) => void} log
 */
function startWebDev(port, viteEnv, log) {
  const args = [vite, '--host', host, '--port', String(port), '--strictPort'];
  return startProcess('vite', process.execPath, args, {
    cwd: webDir,
    env: viteEnv,
    ready: () => httpOk(`http://${host}:${port}`),
    timeoutMs: 60_000,
    log,
  });
}
