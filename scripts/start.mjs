/**
 * `npm start`: the whole app on the local emulator suite, with data kept in .local/ across restarts.
 * Ctrl-C stops every process it started.
 */
import { spawnSync } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { PortInUseError, rootDir, startLocalSuite } from './lib/local-suite.mjs';

const localDir = path.join(rootDir, '.local');
mkdirSync(localDir, { recursive: true });

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

console.log('Starting the local suite (Firestore, Auth and Functions emulators, web app)...');
/** @type {import('./lib/local-suite.mjs').LocalSuite} */
let suite;
try {
  suite = await startLocalSuite({
    web: 'dev',
    functions: true,
    fixedPorts: true,
    dataDir: path.join(localDir, 'emulator-data'),
    log,
  });
} catch (error) {
  if (error instanceof PortInUseError) {
    console.error(`\n✘ ${error.message}`);
  } else {
    console.error(`\n✘ The local suite did not start. Details in ${logPath}.\n`, error);
  }
  process.exit(1);
}

let stopping = false;
async function shutdown() {
  if (stopping) return;
  stopping = true;
  console.log('\nStopping the local suite...');
  await suite.stop();
  logFile.end();
  console.log('Stopped. Data is kept in .local/emulator-data.');
  process.exit(0);
}
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);

const { seed } = await import('./seed.mjs');
const admin = await seed({
  projectId: suite.projectId,
  firestoreHost: `${suite.firestore.host}:${suite.firestore.port}`,
  authHost: suite.auth ? `${suite.auth.host}:${suite.auth.port}` : '',
  quiet: true,
});

const web = suite.webUrl;
const appConfig = JSON.parse(
  readFileSync(path.join(rootDir, 'web/src/config/app-config.json'), 'utf8'),
);
console.log(`
Vagas is running on the local emulator suite (project ${suite.projectId}):

  Root application page   ${web}/
  Call-center page        ${web}/${appConfig.callCenterEmployer.slug}
  Redirect page           ${web}/redirecionamento
  Admin login             ${web}/admin/login

  Demo admin              ${admin.email} / ${admin.password}

  Firestore emulator      ${suite.firestore.host}:${suite.firestore.port}
  Emulator console        http://${suite.firestore.host}:${suite.firestore.port}/console
  Auth emulator           ${suite.auth?.host}:${suite.auth?.port}
  Functions emulator      ${suite.functions?.host}:${suite.functions?.port}
  Logs                    ${path.relative(rootDir, logPath)}

Press Ctrl-C to stop.`);
