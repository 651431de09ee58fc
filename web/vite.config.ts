import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { routes } from './src/config/routes.ts';
import { bootScript } from './vite.boot-script.ts';
import type { RoutePages } from './vite.preload-routes.ts';
import { prerenderedFile, prerenderPages } from './vite.prerender.ts';
import { precacheScope } from './vite.precache.ts';

/**
 * Firestore Lite imports Closure's Integer, Md5 and BloomFilter (`bloom-blob`) for one call: the
 * order of numeric document ids. Lite gets src/lib/firebase/lite-integer.ts instead (3.4 KB gzip
 * less on each form page); the full SDK, which needs the bloom filter, keeps the real module.
 */
const firestoreLiteInteger: Plugin = {
  name: 'vagas:firestore-lite-integer',
  enforce: 'pre',
  resolveId(source, importer) {
    const fromLite = /[\\/]@firebase[\\/]firestore[\\/]dist[\\/]lite[\\/]/.test(importer ?? '');
    if (source !== '@firebase/webchannel-wrapper/bloom-blob' || !fromLite) return null;
    return fileURLToPath(new URL('./src/lib/firebase/lite-integer.ts', import.meta.url));
  },
};

/**
 * Mantine's ScrollArea imports one hook of @floating-ui/react (useMergeRefs), which put all of
 * Floating UI in the chunk the admin panel's first render loads (the Leads table's scroll
 * container). It gets src/lib/mantine/merge-refs.ts instead; popovers, menus and selects keep the
 * real module, in their own lazy chunks.
 */
const scrollAreaMergeRefs: Plugin = {
  name: 'vagas:scroll-area-merge-refs',
  enforce: 'pre',
  resolveId(source, importer) {
    const fromScrollArea = /[\\/]ScrollArea[\\/]ScrollArea\.mjs$/.test(importer ?? '');
    if (source !== '@floating-ui/react' || !fromScrollArea) return null;
    return fileURLToPath(new URL('./src/lib/mantine/merge-refs.ts', import.meta.url));
  },
};

/**
 * Mantine's Popover (the public forms' selects open one) positions its dropdown with five
 * middlewares and `useFloating`, all of @floating-ui/react-dom, but imports them from
 * @floating-ui/react, whose `useFloating` adds the interactions' context the Popover never reads
 * (it uses the refs, elements, placement, update and isPositioned that react-dom's returns):
 * about 6 KB gzip on each form page, room the pages' App Check needs. The Popover gets
 * @floating-ui/react-dom; menus, tooltips and hover cards (the panel's) keep @floating-ui/react.
 */
const popoverFloatingDom: Plugin = {
  name: 'vagas:popover-floating-dom',
  enforce: 'pre',
  async resolveId(source, importer) {
    const fromPopover = /[\\/]Popover[\\/]use-popover\.mjs$/.test(importer ?? '');
    if (source !== '@floating-ui/react' || !fromPopover) return null;
    return this.resolve('@floating-ui/react-dom', importer, { skipSelf: true });
  },
};

/**
 * Mantine's Notifications container reads two class names off `RemoveScroll`, which brought
 * react-remove-scroll (a modal's scroll lock) along with the toasts: it gets
 * src/lib/mantine/notifications-core.ts (@mantine/core with those names) instead.
 */
const notificationsRemoveScroll: Plugin = {
  name: 'vagas:notifications-remove-scroll',
  enforce: 'pre',
  resolveId(source, importer) {
    const fromNotifications =
      /[\\/]@mantine[\\/]notifications[\\/]esm[\\/]Notifications\.mjs$/.test(importer ?? '');
    if (source !== '@mantine/core' || !fromNotifications) return null;
    return fileURLToPath(new URL('./src/lib/mantine/notifications-core.ts', import.meta.url));
  },
};

/**
 * Mantine's useId sets a random id after mount: every Mantine input of a hydrated page rendered
 * again in the hydration's commit task (a long task on the public pages). It gets
 * src/lib/page/stable-id.ts instead: React's id, as Mantine renders it first.
 */
const mantineStableId: Plugin = {
  name: 'vagas:mantine-stable-id',
  enforce: 'pre',
  resolveId(source, importer) {
    const fromMantineHooks = /[\\/]@mantine[\\/]hooks[\\/]esm[\\/]/.test(importer ?? '');
    if (!fromMantineHooks || !/use-id[\\/]use-id\.mjs$/.test(source)) return null;
    return fileURLToPath(new URL('./src/lib/page/stable-id.ts', import.meta.url));
  },
};

