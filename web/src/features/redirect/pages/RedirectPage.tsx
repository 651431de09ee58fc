/** '/redirecionamento': loads the redirect settings, counts the visit once, then counts down to WhatsApp. */
import { Alert } from '@mantine/core';
import { OutboxStatus } from '@/components/OutboxStatus/OutboxStatus';
import { useEffect, useState } from 'react';
import { PublicPage } from '@/components/PublicPage/PublicPage';
import { showToast } from '@/components/toast';
import { redirectLoadErrorToast } from '@/domain/messages';
import { fallbackRedirectSettings, type RedirectSettings } from '@/domain/settings';
import {
  countRedirectOncePerSession,
  loadRedirectSettings,
} from '@/features/redirect/api/redirect-settings';
import {
  RedirectCard,
  RedirectCountdown,
  RedirectPending,
} from '@/features/redirect/components/RedirectCountdown/RedirectCountdown';
import { redirectTexts } from '@/features/redirect/messages';
import { sentLaterToast } from '@/lib/outbox/messages';
import { useOutbox } from '@/lib/outbox/use-outbox';
import { useOnline } from '@/lib/page/use-online';
import { usePixel } from '@/lib/pixel/use-pixel';
import { routes } from '@/config/routes';
import { usePageTitle } from '@/lib/page/use-page-title';

/** The settings once read; null while reading (or waiting for the connection to read them). */
function useRedirectSettings(online: boolean): RedirectSettings | null {
  const [settings, setSettings] = useState<RedirectSettings | null>(null);
  const needed = settings === null && online;

  useEffect(() => {
    if (!needed) return;
    let active = true;
    loadRedirectSettings()
      .then(
        (loaded) => loaded,
        (error: unknown) => {
          // Without a connection this is no error: the page waits for it and reads again.
          if (!navigator.onLine) return null;
          console.error('Redirect settings could not be read', error);
          if (active) showToast(redirectLoadErrorToast, 'error');
          return fallbackRedirectSettings;
        },
      )
      .then((loaded) => {
        if (!active || !loaded) return;
        setSettings(loaded);
        if (loaded.whatsappLink) void countRedirectOncePerSession();
      });
    return () => {
      active = false;
    };
  }, [needed]);

  return settings;
}

export function RedirectPage() {
  usePageTitle(routes.redirect);
  const online = useOnline();
  const settings = useRedirectSettings(online);
  const { trackConversion } = usePixel({ pageView: false });
  // A call-center application kept on the device is sent from here as soon as the connection returns.
  const { waiting } = useOutbox({
    onStoredLater: (entry) => {
      showToast(sentLaterToast, 'success');
      if (entry.conversion) trackConversion(entry.conversion);
    },
  });

  return (
    // Top-aligned, not centred: the countdown replacing the spinner then moves nothing (no layout shift).
    <PublicPage tone="whatsapp" align="top">
      <OutboxStatus waiting={waiting} />
      {!online ? (
        // The countdown pauses while offline, and starts again from the top once back.
        <Alert
          role="status"
          color="gray"
          variant="white"
          radius="lg"
          title={redirectTexts.offlineTitle}
        >
          {redirectTexts.offlineMessage}
        </Alert>
      ) : (
        // The heading is in the prerendered HTML (the page's largest paint), the countdown below
        // it once the settings are read.
        <RedirectCard>
          {settings ? <RedirectCountdown {...settings} /> : <RedirectPending />}
        </RedirectCard>
      )}
    </PublicPage>
  );
}

export { RedirectPage as Component };
