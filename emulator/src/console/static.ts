/** Serves the prebuilt console (`console-dist/`), read from disk only when asked for. */
import { readFile } from 'node:fs/promises';
import type { ServerResponse } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** `console-dist/` sits beside `src/` and `dist/`, so the same relative path works from both. */
export const CONSOLE_DIST = fileURLToPath(new URL('../../console-dist/', import.meta.url));

const TYPES: { [ext: string]: string } = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json; charset=utf-8',
};

/** Answers `/console/...` with a file of the build, or its index.html for app routes. */
export async function serveStatic(rel: string, res: ServerResponse): Promise<void> {
  const clean = path.posix.normalize('/' + rel).slice(1);
  const isAsset = clean.startsWith('assets/');
  const file = path.join(CONSOLE_DIST, isAsset ? clean : 'index.html');
  try {
    const body = await readFile(file);
    res.writeHead(200, {
      'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream',
      'cache-control': isAsset ? 'public, max-age=31536000, immutable' : 'no-cache',
    });
    res.end(body);
  } catch {
    res.writeHead(404, { 'content-type': 'text/plain' });
    res.end(
      isAsset ? 'Not Found' : 'The console is not built (npm run build:console -w emulator).',
    );
  }
}
