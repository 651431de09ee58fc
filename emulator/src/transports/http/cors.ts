/** CORS for the browser-facing transports: echo the Origin with credentials, answer preflights. */
import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * The response headers a page on another origin may read: the three the SDK's WebChannel client
 * asks for (X-Client-Wire-Protocol and X-HTTP-Session-Id on each handshake, X-HTTP-Initial-Response
 * in one mode), then those Google's API frontends expose on googleapis.com responses. A header
 * missing here is refused by the browser ("Refused to get unsafe header" in the console).
 */
const EXPOSED_HEADERS = [
  'X-Client-Wire-Protocol',
  'X-HTTP-Session-Id',
  'X-HTTP-Initial-Response',
  'Content-Encoding',
  'Content-Length',
  'Date',
  'Server',
  'Vary',
].join(', ');

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
  res.setHeader('Access-Control-Expose-Headers', EXPOSED_HEADERS);
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

/** A request body over the reader's limit (answered with 413). */
export class BodyTooLargeError extends Error {
  constructor(readonly limit: number) {
    super(`Request payload size exceeds the limit: ${limit} bytes.`);
    this.name = 'BodyTooLargeError';
  }
}

/**
 * Reads a request body as UTF-8 text, bounded to keep a runaway client from exhausting memory. A
 * body over the limit is read to its end and dropped, then rejected with BodyTooLargeError, so the
 * client (still sending) receives the 413 rather than a reset connection.
 */
export function readBody(req: IncomingMessage, limit = 32 * 1024 * 1024): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        chunks.length = 0;
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => {
      if (size > limit) reject(new BodyTooLargeError(limit));
      else resolve(Buffer.concat(chunks).toString('utf8'));
    });
    req.on('error', reject);
  });
}
