/**
 * The Configurações tab: the tracking pixel, the redirect (live counter, delay, link status, the
 * link and delay form, the redirect page's address) and the team ('Equipe'). Both documents are read live; a missing
 * document is not an error (no pixel; no link and 5 s).
 */
import { Paper, Stack, Title } from '@mantine/core';
import { useEffect, useMemo } from 'react';
import { useFirestore } from '@/lib/firebase/panel-sdk';
import { showToast } from '@/components/toast';
import {
  saveRedirectSettings,
  saveTrackingPixelId,
  useSettingsDocument,
  type LiveDocument,
} from '@/data/settings-documents';
import {
  parseRedirectCount,
  parseRedirectSettings,
  pixelStorageKey,
  type RedirectSettings,
} from '@/domain/settings';
import { PixelSettings } from '@/features/settings/components/PixelSettings/PixelSettings';
import { RedirectAddress } from '@/features/settings/components/RedirectAddress/RedirectAddress';
import { RedirectSettingsForm } from '@/features/settings/components/RedirectSettingsForm/RedirectSettingsForm';
import { RedirectStats } from '@/features/settings/components/RedirectStats/RedirectStats';
import { TeamSettings } from '@/features/settings/components/Team/TeamSettings';
import {
  loadErrorToast,
  pixelSavedToast,
  saveErrorToast,
  settingsSavedToast,
  settingsTexts,
} from '@/features/settings/messages';

/** Runs `save`, then toasts its success or 'Erro ao salvar'; resolves to whether it saved. */
async function saveWithToast(
  save: () => Promise<void>,
  success: typeof pixelSavedToast,
): Promise<boolean> {
  try {
    await save();
    showToast(success, 'success');
    return true;
  } catch (error) {
    console.error('Settings could not be saved', error);
    showToast(saveErrorToast, 'error');
    return false;
  }
}

/** Keeps the pixel id in this browser too (`pixelStorageKey`); storage may be unavailable. */
function storePixelId(pixelId: string) {
  try {
    localStorage.setItem(pixelStorageKey, pixelId);
  } catch (error) {
    console.warn('Pixel id not kept in localStorage', error);
  }
}

/** The document's data: undefined while loading, when missing, or when the read failed (toasted). */
const dataOf = (state: LiveDocument) => (state.status === 'success' ? state.data : undefined);

export function SettingsTab() {
  const db = useFirestore();
  const redirect = useSettingsDocument('redirect');
  const tracking = useSettingsDocument('tracking');

  const loadError =
    redirect.status === 'error'
      ? redirect.error
      : tracking.status === 'error'
        ? tracking.error
        : null;
  useEffect(() => {
    if (!loadError) return;
    console.error('Settings could not be read', loadError);
    showToast(loadErrorToast, 'error');
  }, [loadError]);

  // Parsed again only when the link or the delay changes, not when the counter moves.
  const redirectLoaded = redirect.status !== 'loading';
  const redirectData = dataOf(redirect);
  const storedLink: unknown = redirectData?.whatsapp_link;
  const storedTime: unknown = redirectData?.redirect_time;
  const stored: RedirectSettings | null = useMemo(
    () =>
      redirectLoaded
        ? parseRedirectSettings({ whatsapp_link: storedLink, redirect_time: storedTime })
        : null,
    [redirectLoaded, storedLink, storedTime],
  );
  const storedPixel: unknown = dataOf(tracking)?.pixel_id;
  const pixelId =
    tracking.status === 'loading' ? null : typeof storedPixel === 'string' ? storedPixel : '';

  return (
    <Stack gap="lg">
      <PixelSettings
        pixelId={pixelId}
        onSave={(id) =>
          saveWithToast(async () => {
            await saveTrackingPixelId(db, id);
            storePixelId(id);
          }, pixelSavedToast)
        }
      />
      <Paper
        withBorder
        radius="md"
        p="lg"
        component="section"
        aria-labelledby="redirect-settings-title"
      >
        <Stack gap="md">
          <Title order={2} size="h4" id="redirect-settings-title">
            {settingsTexts.redirect.title}
          </Title>
          <RedirectStats
            stats={
              stored
                ? {
                    count: parseRedirectCount(redirectData),
                    redirectTime: stored.redirectTime,
                    linkConfigured: stored.whatsappLink !== '',
                  }
                : null
            }
          />
          <RedirectSettingsForm
            initial={stored}
            onSave={(settings) =>
              saveWithToast(() => saveRedirectSettings(db, settings), settingsSavedToast)
            }
          />
          <RedirectAddress />
        </Stack>
      </Paper>
      <TeamSettings />
    </Stack>
  );
}
