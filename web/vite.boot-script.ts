/**
 * Vite plugin: the boot script (src/lib/prerender/boot.ts), the one script of a built page that is
 * not a module of the app. The site's Content-Security-Policy (firebase.json) allows scripts from
 * the site itself only, no inline script; so what a page must do before its modules have loaded
 * (hold an early submit, preload its chunks, load them after the first paint, start the redirect
 * settings read) is a small file, compiled here to a classic script `assets/boot-<hash>.js`
 * (cached for a year like every hashed asset), and what differs per page is data in a JSON block
 * that is never executed.
 *
 * Into index.html (so the shell app.html too) it puts, at the end of <head>: the JSON block with
 * the public routes' chunks (`preload`, used when the shell is opened at one of those paths), then
 * the boot script. vite.prerender.ts replaces the JSON block of each prerendered page with its own.
 */
import { createHash } from 'node:crypto';
import { build, type Plugin, type ResolvedConfig, type Rollup } from 'vite';
import { bootDataId, type BootData } from './src/lib/prerender/boot.ts';
import { routeAssets, type RoutePages } from './vite.preload-routes.ts';

/** The JSON block of a page (`<` escaped, so no text in it can close the element). */
export function bootDataTag(data: BootData): string {
  return `<script type="application/json" id="${bootDataId}">${bootDataJson(data)}</script>`;
}

function bootDataJson(data: BootData): string {
  return JSON.stringify(data).replace(/</g, '\\u003c');
}

/** Finds the JSON block in a built page, and the boot script's tag right after it ($1). */
export const bootDataPattern = new RegExp(
  `<script type="application/json" id="${bootDataId}">[\\s\\S]*?</script>\\s*(<script src="[^"]+" defer></script>)`,
);

/** src/lib/prerender/boot-script.ts compiled to one minified classic script (an IIFE). */
export async function compileBootScript(root: string): Promise<string> {
  const result = await build({
    configFile: false,
    root,
    logLevel: 'warn',
    publicDir: false,
    build: {
      write: false,
      emptyOutDir: false,
      copyPublicDir: false,
      sourcemap: false,
      minify: true,
      lib: { entry: 'src/lib/prerender/boot-script.ts', formats: ['iife'], name: 'vagasBoot' },
    },
  });
  const outputs = (Array.isArray(result) ? result : [result]) as Rollup.RollupOutput[];
  const chunk = outputs.flatMap((output) => output.output).find((item) => item.type === 'chunk');
  if (!chunk || chunk.type !== 'chunk') throw new Error('the boot script build wrote no script');
  return chunk.code;
}

export function bootScript(routes: RoutePages): Plugin {
  let config: ResolvedConfig;
  let fileName = '';
  return {
    name: 'vagas:boot-script',
    // The client build only (not the dev server, not the prerenderer's server build).
    apply: (userConfig, env) => env.command === 'build' && !userConfig.build?.ssr,
    configResolved(resolved) {
      config = resolved;
    },
    async buildStart() {
      const code = await compileBootScript(config.root);
      const hash = createHash('sha256').update(code).digest('base64url').slice(0, 8);
      fileName = `${config.build.assetsDir}/boot-${hash}.js`;
      this.emitFile({ type: 'asset', fileName, source: code });
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        if (!ctx.bundle) return [];
        const data: BootData = { preload: routeAssets(ctx.bundle, routes) };
        return [
          {
            tag: 'script',
            attrs: { type: 'application/json', id: bootDataId },
            children: bootDataJson(data),
            injectTo: 'head',
          },
          // Deferred: it never holds up the first paint (run once the HTML is parsed, before the
          // app's module scripts).
          {
            tag: 'script',
            attrs: { src: `${config.base}${fileName}`, defer: true },
            injectTo: 'head',
          },
        ];
      },
    },
  };
}
