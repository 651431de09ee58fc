/**
 * Vite plugin: the public routes' page chunks are lazy, so a browser would fetch them only after
 * the main script ran. This adds a tiny inline script to index.html that preloads, for the path
 * being opened, that route's chunks and styles alongside the main script (one round trip less).
 */
import type { Plugin, Rollup } from 'vite';

type OutputBundle = Rollup.OutputBundle;
type OutputChunk = Rollup.OutputChunk;

/** Route path -> the page module that renders it (a suffix of the module's file path). */
export type RoutePages = Record<string, string>;

function isChunk(item: OutputBundle[string] | undefined): item is OutputChunk {
  return item?.type === 'chunk';
}

/** The chunk's own file, its static imports (not the entry's), and their CSS, in load order. */
function filesOf(bundle: OutputBundle, chunk: OutputChunk, entry: OutputChunk): string[] {
  const files = new Set<string>();
  const visit = (c: OutputChunk) => {
    if (c === entry || files.has(c.fileName)) return;
    files.add(c.fileName);
    for (const css of c.viteMetadata?.importedCss ?? []) files.add(css);
    for (const imported of c.imports) {
      const next = bundle[imported];
      if (isChunk(next)) visit(next);
    }
  };
  visit(chunk);
  return [...files];
}

export function preloadRouteChunks(routes: RoutePages): Plugin {
  return {
    name: 'vagas:preload-route-chunks',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const bundle = ctx.bundle;
        if (!bundle) return [];
        const chunks = Object.values(bundle).filter(isChunk);
        const entry = chunks.find((c) => c.isEntry);
        if (!entry) return [];
        const byPath: Record<string, string[]> = {};
        for (const [path, page] of Object.entries(routes)) {
          const chunk = chunks.find((c) => c.facadeModuleId?.endsWith(page));
          if (chunk) byPath[path] = filesOf(bundle, chunk, entry).map((f) => `/${f}`);
        }
        const script = `(function(m){var f=m[location.pathname.replace(/\\/+$/,'')||'/'];if(!f)return;f.forEach(function(h){var l=document.createElement('link');if(/\\.css$/.test(h)){l.rel='preload';l.as='style'}else{l.rel='modulepreload';l.crossOrigin=''}l.href=h;document.head.appendChild(l)})})(${JSON.stringify(byPath)})`;
        return [{ tag: 'script', children: script, injectTo: 'head' }];
      },
    },
  };
}
