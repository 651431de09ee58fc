/**
 * Brings up the local Vagas suite: our Firestore emulator, the firebase-tools Auth and Functions
 * emulators (and its Hosting emulator for a production build), the suite's Emulator Hub, and the
 * web app (Vite's dev server, or the production build on the Hosting emulator). `npm start` uses
 * it on the fixed ports of firebase.json; test suites use it on free ports. Every process it
 * starts is stopped by `stop()`, and by the reaper when this process dies (processes.mjs).
 */
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { startHub } from './hub.mjs';
import { readFirebaseJson, suiteHosting } from './hosting-config.mjs';
import {
  forgetFile,
  freePort,
  httpOk,
  isPortFree,
  rootDir,
  run,
  startProcess,
  watchFile,
} from './processes.mjs';
import { syncTriggers } from './trigger-sync.mjs';
import { seedVacancyLists } from './vacancy-seed.mjs';
import { warmFunctions } from './warm-up.mjs';

export { freePort, isPortFree, rootDir, run, startProcess } from './processes.mjs';

export const projectId = 'demo-vagas';
const host = '127.0.0.1';

/** @typedef {{ host: string, port: number }} Address */
/** @typedef {import('./hosting-config.mjs').FirebaseJson} FirebaseJson */
/**
 * @typedef {object} LocalSuite
 * @property {string} projectId
 * @property {boolean} appCheck whether App Check is enforced (scripts/lib/app-check.mjs mints tokens)
 * @property {Address} firestore
 * @property {Address | null} auth
 * @property {Address | null} functions
 * @property {Address | null} hub the suite's Emulator Hub (with firebase-tools): its
 *   `PUT /functions/disableBackgroundTriggers` / `enableBackgroundTriggers` switch the Firestore
 *   triggers off and on (background-triggers.mjs)
 * @property {string | null} webUrl
 * @property {Promise<import('./warm-up.mjs').WarmResult | null> | null} warmUp with `warm`: resolves
 *   once every function's worker has started (null if the warm-up failed; the suite works anyway)
 * @property {() => Promise<void>} stop
 */
/**
 * @typedef {object} SuiteOptions
 * @property {'dev' | 'hosting' | false} [web] Vite's dev server; the production build (`vite
 *   build`: prerendered pages, service worker) on firebase-tools' Hosting emulator with
 *   firebase.json's hosting config (headers, cleanUrls, rewrites, 404); or none.
 * @property {boolean} [functions] Start the Functions emulator (and Auth). Default true.
 * @property {string} [functionsSource] A functions codebase to load instead of functions/ (a
 *   directory with its package.json, used as it is: no build). Its Firestore triggers run too.
 * @property {boolean} [auth] Start the Auth emulator. Default true.
 * @property {string} [dataDir] Keep Firestore and Auth data here across restarts (omit: memory only).
 * @property {boolean} [fixedPorts] Use the ports of firebase.json (5173 for Vite's dev server)
 *   instead of free ones.
 * @property {boolean} [appCheck] Our Firestore emulator refuses client requests without a valid
 *   App Check token (`--app-check enforce`), and the callables follow it (functions/src/callable.ts).
 *   Default: on, unless the environment says `VAGAS_APP_CHECK=off` (appCheckFromEnv).
 * @property {(line: string) => void} [log] Where the processes' output goes (default: dropped).
 * @property {boolean} [warm] Start every function's worker (warm-up.mjs) as soon as the Functions
 *   emulator is up, beside the rest of the start: once `warmUp` resolves, the first event and the
 *   first call of each callable are answered without a worker's start. Default false (the tests
 *   and benchmarks that time cold starts).
 */

/**
 * Whether App Check is enforced when the caller does not say: on, as in production, unless
 * `VAGAS_APP_CHECK=off` (QA scripting Firestore without a page; README, "App Check locally").
 * @param {NodeJS.ProcessEnv} [env]
 */
export function appCheckFromEnv(env = process.env) {
  const value = (env.VAGAS_APP_CHECK ?? 'enforce').trim().toLowerCase();
  if (value === 'off') return false;
  if (value === 'enforce' || value === '') return true;
  throw new Error(`VAGAS_APP_CHECK must be "enforce" or "off", not "${env.VAGAS_APP_CHECK}"`);
}

