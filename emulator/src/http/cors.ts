/** CORS for the browser-facing transports: echo the Origin with credentials, answer preflights. */
import type { IncomingMessage, ServerResponse } from 'node:http';

/** Sets the CORS headers every browser-facing response carries. */
export function applyCors(req: IncomingMessage, res: ServerResponse): void {
  const origin = req.headers.origin;
  if (origin) {
    res.setHeader('Access-Control-Allow-Origin', origin);
    res.setHeader('Access-Control-Allow-Credentials', 'true');
    res.setHeader('Vary', 'Origin');
  } else {
    res.setHeader('Access-Control-Allow-Origin', '*');
  }
  res.setHeader('Access-Control-Expose-Headers', 'X-HTTP-Session-Id');
}

/** Answers an OPTIONS preflight (true when it was one). */
export function answerPreflight(req: IncomingMessage, res: ServerResponse): boolean {
  if (req.method !== 'OPTIONS') return false;
  applyCors(req, res);
  res.setHeader('Access-Control-Allow-Methods', 'GET, POST, PATCH, PUT, DELETE, OPTIONS');
  const wanted = req.headers['access-control-request-headers'];
  res.setHeader(
    'Access-Control-Allow-Headers',
    typeof wanted === 'string' && wanted !== '' ? wanted : 'Content-Type, Authorization',
  );
  res.setHeader('Access-Control-Max-Age', '3600');
  res.writeHead(204);
  res.end();
  return true;
}

/** Reads a request body as UTF-8 text (bounded, to keep a runaway client from exhausting memory). */
export function readBody(req: IncomingMessage, limit = 32 * 1024 * 1024): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        reject(new Error('Request body too large'));
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}
