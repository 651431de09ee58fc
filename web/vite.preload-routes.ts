/**
 * The public routes' page chunks are lazy, so a browser would fetch them only after the main
 * script ran: the build lists, per route, the chunks and styles its page needs, which the pages
 * load alongside the main script (vite.boot-script.ts, vite.prerender.ts).
 */
import type { Rollup } from 'vite';

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

/** For each route of `routes`, the chunks and styles its page needs beyond the entry's, in load order. */
export function routeAssets(bundle: OutputBundle, routes: RoutePages): Record<string, string[]> {
  const chunks = Object.values(bundle).filter(isChunk);
  const entry = chunks.find((c) => c.isEntry);
  const byPath: Record<string, string[]> = {};
  if (!entry) return byPath;
  for (const [path, page] of Object.entries(routes)) {
    const chunk = chunks.find((c) => c.facadeModuleId?.endsWith(page));
    if (chunk) byPath[path] = filesOf(bundle, chunk, entry).map((f) => `/${f}`);
  }
  return byPath;
}
