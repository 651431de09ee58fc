/**
 * A stand-in for firebase-tools' Functions emulator at the one route Firestore events reach:
 * `POST /functions/projects/{p}/triggers/{key}`. It records each event as it arrives and answers
 * as the test says (by default 200 `{"status":"acknowledged"}`, as the real one does).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedEvent {
  projectId: string;
  key: string;
  headers: http.IncomingHttpHeaders;
  /** The raw body (for v2, base64 text of the protobuf DocumentEventData). */
  body: Buffer;
}

/** What the fake answers: a status and body, resolved when the test lets it. */
export type Answer = { status: number; body?: string } | Promise<{ status: number; body?: string }>;

export interface FakeFunctions {
  readonly port: number;
  /** `127.0.0.1:port`, for `functionsEmulator`. */
  readonly target: string;
  /** Events answered with success, in the order they were answered. */
  readonly received: ReceivedEvent[];
  /** Every request, as it arrived (retries too). */
  readonly attempts: ReceivedEvent[];
  /** Requests being answered right now (the most seen at once is `maxInFlight`). */
  readonly inFlight: number;
  readonly maxInFlight: number;
  /** How the next requests are answered (default: 200). */
  answer: (event: ReceivedEvent) => Answer;
  /** Resolves once `predicate` holds for the events received so far. */
  waitFor(predicate: (events: ReceivedEvent[]) => boolean, timeoutMs?: number): Promise<void>;
  stop(): Promise<void>;
}

const ROUTE = /^\/functions\/projects\/([^/]+)\/triggers\/([^/?]+)$/;

/** Starts the fake on `port` (0 = a free one). */
export async function startFakeFunctions(port = 0): Promise<FakeFunctions> {
  const waiters = new Set<() => void>();
  let inFlight = 0;
  let maxInFlight = 0;
  const fake: FakeFunctions = {
    port: 0,
    target: '',
    received: [],
    attempts: [],
    get inFlight() {
      return inFlight;
    },
    get maxInFlight() {
      return maxInFlight;
    },
    answer: () => ({ status: 200, body: '{"status":"acknowledged"}' }),
    waitFor(predicate, timeoutMs = 20_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (!predicate(fake.received)) return;
          waiters.delete(check);
          clearTimeout(timer);
          resolve();
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`Timed out; received: ${fake.received.map((e) => e.key).join(', ')}`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    stop: async () => {},
  };
  const server = http.createServer((req, res) => {
    const m = ROUTE.exec(req.url ?? '');
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (!m || req.method !== 'POST') {
        res.writeHead(404).end();
        return;
      }
      const event: ReceivedEvent = {
        projectId: decodeURIComponent(m[1]),
        key: decodeURIComponent(m[2]),
        headers: req.headers,
        body: Buffer.concat(chunks),
      };
      fake.attempts.push(event);
      inFlight++;
      maxInFlight = Math.max(maxInFlight, inFlight);
      for (const w of [...waiters]) w();
      void Promise.resolve(fake.answer(event)).then(({ status, body }) => {
        inFlight--;
        // Recorded once answered, so the order of `received` is the order functions finished.
        if (status >= 200 && status < 300 && status !== 204) fake.received.push(event);
        res.writeHead(status, { 'content-type': 'text/plain' }).end(body ?? '');
        for (const w of [...waiters]) w();
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const actual = (server.address() as AddressInfo).port;
  Object.assign(fake, {
    port: actual,
    target: `127.0.0.1:${actual}`,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
  return fake;
}
