/**
 * `npm start`: the whole app on the local emulator suite, with data kept in .local/ across restarts.
 *   --prod        the production build (prerendered pages, service worker) on firebase-tools'
 *                 Hosting emulator with firebase.json's hosting config, instead of Vite's dev server
 *   --free-ports  free ports instead of firebase.json's (a second suite beside a running one)
 *   --no-app-check  App Check not enforced (as VAGAS_APP_CHECK=off): scripts reach Firestore and
 *                 the callables without a token
 * VAGAS_LOCAL_DIR moves .local/ (data, log, the running launcher's suite.json) elsewhere.
 * VAGAS_WARM_UP=off prints the addresses before the functions' workers are started (warm-up.mjs).
 * Ctrl-C stops every process it started; if it is killed instead, its reaper stops them.
 */
import { spawnSync } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

// Only emulators here: firebase-admin (the seed) and firebase-tools must not look for Google's
// metadata server (a MetadataLookupWarning when it answers 403).
process.env.METADATA_SERVER_DETECTION ??= 'none';

const { PortInUseError, rootDir, startLocalSuite } = await import('./lib/local-suite.mjs');
const {
  alreadyRunningMessage,
  portHeldMessage,
  removeLauncherState,
  runningLauncher,
  writeLauncherState,
} = await import('./lib/launcher-state.mjs');

const args = process.argv.slice(2);
const options = ['--prod', '--free-ports', '--no-app-check'];
const unknown = args.filter((arg) => !options.includes(arg));
if (unknown.length > 0) {
  console.error(`Unknown option(s): ${unknown.join(' ')}. Options: ${options.join(', ')}.`);
  process.exit(2);
}
const prod = args.includes('--prod');
const localDir = path.resolve(process.env.VAGAS_LOCAL_DIR || path.join(rootDir, '.local'));
mkdirSync(localDir, { recursive: true });

const running = runningLauncher(localDir);
if (running) {
  console.error(`\n✘ ${alreadyRunningMessage(running)}`);
  process.exit(1);
}

// A fresh clone: install dependencies first (no-op when they are there).
if (!existsSync(path.join(rootDir, 'node_modules', '.package-lock.json'))) {
  console.log('Installing dependencies (npm ci)...');
  const install = spawnSync('npm', ['ci', '--no-audit', '--no-fund'], {
    cwd: rootDir,
    stdio: 'inherit',
  });
  if (install.status !== 0) process.exit(install.status ?? 1);
}

const logPath = path.join(localDir, 'suite.log');
const logFile = createWriteStream(logPath, { flags: 'a' });
const log = (/** @type {string} */ line) => logFile.write(`${line}\n`);

console.log(
  prod
    ? 'Starting the local suite with the production build on the Hosting emulator (builds web/)...'
    : 'Starting the local suite (Firestore, Auth and Functions emulators, web app)...',
);
/** @type {import('./lib/local-suite.mjs').LocalSuite} */
let suite;
try {
  suite = await startLocalSuite({
    web: prod ? 'hosting' : 'dev',
    functions: true,
    fixedPorts: !args.includes('--free-ports'),
    ...(args.includes('--no-app-check') ? { appCheck: false } : {}),
    dataDir: path.join(localDir, 'emulator-data'),
    // Ready means ready: each function's worker is started before the addresses are printed
    // (VAGAS_WARM_UP=off: not, for timing a cold start).
    warm: process.env.VAGAS_WARM_UP !== 'off',
    log,
  });
} catch (error) {
  if (error instanceof PortInUseError) {
    console.error(`\n✘ ${portHeldMessage(error.what, error.port)}`);
  } else {
    console.error(`\n✘ The local suite did not start. Details in ${logPath}.\n`, error);
  }
  process.exit(1);
}

const hostPort = (/** @type {{ host: string, port: number } | null} */ a) =>
  a ? `${a.host}:${a.port}` : '';
const web = suite.webUrl ?? '';
writeLauncherState(localDir, {
  pid: process.pid,
  startedAt: new Date().toISOString(),
  root: rootDir,
  mode: prod ? 'prod' : 'dev',
  projectId: suite.projectId,
  webUrl: web,
  firestore: hostPort(suite.firestore),
  auth: hostPort(suite.auth),
  functions: hostPort(suite.functions),
  hub: hostPort(suite.hub),
});

/** A path as the user reads it: from the checkout when inside it. */
const shown = (/** @type {string} */ file) =>
  file.startsWith(`${rootDir}${path.sep}`) ? path.relative(rootDir, file) : file;

// A closed terminal: what is printed meanwhile has nowhere to go, and must not stop the shutdown.
for (const stream of [process.stdout, process.stderr]) stream.on('error', () => {});
let stopping = false;
async function shutdown() {
  if (stopping) return;
  stopping = true;
  console.log('\nStopping the local suite...');
  await suite.stop();
  removeLauncherState(localDir);
  logFile.end();
  console.log(`Stopped. Data is kept in ${shown(path.join(localDir, 'emulator-data'))}.`);
  process.exit(0);
}
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, shutdown);

const { seed } = await import('./seed.mjs');
const [admin, warmed] = await Promise.all([
  seed({
    projectId: suite.projectId,
    firestoreHost: hostPort(suite.firestore),
    authHost: hostPort(suite.auth),
    quiet: true,
  }),
  suite.warmUp,
]);
if (warmed) {
  log(`[warm-up] ${warmed.functions.length} functions' workers started in ${warmed.ms} ms`);
}

const appConfig = JSON.parse(
  readFileSync(path.join(rootDir, 'web/src/config/app-config.json'), 'utf8'),
);
console.log(`
Vagas is running on the local emulator suite (project ${suite.projectId}${prod ? ', production build on the Hosting emulator' : ''}):

  Root application page   ${web}/
  Call-center page        ${web}/${appConfig.callCenterEmployer.slug}
  Redirect page           ${web}/redirecionamento
  Admin login             ${web}/admin/login

  Demo admin              ${admin.email} / ${admin.password}

  Firestore emulator      ${hostPort(suite.firestore)}
  Emulator console        http://${hostPort(suite.firestore)}/console
  Auth emulator           ${hostPort(suite.auth)}
  Functions emulator      ${hostPort(suite.functions)}
  Emulator Hub            ${hostPort(suite.hub)}
  App Check               ${suite.appCheck ? 'enforced (--no-app-check or VAGAS_APP_CHECK=off: off)' : 'off'}
  Logs                    ${shown(logPath)}

Press Ctrl-C to stop.`);
