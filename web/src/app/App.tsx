import { MantineProvider } from '@mantine/core';
import { lazy, StrictMode, Suspense, useEffect, useState, type ReactNode } from 'react';
import { notificationsStore } from '@mantine/notifications';
import { afterFirstContent } from '@/lib/page/when-idle';
import { takeHeldSubmit } from '@/lib/prerender/boot';
import { forgetTypedInputs } from '@/lib/prerender/typed-inputs';
import { cssVariablesResolver, lightOnly, theme } from './theme';

/** The toasts' container (Toasts.tsx), a chunk of its own. */
const Toasts = lazy(() => import('./Toasts'));

/**
 * Mounts the toasts once the page is hydrated: a lazy component rendered on the server (the
 * prerender) would leave an unfinished Suspense boundary, which hydration reports as an error.
 * On the panel the container (its transitions and portal) waits for the first toast, or for the
 * page to settle after its first rows (lib/page/when-idle.ts), not to be drawn beside them.
 */
function ClientToasts() {
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    const want = () => setWanted(true);
    if (notificationsStore.getState().notifications.length > 0) want();
    const stopWatching = notificationsStore.subscribe((state) => {
      if (state.notifications.length > 0) want();
    });
    const cancel = afterFirstContent(want);
    return () => {
      stopWatching();
      cancel();
    };
  }, []);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <Toasts />
    </Suspense>
  );
}

/**
 * Marks the document once React owns the page: the prerendered HTML's submit guard (index.html)
 * and the browser tests read it. Rendered on the server too, so both trees have the same shape.
 */
function MarkHydrated() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = '';
    forgetTypedInputs();
    // A submit the boot script held before React owned the form is sent now, once: after a task,
    // so the form's state holds what the hydration's own effects put in it.
    const timer = setTimeout(() => {
      const held = takeHeldSubmit(window);
      if (held?.isConnected) held.requestSubmit();
    }, 0);
    return () => clearTimeout(timer);
  }, []);
  return null;
}

/** What every page renders inside: Mantine, the toasts, and `children` (the router). */
export function App({ children }: { children: ReactNode }) {
  return (
    <StrictMode>
      <MantineProvider
        theme={theme}
        cssVariablesResolver={cssVariablesResolver}
        colorSchemeManager={lightOnly}
        defaultColorScheme="light"
      >
        <ClientToasts />
        {children}
        <MarkHydrated />
      </MantineProvider>
    </StrictMode>
  );
}
