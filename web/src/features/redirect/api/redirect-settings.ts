/** The redirect page's backend: `settings/redirect` read with Firestore Lite, and the `countRedirect` callable. */
import { doc, getDoc } from 'firebase/firestore/lite';
import { httpsCallable } from 'firebase/functions';
import { redirectTimeLimits } from '../../../domain/options';
import { withTimeout } from '../../../domain/timeout';
import { firestoreLite } from '../../../lib/firebase/firestore-lite';
import { functions } from '../../../lib/firebase/functions';

/** What the page needs from `settings/redirect`. */
export interface RedirectSettings {
  /** '' when no link is configured. */
  whatsappLink: string;
  /** Countdown start in seconds. */
  redirectTime: number;
}

/** What the page uses when nothing is configured or the settings cannot be read. */
export const fallbackRedirectSettings: RedirectSettings = {
  whatsappLink: '',
  redirectTime: redirectTimeLimits.default,
};

/** Reads the stored fields leniently: a missing document or field means the fallback. */
export function parseRedirectSettings(data: Record<string, unknown> | undefined): RedirectSettings {
  const link = typeof data?.whatsapp_link === 'string' ? data.whatsapp_link.trim() : '';
  const time = data?.redirect_time;
  const redirectTime =
    typeof time === 'number' && Number.isFinite(time)
      ? Math.min(redirectTimeLimits.max, Math.max(redirectTimeLimits.min, Math.round(time)))
      : redirectTimeLimits.default;
  return { whatsappLink: link, redirectTime };
}

/** Loads the settings; rejects when they cannot be read within 10 s. */
export async function loadRedirectSettings(): Promise<RedirectSettings> {
  const snapshot = await withTimeout(
    getDoc(doc(firestoreLite, 'settings', 'redirect')),
    10_000,
    'redirect settings',
  );
  return parseRedirectSettings(snapshot.data());
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
    await httpsCallable(functions, 'countRedirect')();
  } catch (error) {
    console.warn('countRedirect failed', error);
    try {
      sessionStorage.removeItem(countedKey);
    } catch {
      // ignore
    }
  }
}
