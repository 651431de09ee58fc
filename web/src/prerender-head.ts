/**
 * What a prerendered page asks of the boot script (vite.prerender.ts, src/lib/prerender/boot.ts)
 * beyond loading its scripts: requests the page needs that can start before any of the app's code
 * has loaded. The redirect page's settings read is a plain GET to Firestore's REST API (settings
 * are publicly readable), which RedirectPage picks up.
 */
import { redirectSettingsRestUrl } from './features/redirect/api/redirect-sdk';
import { routes } from '@/config/routes';
import type { BootData } from '@/lib/prerender/boot';

export function prerenderBootData(route: string): BootData {
  return route === routes.redirect ? { redirectSettingsUrl: redirectSettingsRestUrl() } : {};
}
