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
import { holdUntilFirstContent } from './lib/page/when-idle';
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
    // The admin pages: Auth first (a small chunk the page's chunk imports too), so restoring the
    // session (a request to the Auth server) starts before the rest of the page's code has run.
    // The built shell has already started it beside this entry (vite.config.ts, shellModules).
    if (normalizePath(location.pathname).startsWith(routes.admin)) {
      import('./lib/firebase/auth').catch(() => undefined);
      // What the panel's first rows do not need loads after them (lib/page/when-idle.ts).
      holdUntilFirstContent();
    }
    // The page's chunk is asked for now, not once the router's first render has committed.
    preloadPage(location.pathname).catch(() => undefined);
    createRoot(container).render(app);
  }
}

void start(document.getElementById('root')!);
if (import.meta.env.PROD) registerServiceWorkerWhenIdle();
