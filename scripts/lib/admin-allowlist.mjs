/**
 * The admin allow-list (`admins/{lowercased email}` in Firestore, denied to every client by the
 * rules) and the admin claim, managed with the admin SDK. Used by `npm run admin` and the seed.
 */
import { deleteApp, initializeApp, applicationDefault } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { FieldValue, getFirestore } from 'firebase-admin/firestore';
import { collections, isEmail, normalizeEmail } from '@vagas/common';

export const ADMINS_COLLECTION = collections.admins;
/** The team's audit list; the CLI's changes go in too. */
export const AUDIT_COLLECTION = collections.adminAudit;

/**
 * The audit row of a change made with the CLI (`by: null`: no admin of the panel made it).
 * @param {AdminConnection} conn
 * @param {'added' | 'removed'} action
 * @param {string} email
 */
function auditCliChange(conn, action, email) {
  return conn.db
    .collection(AUDIT_COLLECTION)
    .add({ action, email, by: null, at: FieldValue.serverTimestamp() });
}

/** Where the local suite's emulators listen by default (firebase.json) and its project id. */
export const emulatorDefaults = {
  projectId: 'demo-vagas',
  firestoreHost: '127.0.0.1:8080',
  authHost: '127.0.0.1:9099',
};

/**
 * @typedef {object} AdminTarget
 * @property {string} projectId
 * @property {boolean} emulators true: talk to the Firestore and Auth emulators at the hosts below.
 * @property {string} [firestoreHost] host:port of the Firestore emulator (emulators only)
 * @property {string} [authHost] host:port of the Auth emulator (emulators only)
 */

/**
 * @typedef {object} AdminConnection
 * @property {import('firebase-admin/firestore').Firestore} db
 * @property {import('firebase-admin/auth').Auth} auth
 * @property {AdminTarget} target
 * @property {() => Promise<void>} close
 */

let appCounter = 0;

/**
 * Opens firebase-admin against `target`. For emulators this sets FIREBASE_AUTH_EMULATOR_HOST
 * (the admin SDK reads the Auth emulator address only from the environment) and points
 * Firestore at its host; for a real project it uses Application Default Credentials
 * (GOOGLE_APPLICATION_CREDENTIALS or gcloud).
 * @param {AdminTarget} target
 * @returns {AdminConnection}
 */
export function connectAdmin(target) {
  const name = `vagas-admin-${process.pid}-${++appCounter}`;
  if (target.emulators) {
    if (target.authHost) process.env.FIREBASE_AUTH_EMULATOR_HOST = target.authHost;
    const app = initializeApp({ projectId: target.projectId }, name);
    const db = getFirestore(app);
    if (target.firestoreHost && !process.env.FIRESTORE_EMULATOR_HOST) {
      db.settings({ host: target.firestoreHost, ssl: false });
    }
    return { db, auth: getAuth(app), target, close: () => deleteApp(app) };
  }
  const app = initializeApp(
    { credential: applicationDefault(), projectId: target.projectId },
    name,
  );
  return { db: getFirestore(app), auth: getAuth(app), target, close: () => deleteApp(app) };
}

/**
 * Normalises and checks an email for use as an allow-list key.
 * @param {string} email
 * @returns {string}
 */
export function allowListKey(email) {
  const key = normalizeEmail(String(email ?? ''));
  if (!isEmail(key)) {
    throw new Error(`Not an email address: ${JSON.stringify(email)}`);
  }
  return key;
}

/**
 * @param {import('firebase-admin/auth').Auth} auth
 * @param {string} email
 * @returns {Promise<import('firebase-admin/auth').UserRecord | null>}
 */
async function findUser(auth, email) {
  try {
    return await auth.getUserByEmail(email);
  } catch (error) {
    if (/** @type {{ code?: string }} */ (error).code === 'auth/user-not-found') return null;
    throw error;
  }
}

