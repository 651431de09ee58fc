/**
 * Build-time renderer (used by vite.prerender.ts, never shipped to browsers): the HTML of one
 * public page, exactly as the browser's first render of it, so the browser can hydrate it.
 */
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import { App } from './app/App';
import { AppRoutes, preloadPage } from './app/routes';

export { prerenderBootData } from './prerender-head';
export { pageTitle } from './domain/page-titles';

export async function renderPage(path: string): Promise<string> {
  await preloadPage(path);
  return renderToString(
    <App>
      <StaticRouter location={path}>
        <AppRoutes />
      </StaticRouter>
    </App>,
  );
}
