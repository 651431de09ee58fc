/**
 * Vite plugin: renders the public pages to HTML at build time, so a candidate on a slow phone sees
 * the page (title, form) before any script has run; src/main.tsx then hydrates it.
 *
 * After the client build it builds src/entry-server.tsx for Node, renders each route and writes
 * `index.html` ('/'), `<route>.html` for the others, and `app.html`: the plain shell every other
 * path (admin, 404) is served (firebase.json's rewrite, and `vite preview` through this plugin).
 * Each page links its route's chunks and styles statically, so its markup is styled at first paint.
 */
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Plugin, type ResolvedConfig } from 'vite';
import { preloadScriptAttribute, routeAssets, type RoutePages } from './vite.preload-routes';

/** The file a prerendered route is written to ('/' -> index.html, '/conecta' -> conecta.html). */
export function prerenderedFile(route: string): string {
  return route === '/' ? 'index.html' : `${route.slice(1)}.html`;
}

/** The shell served for every path that is not prerendered. */
export const shellFile = 'app.html';

const rootPattern = /<div id="root">\s*<!--app:start-->[\s\S]*<!--app:end-->\s*<\/div>/;
const preloadScriptPattern = new RegExp(
  `<script ${preloadScriptAttribute}[^>]*>[\\s\\S]*?</script>`,
);

/**
 * The shell with `appHtml` in #root and, instead of the runtime preload script, the route's chunks
 * preloaded and its stylesheets linked, so its markup is styled at first paint.
 */
export function pageHtml(shell: string, route: string, appHtml: string, assets: string[]): string {
  if (!rootPattern.test(shell)) throw new Error('index.html has no <!--app:start--> marker');
  const links = assets
    .map((href) =>
      href.endsWith('.css')
        ? `<link rel="stylesheet" crossorigin href="${href}">`
        : `<link rel="modulepreload" crossorigin href="${href}">`,
    )
    .join('\n    ');
  return shell
    .replace(preloadScriptPattern, () => links)
    .replace(rootPattern, () => `<div id="root" data-prerendered="${route}">${appHtml}</div>`);
}

type RenderPage = (route: string) => Promise<string>;

export function prerenderPages(options: { entry: string; routes: RoutePages }): Plugin {
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
        const { renderPage } = (await import(
          pathToFileURL(path.join(serverDir, entryFile)).href
        )) as { renderPage: RenderPage };
        for (const [route, file] of files) {
          const html = pageHtml(shell, route, await renderPage(route), assetsByRoute[route] ?? []);
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
      server.middlewares.use((req, _res, next) => {
        const url = new URL(req.url ?? '/', 'http://preview.local');
        const route = url.pathname.replace(/\/+$/, '') || '/';
        const file = files.get(route);
        if (file) {
          req.url = `/${file}${url.search}`;
        } else if (
          !path.extname(url.pathname) &&
          (req.headers.accept ?? '').includes('text/html') &&
          existsSync(path.join(outDir, shellFile))
        ) {
          req.url = `/${shellFile}${url.search}`;
        }
        next();
      });
    },
  };
}
