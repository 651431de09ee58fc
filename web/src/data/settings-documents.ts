/**
 * Typed access to the settings documents for the admin panel (full Firestore SDK): live reads of
 * `settings/redirect` and `settings/tracking`, and the admin's saves. The public pages read the same
 * documents with Firestore Lite (features/redirect, lib/pixel); the parsing is domain/settings.ts.
 */
import {
  doc,
  serverTimestamp,
  setDoc,
  type DocumentData,
  type Firestore,
} from 'firebase/firestore';
import { useMemo } from 'react';
import { useFirestore } from '@/lib/firebase/panel-sdk';
import { useLiveDocument } from './live';
import { panelWrite } from './panel-write';

export type SettingsDocumentName = 'redirect' | 'tracking';

/** A live document: loading, its data (`undefined` when it does not exist) or the listener's error. */
export type LiveDocument =
  | { status: 'loading' }
  | { status: 'success'; data: DocumentData | undefined }
  | { status: 'error'; error: Error };

/**
 * `settings/{name}`, live (one listener while mounted). A missing document is a success with no
 * data; a refused or failed listener is an error (which the caller reports).
 */
export function useSettingsDocument(name: SettingsDocumentName): LiveDocument {
  const db = useFirestore();
  const ref = useMemo(() => doc(db, 'settings', name), [db, name]);
  const live = useLiveDocument(ref);
  return useMemo(() => {
    if (live.status === 'loading') return { status: 'loading' };
    if (live.status === 'error') return { status: 'error', error: live.error };
    return { status: 'success', data: live.data ?? undefined };
  }, [live]);
}

/**
 * Saves the link and the delay. `merge` creates the document when there is none and otherwise
 * keeps `redirect_count`, which only the countRedirect function writes (the rules refuse a client's).
 */
export function saveRedirectSettings(
  db: Firestore,
  { whatsappLink, redirectTime }: { whatsappLink: string; redirectTime: number },
): Promise<void> {
  return panelWrite(
    db,
    setDoc(
      doc(db, 'settings', 'redirect'),
      { whatsapp_link: whatsappLink, redirect_time: redirectTime, updated_at: serverTimestamp() },
      { merge: true },
    ),
    'save redirect settings',
  );
}

/** Saves the admin's pixel id ('' removes it). */
export function saveTrackingPixelId(db: Firestore, pixelId: string): Promise<void> {
  return panelWrite(
    db,
    setDoc(doc(db, 'settings', 'tracking'), { pixel_id: pixelId, updated_at: serverTimestamp() }),
    'save tracking pixel',
  );
}
