/**
 * The redirect page's backend: `settings/redirect` from the early REST read (or Firestore Lite), and
 * the `countRedirect` callable; the SDK modules load only when used (redirect-sdk.ts).
 */
import { parseRedirectSettings, type RedirectSettings } from '@/domain/settings';
import { withTimeout } from '@/domain/timeout';

/** Loads the settings (Firestore Lite, loaded now); rejects when they cannot be read within 10 s. */
export async function loadRedirectSettings(): Promise<RedirectSettings> {
  return (await import('./redirect-sdk')).readRedirectSettings();
}

/** A document as the REST API returns it: typed values (`stringValue`, `integerValue`, ...). */
interface RestDocument {
  fields?: Record<string, { stringValue?: string; integerValue?: string; doubleValue?: number }>;
}

/** The settings from the REST answer; `null` (404) means no document, so the fallback. */
export function parseRestRedirectSettings(document: RestDocument | null): RedirectSettings {
  const fields = document?.fields ?? {};
  const time = fields.redirect_time;
  return parseRedirectSettings({
    whatsapp_link: fields.whatsapp_link?.stringValue,
    redirect_time: time?.integerValue !== undefined ? Number(time.integerValue) : time?.doubleValue,
  });
}

/**
 * The settings from the read the prerendered page started (`prefetched` resolves to the REST
 * document, or null for none); if that read failed, one more read through the SDK.
 */
export function redirectSettingsFromPrefetch(
  prefetched: Promise<unknown>,
): Promise<RedirectSettings> {
  return withTimeout(prefetched, 10_000, 'redirect settings')
    .then((document) => parseRestRedirectSettings(document as RestDocument | null))
    .catch((error: unknown) => {
      console.warn('Prefetched redirect settings failed; reading them again', error);
      return loadRedirectSettings();
    });
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
