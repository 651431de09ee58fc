/**
 * The redirect page's backend: `settings/redirect` through Firestore Lite, and the `countRedirect`
 * callable; the SDK modules (with App Check) load only when used (redirect-sdk.ts).
 */
import type { RedirectSettings } from '@/domain/settings';

/** Loads the settings (Firestore Lite, loaded now); rejects when they cannot be read within 10 s. */
export async function loadRedirectSettings(): Promise<RedirectSettings> {
  return (await import('./redirect-sdk')).readRedirectSettings();
}

const countedKey = 'vagas:redirect-counted';

/**
 * Calls `countRedirect` (the server increments `redirect_count` in a transaction) at most once per
 * browser session: the sessionStorage flag is set before the call, so a reload or a StrictMode
 * double effect does not count twice; a failed call clears it so a later load may count.
 */
export async function countRedirectOncePerSession(): Promise<void> {
  try {
    if (sessionStorage.getItem(countedKey)) return;
    sessionStorage.setItem(countedKey, '1');
  } catch {
    // Storage unavailable (private mode): count anyway, once per page load.
  }
  try {
    await (await import('./redirect-sdk')).callCountRedirect();
  } catch (error) {
    console.warn('countRedirect failed', error);
    try {
      sessionStorage.removeItem(countedKey);
    } catch {
      // ignore
    }
  }
}
