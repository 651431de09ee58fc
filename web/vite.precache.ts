/**
 * What the service worker precaches: the public pages and the files a visit to one of
 * them loads (its chunks and styles, and what the page imports as it runs: the Firestore Lite
 * writer, the pixel's settings read, the redirect counter), never the admin pages' code, which a
 * candidate on prepaid data should not download. The build records the chunk graph; the
 * service-worker build (vite-plugin-pwa, after every other step) keeps the precache entries found
 * in it.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Plugin, Rollup } from 'vite';

/** A chunk as the precache needs it: what it imports, statically and dynamically. */
interface ChunkLinks {
  imports: string[];
  dynamicImports: string[];
  css: string[];
  /** A page module (a route's lazy chunk): only the prerendered pages' own are precached. */
  page: boolean;
}

/** The public pages' HTML files (the prerendered routes and the 404 page). */
export type PrecachePages = string[];

/** Files every page loads that no chunk links (the boot script, icons, the logo). */
const alwaysPattern = /^(assets\/boot-[\w-]+\.js|favicon\.svg|logo\.svg)$/;

/** `/assets/x.js` and `/assets/x.css` references in a page's HTML (links and the boot data). */
export function assetsInHtml(html: string): string[] {
  return [...new Set([...html.matchAll(/\/(assets\/[\w.-]+\.(?:js|css))/g)].map((m) => m[1]))];
}

/** The files reachable from `start`: static imports, and dynamic imports of modules that are not pages. */
export function reachable(graph: Map<string, ChunkLinks>, start: string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const chunk = graph.get(file);
    if (!chunk) return;
    for (const css of chunk.css) seen.add(css);
    for (const next of chunk.imports) visit(next);
    for (const next of chunk.dynamicImports) if (!graph.get(next)?.page) visit(next);
  };
  start.forEach(visit);
  return seen;
}

export function precacheScope(options: { pages: PrecachePages; pageModule: RegExp }) {
  const graph = new Map<string, ChunkLinks>();
  let outDir = '';

  const plugin: Plugin = {
    name: 'vagas:precache-scope',
    apply: (config) => !config.build?.ssr,
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    generateBundle(_options, bundle) {
      graph.clear();
      for (const item of Object.values(bundle)) {
        if (item.type !== 'chunk') continue;
        const chunk = item as Rollup.OutputChunk;
        graph.set(chunk.fileName, {
          imports: chunk.imports,
          dynamicImports: chunk.dynamicImports,
          css: [...(chunk.viteMetadata?.importedCss ?? [])],
          page: options.pageModule.test(chunk.facadeModuleId ?? ''),
        });
      }
    },
  };

  /** vite-plugin-pwa's manifestTransforms: keeps the public pages and what they load. */
  const manifestTransform = async <Entry extends { url: string }>(entries: Entry[]) => {
    const start: string[] = [];
    for (const page of options.pages) {
      start.push(...assetsInHtml(await readFile(path.join(outDir, page), 'utf8')));
    }
    const keep = reachable(graph, start);
    const manifest = entries.filter(
      (entry) =>
        options.pages.includes(entry.url) || keep.has(entry.url) || alwaysPattern.test(entry.url),
    );
    return { manifest, warnings: [] };
  };

  return { plugin, manifestTransform };
}