/**
 * Mantine's Table carries its ScrollContainer, which imports all of ScrollArea (about 5 KB gzip):
 * the panel's first load had it for the leads list, which scrolls in a plain box. The container
 * gets src/lib/mantine/table-scroll-area.tsx instead, and the tables that scroll in a ScrollArea
 * (in the panel's lazy parts) give it the real one (src/lib/mantine/table-scroll.ts).
 */
const tableScrollArea: Plugin = {
  name: 'vagas:table-scroll-area',
  enforce: 'pre',
  resolveId(source, importer) {
    const fromContainer = /[\\/]Table[\\/]TableScrollContainer\.mjs$/.test(importer ?? '');
    if (!fromContainer || !/[\\/]ScrollArea[\\/]ScrollArea\.mjs$/.test(source)) return null;
    return fileURLToPath(new URL('./src/lib/mantine/table-scroll-area.tsx', import.meta.url));
  },
};

/**
 * A build for a real project (VITE_FIREBASE_PROJECT_ID) needs App Check's reCAPTCHA Enterprise site
 * key: with App Check enforced, a site built without one could not store a single application.
 */
const appCheckSiteKey: Plugin = {
  name: 'vagas:app-check-site-key',
  apply: 'build',
  configResolved(config) {
    const env = config.env as Record<string, string | undefined>;
    if (env.VITE_FIREBASE_PROJECT_ID && !env.VITE_RECAPTCHA_ENTERPRISE_SITE_KEY) {
      throw new Error(
        'VITE_RECAPTCHA_ENTERPRISE_SITE_KEY is not set: App Check needs it (README.md, "Deploying").',
      );
    }
  },
};

/**
 * Modules of Mantine and Floating UI the application forms use and no other page's first load
 * does (a module listed here that another page needs would bring the whole chunk to it:
 * `npm run bench -- page-weight` shows it).
 */
const formOnlyModules = new RegExp(
  [
    String.raw`@floating-ui[\\/](utils|core|dom|react-dom)[\\/]`,
    String.raw`@mantine[\\/]core[\\/]esm[\\/]components[\\/](Combobox|Popover|FocusTrap|Overlay|VisuallyHidden|Select|ScrollArea)[\\/]`,
    String.raw`@mantine[\\/]core[\\/]esm[\\/]components[\\/]Checkbox[\\/]CheckIcon`,
    String.raw`@mantine[\\/]core[\\/]esm[\\/]utils[\\/]Floating[\\/](use-context-menu-handlers|FloatingArrow|get-floating-position)`,
    String.raw`@mantine[\\/]core[\\/]esm[\\/]core[\\/]utils[\\/](find-element-in-shadow-dom|is-element|get-single-element-child|noop|close-on-escape|create-event-handler|get-ref-prop)[\\/]`,
    String.raw`@mantine[\\/]hooks[\\/]esm[\\/](use-previous|use-click-outside|use-long-press|use-focus-return|use-focus-trap)[\\/]`,
    String.raw`@mantine[\\/]core[\\/]esm[\\/]core[\\/]DirectionProvider[\\/]`,
    String.raw`[\\/]web[\\/]src[\\/]lib[\\/]mantine[\\/]merge-refs\.ts$`,
  ].join('|'),
);

/**
 * The panel's own modules its first screen loads that only the panel and its lazy parts (which
 * load after it) use: one chunk, not a dozen of a few hundred bytes each (each file a request the
 * page makes while its main thread is busy, about 3 ms each at 4x CPU throttling). A module here
 * that a public page needs would bring the whole chunk to it (`npm run bench -- page-weight`).
 */
const panelOnlyModules = new RegExp(
  [
    String.raw`[\\/]web[\\/]src[\\/]domain[\\/](lead-list-view|next-step|lead-query|status-labels)\.ts$`,
    String.raw`[\\/]web[\\/]src[\\/]data[\\/](server-count|counts|lead-list-reads|leads|lead-actions|to-date|panel-write|live)\.ts$`,
    String.raw`[\\/]web[\\/]src[\\/]components[\\/](LightControls|PanelCard)[\\/]`,
    String.raw`[\\/]common[\\/]src[\\/]lead-keys\.ts$`,
    String.raw`@mantine[\\/]hooks[\\/]esm[\\/]use-window-event[\\/]`,
  ].join('|'),
);

