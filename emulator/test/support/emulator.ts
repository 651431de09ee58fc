/** Test helpers: start an in-process emulator on a free port, SDK clients pointed at it, and a per-file fixture. */
import type { Firestore as AdminFirestore } from 'firebase-admin/firestore';
import type { EmulatorMockTokenOptions, Firestore as WebFirestore } from 'firebase/firestore';
import { afterAll, beforeAll } from 'vitest';
import type { EmulatorOptions } from '../../src/index.js';
import {
  adminClient,
  restAdminClient,
  startTestEmulator,
  webClient,
  type TestEmulator,
} from './clients.js';

export * from './clients.js';

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
export async function waitFor(predicate: () => boolean, timeoutMs = 20_000): Promise<void> {
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
