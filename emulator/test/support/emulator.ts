/** Test helpers: start an in-process emulator on a free port, SDK clients pointed at it, and a per-file fixture. */
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
import { afterAll, beforeAll } from 'vitest';
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

/** The code and message a call fails with (gRPC status code, or the REST client's); throws if it succeeds. */
export async function failureOf(
  call: Promise<unknown>,
): Promise<{ code: unknown; message: string }> {
  try {
    await call;
  } catch (e) {
    return { code: (e as { code?: unknown }).code, message: String((e as Error).message) };
  }
  throw new Error('expected the call to fail');
}

/** Resolves when `predicate` holds (polling), or rejects after `timeoutMs`. */
export async function waitFor(predicate: () => boolean, timeoutMs = 5000): Promise<void> {
  const start = Date.now();
  while (!predicate()) {
    if (Date.now() - start > timeoutMs) throw new Error('Timed out waiting for condition.');
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** The emulator and clients of one test file; everything it made is closed after the file. */
export interface EmulatorFixture {
  /** The running emulator (available from `beforeAll` on). */
  readonly emu: TestEmulator;
  /** firebase-admin over gRPC, as the owner. */
  readonly admin: AdminFirestore;
  /** The firebase JS SDK in Node (gRPC), anonymous. */
  readonly web: WebFirestore;
  /** Another firebase-admin client (its own connection), closed with the fixture. */
  newAdmin(): AdminFirestore;
  /** firebase-admin over REST (`preferRest`), closed with the fixture. */
  newRestAdmin(): AdminFirestore;
  /** Another JS SDK client, signed in with `mockUserToken` if given, closed with the fixture. */
  newWeb(mockUserToken?: EmulatorMockTokenOptions | string): WebFirestore;
}

/**
 * Starts one emulator for the calling test file (in `beforeAll`) with an admin and a JS SDK client
 * for `projectId`, and stops it and every client made through it in `afterAll`.
 */
export function useEmulator(projectId: string, options: EmulatorOptions = {}): EmulatorFixture {
  let emu: TestEmulator | undefined;
  const closers: (() => Promise<void>)[] = [];
  const track = <T extends { close(): Promise<void> }>(client: T): T => {
    closers.push(() => client.close());
    return client;
  };
  let admin: AdminFirestore | undefined;
  let web: WebFirestore | undefined;
  const running = (): TestEmulator => {
    if (!emu) throw new Error('The emulator is not started yet (use it inside tests or hooks).');
    return emu;
  };
  const fixture: EmulatorFixture = {
    get emu() {
      return running();
    },
    get admin() {
      admin ??= fixture.newAdmin();
      return admin;
    },
    get web() {
      web ??= fixture.newWeb();
      return web;
    },
    newAdmin: () => track(adminClient(running(), projectId)).db,
    newRestAdmin: () => track(restAdminClient(running(), projectId)).db,
    newWeb: (token) => track(webClient(running(), projectId, token)).db,
  };
  beforeAll(async () => {
    emu = await startTestEmulator(options);
  });
  afterAll(async () => {
    for (const close of closers.reverse()) await close();
    await emu?.stop();
  });
  return fixture;
}

/** Rules that allow every read and write, for tests about something other than the rules. */
export const OPEN_RULES = `rules_version = '2';
service cloud.firestore {
  match /databases/{database}/documents {
    match /{document=**} { allow read, write: if true; }
  }
}`;
