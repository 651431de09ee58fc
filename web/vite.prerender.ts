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
import { build, type Plugin, type ResolvedConfig } from 'vite';
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
}): Plugin {
  let config: ResolvedConfig;
  let assetsByRoute: Record<string, string[]> = {};
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
    },
    async closeBundle() {
      if (config.command !== 'build') return;
      const outDir = path.resolve(config.root, config.build.outDir);
      const shell = await readFile(path.join(outDir, 'index.html'), 'utf8');
      await writeFile(path.join(outDir, shellFile), shell);

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
