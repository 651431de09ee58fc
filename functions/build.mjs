/**
 * Builds what `firebase deploy` ships and the Functions emulator loads: src/index.ts bundled with
 * esbuild into lib/index.js. The bundle carries what the functions share with the web app
 * (@vagas/common, a workspace that is never published), so this folder deploys on its own; the
 * packages of package.json's "dependencies" stay outside, installed by Cloud Build.
 */
import { build } from 'esbuild';
import { readFileSync, rmSync } from 'node:fs';

const here = new URL('.', import.meta.url);
const manifest = JSON.parse(readFileSync(new URL('package.json', here), 'utf8'));

rmSync(new URL('lib', here), { recursive: true, force: true });
await build({
  entryPoints: [new URL('src/index.ts', here).pathname],
  outfile: new URL('lib/index.js', here).pathname,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: `node${manifest.engines.node}`,
  // Every installed dependency, with its subpaths (firebase-functions/https, ...).
  external: Object.keys(manifest.dependencies).flatMap((name) => [name, `${name}/*`]),
  sourcemap: true,
  logLevel: 'warning',
});
