/** Hooks a public page to the Meta Pixel: sets it up on mount and reports conversions. */
import { useCallback, useEffect } from 'react';
import { afterLoadWhenIdle } from '@/lib/page/when-idle';
import { setUpPixels, trackCompleteRegistration, trackPageView, type Conversion } from './pixel';

/** The admin's pixel id; the Firestore read is loaded once the page is idle, off the critical path. */
const loadTrackingPixelId = () =>
  import('./tracking-settings').then((module) => module.loadTrackingPixelId());

/**
 * Sets up the pixels once the page mounts (firing PageView when `pageView`), and returns
 * `trackConversion`, which fires the two CompleteRegistration events without waiting on anything.
 */
export function usePixel({ pageView }: { pageView: boolean }): {
  trackConversion: (conversion: Conversion) => void;
} {
  useEffect(() => {
    // `active` drops the first run of a StrictMode double mount, so PageView fires once.
    let active = true;
    // The settings read loads Firestore Lite: once the page is loaded and idle, not on its way.
    const cancel = afterLoadWhenIdle(() => {
      void loadTrackingPixelId().then((adminPixelId) => {
        if (!active) return;
        setUpPixels(adminPixelId);
        if (pageView) trackPageView();
      });
    });
    return () => {
      active = false;
      cancel();
    };
  }, [pageView]);

  const trackConversion = useCallback((conversion: Conversion) => {
    void loadTrackingPixelId().then((adminPixelId) => {
      setUpPixels(adminPixelId);
      trackCompleteRegistration(conversion, adminPixelId);
    });
  }, []);

  return { trackConversion };
}
