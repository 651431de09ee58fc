/**
 * The redirect counter under contention: 50 `countRedirect` calls at once, made as the redirect page
 * makes them (the firebase JS SDK's httpsCallable, no sign-in) against the local suite's Functions
 * emulator and our Firestore emulator. Each call runs a transaction on `settings/redirect`; the
 * counter must grow by exactly 50 and every call must get its own count back.
 * Usage: node --import tsx bench/redirect-counter.ts [--calls 50]
 */
import { readFileSync } from 'node:fs';
import { deleteApp as deleteAdminApp, initializeApp as initAdminApp } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import { deleteApp, initializeApp } from 'firebase/app';
import { connectFunctionsEmulator, getFunctions, httpsCallable } from 'firebase/functions';
import { startLocalSuite } from '../scripts/lib/local-suite.mjs';
import { useEmulatorAppCheck } from '../scripts/lib/app-check.mjs';
import { report } from './lib/report.ts';

const callsArg = process.argv.indexOf('--calls');
const calls = callsArg === -1 ? 50 : Number(process.argv[callsArg + 1]);
const appConfig = JSON.parse(
  readFileSync(new URL('../web/src/config/app-config.json', import.meta.url), 'utf8'),
) as { functionsRegion: string };

console.log('Starting the local suite (Firestore, Auth and Functions emulators)...');
const suite = await startLocalSuite({ web: false, functions: true });
const functionsAddress = suite.functions;
if (!functionsAddress) throw new Error('the local suite started without the Functions emulator');
process.env.FIRESTORE_EMULATOR_HOST = `${suite.firestore.host}:${suite.firestore.port}`;
const adminApp = initAdminApp({ projectId: suite.projectId }, 'bench-redirect-counter');
const db = getFirestore(adminApp);
const web = initializeApp({ projectId: suite.projectId, apiKey: 'demo-key' }, 'bench-web');
// The suite enforces App Check on the callables, as production does.
useEmulatorAppCheck(web, suite.firestore);
const functions = getFunctions(web, appConfig.functionsRegion);
connectFunctionsEmulator(functions, functionsAddress.host, functionsAddress.port);
// The SDK gives up on a call after 70 s, but the call still runs to its end on the server. On a
// slow host, 50 workers booting at once took longer than that (13 calls gave up); their increments
// then landed during the warm round and spoiled its count. The bench checks that the counter is
// exact, and it reports the time separately, so each call may wait until it is answered.
const countRedirect = httpsCallable<void, number>(functions, 'countRedirect', {
  timeout: 300_000,
});

try {
  const settings = db.doc('settings/redirect');
  await settings.set({
    whatsapp_link: 'https://wa.me/5579999990000',
    redirect_time: 5,
    redirect_count: 0,
  });
  // The Functions emulator runs one request per worker process and starts a worker for each call
  // that finds none idle: the first round pays those boots, the second runs on warm workers.
  for (const round of ['cold workers', 'warm workers']) {
    const before = (await settings.get()).get('redirect_count') as number;
    const started = performance.now();
    const results = await Promise.allSettled(Array.from({ length: calls }, () => countRedirect()));
    const wallMs = performance.now() - started;
    const after = (await settings.get()).get('redirect_count') as number;

    const returned = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value.data] : []));
    const failed = results.filter((r) => r.status === 'rejected');
    for (const f of failed.slice(0, 3)) console.log(`  a call failed: ${String(f.reason)}`);
    const distinct = new Set(returned).size;
    console.log(
      `${calls} parallel countRedirect calls (${round}): counter ${before} -> ${after}, ` +
        `${returned.length} answered (${distinct} distinct counts returned), ${failed.length} failed, ` +
        `${wallMs.toFixed(0)} ms for all`,
    );
    const measure = (what: string) => `${what} (${round})`;
    report({
      section: 'redirect-counter',
      measure: measure(`counter increase after ${calls} parallel calls`),
      value: after - before,
      unit: '',
      goal: { op: '==', value: calls },
    });
    report({
      section: 'redirect-counter',
      measure: measure('calls that failed'),
      value: failed.length,
      unit: '',
      goal: { op: '==', value: 0 },
    });
    report({
      section: 'redirect-counter',
      measure: measure('distinct counts returned to the callers'),
      value: distinct,
      unit: '',
      goal: { op: '==', value: calls },
    });
    report({
      section: 'redirect-counter',
      measure: measure(`time for all ${calls} calls`),
      value: wallMs,
      unit: 'ms',
    });
  }
} finally {
  await deleteApp(web);
  await deleteAdminApp(adminApp);
  await suite.stop();
}