/**
 * @typedef {object} GrantResult
 * @property {string} email
 * @property {string | null} uid the existing account the grant is bound to, if any
 * @property {boolean} claimSet whether the admin claim was written now
 */

/**
 * Puts `email` on the allow-list. When an account with that email already exists the entry is
 * bound to its uid and the account gets `admin: true` (merged with its other claims) at once;
 * otherwise the account gets the claim from linkAdminUser at its first sign-in (which then
 * requires a verified email, since the entry is not bound to any account).
 * @param {AdminConnection} conn
 * @param {string} email
 * @returns {Promise<GrantResult>}
 */
export async function grantAdmin(conn, email) {
  const key = allowListKey(email);
  const user = await findUser(conn.auth, key);
  const uid = user?.uid ?? null;
  const ref = conn.db.collection(ADMINS_COLLECTION).doc(key);
  const existing = await ref.get();
  if (!existing.exists || existing.get('uid') !== uid) {
    await ref.set({
      email: key,
      uid,
      granted_at: existing.exists ? existing.get('granted_at') : FieldValue.serverTimestamp(),
      added_by: existing.exists ? (existing.get('added_by') ?? null) : null,
    });
    if (!existing.exists) await auditCliChange(conn, 'added', key);
  }
  let claimSet = false;
  if (user && user.customClaims?.admin !== true) {
    await conn.auth.setCustomUserClaims(user.uid, { ...user.customClaims, admin: true });
    claimSet = true;
  }
  return { email: key, uid, claimSet };
}

/**
 * @typedef {object} RevokeResult
 * @property {string} email
 * @property {boolean} wasListed
 * @property {string | null} uid
 * @property {boolean} claimRemoved
 * @property {boolean} tokensRevoked
 */

/**
 * Takes `email` off the allow-list, removes the admin claim (keeping other claims) and revokes the
 * account's refresh tokens, so its sessions end at the next token refresh.
 * @param {AdminConnection} conn
 * @param {string} email
 * @returns {Promise<RevokeResult>}
 */
export async function revokeAdmin(conn, email) {
  const key = allowListKey(email);
  const ref = conn.db.collection(ADMINS_COLLECTION).doc(key);
  const wasListed = (await ref.get()).exists;
  if (wasListed) {
    await ref.delete();
    await auditCliChange(conn, 'removed', key);
  }
  const user = await findUser(conn.auth, key);
  let claimRemoved = false;
  let tokensRevoked = false;
  if (user) {
    const claims = { ...user.customClaims };
    if ('admin' in claims) {
      delete claims.admin;
      await conn.auth.setCustomUserClaims(user.uid, claims);
      claimRemoved = true;
    }
    await conn.auth.revokeRefreshTokens(user.uid);
    tokensRevoked = true;
  }
  return { email: key, wasListed, uid: user?.uid ?? null, claimRemoved, tokensRevoked };
}

/**
 * @typedef {object} AdminEntry
 * @property {string} email
 * @property {string | null} uid
 * @property {string | null} grantedAt ISO time
 * @property {boolean} hasAccount an Auth account with this email exists
 * @property {boolean} hasClaim that account's token will carry `admin: true`
 */

/**
 * Lists the allow-list, with the state of each email's account.
 * @param {AdminConnection} conn
 * @returns {Promise<AdminEntry[]>}
 */
export async function listAdmins(conn) {
  const snap = await conn.db.collection(ADMINS_COLLECTION).orderBy('email').get();
  return Promise.all(
    snap.docs.map(async (doc) => {
      const email = String(doc.get('email') ?? doc.id);
      const user = await findUser(conn.auth, email);
      const grantedAt = doc.get('granted_at');
      const uid = doc.get('uid');
      return {
        email,
        uid: typeof uid === 'string' ? uid : null,
        grantedAt:
          grantedAt && typeof grantedAt.toDate === 'function'
            ? grantedAt.toDate().toISOString()
            : null,
        hasAccount: user !== null,
        hasClaim: user?.customClaims?.admin === true,
      };
    }),
  );
}
