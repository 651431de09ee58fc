/**
 * The local suite the panel benchmarks run against (panel, record, trash): emulators with the
 * functions, the production web build on the Hosting emulator, firebase-admin pointed at them, and
 * Ctrl-C stopping them all.
 */
import { initializeApp as initAdminApp, type App } from 'firebase-admin/app';
import { getFirestore, type Firestore } from 'firebase-admin/firestore';
import { appendFileSync } from 'node:fs';
import { startLocalSuite, type LocalSuite } from '../../scripts/lib/local-suite.mjs';

export async function startPanelSuite(
  adminAppName?: string,
  /** Start on this data folder (lib/panel-snapshot.ts) instead of memory-only data. */
  dataDir?: string,
): Promise<{ suite: LocalSuite; adminApp: App; db: Firestore }> {
  // VAGAS_SUITE_LOG=<file>: the emulators' output, for a bench that looks odd.
  const logFile = process.env.VAGAS_SUITE_LOG;
  const log = logFile ? (line: string) => appendFileSync(logFile, `${line}\n`) : undefined;
  const suite = await startLocalSuite({ web: 'hosting', functions: true, log, dataDir });
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.once(signal, () => void suite.stop().finally(() => process.exit(130)));
  }
  process.env.FIRESTORE_EMULATOR_HOST = `${suite.firestore.host}:${suite.firestore.port}`;
  process.env.FIREBASE_AUTH_EMULATOR_HOST = `${suite.auth?.host}:${suite.auth?.port}`;
  const adminApp = initAdminApp({ projectId: suite.projectId }, adminAppName);
  return { suite, adminApp, db: getFirestore(adminApp) };
}
