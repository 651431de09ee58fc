/**
 * Vite plugin: renders the public pages to HTML at build time, so a candidate on a slow phone sees
 * the page (title, form) before any script has run; src/main.tsx then hydrates it.
 *
 * After the client build it builds src/entry-server.tsx for Node, renders each route and writes
 * `index.html` ('/'), `<route>.html` for the others ('/404' -> `404.html`, which hosting answers
 * with status 404 for any path it has no file for), and `app.html`: the plain shell the admin
 * paths are served (firebase.json's rewrites, and `vite preview` through this plugin).
 * Each page links its route's chunks and styles statically, so its markup is styled at first paint.
 * An application page is drawn with its form's open jobs and localities as the build reads them
 * (src/entry-server.tsx), and carries them in its boot data for the browser's first render.
 */
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Plugin, type ResolvedConfig, type Rollup } from 'vite';
import type { BootData } from './src/lib/prerender/boot.ts';
import { bootDataPattern, bootDataTag } from './vite.boot-script.ts';
import { routeAssets, type RoutePages } from './vite.preload-routes.ts';

/** The file a prerendered route is written to ('/' -> index.html, '/conecta' -> conecta.html). */
export function prerenderedFile(route: string): string {
  return route === '/' ? 'index.html' : `${route.slice(1)}.html`;
}

/** The shell served for every path that is not prerendered. */
export const shellFile = 'app.html';

const rootPattern = /<div id="root">\s*<!--app:start-->[\s\S]*<!--app:end-->\s*<\/div>/;

const entryScriptPattern = /<script type="module" crossorigin src="([^"]+)"><\/script>/;

/** A built chunk the shell runs at once: its file and the files it imports statically. */
export interface EarlyModule {
  src: string;
  imports: string[];
}

/**
 * The shell with `modules` run as soon as each has arrived: `async` module scripts before the
 * entry's, so they neither wait for the entry's code nor hold it up, and their imports preloaded
 * with them (not found only once the module has been parsed). The entry imports the same files
 * later and gets the modules already evaluated (a module runs once per URL).
 */
export function shellHtml(shell: string, modules: EarlyModule[]): string {
  if (!modules.length) return shell;
  if (!entryScriptPattern.test(shell)) throw new Error('index.html has no module entry script');
  const early = modules.flatMap(({ src, imports }) => [
    `<script type="module" crossorigin async src="${src}"></script>`,
    ...imports
      .filter((href) => !shell.includes(`href="${href}"`))
      .map((href) => `<link rel="modulepreload" crossorigin href="${href}">`),
  ]);
  return shell.replace(entryScriptPattern, (entryTag) => [...early, entryTag].join('\n    '));
}

/**
 * The built chunk of each module of `modules` (suffixes of the modules' paths), with its static
 * imports: a chunk runs its modules' top-level code when it is evaluated.
 */
function earlyModules(bundle: Rollup.OutputBundle, modules: string[]): EarlyModule[] {
  const chunks = Object.values(bundle).filter((item) => item.type === 'chunk');
  return modules.map((module) => {
    const chunk = chunks.find((c) => c.moduleIds.some((id) => id.endsWith(module)));
    if (!chunk) throw new Error(`the build has no chunk with ${module}`);
    return { src: `/${chunk.fileName}`, imports: chunk.imports.map((file) => `/${file}`) };
  });
}

/** How a prerendered page loads its scripts (see pageHtml). */
export type ScriptLoading = 'after-paint' | 'eager';

/**
 * The shell with `appHtml` in #root, the page's boot data (vite.boot-script.ts) in place of the
 * shell's, and the route's stylesheets linked, so its markup is styled at first paint. `boot` is
 * what the page asks of the boot script beyond loading (prerender-head.ts).
 * Scripts (the entry and the route's chunks) load either 'eager'ly, preloaded with the page (a page
 * whose content needs them, like the redirect countdown), or 'after-paint': the boot script
 * requests them once the first paint is done, so on a slow connection they do not compete with the
 * HTML and styles that paint a form (what a candidate types meanwhile is kept, see typed-inputs.ts).
 */
export function pageHtml(page: {
  shell: string;
  route: string;
  /** The page's own document title. */
  title?: string;
  appHtml: string;
  boot: BootData;
  assets: string[];
  scripts: ScriptLoading;
}): string {
  const { shell, route, title, appHtml, boot, assets, scripts } = page;
  if (!rootPattern.test(shell)) throw new Error('index.html has no <!--app:start--> marker');
  if (!bootDataPattern.test(shell)) throw new Error('index.html has no boot data block and script');
  const entry = entryScriptPattern.exec(shell)?.[1];
  if (!entry) throw new Error('index.html has no module entry script');
  const styles = assets
    .filter((href) => href.endsWith('.css'))
    .map((href) => `<link rel="stylesheet" crossorigin href="${href}">`);
  const chunks = assets.filter((href) => !href.endsWith('.css'));
  const data: BootData =
    scripts === 'after-paint' ? { ...boot, afterPaint: { entry, chunks } } : boot;
  const loading =
    scripts === 'eager'
      ? [
          `<script type="module" crossorigin src="${entry}"></script>`,
          ...chunks.map((href) => `<link rel="modulepreload" crossorigin href="${href}">`),
        ]
      : [];
  return (
    shell
      .replace(/<title>[^<]*<\/title>/, (tag) =>
        title ? `<title>${escapeText(title)}</title>` : tag,
      )
      .replace(entryScriptPattern, () => '')
      // The boot script before the page's styles and scripts: it blocks the parser, so it must not
      // wait behind the chunks an eager page preloads.
      .replace(bootDataPattern, (_block, bootTag: string) =>
        [bootDataTag(data), bootTag, ...styles, ...loading].join('\n    '),
      )
      .replace(rootPattern, () => `<div id="root" data-prerendered="${route}">${appHtml}</div>`)
  );
}

