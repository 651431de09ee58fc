/**
 * Build-time renderer (used by vite.prerender.ts, never shipped to browsers): the HTML of one
 * public page, exactly as the browser's first render of it, so the browser can hydrate it.
 */
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom';
import { App } from './app/App';
import { resolveLazyRoutes, routes } from './app/routes';

export { prerenderHead } from './prerender-head';

export async function renderPage(path: string): Promise<string> {
  await resolveLazyRoutes(routes, path);
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(new URL(path, 'http://prerender.local')));
  if (context instanceof Response) throw new Error(`${path} answered ${context.status}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToString(
    <App>
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </App>,
  );
}
