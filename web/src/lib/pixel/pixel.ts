/**
 * Meta Pixel (fbq) wrapper. The pixel is advertising, not product: a missing `fbq` is normal
 * (blocked, offline, not configured, tests) and any pixel error is only logged, never thrown.
 */
import { appConfig } from '@/config/app-config';
import { isPixelId } from '@/domain/settings';

/** The global Meta Pixel function (`fbq('track', 'PageView')`, ...). */
export type Fbq = ((...args: unknown[]) => void) & {
  callMethod?: (...args: unknown[]) => void;
  queue?: unknown[][];
  push?: unknown;
  loaded?: boolean;
  version?: string;
};

declare global {
  interface Window {
    fbq?: Fbq;
    _fbq?: Fbq;
  }
}

const pixelScriptUrl = 'https://connect.facebook.net/en_US/fbevents.js';
const initialised = new Set<string>();

/** Calls `fbq(...args)` if the pixel is present; returns whether it was called without error. */
function callFbq(...args: unknown[]): boolean {
  const fbq = typeof window === 'undefined' ? undefined : window.fbq;
  if (typeof fbq !== 'function') {
    console.debug('[pixel] fbq not present; skipped', args[0], args[1]);
    return false;
  }
  try {
    fbq(...args);
    return true;
  } catch (error) {
    console.warn('[pixel] fbq call failed', error);
    return false;
  }
}

/**
 * Installs Meta's standard loader (a queueing `fbq` plus the async fbevents.js script) unless
 * some `fbq` already exists. Only called when an admin has configured a pixel id.
 */
export function loadPixelScript(): void {
  if (typeof window === 'undefined' || window.fbq) return;
  try {
    const fbq: Fbq = (...args: unknown[]) => {
      if (fbq.callMethod) fbq.callMethod(...args);
      else fbq.queue?.push(args);
    };
    fbq.push = fbq;
    fbq.loaded = true;
    fbq.version = '2.0';
    fbq.queue = [];
    window.fbq = fbq;
    if (!window._fbq) window._fbq = fbq;
    const script = document.createElement('script');
    script.async = true;
    script.src = pixelScriptUrl;
    script.onerror = () => console.warn('[pixel] could not load', pixelScriptUrl);
    document.head.appendChild(script);
  } catch (error) {
    console.warn('[pixel] loader failed', error);
  }
}

/** `fbq('init', id)` once per id and page load. */
export function initPixel(pixelId: string): void {
  if (!isPixelId(pixelId) || initialised.has(pixelId)) return;
  if (callFbq('init', pixelId)) initialised.add(pixelId);
}

/** Sets up the admin's pixel (from settings/tracking, may be absent) and the fixed pixel. */
export function setUpPixels(adminPixelId: string | null): void {
  if (adminPixelId) {
    loadPixelScript();
    initPixel(adminPixelId);
  }
  initPixel(appConfig.fixedPixelId);
}

/** The PageView event of the root page. */
export function trackPageView(): void {
  callFbq('track', 'PageView');
}

/** One application's conversion: the chosen job and the page's value (1 on '/', 0.01 on the call-center page). */
export interface Conversion {
  contentCategory: string;
  value: number;
}

/**
 * CompleteRegistration, sent twice: 'Candidatura Vaga' to the admin's pixel (to every
 * initialised pixel when none is configured), then 'Candidatura {company}' to the fixed pixel only.
 */
export function trackCompleteRegistration(
  { contentCategory, value }: Conversion,
  adminPixelId: string | null,
): void {
  const common = { content_category: contentCategory, value, currency: 'BRL' };
  const first = { content_name: 'Candidatura Vaga', ...common };
  if (adminPixelId) callFbq('trackSingle', adminPixelId, 'CompleteRegistration', first);
  else callFbq('track', 'CompleteRegistration', first);
  callFbq('trackSingle', appConfig.fixedPixelId, 'CompleteRegistration', {
    content_name: `Candidatura ${appConfig.companyName}`,
    ...common,
  });
}

/** Forgets which pixels were initialised (unit tests only). */
export function resetPixelStateForTests(): void {
  initialised.clear();
}
