/**
 * Browser entry. A page prerendered at build time (vite.prerender.ts) is hydrated: its HTML is
 * already on screen, so React attaches to it in a transition, in small slices that leave the main
 * thread free. Any other path (admin, 404, dev server) is rendered from scratch.
 */
import './app/styles';
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/App';
import { AppRouter } from './app/router';
import { normalizePath, preloadPage } from './app/routes';
import { routes } from './config/routes';
import { captureTypedInputs } from './lib/prerender/typed-inputs';
import { registerServiceWorkerWhenIdle } from './lib/pwa/register';

const app = (
  <App>
    <AppRouter />
  </App>
);

async function start(container: HTMLElement) {
  const prerenderedPath = container.dataset.prerendered;
  // 404.html is what hosting answers for any unknown path: the router renders the same page there.
  const isPrerenderedHere =
    prerenderedPath !== undefined &&
    (prerenderedPath === normalizePath(location.pathname) || prerenderedPath === routes.notFound);
  if (isPrerenderedHere) {
    await preloadPage(location.pathname);
    captureTypedInputs(container);
    startTransition(() => {
      hydrateRoot(container, app);
    });
  } else {
    // The page's chunk is asked for now, not once the router's first render has committed: on the
    // admin panel its modules (Auth restoring the session first) run while the shell renders.
    preloadPage(location.pathname).catch(() => undefined);
    createRoot(container).render(app);
  }
}

void start(document.getElementById('root')!);
if (import.meta.env.PROD) registerServiceWorkerWhenIdle();
