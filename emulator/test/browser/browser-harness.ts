/** Builds the Vite test pages, serves them from their own origin, and drives Debian's Chromium. */
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { existsSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { chromiumArgs, chromiumPath } from '../../../scripts/lib/chromium.mjs';
import type { HttpTransport } from '../../src/transports/http-handler.js';

const PAGES_DIR = fileURLToPath(new URL('./pages/', import.meta.url));

let built: Promise<string> | undefined;

/** Builds every pages/*.html with Vite once per process (and once per source hash on disk). */
export function buildPages(): Promise<string> {
  built ??= (async () => {
    const hash = createHash('sha256');
    // The built pages depend on the sources and on the SDK version they bundle.
    hash.update(readFileSync(createRequire(import.meta.url).resolve('firebase/package.json')));
    for (const file of readdirSync(PAGES_DIR).sort())
      hash.update(file).update(readFileSync(join(PAGES_DIR, file)));
    const outDir = join(tmpdir(), `vagas-emulator-pages-${hash.digest('hex').slice(0, 16)}`);
    const pages = readdirSync(PAGES_DIR).filter((file) => file.endsWith('.html'));
    if (pages.every((file) => existsSync(join(outDir, file)))) return outDir;
    // Test files run in parallel workers: build aside, then move into place in one step.
    const building = `${outDir}.${process.pid}-${Date.now()}`;
    const { build } = await import('vite');
    await build({
      configFile: false,
      root: PAGES_DIR,
      logLevel: 'error',
      build: {
        outDir: building,
        emptyOutDir: true,
        minify: false,
        rollupOptions: {
          input: Object.fromEntries(
            pages.map((file) => [file.replace(/\.html$/, ''), join(PAGES_DIR, file)]),
          ),
        },
      },
    });
    try {
      renameSync(building, outDir);
    } catch {
      // Another worker got there first; its build is the same.
      rmSync(building, { recursive: true, force: true });
    }
    return outDir;
  })();
  return built;
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.map': 'application/json',
};

export interface Served {
  origin: string;
  stop(): Promise<void>;
}

async function listen(server: Server, port = 0): Promise<number> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  return (server.address() as AddressInfo).port;
}

async function shut(server: Server): Promise<void> {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
}

/** Serves the built pages on their own port: a different origin from the emulator, as in the app. */
export async function servePages(dir: string): Promise<Served> {
  const server = createServer((req, res) => {
    const path = normalize(new URL(req.url ?? '/', 'http://x').pathname).replace(/^([/\\])+/, '');
    const file = join(dir, path === '' ? 'full.html' : path);
    if (!file.startsWith(dir)) {
      res.writeHead(403);
      res.end();
      return;
    }
    readFile(file).then(
      (body) => {
        res.writeHead(200, { 'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream' });
        res.end(body);
      },
      () => {
        res.writeHead(404);
        res.end();
      },
    );
  });
  const port = await listen(server);
  return { origin: `http://127.0.0.1:${port}`, stop: () => shut(server) };
}

export interface ServedTransports extends Served {
  port: number;
  /** Called with each request's URL (to observe what the SDK does). */
  onRequest?: (url: string, method: string) => void;
}

/** Serves the given transports on one port (a stand-in for the emulator's server); 0 = a free one. */
export async function serveTransports(
  transports: HttpTransport[],
  wantedPort = 0,
): Promise<ServedTransports> {
  const server = createServer((req, res) => {
    served.onRequest?.(req.url ?? '/', req.method ?? 'GET');
    for (const transport of transports) if (transport.handle(req, res)) return;
    res.writeHead(404);
    res.end();
  });
  const port = await listen(server, wantedPort);
  const served: ServedTransports = {
    origin: `http://127.0.0.1:${port}`,
    port,
    async stop() {
      for (const transport of transports) transport.close();
      await shut(server);
    },
  };
  return served;
}

/** Launches Chromium with the flags this machine needs; Playwright gives it a fresh profile dir. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath,
    args: chromiumArgs,
    headless: true,
  });
}

export interface PageOptions {
  port: number;
  projectId: string;
  longPolling?: boolean;
  /** false: streaming without the SDK's long-polling auto-detection. */
  autoDetect?: boolean;
  user?: string;
  /** Signs `user` in with the `admin: true` claim. */
  admin?: boolean;
  host?: string;
  /** WebChannel over XMLHttpRequest rather than fetch (the SDK's internal useFetchStreams: false). */
  xhr?: boolean;
}

/** Opens a test page ('full' or 'lite') in a context and waits for its API. */
export async function openTestPage(
  context: BrowserContext,
  pagesOrigin: string,
  kind: 'full' | 'lite',
  options: PageOptions,
): Promise<Page> {
  const page = await context.newPage();
  const params = new URLSearchParams({
    host: options.host ?? '127.0.0.1',
    port: String(options.port),
    project: options.projectId,
  });
  if (options.longPolling) params.set('longPolling', '1');
  if (options.autoDetect === false) params.set('autoDetect', '0');
  if (options.user) params.set('user', options.user);
  if (options.admin) params.set('admin', '1');
  if (options.xhr) params.set('xhr', '1');
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(`${pagesOrigin}/${kind}.html?${params.toString()}`);
  try {
    await page.waitForFunction(
      kind === 'full' ? 'window.apiReady === true' : 'window.liteReady === true',
      null,
      {
        timeout: 30_000,
      },
    );
  } catch (error) {
    throw new Error(`Test page did not start: ${errors.join('; ')}`, { cause: error });
  }
  return page;
}
