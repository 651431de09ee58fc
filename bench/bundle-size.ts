/**
 * Bundle size of each public route: builds web/ for production (Vite manifest), then sums the gzip
 * size of the JavaScript a first visit to each route downloads (the entry's static import closure
 * plus the route's lazy page chunk and its static imports: the render path), plus what the page
 * imports dynamically as soon as it mounts (its Firestore Lite module): the total, on which the
 * budget of 200 KB gzip per public route applies. Also says whether a public route pulls in the full Firestore SDK or admin code.
 * The Relatórios tab (charts) is a lazy chunk of the panel: it is left out of /admin's first load
 * and printed on its own line, with what it adds when the tab is opened.
 * Usage: node --import tsx bench/bundle-size.ts [--no-build <dist dir with .vite/manifest.json>]
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { report } from './lib/report.ts';

const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const webDir = path.join(rootDir, 'web');
const budgetKb = 200;
/** JS budgets of the admin routes (KB gzip): the login page, the panel's first load. */
const adminBudgetKb: Record<string, number> = {
  '/admin/login': 170,
  '/admin': 280,
};

/** Builds web/ with a Vite manifest into a temporary directory (or uses the one --no-build names). */
function build(): { dir: string; cleanup: () => void } {
  const noBuild = process.argv.indexOf('--no-build');
  if (noBuild !== -1) return { dir: path.resolve(process.argv[noBuild + 1]), cleanup: () => {} };
  const dir = mkdtempSync(path.join(os.tmpdir(), 'vagas-bundle-'));
  const vite = path.join(rootDir, 'node_modules', 'vite', 'bin', 'vite.js');
  const result = spawnSync(
    process.execPath,
    [vite, 'build', '--manifest', '--outDir', dir, '--emptyOutDir', '--logLevel', 'warn'],
    { cwd: webDir, stdio: ['ignore', 'inherit', 'inherit'] },
  );
  if (result.status !== 0) throw new Error(`vite build exited with ${result.status}`);
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

/** Route -> page module, read from the route table (`path: X, load: () => import('...')`). */
function routesFromRouter(): { route: string; module: string }[] {
  const source = readFileSync(path.join(webDir, 'src/app/routes.tsx'), 'utf8');
  const appConfig = JSON.parse(
    readFileSync(path.join(webDir, 'src/config/app-config.json'), 'utf8'),
  );
  // The route names of web/src/config/routes.ts (`name: '/path'`), the call-center one from the config.
  const routesSource = readFileSync(path.join(webDir, 'src/config/routes.ts'), 'utf8');
  const namedRoutes: Record<string, string> = Object.fromEntries(
    [...routesSource.matchAll(/^\s+(\w+): '([^']+)',$/gm)].map((m) => [`routes.${m[1]}`, m[2]]),
  );
  namedRoutes['routes.callCenter'] = `/${appConfig.callCenterEmployer.slug}`;
  const routes: { route: string; module: string }[] = [];
  const re = /\{\s*path:\s*([^,\n]+),\s*load:\s*\(\)\s*=>\s*import\('([^']+)'\)/g;
  for (const m of source.matchAll(re)) {
    let route = m[1].trim();
    route = namedRoutes[route] ?? route;
    route = route.replace(/^['"`]|['"`]$/g, '');
    const module = m[2].startsWith('@/')
      ? path.posix.join('src', m[2].slice(2))
      : path.posix.normalize(path.posix.join('src/app', m[2]));
    routes.push({ route, module });
  }
  if (routes.length === 0) throw new Error('no lazy pages found in web/src/app/routes.tsx');
  return routes;
}

/** One entry of Vite's .vite/manifest.json. */
interface Chunk {
  file: string;
  /** The chunk's name (a shared chunk's: the module it is named after, e.g. 'auth'). */
  name?: string;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
  isEntry?: boolean;
  src?: string;
}

const { dir, cleanup } = build();
try {
  const manifest: Record<string, Chunk> = JSON.parse(
    readFileSync(path.join(dir, '.vite', 'manifest.json'), 'utf8'),
  );
  const gzipCache = new Map<string, number>();
  const gz = (file: string): number => {
    if (!gzipCache.has(file)) {
      gzipCache.set(file, gzipSync(readFileSync(path.join(dir, file)), { level: 9 }).length);
    }
    return gzipCache.get(file) as number;
  };
  /** Static import closure of a manifest key. */
  const closure = (key: string, seen = new Set<string>()): Set<string> => {
    if (seen.has(key)) return seen;
    seen.add(key);
    for (const dep of manifest[key]?.imports ?? []) closure(dep, seen);
    return seen;
  };
  const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
  if (!entryKey) throw new Error('no entry in the Vite manifest');
  const adminFiles = new Set(
    Object.values(manifest)
      .filter((chunk) => /features\/admin\/|app\/admin-panel\//.test(chunk.src ?? ''))
      .map((chunk) => chunk.file),
  );

  const pageRoutes = routesFromRouter().map(({ route, module }) => {
    const key = Object.keys(manifest).find(
      (k) => k.replace(/\.tsx?$/, '') === module.replace(/\.tsx?$/, ''),
    );
    if (!key) throw new Error(`${module} (route ${route}) is not in the manifest`);
    return { route, key };
  });
  const pageKeys = new Set(pageRoutes.map((page) => page.key));
  // The panel's lazily loaded parts (`import('@/features/reports')`, `import('@/features/lead-record')`
  // in app/admin-panel): downloaded when the tab or a record opens, not with the panel.
  const lazyLabels: [RegExp, string][] = [
    [/^src\/features\/reports\/index\.tsx?$/, 'Relatórios tab'],
    [/^src\/features\/lead-record\/index\.tsx?$/, 'lead record'],
  ];
  const lazyLabel = (key: string) => lazyLabels.find(([re]) => re.test(key))?.[1];
  const lazyTabKeys = new Set(Object.keys(manifest).filter((k) => lazyLabel(k)));

  // main.tsx imports Auth early only on /admin paths: a public page never downloads it (the admin
  // pages import it statically, so their closure has it anyway).
  const adminPathOnly = (manifest[entryKey].dynamicImports ?? []).filter(
    (k) => manifest[k]?.name === 'auth',
  );
  if (adminPathOnly.length !== 1)
    throw new Error("main.tsx's import of Auth is not in the manifest");

  const rows = pageRoutes.map(({ route, key }) => {
    const renderKeys = new Set([...closure(entryKey), ...closure(key)]);
    // Dynamic imports of the page's own modules (not the other routes, nor the panel's lazy parts).
    const deferredKeys = new Set(renderKeys);
    const skipped = new Set([...pageKeys, ...lazyTabKeys]);
    for (const k of closure(key)) {
      for (const dyn of manifest[k].dynamicImports ?? []) {
        if (skipped.has(dyn) || (k === entryKey && adminPathOnly.includes(dyn))) continue;
        closure(dyn, deferredKeys);
      }
    }
    const jsOf = (keys: Set<string>) =>
      [...keys].map((k) => manifest[k].file).filter((f) => f.endsWith('.js'));
    const files = jsOf(deferredKeys);
    const css = [...new Set([...deferredKeys].flatMap((k) => manifest[k].css ?? []))];
    const render = jsOf(renderKeys).reduce((sum, f) => sum + gz(f), 0);
    const js = files.reduce((sum, f) => sum + gz(f), 0);
    const cssBytes = css.reduce((sum, f) => sum + gz(f), 0);
    const text = files.map((f) => readFileSync(path.join(dir, f), 'utf8')).join('\n');
    // Markers only the full SDK carries (its WebChannel transport and local cache).
    const fullFirestore = /WebChannelConnection|IndexedDbPersistence|webchannel/i.test(text);
    const admin = files.some((f) => adminFiles.has(f));
    return {
      route,
      render,
      js,
      cssBytes,
      chunks: files.length,
      fullFirestore,
      admin,
      loadedKeys: deferredKeys,
    };
  });

  const kb = (n: number) => (n / 1024).toFixed(1);
  console.log(
    `JS a first visit downloads per route (gzip -9): 'render KB' before the page can render, 'JS KB gz' in all\n(with what the page imports as it mounts); budget ${budgetKb} KB of all JS for public routes:\n`,
  );
  console.log(
    `${'route'.padEnd(20)} ${'render KB'.padStart(9)} ${'JS KB gz'.padStart(9)} ${'CSS KB gz'.padStart(10)} chunks  full Firestore  admin code  budget`,
  );
  for (const r of rows) {
    const isPublic = !r.route.startsWith('/admin');
    const verdict = !isPublic ? '-' : r.js / 1024 <= budgetKb ? 'ok' : 'OVER';
    console.log(
      `${r.route.padEnd(20)} ${kb(r.render).padStart(9)} ${kb(r.js).padStart(9)} ${kb(r.cssBytes).padStart(10)} ${String(r.chunks).padStart(6)}  ${(r.fullFirestore ? 'yes' : 'no').padStart(14)}  ${(r.admin ? 'yes' : 'no').padStart(10)}  ${verdict}`,
    );
  }
  const panel = rows.find((r) => r.route === '/admin');
  for (const tabKey of lazyTabKeys) {
    // What opening the tab downloads beyond the panel's first load.
    const extra = [...closure(tabKey)].filter((k) => !panel?.loadedKeys.has(k));
    const js = extra.map((k) => manifest[k].file).filter((f) => f.endsWith('.js'));
    const css = [...new Set(extra.flatMap((k) => manifest[k].css ?? []))];
    const jsBytes = js.reduce((sum, f) => sum + gz(f), 0);
    const cssBytes = css.reduce((sum, f) => sum + gz(f), 0);
    const label = lazyLabel(tabKey) ?? tabKey;
    console.log(
      `${`  ${label}`.padEnd(20)} ${'-'.padStart(9)} ${kb(jsBytes).padStart(9)} ${kb(cssBytes).padStart(10)} ${String(js.length).padStart(6)}  (lazy chunk of ${tabKey}: downloaded when it opens, not in /admin above)`,
    );
    report({
      section: 'page-weight',
      measure: `${label} JS gzip (lazy, when opened)`,
      value: jsBytes / 1024,
      unit: 'KB',
    });
  }
  if (lazyTabKeys.size === 0) console.log('  (no lazy Relatórios chunk found in the manifest)');
  for (const r of rows) {
    const name = r.route === '*' ? '404 page' : r.route;
    const budget = r.route.startsWith('/admin') ? adminBudgetKb[r.route] : budgetKb;
    const panelFirstLoad = r.route === '/admin';
    if (panelFirstLoad) {
      report({
        section: 'page-weight',
        measure: '/admin JS gzip with what it imports right after mount',
        value: r.js / 1024,
        unit: 'KB',
      });
    }
    report({
      section: 'page-weight',
      measure: `${name} JS gzip${panelFirstLoad ? ' (first load, render path)' : ''}`,
      value: (panelFirstLoad ? r.render : r.js) / 1024,
      unit: 'KB',
      goal: budget ? { op: '<=', value: budget } : undefined,
    });
    report({
      section: 'page-weight',
      measure: `${name} CSS gzip`,
      value: r.cssBytes / 1024,
      unit: 'KB',
    });
  }
  report({
    section: 'page-weight',
    measure: 'public routes pulling admin code or the full Firestore SDK',
    value: rows.filter((r) => !r.route.startsWith('/admin') && (r.fullFirestore || r.admin)).length,
    unit: '',
    goal: { op: '==', value: 0 },
  });
  const over = rows.filter(
    (r) => !r.route.startsWith('/admin') && (r.js / 1024 > budgetKb || r.fullFirestore || r.admin),
  );
  console.log(
    over.length
      ? `\n${over.length} public route(s) over budget or pulling admin/full-SDK code.`
      : '\nEvery public route is within budget, with no admin code and no full Firestore SDK.',
  );
} finally {
  cleanup();
}
