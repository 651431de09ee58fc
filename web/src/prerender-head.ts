/**
 * What a prerendered page adds to its <head> (vite.prerender.ts): requests the page needs that can
 * start before any of the app's code has loaded. The redirect page's settings read is a plain GET
 * to Firestore's REST API (settings are publicly readable), which RedirectPage picks up.
 */
import { redirectSettingsRestUrl } from './features/redirect/api/redirect-settings';
import { routes } from '@/config/routes';

export function prerenderHead(route: string): string {
  if (route !== routes.redirect) return '';
  const url = JSON.stringify(redirectSettingsRestUrl());
  return `<script>window.__vagasRedirectSettings=fetch(${url}).then(function(r){if(r.status===404)return null;if(!r.ok)throw new Error('HTTP '+r.status);return r.json()});window.__vagasRedirectSettings.catch(function(){})</script>`;
}
