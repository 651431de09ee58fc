/** Reads the admin's pixel id from `settings/tracking` (public read) with Firestore Lite, once per page load. */
import { doc, getDoc } from 'firebase/firestore/lite';
import { isPixelId } from '@/domain/settings';
import { withTimeout } from '@/domain/timeout';
import { firestoreLite } from '@/lib/firebase/firestore-lite';

let pending: Promise<string | null> | undefined;

/** The configured pixel id, or null when none is set or it cannot be read (logged, never thrown). */
export function loadTrackingPixelId(): Promise<string | null> {
  pending ??= withTimeout(
    getDoc(doc(firestoreLite, 'settings', 'tracking')),
    10_000,
    'pixel settings',
  )
    .then((snapshot) => {
      const pixelId: unknown = snapshot.get('pixel_id');
      return isPixelId(pixelId) ? pixelId : null;
    })
    .catch((error: unknown) => {
      console.warn('[pixel] could not read settings/tracking', error);
      return null;
    });
  return pending;
}
