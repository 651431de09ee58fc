/**
 * The real stack as `npm start` runs it, for the tests that go through the Functions emulator: our
 * Firestore emulator delivering writes to firebase-tools' Functions emulator running functions/,
 * Auth beside them, and the admin SDK connected to both.
 */
import { connectAdmin, type AdminConnection } from '../../../scripts/lib/admin-allowlist.mjs';
import { startLocalSuite, type LocalSuite } from '../../../scripts/lib/local-suite.mjs';

process.env.METADATA_SERVER_DETECTION ??= 'none';

/** A cold function worker can take long to start on a busy 2-core machine. */
export const functionWaitMs = 170_000;

/** Starts the suite without the web app (VAGAS_SUITE_LOG=1 prints its log) and connects the admin SDK. */
export async function startFunctionsSuite(): Promise<{
  suite: LocalSuite;
  admin: AdminConnection;
  /** Auth's host:port, for the client SDK's connectAuthEmulator. */
  authHost: string;
}> {
  const suite = await startLocalSuite({
    web: false,
    functions: true,
    log: process.env.VAGAS_SUITE_LOG === '1' ? (line) => console.log(line) : undefined,
  });
  if (!suite.auth) throw new Error('suite started without Auth');
  process.env.FIRESTORE_EMULATOR_HOST = `${suite.firestore.host}:${suite.firestore.port}`;
  const authHost = `${suite.auth.host}:${suite.auth.port}`;
  const admin = connectAdmin({ projectId: suite.projectId, emulators: true, authHost });
  return { suite, admin, authHost };
}

/** An admin as the panel has one: an account with the claim, on the allow-list. */
export async function createPanelAdmin(admin: AdminConnection, email: string): Promise<string> {
  const user = await admin.auth.createUser({ email, password: 'secret-123', emailVerified: true });
  await admin.auth.setCustomUserClaims(user.uid, { admin: true });
  await admin.db.doc(`admins/${email}`).set({ email, uid: user.uid });
  return user.uid;
}
