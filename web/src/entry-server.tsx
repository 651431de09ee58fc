/**
 * Build-time renderer (used by vite.prerender.ts, never shipped to browsers): the HTML of one
 * public page, exactly as the browser's first render of it, so the browser can hydrate it. An
 * application page is drawn with its form's open jobs and localities as they are at build time
 * (`buildTimeLists`), which its boot data carries to the browser.
 */
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import { App } from './app/App';
import { AppRoutes, preloadPage } from './app/routes';
import { routes } from './config/routes';
import type { LeadForm } from './domain/lead';
import type { OpenLists } from './domain/lead-form';
import { withTimeout } from './domain/timeout';
import { seedLists } from './domain/vacancies';
import type { BootData } from './lib/prerender/boot';
import { renderWithLists } from './lib/prerender/page-lists';
import { prerenderBootData as headBootData } from './prerender-head';

export { pageTitle } from './domain/page-titles';

const formOfRoute: Readonly<Record<string, LeadForm>> = {
  [routes.root]: 'root',
  [routes.callCenter]: 'callCenter',
};

/** The longest the build waits for a form's lists before drawing the seed's. */
const listReadTimeoutMs = 15_000;

/**
 * `form`'s open lists from the Firestore the build is for: a real project's
 * (VITE_FIREBASE_PROJECT_ID), or the emulator the build was pointed at (the local suite's
 * VITE_FIRESTORE_EMULATOR_HOST). A build for neither, or one that cannot read them, draws the lead
 * table's seed (null: the lists a new deployment starts with), and says so.
 */
async function buildTimeLists(form: LeadForm): Promise<OpenLists | null> {
  const env = import.meta.env;
  if (!env.VITE_FIREBASE_PROJECT_ID && !env.VITE_FIRESTORE_EMULATOR_HOST) return null;
  try {
    const { readOpenLists } = await import('./data/open-vacancies');
    const lists = await withTimeout(readOpenLists(form), listReadTimeoutMs, 'lists');
    if (!lists) console.warn(`The ${form} form has no public list yet; prerendering the seed.`);
    return lists;
  } catch (error) {
    console.warn(
      `The ${form} form's vacancy lists could not be read; prerendering the seed.`,
      error,
    );
    return null;
  }
}

const listsByRoute = new Map<string, Promise<BootData['lists']>>();

/**
 * The lists the page at `route` is drawn with (read once per build), the seed's when they cannot be
 * read, so the boot data always says what the HTML shows; undefined without a form.
 */
function pageLists(route: string): Promise<BootData['lists']> {
  const form = formOfRoute[route];
  if (!form) return Promise.resolve(undefined);
  let lists = listsByRoute.get(route);
  if (!lists) {
    lists = buildTimeLists(form).then((open) => ({ [form]: open ?? seedLists(form) }));
    listsByRoute.set(route, lists);
  }
  return lists;
}

export async function renderPage(path: string): Promise<string> {
  const lists = await pageLists(path);
  renderWithLists(lists ?? {});
  await preloadPage(path);
  return renderToString(
    <App>
      <StaticRouter location={path}>
        <AppRoutes />
      </StaticRouter>
    </App>,
  );
}

/** What the page asks of the boot script, and the lists it was drawn with. */
export async function prerenderBootData(route: string): Promise<BootData> {
  const lists = await pageLists(route);
  return { ...headBootData(route), ...(lists ? { lists } : {}) };
}
