/**
 * Benchmark helper: raw clients for the emulator's one port (HTTP/1.1 via node:http, gRPC via
 * node:http2, raw TCP bytes via node:net) that never throw: every call resolves with what the
 * server answered, a connection reset, or a timeout. Also the emulator process's fd count.
 */
import { readdirSync } from 'node:fs';
import http from 'node:http';
import http2 from 'node:http2';
import net from 'node:net';

export interface HttpAnswer {
  /** HTTP status, or 'reset' (connection closed without a response) or 'timeout'. */
  status: number | 'reset' | 'timeout';
  body: string;
}

export interface GrpcAnswer {
  /** HTTP :status of the response headers (0 when none came). */
  http: number;
  /** grpc-status from trailers-only headers or trailers; null when none came. */
  grpc: number | null;
  /** RST_STREAM code when the stream was reset without a status. */
  rst: number | null;
  timeout: boolean;
}

export type RawAnswer = 'goaway' | 'rst' | 'closed' | 'http-400' | 'answered' | 'timeout';

/** One HTTP/1.1 request; `body` may be a Buffer, a string or absent. */
export function httpRequest(
  port: number,
  method: string,
  path: string,
  body?: string | Buffer,
  headers: http.OutgoingHttpHeaders = {},
  timeoutMs = 5000,
  headersOnly = false,
): Promise<HttpAnswer> {
  return new Promise((resolve) => {
    let done = false;
    const finish = (a: HttpAnswer) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      resolve(a);
    };
    const req = http.request(
      { host: '127.0.0.1', port, method, path, headers, agent: false },
      (res) => {
        if (headersOnly) {
          finish({ status: res.statusCode ?? 0, body: '' });
          req.destroy();
          return;
        }
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.length < 64 && chunks.push(c));
        res.on('end', () =>
          finish({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() }),
        );
        res.on('error', () => finish({ status: res.statusCode ?? 0, body: '' }));
      },
    );
    const timer = setTimeout(() => {
      finish({ status: 'timeout', body: '' });
      req.destroy();
    }, timeoutMs);
    req.on('error', () => finish({ status: 'reset', body: '' }));
    req.end(body);
  });
}

/** A reconnecting HTTP/2 client session for gRPC calls. */
export class H2Client {
  private session: http2.ClientHttp2Session | undefined;
  /** `maxSessionMemory` (MB): node's 10 MB default resets streams that send 11 MiB bodies. */
  constructor(
    private readonly port: number,
    private readonly maxSessionMemory = 10,
  ) {}

  private get(): http2.ClientHttp2Session {
    if (!this.session || this.session.closed || this.session.destroyed) {
      const s = http2.connect(`http://127.0.0.1:${this.port}`, {
        maxSessionMemory: this.maxSessionMemory,
      });
      s.on('error', () => {});
      s.on('goaway', () => {
        if (this.session === s) this.session = undefined;
      });
      this.session = s;
    }
    return this.session;
  }

  /** Sends one request; `body` null ends the stream with the headers. */
  call(
    headers: http2.OutgoingHttpHeaders,
    body: Buffer | null,
    timeoutMs = 5000,
  ): Promise<GrpcAnswer> {
    return new Promise((resolve) => {
      const answer: GrpcAnswer = { http: 0, grpc: null, rst: null, timeout: false };
      let stream: http2.ClientHttp2Stream;
      try {
        stream = this.get().request(
          {
            ':method': 'POST',
            'content-type': 'application/grpc',
            te: 'trailers',
            ...headers,
          },
          { endStream: body === null },
        );
      } catch {
        this.session = undefined;
        resolve({ ...answer, rst: -1 });
        return;
      }
      const timer = setTimeout(() => {
        answer.timeout = true;
        stream.close(http2.constants.NGHTTP2_CANCEL);
      }, timeoutMs);
      const status = (h: http2.IncomingHttpHeaders) => {
        const g = h['grpc-status'];
        if (g !== undefined) answer.grpc = Number(g);
      };
      stream.on('response', (h) => {
        answer.http = Number(h[':status'] ?? 0);
        status(h);
      });
      stream.on('trailers', status);
      stream.on('data', () => {});
      stream.on('error', () => {});
      stream.on('close', () => {
        clearTimeout(timer);
        if (answer.grpc === null && answer.http === 0) answer.rst = stream.rstCode ?? null;
        resolve(answer);
      });
      if (body !== null) stream.end(body);
    });
  }

