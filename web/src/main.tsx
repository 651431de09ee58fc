/**
 * Browser entry. A page prerendered at build time (vite.prerender.ts) is hydrated: its HTML is
 * already on screen, so React attaches to it in a transition, in small slices that leave the main
 * thread free. Any other path (admin, 404, dev server) is rendered from scratch.
 */
import './app/styles';
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { App } from './app/App';
import { createAppRouter } from './app/router';
import { normalizePath, resolveLazyRoutes, routes } from './app/routes';
import { captureTypedInputs } from './lib/prerender/typed-inputs';

function appWith(router: ReturnType<typeof createAppRouter>) {
  return (
    <App>
      <RouterProvider router={router} />
    </App>
  );
}

async function start(container: HTMLElement) {
  const prerenderedPath = container.dataset.prerendered;
  if (prerenderedPath !== undefined && prerenderedPath === normalizePath(location.pathname)) {
    await resolveLazyRoutes(routes, location.pathname);
    const app = appWith(createAppRouter());
    captureTypedInputs(container);
    startTransition(() => {
      hydrateRoot(container, app);
    });
  } else {
    createRoot(container).render(appWith(createAppRouter()));
  }
}

void start(document.getElementById('root')!);
