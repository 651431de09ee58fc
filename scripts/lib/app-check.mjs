/**
 * App Check tokens for the tools and tests that talk to the local suite as a client app would
 * (the JS SDK, Firestore Lite, callables over HTTP): with App Check enforced (the suite's default)
 * our Firestore emulator and the callables refuse them without one. The tokens come from the
 * emulator's `appCheck:mint` (emulator/README.md, "App Check"); firebase-admin (the owner) needs
 * none.
 */
import { CustomProvider, initializeAppCheck } from 'firebase/app-check';

/**
 * The demo web app's id (web/src/lib/firebase/app.ts), the `sub` of the tokens minted here. The
 * suite's emulator accepts tokens for any app id; this one only makes its request log read alike.
 */
export const demoAppId = '1:000000000000:web:0000000000000000000000';

/** @typedef {{ host: string, port: number } | string} FirestoreAddress an address or "host:port" */

/** @param {FirestoreAddress} firestore */
const hostPort = (firestore) =>
  typeof firestore === 'string' ? firestore : `${firestore.host}:${firestore.port}`;

/**
 * A token from the emulator (`ttlMillis` 0 or less: one that has already expired).
 * @param {FirestoreAddress} firestore
 * @param {string} projectId
 * @param {{ appId?: string, ttlMillis?: number }} [options]
 * @returns {Promise<{ token: string, expireTimeMillis: number }>}
 */
export async function mintAppCheckToken(firestore, projectId, options = {}) {
  const url = `http://${hostPort(firestore)}/emulator/v1/projects/${projectId}/appCheck:mint`;
  const body = { appId: options.appId ?? demoAppId };
  if (options.ttlMillis !== undefined) Object.assign(body, { ttlMillis: options.ttlMillis });
  const response = await fetch(url, { method: 'POST', body: JSON.stringify(body) });
  const answer = await response.json();
  if (!response.ok) throw new Error(`App Check mint failed: ${JSON.stringify(answer)}`);
  return { token: answer.token, expireTimeMillis: answer.expireTimeMillis };
}

/**
 * Gives a JS SDK app (Firestore, Firestore Lite, Functions) tokens from the emulator, as the web
 * app's local provider does. Call it before the app's first request.
 * @param {import('firebase/app').FirebaseApp} app
 * @param {FirestoreAddress} firestore
 */
export function useEmulatorAppCheck(app, firestore) {
  const projectId = app.options.projectId ?? '';
  return initializeAppCheck(app, {
    provider: new CustomProvider({
      getToken: () => mintAppCheckToken(firestore, projectId, { appId: app.options.appId }),
    }),
    // On demand only: a refresh timer would keep a tool's process alive after it is done.
    isTokenAutoRefreshEnabled: false,
  });
}
