/**
 * The redirect page's Firebase SDK use, loaded only when needed (redirect-settings.ts imports it
 * dynamically): the settings read with Firestore Lite (App Check on: lib/firebase/app-check.ts), and
 * the `countRedirect` callable once a link is configured. The page's first load has neither.
 */
import { doc, getDoc } from 'firebase/firestore/lite';
import { httpsCallable } from 'firebase/functions';
import { parseRedirectSettings, type RedirectSettings } from '@/domain/settings';
import { withTimeout } from '@/domain/timeout';
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
