import { MantineProvider } from '@mantine/core';
import { lazy, StrictMode, Suspense, useEffect, type ReactNode } from 'react';
import { forgetTypedInputs } from '@/lib/prerender/typed-inputs';
import { cssVariablesResolver, theme } from './theme';

/** The toasts' container, loaded after the page (Toasts.tsx). */
const Toasts = lazy(() => import('./Toasts'));

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
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
        <Suspense fallback={null}>
          <Toasts />
        </Suspense>
        {children}
        <MarkHydrated />
      </MantineProvider>
    </StrictMode>
  );
}