/** Thrown when a fixed port is taken, so callers can say who holds it (port-owner.mjs). */
export class PortInUseError extends Error {
  /** @param {string} what @param {number} port */
  constructor(what, port) {
    super(
      `Port ${port} (${what}) is already in use. Stop whatever uses it, or free it, and try again.`,
    );
    this.what = what;
    this.port = port;
  }
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

/**
 * @typedef {object} Ports
 * @property {number} firestore
 * @property {number} auth
 * @property {number} functions
 * @property {number} web Vite's dev server, or the Hosting emulator
 * @property {number} hub the suite's hub (hub.mjs)
 * @property {number} firebaseHub firebase-tools' own hub, behind it
 * @property {number} logging
 */
/** @typedef {{ stop: (graceMs?: number) => Promise<void> }} Stoppable */

/**
 * @param {SuiteOptions} options
 * @returns {Promise<LocalSuite>}
 */
async function startLocalSuiteOnce(options) {
  const web = options.web ?? false;
  const withFunctions = options.functions ?? true;
  const withAuth = (options.auth ?? true) || withFunctions;
  const appCheck = options.appCheck ?? appCheckFromEnv();
  const log = options.log ?? (() => {});
  const firebaseJson = readFirebaseJson(path.join(rootDir, 'firebase.json'));
  const ports = await choosePorts(firebaseJson, options.fixedPorts ?? false, web);
  if (options.fixedPorts) await checkFixedPorts(ports, { web, withAuth, withFunctions });
  const address = (/** @type {number} */ port) => ({ host, port });

  /** @type {Stoppable[]} */
  const started = [];
  /** @type {string[]} */
  const tempFiles = [];
  const temporary = (/** @type {string} */ file) => {
    tempFiles.push(file);
    watchFile(file);
    return file;
  };
  const stop = async () => {
    for (const proc of started.reverse()) await proc.stop();
    for (const file of tempFiles) {
      rmSync(file, { force: true, recursive: true });
      forgetFile(file);
    }
  };

  try {
    started.push(
      await startFirestore(ports, { dataDir: options.dataDir, withFunctions, appCheck }, log),
    );
    // The forms' jobs and localities, which the rules check every new lead against (kept when
    // the data already has them); before the web build, which prerenders the open lists.
    await seedVacancyLists({ firestoreHost: `${host}:${ports.firestore}`, projectId });
    const viteEnv = {
      VITE_FIRESTORE_EMULATOR_HOST: `${host}:${ports.firestore}`,
      VITE_AUTH_EMULATOR_HOST: `${host}:${ports.auth}`,
      VITE_FUNCTIONS_EMULATOR_HOST: `${host}:${ports.functions}`,
    };
    /** @type {string | null} the production build the Hosting emulator serves */
    let publicDir = null;
    if (web === 'hosting') {
      publicDir = temporary(path.join(rootDir, '.local', `web-dist-${ports.web}`));
      await buildWeb(viteEnv, publicDir, log);
    }
    const only = [
      withAuth ? 'auth' : null,
      withFunctions ? 'functions' : null,
      publicDir ? 'hosting' : null,
    ].filter((name) => name !== null);
    /** @type {Address | null} */
    let hub = null;
    /** @type {Promise<import('./warm-up.mjs').WarmResult | null> | null} */
    let warming = null;
    if (only.length > 0) {
      if (withFunctions && !options.functionsSource) await buildFunctions(log);
      const configPath = writeFirebaseConfig(firebaseJson, ports, {
        functionsSource: options.functionsSource,
        publicDir,
        connectSources: Object.values(viteEnv).map((hostPort) => `http://${hostPort}`),
      });
      temporary(configPath);
      started.push(await startFirebaseTools(only, configPath, ports, options.dataDir, log));
      // Beside everything that follows (triggers' registration, hub, web app, the caller's seed).
      warming =
        withFunctions && options.warm
          ? warmFunctions({ projectId, functions: address(ports.functions), log }).catch(
              (error) => {
                // A suite without its warm-up still works: its first requests wait, as before.
                log(`[warm-up] failed: ${error instanceof Error ? error.message : error}`);
                return null;
              },
            )
          : null;
      const triggerSync = withFunctions
        ? await syncTriggers({
            projectId,
            functions: address(ports.functions),
            firestore: address(ports.firestore),
            log,
          })
        : null;
      if (triggerSync) started.push(triggerSync);
      const front = await startHub({
        listen: address(ports.hub),
        firebaseHub: address(ports.firebaseHub),
        firestore: address(ports.firestore),
        syncTriggers: triggerSync ? triggerSync.syncNow : null,
        log,
      });
      started.push(front);
      hub = front.address;
    }
    if (web === 'dev') started.push(await startWebDev(ports.web, viteEnv, log));

    return {
      projectId,
      appCheck,
      firestore: address(ports.firestore),
      auth: withAuth ? address(ports.auth) : null,
      functions: withFunctions ? address(ports.functions) : null,
      hub,
      webUrl: web ? `http://${host}:${ports.web}` : null,
      warmUp: warming,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

/**
 * The ports of firebase.json (5173 for Vite's dev server) when fixed, free ones otherwise.
 * @param {FirebaseJson} firebaseJson
 * @param {boolean} fixed
 * @param {SuiteOptions['web']} web
 * @returns {Promise<Ports>}
 */
async function choosePorts(firebaseJson, fixed, web) {
  /** @param {string} name @param {number} fallback */
  const port = async (name, fallback) =>
    fixed ? (firebaseJson.emulators[name]?.port ?? fallback) : await freePort();
  return {
    firestore: await port('firestore', 8080),
    auth: await port('auth', 9099),
    functions: await port('functions', 5001),
    web: web === 'hosting' ? await port('hosting', 5000) : fixed ? 5173 : await freePort(),
    hub: await port('hub', 4400),
    firebaseHub: await freePort(),
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
  if (withAuth) wanted.push(['Auth emulator', ports.auth]);
  if (withFunctions) wanted.push(['Functions emulator', ports.functions]);
  if (withAuth || withFunctions || web === 'hosting') wanted.push(['Emulator Hub', ports.hub]);
  if (web === 'dev') wanted.push(['web app (Vite)', ports.web]);
  if (web === 'hosting') wanted.push(['web app (Hosting emulator)', ports.web]);
  for (const [what, port] of wanted) {
    if (!(await isPortFree(port))) throw new PortInUseError(what, port);
  }
}

/**
 * Our Firestore emulator, with the project's rules and indexes; with functions, it delivers
 * Firestore triggers' events to the Functions emulator; with App Check, it refuses client requests
 * without a valid token (the owner, firebase-admin, is not asked for one).
 * @param {Ports} ports
 * @param {{ dataDir: string | undefined, withFunctions: boolean, appCheck: boolean }} options
 * @param {(line: string) => void} log
 */
async function startFirestore(ports, { dataDir, withFunctions, appCheck }, log) {
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
    // Each database's rules and indexes as firebase.json deploys them: queries production would
    // refuse for a missing composite index fail here too, and TTL policies apply.
    '--config',
    path.join(rootDir, 'firebase.json'),
  ];
  if (withFunctions) emulatorArgs.push('--functions_emulator', `${host}:${ports.functions}`);
  emulatorArgs.push('--app-check', appCheck ? 'enforce' : 'off');
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
 * @param {FirebaseJson} firebaseJson
 * @param {Ports} ports
 * @param {{ functionsSource?: string, publicDir: string | null, connectSources: string[] }} options
 *   another functions codebase than functions/; the build the Hosting emulator serves, and the
 *   emulators' origins its CSP lets the app reach
 */
function writeFirebaseConfig(firebaseJson, ports, { functionsSource, publicDir, connectSources }) {
  const functions = functionsSource
    ? { functions: [{ source: path.relative(rootDir, functionsSource), codebase: 'default' }] }
    : {};
  const hosting = publicDir
    ? suiteHosting(firebaseJson.hosting, { configDir: rootDir, publicDir, connectSources })
    : firebaseJson.hosting;
  const config = {
    ...firebaseJson,
    ...functions,
    hosting,
    emulators: {
      singleProjectMode: true,
      ui: { enabled: false },
      hub: { host, port: ports.firebaseHub },
      logging: { host, port: ports.logging },
      auth: { host, port: ports.auth },
      functions: { host, port: ports.functions },
      hosting: { host, port: ports.web },
    },
  };
  const configPath = path.join(rootDir, `.suite-firebase.${ports.firebaseHub}.json`);
  writeFileSync(configPath, JSON.stringify(config, null, 2));
  return configPath;
}

/**
 * firebase-tools' emulators (Auth, Functions, Hosting), talking to our Firestore emulator.
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
  if (dataDir && only.includes('auth')) {
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
      // Only emulators here: no lookup of Google's metadata server (it warns when it gets a 403).
      METADATA_SERVER_DETECTION: 'none',
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
 * A production build of the web app into `outDir` (prerendered pages, service worker).
 * @param {Record<string, string>} viteEnv @param {string} outDir
 * @param {(line: string) => void} log
 */
async function buildWeb(viteEnv, outDir, log) {
  // A production build whatever runs the suite: under vitest (the e2e tests) NODE_ENV is 'test',
  // which Vite would pass on (React's development build, import.meta.env.PROD false, so no
  // service worker registered).
  await run('vite build', process.execPath, [vite, 'build', '--outDir', outDir, '--emptyOutDir'], {
    cwd: webDir,
    env: { ...viteEnv, NODE_ENV: 'production' },
    log,
  });
}

/**
 * The Vite dev server for the web app.
 * @param {number} port @param {Record<string, string>} viteEnv @param {(line: string) => void} log
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
