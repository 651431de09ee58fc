/**
 * An in-process emulator on a free port and SDK clients pointed at it, with no test runner in
 * sight: the emulator's tests use them through emulator.ts, the app's benches through the
 * package's `testing` entry (emulator/testing.ts).
 */
import { deleteApp as deleteAdminApp, initializeApp as initAdminApp } from 'firebase-admin/app';
import {
  getFirestore as getAdminFirestore,
  type Firestore as AdminFirestore,
} from 'firebase-admin/firestore';
import { deleteApp as deleteWebApp, initializeApp as initWebApp } from 'firebase/app';
import {
  connectFirestoreEmulator,
  getFirestore as getWebFirestore,
  terminate,
  type EmulatorMockTokenOptions,
  type Firestore as WebFirestore,
} from 'firebase/firestore';
import { startEmulator, type EmulatorOptions } from '../../src/index.js';

export interface TestEmulator {
  host: string;
  port: number;
  /** `host:port`, as FIRESTORE_EMULATOR_HOST expects. */
  hostAndPort: string;
  stop(): Promise<void>;
}

/** Starts an emulator (memory only unless dataDir is given) on a free loopback port. */
export async function startTestEmulator(options: EmulatorOptions = {}): Promise<TestEmulator> {
  const emu = await startEmulator({ host: '127.0.0.1', port: 0, log: () => {}, ...options });
  return { ...emu, hostAndPort: `${emu.host}:${emu.port}` };
}

let appSeq = 0;

/** A firebase-admin Firestore talking to the emulator as the owner (bypasses rules). */
export function adminClient(
  emu: { host: string; port: number },
  projectId: string,
  databaseId?: string,
): { db: AdminFirestore; close(): Promise<void> } {
  const app = initAdminApp({ projectId }, `admin-${projectId}-${++appSeq}`);
  const db = databaseId ? getAdminFirestore(app, databaseId) : getAdminFirestore(app);
  db.settings({ host: `${emu.host}:${emu.port}`, ssl: false });
  return {
    db,
    close: async () => {
      await db.terminate();
      await deleteAdminApp(app);
    },
  };
}

/**
 * A firebase-admin Firestore that talks REST (`preferRest`) to the emulator. Its REST client needs
 * an auth client even against an emulator: this one adds no headers (the SDK still sends `Bearer owner`).
 */
export function restAdminClient(
  emu: { host: string; port: number },
  projectId: string,
): { db: AdminFirestore; close(): Promise<void> } {
  const app = initAdminApp({ projectId }, `rest-admin-${projectId}-${++appSeq}`);
  const db = getAdminFirestore(app);
  db.settings({
    host: `${emu.host}:${emu.port}`,
    ssl: false,
    preferRest: true,
    auth: { getRequestHeaders: async () => ({}) },
  } as Parameters<AdminFirestore['settings']>[0]);
  return {
    db,
    close: async () => {
      await db.terminate();
      await deleteAdminApp(app);
    },
  };
}

/** A firebase JS SDK Firestore (gRPC in Node); `mockUserToken` signs the client in for rules. */
export function webClient(
  emu: { host: string; port: number },
  projectId: string,
  mockUserToken?: EmulatorMockTokenOptions | string,
  databaseId?: string,
): { db: WebFirestore; close(): Promise<void> } {
  const app = initWebApp({ projectId, apiKey: 'fake-api-key' }, `web-${projectId}-${++appSeq}`);
  const db = databaseId ? getWebFirestore(app, databaseId) : getWebFirestore(app);
  connectFirestoreEmulator(db, emu.host, emu.port, mockUserToken ? { mockUserToken } : {});
  return {
    db,
    close: async () => {
      await terminate(db);
      await deleteWebApp(app);
    },
  };
}
