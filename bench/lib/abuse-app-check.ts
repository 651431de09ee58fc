/**
 * App Check as the abuse benchmark meets it: whether the Firestore emulator enforces it (its
 * `GET /emulator/v1/appCheck`), and, when it does, a client's tokens from the emulator's mint
 * (`appCheck:mint`, what the local provider of the web app asks for), so the honest candidates
 * and the panel get in as a real page would. The naive bot never asks.
 */
import type { FirebaseApp } from 'firebase/app';

export interface AppCheckMode {
  enforced: boolean;
  /** The app id tokens are minted for (the emulator's first allowed one, or any). */
  appId: string;
  mintUrl: string;
}

/** What the emulator at `host` (host:port) says of App Check; off when it cannot say. */
export async function appCheckMode(host: string, projectId: string): Promise<AppCheckMode> {
  const mintUrl = `http://${host}/emulator/v1/projects/${projectId}/appCheck:mint`;
  const fallback = { enforced: false, appId: '1:000000000000:web:abuse-bench', mintUrl };
  try {
    const response = await fetch(`http://${host}/emulator/v1/appCheck`);
    if (!response.ok) return fallback;
    const mode = (await response.json()) as { enforced?: boolean; appIds?: string[] | null };
    return {
      ...fallback,
      enforced: mode.enforced === true,
      appId: mode.appIds?.[0] ?? fallback.appId,
    };
  } catch {
    return fallback;
  }
}

/** Gives `app` tokens from the emulator's mint when App Check is enforced; nothing otherwise. */
export async function installAppCheck(app: FirebaseApp, mode: AppCheckMode): Promise<void> {
  if (!mode.enforced) return;
  const { CustomProvider, initializeAppCheck } = await import('firebase/app-check');
  const provider = new CustomProvider({
    getToken: async () => {
      const response = await fetch(mode.mintUrl, {
        method: 'POST',
        body: JSON.stringify({ appId: mode.appId }),
      });
      if (!response.ok) throw new Error(`App Check mint failed: HTTP ${response.status}`);
      const { token, expireTimeMillis } = (await response.json()) as {
        token: string;
        expireTimeMillis: number;
      };
      return { token, expireTimeMillis };
    },
  });
  initializeAppCheck(app, { provider, isTokenAutoRefreshEnabled: true });
}
