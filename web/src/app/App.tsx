import { MantineProvider } from '@mantine/core';
import { lazy, StrictMode, Suspense, useEffect, useState, type ReactNode } from 'react';
import { forgetTypedInputs } from '@/lib/prerender/typed-inputs';
import { cssVariablesResolver, lightOnly, theme } from './theme';

/** The toasts' container, loaded after the page (Toasts.tsx). */
const Toasts = lazy(() => import('./Toasts'));

/**
 * Mounts the toasts once the page is hydrated: a lazy component rendered on the server (the
 * prerender) would leave an unfinished Suspense boundary, which hydration reports as an error.
 */
function ClientToasts() {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  if (!hydrated) return null;
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
