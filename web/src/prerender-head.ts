/**
 * What a prerendered page asks of the boot script (vite.prerender.ts, src/lib/prerender/boot.ts)
 * beyond loading its scripts: nothing today. The redirect page once started its settings read
 * here, a plain REST GET before any of the app's code; with App Check enforced that read is
 * refused (no script before the app's can hold a token), so the page reads them itself, through
 * Firestore Lite with App Check.
 */
import type { BootData } from '@/lib/prerender/boot';

export function prerenderBootData(_route: string): BootData {
  return {};
}
