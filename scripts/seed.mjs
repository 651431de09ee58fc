/**
 * Seeds the local emulators (idempotent): the redirect and tracking settings when missing, the
 * forms' vacancy lists when there are none (lib/vacancy-seed.mjs: the jobs and localities the
 * pages offer), and a demo admin account granted through the allow-list code. `npm start` calls
 * `seed()`.
 *
 * `npm run seed` does the same by hand, against the running `npm start` (its .local/suite.json),
 * or FIRESTORE_EMULATOR_HOST / FIREBASE_AUTH_EMULATOR_HOST / FIREBASE_EMULATOR_HUB, or
 * firebase.json's ports. `npm run seed -- --leads 20000 [--days 180] [--seed 1]` adds a volume of
 * leads (lib/lead-seed.mjs) with background functions switched off meanwhile through the Emulator
 * Hub (lib/background-triggers.mjs), and on again after.
 */
import { FieldValue } from 'firebase-admin/firestore';
import { connectAdmin, emulatorDefaults, grantAdmin } from './lib/admin-allowlist.mjs';
import { seedVacancyLists } from './lib/vacancy-seed.mjs';

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
 * @returns {Promise<{ email: string, password: string, created: { redirect: boolean, tracking: boolean, vacancies: boolean, admin: boolean } }>}
 */
export async function seed(options = {}) {
  const projectId = options.projectId ?? emulatorDefaults.projectId;
  if (!projectId.startsWith('demo-')) {
    throw new Error(
      `The seed only runs against demo- projects on the emulators, not ${projectId}.`,
    );
  }
  const firestoreHost =
    options.firestoreHost || process.env.FIRESTORE_EMULATOR_HOST || emulatorDefaults.firestoreHost;
  const conn = connectAdmin({
    projectId,
    emulators: true,
    firestoreHost,
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
    const vacancies = await seedVacancyLists({ firestoreHost, projectId });

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
        `Seeded project ${projectId}: settings/redirect ${redirect ? 'created' : 'kept'}, settings/tracking ${tracking ? 'created' : 'kept'}, vacancies ${vacancies ? 'created' : 'kept'}.`,
      );
      console.log(
        `Demo admin: ${demoAdmin.email} / ${demoAdmin.password}${admin ? ' (created)' : ''}`,
      );
    }
    return { ...demoAdmin, created: { redirect, tracking, vacancies, admin } };
  } finally {
    await conn.close();
  }
}

/**
 * `--name value` options of the command line.
 * @param {string[]} argv
 * @returns {{ leads: number, days: number, seed: number }}
 */
function parseArgs(argv) {
  const options = { leads: 0, days: 180, seed: 1 };
  for (let i = 0; i < argv.length; i += 2) {
    const name = argv[i].replace(/^--/, '');
    const value = Number(argv[i + 1]);
    if (!(name in options) || !argv[i].startsWith('--')) {
      throw new Error(`Unknown option ${argv[i]}. Options: --leads N, --days N, --seed N.`);
    }
    if (!Number.isInteger(value) || value < (name === 'days' ? 1 : 0)) {
      throw new Error(`--${name} needs a whole number, not ${argv[i + 1] ?? 'nothing'}.`);
    }
    options[/** @type {'leads' | 'days' | 'seed'} */ (name)] = value;
  }
  return options;
}

/**
 * Where the emulators are: the environment, then the running `npm start`, then firebase.json.
 * @returns {Promise<{ firestoreHost: string, authHost: string, hub: string, projectId: string }>}
 */
async function emulatorAddresses() {
  const { rootDir } = await import('./lib/processes.mjs');
  const { runningLauncher } = await import('./lib/launcher-state.mjs');
  const path = await import('node:path');
  const { readFirebaseJson } = await import('./lib/hosting-config.mjs');
  const localDir = path.resolve(process.env.VAGAS_LOCAL_DIR || path.join(rootDir, '.local'));
  const running = runningLauncher(localDir);
  const { emulators } = readFirebaseJson(path.join(rootDir, 'firebase.json'));
  const configured = (/** @type {string} */ name, /** @type {number} */ port) =>
    `${emulators[name]?.host ?? '127.0.0.1'}:${emulators[name]?.port ?? port}`;
  return {
    firestoreHost:
      process.env.FIRESTORE_EMULATOR_HOST || running?.firestore || configured('firestore', 8080),
    authHost: process.env.FIREBASE_AUTH_EMULATOR_HOST || running?.auth || configured('auth', 9099),
    hub: process.env.FIREBASE_EMULATOR_HUB || running?.hub || configured('hub', 4400),
    projectId: process.env.GCLOUD_PROJECT || running?.projectId || emulatorDefaults.projectId,
  };
}

/**
 * `npm run seed -- --leads N`: the leads, with background functions off through the hub.
 * @param {{ leads: number, days: number, seed: number }} options
 * @param {{ firestoreHost: string, authHost: string, hub: string, projectId: string }} at
 */
async function seedLeadVolume(options, at) {
  const { seedLeads } = await import('./lib/lead-seed.mjs');
  const { withoutBackgroundTriggers } = await import('./lib/background-triggers.mjs');
  const conn = connectAdmin({ ...at, emulators: true });
  try {
    const admin = await conn.auth.getUserByEmail(demoAdmin.email);
    const started = Date.now();
    console.log(
      `Background functions off (Emulator Hub ${at.hub}); writing ${options.leads} leads...`,
    );
    const totals = await withoutBackgroundTriggers(at.hub, () =>
      seedLeads(conn.db, {
        count: options.leads,
        seed: options.seed,
        days: options.days,
        now: Date.now(),
        admin: { email: demoAdmin.email, uid: admin.uid },
        progress: (written) => process.stdout.write(`\r  ${written} / ${options.leads}`),
      }),
    );
    console.log(
      `\nWrote ${totals.leads} leads (${totals.trashed} in the trash, ${totals.timeline} timeline entries) over the last ${options.days} days and recomputed the counters (stats/leads, ${totals.statsDays} days of stats_daily) in ${((Date.now() - started) / 1000).toFixed(1)} s; background functions on again.`,
    );
  } finally {
    await conn.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.env.METADATA_SERVER_DETECTION ??= 'none';
  try {
    const options = parseArgs(process.argv.slice(2));
    const at = await emulatorAddresses();
    await seed({ projectId: at.projectId, firestoreHost: at.firestoreHost, authHost: at.authHost });
    if (options.leads > 0) await seedLeadVolume(options, at);
  } catch (error) {
    console.error(`✘ ${error instanceof Error ? error.message : error}`);
    process.exit(1);
  }
}
