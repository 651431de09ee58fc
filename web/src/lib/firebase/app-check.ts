/**
 * App Check for every SDK the app uses (Firestore, Firestore Lite, the callables): Firestore and
 * the functions refuse a request without a valid token, so a script with no page behind it gets
 * nothing in. Initialised once, when the first SDK module that talks to the server loads
 * (firestore.ts, firestore-lite.ts, functions.ts import this file): on the public pages that is
 * after the page is interactive (the Lite chunk loads at idle or at the first submit).
 *
 * Where the tokens come from:
 * - a real project: reCAPTCHA Enterprise (invisible, score-based), site key
 *   `VITE_RECAPTCHA_ENTERPRISE_SITE_KEY` (README, "Deploying");
 * - a demo- project: our Firestore emulator mints them (`appCheck:mint`, emulator/README.md "App
 *   Check"); it verifies them when started with `--app-check enforce`, as the local suite does;
 * - the service worker (no DOM, so no reCAPTCHA): the last token a page of the site obtained,
 *   handed over through IndexedDB (app-check-handover.ts). Background Sync sends with it while it
 *   is valid; past that the application waits for a page.
 */
import {
  CustomProvider,
  getToken,
  initializeAppCheck,
  onTokenChanged,
  ReCaptchaEnterpriseProvider,
  type AppCheck,
  type AppCheckToken,
} from 'firebase/app-check';
import { connectsToEmulators, emulatorHosts, firebaseApp } from './app';
import { readHandedToken, saveHandedToken, tokenExpiry } from './app-check-handover';

/** Whether this code runs in a page (reCAPTCHA needs a DOM), not in the service worker. */
const inPage = typeof (globalThis as { document?: unknown }).document !== 'undefined';

/** A token from our emulator, for this app; rejects when the emulator cannot be reached. */
async function mintFromEmulator(): Promise<AppCheckToken> {
  const { host, port } = emulatorHosts.firestore;
  const { projectId, appId } = firebaseApp.options;
  const url = `http://${host}:${port}/emulator/v1/projects/${projectId}/appCheck:mint`;
  const response = await fetch(url, { method: 'POST', body: JSON.stringify({ appId }) });
  if (!response.ok) throw new Error(`App Check mint failed: HTTP ${response.status}`);
  const { token, expireTimeMillis } = (await response.json()) as AppCheckToken;
  // The endpoint's expiry as it is: a token the SDK sees as expired is asked for again at once.
  return { token, expireTimeMillis };
}

/** The token a page handed over, while it is valid for another minute. */
async function handedOverToken(): Promise<AppCheckToken> {
  const handed = await readHandedToken();
  if (!handed || handed.expireTimeMillis - Date.now() < 60_000) {
    throw new Error('No App Check token from a page of the site yet');
  }
  return handed;
}

/**
 * Whether this code runs in the build's prerender (Node): neither a page nor the service worker.
 * The build reads the forms' open lists from the Firestore it is for.
 */
const inBuild =
  !inPage &&
  typeof (globalThis as { ServiceWorkerGlobalScope?: unknown }).ServiceWorkerGlobalScope ===
    'undefined';

function provider(): CustomProvider | ReCaptchaEnterpriseProvider {
  // A build pointed at the local suite asks its emulator for a token, as a page there does; a
  // build for a real project has none to offer and prerenders the seed (entry-server.tsx).
  if (inBuild && connectsToEmulators) return new CustomProvider({ getToken: mintFromEmulator });
  if (!inPage) return new CustomProvider({ getToken: handedOverToken });
  if (connectsToEmulators) return new CustomProvider({ getToken: mintFromEmulator });
  const siteKey = import.meta.env.VITE_RECAPTCHA_ENTERPRISE_SITE_KEY;
  if (!siteKey)
    throw new Error('VITE_RECAPTCHA_ENTERPRISE_SITE_KEY is not set (README, "Deploying")');
  return new ReCaptchaEnterpriseProvider(siteKey);
}

export const appCheck: AppCheck = initializeAppCheck(firebaseApp, {
  provider: provider(),
  // A page keeps a fresh token; the service worker only uses what a page left.
  isTokenAutoRefreshEnabled: inPage,
});

if (inPage) {
  onTokenChanged(appCheck, ({ token }) => void saveHandedToken(token));
}

/** A token that still has this long to live is good for a write about to leave. */
const freshEnoughMs = 60_000;

/**
 * Resolves once this context holds a valid App Check token (fetching one if needed); rejects
 * with code 'unavailable' when none can be had (offline, reCAPTCHA blocked), so a caller such as
 * the outbox keeps its write for later instead of sending one that Firestore refuses for good.
 */
export async function appCheckReady(): Promise<void> {
  try {
    const { token } = await getToken(appCheck);
    if ((tokenExpiry(token) ?? Infinity) - Date.now() < freshEnoughMs) {
      await getToken(appCheck, true);
    }
  } catch (error) {
    throw Object.assign(new Error('No App Check token: the write waits', { cause: error }), {
      code: 'unavailable',
    });
  }
}
