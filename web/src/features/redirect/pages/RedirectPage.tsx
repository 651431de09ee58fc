/** '/redirecionamento': loads the redirect settings, counts the visit once, then counts down to WhatsApp. */
import { Center, Loader } from '@mantine/core';
import { useEffect, useState } from 'react';
import { PublicPage } from '../../../components/PublicPage/PublicPage';
import { showToast } from '../../../components/toast';
import { redirectLoadErrorToast } from '../../../domain/messages';
import {
  countRedirectOncePerSession,
  fallbackRedirectSettings,
  loadRedirectSettings,
  type RedirectSettings,
} from '../api/redirect-settings';
import { RedirectCountdown } from '../components/RedirectCountdown';

export function Component() {
  const [settings, setSettings] = useState<RedirectSettings | null>(null);

  useEffect(() => {
    let active = true;
    loadRedirectSettings()
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
    <PublicPage tone="whatsapp" centered>
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
