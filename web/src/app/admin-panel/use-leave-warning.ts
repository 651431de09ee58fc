/**
 * Leaving the panel (closing the tab, reloading, typing another address) while one of its writes
 * has not reached the server makes the browser ask first: the write would be lost (data/panel-write.ts).
 */
import { useEffect } from 'react';
import { hasUnacknowledgedWrites } from '@/data/panel-write';

export function useLeaveWarning(): void {
  useEffect(() => {
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (!hasUnacknowledgedWrites()) return;
      event.preventDefault();
      // Older browsers ask only when returnValue is set; its text is never shown.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, []);
}
