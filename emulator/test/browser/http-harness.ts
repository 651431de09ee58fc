/** Starts a transport on a free loopback port and speaks raw HTTP to it, for the transport tests. */
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { HttpTransport } from '../../src/transports/http-handler.js';

export interface Harness {
  base: string;
  server: Server;
  stop(): Promise<void>;
}

/** Serves only the given transport (404 for anything it declines). */
export async function serveTransport(transport: HttpTransport): Promise<Harness> {
  const server = createServer((req, res) => {
    if (!transport.handle(req, res)) {
      res.writeHead(404);
      res.end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    base: `http://127.0.0.1:${port}`,
    server,
    async stop() {
      transport.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** One request, whole response; `headers` are sent as given. */
export function rawRequest(
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      url,
      { method: options.method ?? 'GET', headers: options.headers, agent: false },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

/** A response read incrementally: resolves chunks as they arrive. */
export interface OpenResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** Everything received so far. */
  text(): string;
  /** Waits until `predicate(text)` holds. */
  waitFor(predicate: (text: string) => boolean, timeoutMs?: number): Promise<string>;
  ended: Promise<void>;
  abort(): void;
}

export function openRequest(
  url: string,
  init: { method?: string; body?: string } = {},
): Promise<OpenResponse> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method: init.method ?? 'GET', agent: false }, (res) => {
      let text = '';
      const waiters: Array<() => void> = [];
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        text += chunk;
        for (const wake of waiters.splice(0)) wake();
      });
      const ended = new Promise<void>((done) => {
        res.on('end', done);
        res.on('close', done);
      });
      resolve({
        status: res.statusCode ?? 0,
        headers: res.headers,
        text: () => text,
        ended,
        abort: () => req.destroy(),
        async waitFor(predicate, timeoutMs = 20_000) {
          const deadline = Date.now() + timeoutMs;
          while (!predicate(text)) {
            const left = deadline - Date.now();
            if (left <= 0) throw new Error(`Timed out; received so far: ${text}`);
            await new Promise<void>((wake) => {
              const timer = setTimeout(wake, left);
              waiters.push(() => {
                clearTimeout(timer);
                wake();
              });
            });
          }
          return text;
        },
      });
    });
    req.on('error', reject);
    req.end(init.body);
  });
}

/** Splits WebChannel framing (`len\n[json]` repeated, len in UTF-16 units) into the parsed chunks. */
export function parseChunks(text: string): unknown[] {
  const chunks: unknown[] = [];
  let at = 0;
  while (at < text.length) {
    const newline = text.indexOf('\n', at);
    if (newline < 0) break;
    const length = Number(text.slice(at, newline));
    if (!Number.isInteger(length)) throw new Error(`Bad frame length at ${at}: ${text.slice(at)}`);
    const body = text.slice(newline + 1, newline + 1 + length);
    if (body.length < length) break;
    chunks.push(JSON.parse(body));
    at = newline + 1 + length;
  }
  return chunks;
}

/** The `[id, payload]` arrays of all complete chunks. */
export function parseArrays(text: string): Array<[number, unknown[]]> {
  return parseChunks(text).flatMap((chunk) => chunk as Array<[number, unknown[]]>);
}