  close(): void {
    this.session?.destroy();
    this.session = undefined;
  }
}

/** A gRPC message frame: compressed flag, 4-byte length, payload (length overridable). */
export function grpcFrame(payload: Uint8Array, flag = 0, length = payload.length): Buffer {
  const out = Buffer.alloc(5 + payload.length);
  out[0] = flag;
  out.writeUInt32BE(length >>> 0, 1);
  out.set(payload, 5);
  return out;
}

export const H2_PREFACE = Buffer.from('PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n', 'latin1');

/** An HTTP/2 frame: 9-byte header and payload. */
export function h2Frame(type: number, flags: number, streamId: number, payload: Buffer): Buffer {
  const head = Buffer.alloc(9);
  head.writeUIntBE(payload.length, 0, 3);
  head[3] = type;
  head[4] = flags;
  head.writeUInt32BE(streamId & 0x7fffffff, 5);
  return Buffer.concat([head, payload]);
}

/** HPACK: a literal header field without indexing, new name, no Huffman (values < 127 bytes). */
export function hpackLiteral(name: string, value: string): Buffer {
  const n = Buffer.from(name);
  const v = Buffer.from(value);
  return Buffer.concat([Buffer.from([0x00, n.length]), n, Buffer.from([v.length]), v]);
}

/**
 * Writes raw bytes to the port and waits for the server's verdict on them: a GOAWAY or RST_STREAM
 * frame (HTTP/2), an HTTP/1.1 400, the connection closed, any other answer (e.g. a PING ack when
 * `waitForAnswer` frames were sent), or nothing within the timeout.
 */
export function rawExchange(
  port: number,
  chunks: Buffer[],
  opts: { h2: boolean; end?: boolean; timeoutMs?: number } = { h2: true },
): Promise<RawAnswer> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    let received = Buffer.alloc(0);
    let done = false;
    const finish = (a: RawAnswer) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      socket.destroy();
      resolve(a);
    };
    const timer = setTimeout(() => finish('timeout'), opts.timeoutMs ?? 4000);
    socket.on('error', () => finish('closed'));
    socket.on('close', () => finish('closed'));
    socket.on('data', (d: Buffer) => {
      received = Buffer.concat([received, d]);
      if (!opts.h2) {
        if (/^HTTP\/1\.[01] 4\d\d/.test(received.toString('latin1'))) finish('http-400');
        else if (received.length > 0) finish('answered');
        return;
      }
      // Walk the server's frames: its SETTINGS and SETTINGS acks are not a verdict.
      let at = 0;
      while (received.length - at >= 9) {
        const len = received.readUIntBE(at, 3);
        const type = received[at + 3];
        const flags = received[at + 4];
        if (type === 7) return finish('goaway');
        if (type === 3) return finish('rst');
        if (type === 6 && flags & 1) return finish('answered');
        if (type === 1) return finish('answered');
        at += 9 + len;
      }
    });
    socket.on('connect', () => {
      for (const c of chunks) socket.write(c);
      if (opts.end) socket.end();
    });
  });
}

/** Open file descriptors of a process (Linux /proc). */
export function fdCount(pid: number): number {
  return readdirSync(`/proc/${pid}/fd`).length;
}

/** Runs `tasks` with at most `concurrency` at a time. */
export async function pool<T>(
  tasks: (() => Promise<T>)[],
  concurrency: number,
  onResult: (r: T, i: number) => void,
): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < tasks.length) {
        const i = next++;
        onResult(await tasks[i](), i);
      }
    }),
  );
}

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
