/** '/redirecionamento': loads the redirect settings, counts the visit once, then counts down to WhatsApp. */
import { Center, Loader } from '@mantine/core';
import { useEffect, useState } from 'react';
import { PublicPage } from '@/components/PublicPage/PublicPage';
import { showToast } from '@/components/toast';
import { redirectLoadErrorToast } from '@/domain/messages';
import { fallbackRedirectSettings, type RedirectSettings } from '@/domain/settings';
import {
  countRedirectOncePerSession,
  loadRedirectSettings,
  redirectSettingsFromPrefetch,
} from '@/features/redirect/api/redirect-settings';
import { RedirectCountdown } from '@/features/redirect/components/RedirectCountdown';
import { routes } from '@/config/routes';
import { usePageTitle } from '@/lib/page/use-page-title';

/**
 * The prerendered page (vite.prerender.ts) had the boot script start the settings read
 * (`window.__vagasRedirectSettings`, src/lib/prerender/boot.ts) before any of the app's code had
 * loaded; the page takes that read instead of starting its own.
 */
function startEarlyLoad(): Promise<RedirectSettings> | null {
  const prefetched = typeof window === 'undefined' ? undefined : window.__vagasRedirectSettings;
  return prefetched ? redirectSettingsFromPrefetch(prefetched) : null;
}

let earlyLoad = startEarlyLoad();
// Handled when the page takes it; this only keeps an early failure from being reported as unhandled.
earlyLoad?.catch(() => {});

/** The early read if there is one (once), else a new one. */
function takeSettingsLoad(): Promise<RedirectSettings> {
  const load = earlyLoad ?? loadRedirectSettings();
  earlyLoad = null;
  return load;
}

export function RedirectPage() {
  usePageTitle(routes.redirect);
  const [settings, setSettings] = useState<RedirectSettings | null>(null);

  useEffect(() => {
    let active = true;
    takeSettingsLoad()
      .catch((error: unknown) => {
        console.error('Redirect settings could not be read', error);
        if (active) showToast(redirectLoadErrorToast, 'error');
        return fallbackRedirectSettings;
      })
      .then((loaded) => {
        if (!active) return;
        setSettings(loaded);
        if (loaded.whatsappLink) void countRedirectOncePerSession();
      });
    return () => {
      active = false;
    };
  }, []);

  return (
    // Top-aligned, not centred: the card replacing the spinner then moves nothing (no layout shift).
    <PublicPage tone="whatsapp" align="top">
      {settings ? (
        <RedirectCountdown {...settings} />
      ) : (
        <Center mih="60vh">
          <Loader color="teal" size="lg" aria-label="Carregando" />
        </Center>
      )}
    </PublicPage>
  );
}

export { RedirectPage as Component };
