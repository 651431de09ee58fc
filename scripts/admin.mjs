/**
 * `npm run admin -- grant EMAIL | revoke EMAIL | list | rekey-leads [--project ID]`: manages the
 * admin allow-list with the admin SDK, and rewrites the leads' stale search keys after a deploy.
 * Talks to the local emulators (demo-vagas) unless credentials or a real project are given; see
 * functions/README.md.
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import {
  connectAdmin,
  emulatorDefaults,
  grantAdmin,
  listAdmins,
  revokeAdmin,
} from './lib/admin-allowlist.mjs';
import { rekeyLeads } from './lib/rekey-leads.mjs';

const usage = `Usage: npm run admin -- <command> [options]

Commands:
  grant EMAIL    put EMAIL on the allow-list (and give its account the admin claim if it exists)
  revoke EMAIL   take EMAIL off the list, remove the claim and revoke the account's refresh tokens
  list           show the allow-list
  rekey-leads    rewrite the search keys of every lead whose keys are missing or stale (after a
                 deploy that changed them: reads every lead once, writes only the stale ones)

Options:
  --project ID   Firebase project (default: demo-vagas on the local emulators)
  -h, --help     this text

Emulators (default): FIRESTORE_EMULATOR_HOST (default ${emulatorDefaults.firestoreHost}) and
FIREBASE_AUTH_EMULATOR_HOST (default ${emulatorDefaults.authHost}).
A real project: --project ID (or the project_id of GOOGLE_APPLICATION_CREDENTIALS), with
Application Default Credentials (GOOGLE_APPLICATION_CREDENTIALS or \`gcloud auth application-default login\`).`;

/**
 * Decides where to connect: a demo- project, or explicitly set emulator hosts, mean emulators.
 * @param {string | undefined} projectFlag
 * @returns {import('./lib/admin-allowlist.mjs').AdminTarget}
 */
export function resolveTarget(projectFlag, env = process.env) {
  const credentialsProject = (() => {
    if (!env.GOOGLE_APPLICATION_CREDENTIALS) return undefined;
    try {
      const key = JSON.parse(readFileSync(env.GOOGLE_APPLICATION_CREDENTIALS, 'utf8'));
      return typeof key.project_id === 'string' ? key.project_id : undefined;
    } catch {
      return undefined;
    }
  })();
  const projectId =
    projectFlag ??
    credentialsProject ??
    (env.GOOGLE_APPLICATION_CREDENTIALS ? env.GCLOUD_PROJECT : undefined) ??
    emulatorDefaults.projectId;
  const explicitEmulators = Boolean(env.FIRESTORE_EMULATOR_HOST || env.FIREBASE_AUTH_EMULATOR_HOST);
  if (projectId.startsWith('demo-') || explicitEmulators) {
    return {
      projectId,
      emulators: true,
      firestoreHost: env.FIRESTORE_EMULATOR_HOST || emulatorDefaults.firestoreHost,
      authHost: env.FIREBASE_AUTH_EMULATOR_HOST || emulatorDefaults.authHost,
    };
  }
  return { projectId, emulators: false };
}

/** @param {string[]} argv @returns {Promise<number>} exit code */
export async function main(argv) {
  /** @type {ReturnType<typeof parseArgs>} */
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: { project: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
    });
  } catch (error) {
    console.error(`${/** @type {Error} */ (error).message}\n\n${usage}`);
    return 2;
  }
  const [command, email, ...extra] = parsed.positionals;
  if (parsed.values.help) {
    console.log(usage);
    return 0;
  }
  const needsEmail = command === 'grant' || command === 'revoke';
  if (
    !['grant', 'revoke', 'list', 'rekey-leads'].includes(command ?? '') ||
    (needsEmail && !email) ||
    (!needsEmail && email) ||
    extra.length > 0
  ) {
    console.error(usage);
    return 2;
  }

  const project = parsed.values.project;
  const target = resolveTarget(typeof project === 'string' ? project : undefined);
  const where = target.emulators
    ? `emulators (Firestore ${target.firestoreHost}, Auth ${target.authHost}), project ${target.projectId}`
    : `project ${target.projectId}`;
  const conn = connectAdmin(target);
  try {
    if (command === 'grant') {
      const result = await grantAdmin(conn, email);
      console.log(`Granted ${result.email} on ${where}.`);
      console.log(
        result.uid
          ? `  Account ${result.uid}: admin claim ${result.claimSet ? 'set' : 'was already set'}; it applies at the next sign-in or token refresh.`
          : '  No account with this email yet: it becomes admin when it signs in with a verified email.',
      );
    } else if (command === 'revoke') {
      const result = await revokeAdmin(conn, email);
      console.log(
        `${result.wasListed ? 'Revoked' : 'Was not on the allow-list:'} ${result.email} on ${where}.`,
      );
      if (result.uid) {
        console.log(
          `  Account ${result.uid}: admin claim ${result.claimRemoved ? 'removed' : 'was not set'}; refresh tokens revoked.`,
        );
      }
    } else if (command === 'rekey-leads') {
      const { read, rewritten } = await rekeyLeads(conn.db, {
        onPage: (progress) =>
          console.log(`  ${progress.read} leads read, ${progress.rewritten} rewritten`),
      });
      console.log(`Search keys on ${where}: ${read} leads read, ${rewritten} rewritten.`);
    } else {
      const entries = await listAdmins(conn);
      console.log(
        `Allow-list on ${where}: ${entries.length} ${entries.length === 1 ? 'entry' : 'entries'}`,
      );
      for (const entry of entries) {
        const account = entry.hasAccount
          ? `account ${entry.uid ?? '(not bound)'}, claim ${entry.hasClaim ? 'set' : 'not set yet'}`
          : 'no account yet';
        console.log(`  ${entry.email}  granted ${entry.grantedAt ?? '?'}  ${account}`);
      }
    }
    return 0;
  } catch (error) {
    console.error(`admin ${command} failed: ${/** @type {Error} */ (error).message}`);
    return 1;
  } finally {
    await conn.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.exitCode = await main(process.argv.slice(2));
}
