/**
 * The redirect page's Firebase SDK use, loaded only when needed (redirect-settings.ts imports it
 * dynamically): the settings read again with Firestore Lite when the early REST read failed, and
 * the `countRedirect` callable once a link is configured. The page's first load has neither.
 * Also the REST URL of the early read, which the prerenderer writes into the page.
 */
import { doc, getDoc } from 'firebase/firestore/lite';
import { httpsCallable } from 'firebase/functions';
import { parseRedirectSettings, type RedirectSettings } from '@/domain/settings';
import { withTimeout } from '@/domain/timeout';
import { emulatorHosts, firebaseApp, connectsToEmulators } from '@/lib/firebase/app';
import { firestoreLite } from '@/lib/firebase/firestore-lite';
import { functions } from '@/lib/firebase/functions';

/** Reads the settings with Firestore Lite; rejects when they cannot be read within 10 s. */
export async function readRedirectSettings(): Promise<RedirectSettings> {
  const snapshot = await withTimeout(
    getDoc(doc(firestoreLite, 'settings', 'redirect')),
    10_000,
    'redirect settings',
  );
  return parseRedirectSettings(snapshot.data());
}

/** Asks the server to count one redirect (it increments `redirect_count` in a transaction). */
export async function callCountRedirect(): Promise<void> {
  await httpsCallable(functions, 'countRedirect')();
}

/**
 * `settings/redirect` on Firestore's REST API: a plain GET (no preflight), which the prerendered
 * page's boot script starts before any of the app's code has loaded (see prerender-head.ts).
 */
export function redirectSettingsRestUrl(): string {
  const { projectId, apiKey } = firebaseApp.options;
  const origin = connectsToEmulators
    ? `http://${emulatorHosts.firestore.host}:${emulatorHosts.firestore.port}`
    : 'https://firestore.googleapis.com';
  return `${origin}/v1/projects/${projectId}/databases/(default)/documents/settings/redirect?key=${apiKey}`;
}
