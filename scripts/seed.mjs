/**
 * Seeds the local emulators (idempotent): the redirect and tracking settings when missing, and a
 * demo admin account granted through the allow-list code. `npm start` calls `seed()`; run it by
 * hand with `node --import tsx scripts/seed.mjs` against the default emulator ports.
 */
import { FieldValue } from 'firebase-admin/firestore';
import { connectAdmin, emulatorDefaults, grantAdmin } from './lib/admin-allowlist.mjs';

export const demoAdmin = { email: 'admin@vagas.test', password: 'vagas-admin' };

/** gRPC ALREADY_EXISTS, what `create()` fails with when the document is there. */
const ALREADY_EXISTS = 6;

/**
 * @param {import('firebase-admin/firestore').DocumentReference} ref
 * @param {Record<string, unknown>} data
 * @returns {Promise<boolean>} whether the document was created now
 */
async function createIfMissing(ref, data) {
  try {
    await ref.create(data);
    return true;
  } catch (error) {
    if (/** @type {{ code?: number }} */ (error).code === ALREADY_EXISTS) return false;
    throw error;
  }
}

/**
 * @typedef {object} SeedOptions
 * @property {string} [projectId] must be a demo- project: the seed writes a known password
 * @property {string} [firestoreHost] host:port of the Firestore emulator
 * @property {string} [authHost] host:port of the Auth emulator
 * @property {boolean} [quiet] do not print
 */

/**
 * @param {SeedOptions} [options]
 * @returns {Promise<{ email: string, password: string, created: { redirect: boolean, tracking: boolean, admin: boolean } }>}
 */
export async function seed(options = {}) {
  const projectId = options.projectId ?? emulatorDefaults.projectId;
  if (!projectId.startsWith('demo-')) {
    throw new Error(
      `The seed only runs against demo- projects on the emulators, not ${projectId}.`,
    );
  }
  const conn = connectAdmin({
    projectId,
    emulators: true,
    firestoreHost:
      options.firestoreHost ||
      process.env.FIRESTORE_EMULATOR_HOST ||
      emulatorDefaults.firestoreHost,
    authHost:
      options.authHost || process.env.FIREBASE_AUTH_EMULATOR_HOST || emulatorDefaults.authHost,
  });
  try {
    const redirect = await createIfMissing(conn.db.doc('settings/redirect'), {
      whatsapp_link: '',
      redirect_time: 5,
      redirect_count: 0,
      updated_at: FieldValue.serverTimestamp(),
    });
    const tracking = await createIfMissing(conn.db.doc('settings/tracking'), { pixel_id: '' });

    let admin = false;
    try {
      await conn.auth.getUserByEmail(demoAdmin.email);
    } catch (error) {
      if (/** @type {{ code?: string }} */ (error).code !== 'auth/user-not-found') throw error;
      await conn.auth.createUser({
        email: demoAdmin.email,
        password: demoAdmin.password,
        emailVerified: true,
        displayName: 'Admin (demo)',
      });
      admin = true;
    }
    await grantAdmin(conn, demoAdmin.email);

    if (!options.quiet) {
      console.log(
        `Seeded project ${projectId}: settings/redirect ${redirect ? 'created' : 'kept'}, settings/tracking ${tracking ? 'created' : 'kept'}.`,
      );
      console.log(
        `Demo admin: ${demoAdmin.email} / ${demoAdmin.password}${admin ? ' (created)' : ''}`,
      );
    }
    return { ...demoAdmin, created: { redirect, tracking, admin } };
  } finally {
    await conn.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await seed({ projectId: process.env.GCLOUD_PROJECT });
}
