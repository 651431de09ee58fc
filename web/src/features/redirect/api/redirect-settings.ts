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
 * double effect does not count twice. A call that fails while the page stays clears it, so a later
 * load may count; one cut short because the page is being left (the countdown's navigation came
 * first on a slow connection) keeps it: the server may well have counted it already.
 */
export async function countRedirectOncePerSession(win: Window = window): Promise<void> {
  try {
    if (win.sessionStorage.getItem(countedKey)) return;
    win.sessionStorage.setItem(countedKey, '1');
  } catch {
    // Storage unavailable (private mode): count anyway, once per page load.
  }
  let leaving = false;
  const markLeaving = () => {
    leaving = true;
  };
  win.addEventListener('pagehide', markLeaving);
  win.addEventListener('beforeunload', markLeaving);
  try {
    await (await import('./redirect-sdk')).callCountRedirect();
  } catch (error) {
    console.warn('countRedirect failed', error);
    if (leaving) return;
    try {
      win.sessionStorage.removeItem(countedKey);
    } catch {
      // ignore
    }
  } finally {
    win.removeEventListener('pagehide', markLeaving);
    win.removeEventListener('beforeunload', markLeaving);
  }
}
