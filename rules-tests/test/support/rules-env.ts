/**
 * Test harness: per test file, our Firestore emulator on a free port and a rules-unit-testing
 * environment on it with firestore.rules loaded (VAGAS_RULES_FILE overrides the file, for the
 * mutation check; VAGAS_RULES_EMULATOR=host:port uses a running emulator instead). Cleared before
 * each test, then seeded with the vacancy lists every deployment starts with (the forms' jobs and
 * localities, open: web/src/domain/vacancies.ts), as `npm start` and the browser tests' suite are.
 */
import { readFileSync } from 'node:fs';
import {
  initializeTestEnvironment,
  type RulesTestContext,
  type RulesTestEnvironment,
} from '@firebase/rules-unit-testing';
import { doc, serverTimestamp, setLogLevel, writeBatch, type Firestore } from 'firebase/firestore';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { startEmulator } from '../../../emulator/src/index.js';
import { seedVacancies } from '../../../web/src/domain/vacancies.js';
import { rulesFile } from './rules-file.js';

/** Writes the seed's vacancy documents (rules disabled: `db` is a privileged context's). */
export async function writeSeedVacancies(db: Firestore): Promise<void> {
  const batch = writeBatch(db);
  for (const { id, ...fields } of seedVacancies()) {
    batch.set(doc(db, 'vacancies', id), {
      ...fields,
      closed_at: null,
      updated_at: serverTimestamp(),
    });
  }
  await batch.commit();
}

/** host:port of an emulator to use instead of starting ours (e.g. the official emulator). */
const externalEmulator = process.env.VAGAS_RULES_EMULATOR;

/** The modular Firestore of a test context (rules-unit-testing hands out the compat wrapper). */
export const dbOf = (context: RulesTestContext): Firestore =>
  context.firestore() as unknown as Firestore;

export interface RulesHarness {
  /** The environment, available from beforeAll on. */
  readonly env: RulesTestEnvironment;
  /** A signed-out visitor. */
  anonymous(): Firestore;
  /** A signed-in user without the admin claim (extra claims allowed). */
  user(uid?: string, claims?: Record<string, unknown>): Firestore;
  /** A signed-in user with the `admin: true` custom claim. */
  admin(uid?: string): Firestore;
  /** Runs `fn` with rules disabled (seeding and reading back). */
  privileged(fn: (db: Firestore) => Promise<void>): Promise<void>;
}

/** Registers beforeAll/beforeEach/afterAll for one test file; `projectId` must be unique to it. */
export function useRulesEnvironment(projectId: string): RulesHarness {
  let env: RulesTestEnvironment | undefined;
  let stopEmulator: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    // Denied writes are the point of these tests; keep the SDK from logging each one.
    setLogLevel('silent');
    let host: string;
    let port: number;
    if (externalEmulator) {
      // An emulator already running (e.g. the official one): same tests, same endpoints.
      const at = externalEmulator.lastIndexOf(':');
      host = externalEmulator.slice(0, at);
      port = Number(externalEmulator.slice(at + 1));
    } else {
      const emulator = await startEmulator({ host: '127.0.0.1', port: 0 });
      stopEmulator = () => emulator.stop();
      ({ host, port } = emulator);
    }
    env = await initializeTestEnvironment({
      projectId,
      firestore: { host, port, rules: readFileSync(rulesFile, 'utf8') },
    });
  });

  beforeEach(async () => {
    await harness.env.clearFirestore();
    await harness.privileged(writeSeedVacancies);
  });

  afterAll(async () => {
    await env?.cleanup();
    await stopEmulator?.();
  });

  const harness: RulesHarness = {
    get env() {
      if (!env) throw new Error('the rules test environment is not initialised yet');
      return env;
    },
    anonymous: () => dbOf(harness.env.unauthenticatedContext()),
    user: (uid = 'alice', claims = {}) =>
      dbOf(harness.env.authenticatedContext(uid, { email: `${uid}@example.com`, ...claims })),
    admin: (uid = 'boss') =>
      dbOf(harness.env.authenticatedContext(uid, { email: `${uid}@example.com`, admin: true })),
    privileged: (fn) => harness.env.withSecurityRulesDisabled((context) => fn(dbOf(context))),
  };
  return harness;
}