/** The public pages (prerendered, with their chunks preloaded) and the module rendering each. */
const publicPages: RoutePages = {
  [routes.root]: 'features/apply/pages/RootApplyPage.tsx',
  [routes.callCenter]: 'features/apply/pages/CallCenterApplyPage.tsx',
  [routes.redirect]: 'features/redirect/pages/RedirectPage.tsx',
  [routes.privacy]: 'features/privacy/pages/PrivacyPage.tsx',
  [routes.notFound]: 'features/not-found/pages/NotFoundPage.tsx',
};

/**
 * The admin pages (not prerendered: app.html): the shell preloads their chunks beside the main
 * script, so the panel's code and the Firestore SDK download and compile while the entry runs
 * instead of after it (README.md, "The panel's open on a slow phone").
 */
const adminPages: RoutePages = {
  [routes.admin]: 'app/admin-panel/AdminPanelPage.tsx',
  [routes.adminLogin]: 'features/admin/pages/AdminLoginPage.tsx',
};

/**
 * What the service worker precaches: the public pages and the files they load (vite.precache.ts).
 * Not the 404 page: Firebase Hosting answers 404.html with status 404 at any URL, and one precache
 * answer that is not 2xx fails the worker's install (it never controlled a page).
 */
const precache = precacheScope({
  pages: Object.keys(publicPages)
    .filter((route) => route !== routes.notFound)
    .map(prerenderedFile),
  pageModule: /\/(features\/[\w-]+\/pages|app\/admin-panel)\/\w+\.tsx$/,
});

export default defineConfig({
  resolve: {
    alias: [
      // `@/x` is `src/x` (tsconfig.json `paths` says the same to TypeScript).
      { find: /^@\//, replacement: fileURLToPath(new URL('./src/', import.meta.url)) },
      // Code the app never runs: SDKs reactfire imports, Firestore pipelines' regex engine
      // (src/lib/firebase/unused-sdks.ts).
      {
        find: /^(firebase\/(database|storage|remote-config)|re2js)$/,
        replacement: fileURLToPath(new URL('./src/lib/firebase/unused-sdks.ts', import.meta.url)),
      },
    ],
  },
  plugins: [
    appCheckSiteKey,
    firestoreLiteInteger,
    scrollAreaMergeRefs,
    popoverFloatingDom,
    notificationsRemoveScroll,
    mantineStableId,
    tableScrollArea,
    react(),
    bootScript({ ...publicPages, ...adminPages }),
    prerenderPages({
      entry: 'src/entry-server.tsx',
      routes: publicPages,
      shellPaths: /^\/admin(\/|$)/,
      notFoundRoute: routes.notFound,
      // Firebase Auth's session check (a request to the Auth server, before any listener or
      // callable can go) then starts while the panel's code is still downloading and evaluating.
      shellModules: ['src/lib/firebase/auth.ts'],
    }),
    precache.plugin,
    // The service worker (src/sw/service-worker.ts), built after every other step (the prerendered
    // pages must exist when its precache list is made). Registered by src/main.tsx once the page
    // is interactive: no script of it on the pages' critical path.
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src/sw',
      filename: 'service-worker.ts',
      injectRegister: false,
      manifest: false,
      integration: { closeBundleOrder: 'post' },
      injectManifest: {
        globPatterns: ['**/*.{html,js,css,svg}'],
        manifestTransforms: [precache.manifestTransform],
        // Hashed files need no revision: their name changes with their content.
        dontCacheBustURLsMatching: /^assets\//,
        buildPlugins: { vite: [] },
      },
    }),
  ],
  server: { host: '127.0.0.1', port: 5173, strictPort: true },
  preview: { host: '127.0.0.1', port: 4173, strictPort: true },
  build: {
    sourcemap: true,
    rolldownOptions: {
      output: {
        // What only the application forms load (their selects: Combobox, Popover, Floating UI,
        // FocusTrap) in one chunk. Left to itself the bundler splits it by which of the panel's
        // lazy parts (a row's menu, the selection bar...) also use a piece: a dozen small chunks,
        // 3.5 KB gzip more on each form page (0.2 KB grouped).
        codeSplitting: {
          groups: [
            { name: 'form-ui', test: formOnlyModules, includeDependenciesRecursively: false },
            { name: 'panel', test: panelOnlyModules, includeDependenciesRecursively: false },
          ],
        },
      },
    },
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['./vitest.setup.ts'],
    include: ['src/**/*.test.{ts,tsx}', '*.test.ts'],
    // vitest's 5 s default is a bound tuned on a quiet machine: under a fully loaded 2-core CI
    // machine one Mantine render under jsdom can take seconds. Tests wait for content, not time.
    testTimeout: 60_000,
  },
});