function escapeText(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;');
}

interface ServerEntry {
  renderPage: (route: string) => Promise<string>;
  pageTitle: (route: string) => string;
  /** What the page asks of the boot script, and an application page's lists at build time. */
  prerenderBootData: (route: string) => Promise<BootData>;
}

export function prerenderPages(options: {
  /** The server entry: exports renderPage(route), pageTitle(route) and prerenderBootData(route). */
  entry: string;
  routes: RoutePages;
  /** Paths served the shell (the app renders them in the browser); other unknown paths get 404.html. */
  shellPaths: RegExp;
  /** The prerendered route whose page answers unknown paths, with status 404. */
  notFoundRoute: string;
  /** Routes whose scripts load 'eager'ly; the others 'after-paint'. */
  eagerScripts?: string[];
  /**
   * Modules the shell runs at once, beside the entry (see shellHtml). Each should be a chunk of its
   * own (a dynamic import of the app): the rest of its chunk runs with it.
   */
  shellModules?: string[];
}): Plugin {
  let config: ResolvedConfig;
  let assetsByRoute: Record<string, string[]> = {};
  let shellModules: EarlyModule[] = [];
  const files = new Map(
    Object.keys(options.routes).map((route) => [route, prerenderedFile(route)]),
  );

  return {
    name: 'vagas:prerender',
    // Not inside the nested server build this plugin starts itself.
    apply: (userConfig) => !userConfig.build?.ssr,
    configResolved(resolved) {
      config = resolved;
    },
    generateBundle(_options, bundle) {
      assetsByRoute = routeAssets(bundle, options.routes);
      shellModules = earlyModules(bundle, options.shellModules ?? []);
    },
    async closeBundle() {
      if (config.command !== 'build') return;
      const outDir = path.resolve(config.root, config.build.outDir);
      const shell = await readFile(path.join(outDir, 'index.html'), 'utf8');
      await writeFile(path.join(outDir, shellFile), shellHtml(shell, shellModules));

      // Inside node_modules so the server bundle resolves its external packages from here.
      const serverDir = path.join(config.root, 'node_modules/.cache/vagas-prerender');
      await rm(serverDir, { recursive: true, force: true });
      await mkdir(serverDir, { recursive: true });
      try {
        await build({
          configFile: config.configFile,
          root: config.root,
          mode: config.mode,
          logLevel: 'warn',
          build: {
            ssr: options.entry,
            outDir: serverDir,
            emptyOutDir: true,
            sourcemap: false,
            copyPublicDir: false,
            minify: false,
          },
        });
        const entryFile = (await readdir(serverDir)).find((f) => /\.m?js$/.test(f));
        if (!entryFile) throw new Error(`the server build wrote no script to ${serverDir}`);
        const server = (await import(
          pathToFileURL(path.join(serverDir, entryFile)).href
        )) as ServerEntry;
        for (const [route, file] of files) {
          const html = pageHtml({
            shell,
            route,
            title: server.pageTitle(route),
            appHtml: await server.renderPage(route),
            boot: await server.prerenderBootData(route),
            assets: assetsByRoute[route] ?? [],
            scripts: options.eagerScripts?.includes(route) ? 'eager' : 'after-paint',
          });
          await writeFile(path.join(outDir, file), html);
        }
        config.logger.info(`prerendered ${[...files.values()].join(', ')} (+ ${shellFile})`);
      } finally {
        await rm(serverDir, { recursive: true, force: true });
      }
    },
    configurePreviewServer(server) {
      // What firebase.json's hosting does: prerendered routes by clean URL, the shell otherwise.
      const outDir = path.resolve(config.root, config.build.outDir);
      server.middlewares.use((req, res, next) => {
        const url = new URL(req.url ?? '/', 'http://preview.local');
        const route = url.pathname.replace(/\/+$/, '') || '/';
        const file = files.get(route);
        const wantsPage =
          !path.extname(url.pathname) && (req.headers.accept ?? '').includes('text/html');
        if (file) {
          req.url = `/${file}${url.search}`;
        } else if (wantsPage && options.shellPaths.test(route)) {
          if (existsSync(path.join(outDir, shellFile))) req.url = `/${shellFile}${url.search}`;
        } else if (wantsPage || !existsSync(path.join(outDir, url.pathname))) {
          // Hosting answers a path it has no file for with 404.html and status 404.
          const notFound = path.join(outDir, prerenderedFile(options.notFoundRoute));
          if (existsSync(notFound)) {
            res.statusCode = 404;
            res.setHeader('Content-Type', 'text/html; charset=utf-8');
            res.end(readFileSync(notFound));
            return;
          }
        }
        next();
      });
    },
  };
}
