/**
 * Delivery of queued events to the Functions emulator, never on the write path: a commit only
 * appends to a lane (one per trigger and document, so one document's events reach a function in
 * commit order); lanes run at most `concurrency` deliveries at a time, started after the commit has
 * been acknowledged. While the Functions emulator is not reachable (not started yet, restarting)
 * an event is retried for up to `downRetryMs`; while it does not know the trigger (functions
 * reloading) for up to `unknownRetryMs`. A function that throws or times out is logged with its
 * key and the document, and the other events go on.
 */
import http from 'node:http';
import { eventRequest, type TriggerEvent } from './events.js';
import type { Registration } from './registry.js';

export interface DeliveryOptions {
  /** `host:port` of the Functions emulator. */
  target: string;
  concurrency?: number;
  /** How long a delivery may take before it is given up (the function's own timeout is 60 s). */
  timeoutMs?: number;
  /** How long to keep retrying while the Functions emulator is unreachable. */
  downRetryMs?: number;
  /** How long to keep retrying while the Functions emulator answers that it has no such trigger. */
  unknownRetryMs?: number;
  /** At most this many events wait; beyond it the oldest of a new event's lane is dropped. */
  maxQueued?: number;
  log: (line: string) => void;
  /** Told of every finished delivery (the console's request list). */
  onDelivered?: (outcome: DeliveryOutcome) => void;
  /**
   * The registration that replaced `old` (the same function registered again under a new key
   * after the Functions emulator reloaded), or undefined: events queued for the old key go there.
   */
  replacement?: (old: Registration) => Registration | undefined;
}

export type DeliveryResult = 'ok' | 'failed' | 'timeout' | 'undelivered';

export interface DeliveryOutcome {
  event: TriggerEvent;
  result: DeliveryResult;
  /** HTTP status of the last attempt, when there was an answer. */
  status?: number;
  message?: string;
  /** Duration of the last attempt (the function's run), milliseconds. */
  durationMs: number;
  /** From the commit's queueing to the end of the last attempt, milliseconds. */
  totalMs: number;
  attempts: number;
}

interface Pending {
  event: TriggerEvent;
  queuedAt: number;
  attempts: number;
  firstDownAt?: number;
  firstUnknownAt?: number;
}

type Attempt =
  | { kind: 'answer'; status: number; body: string; ms: number }
  | { kind: 'down'; message: string; ms: number }
  | { kind: 'timeout'; ms: number };

const RETRY_MIN_MS = 100;
const RETRY_MAX_MS = 1000;

export class Dispatcher {
  private readonly lanes = new Map<string, Pending[]>();
  private readonly ready: string[] = [];
  private readonly agent = new http.Agent({ keepAlive: true, maxSockets: 16 });
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly requests = new Set<http.ClientRequest>();
  private inFlight = 0;
  private queued = 0;
  /** Told when nothing is queued or in flight any more (see `whenIdle`). */
  private readonly idleWaiters = new Set<() => void>();
  private pumpScheduled = false;
  private closed = false;
  private downSince?: number;
  private readonly concurrency: number;
  private readonly timeoutMs: number;
  private readonly downRetryMs: number;
  private readonly unknownRetryMs: number;
  private readonly maxQueued: number;

  constructor(private readonly options: DeliveryOptions) {
    this.concurrency = options.concurrency ?? 4;
    this.timeoutMs = options.timeoutMs ?? 70_000;
    this.downRetryMs = options.downRetryMs ?? 10 * 60_000;
    this.unknownRetryMs = options.unknownRetryMs ?? 30_000;
    this.maxQueued = options.maxQueued ?? 100_000;
  }

  /** Events queued or being delivered. */
  get pending(): number {
    return this.queued;
  }

  /** Queues an event; delivery starts after the current commit has been answered. */
  enqueue(event: TriggerEvent): void {
    if (this.closed) return;
    const lane = `${event.registration.projectId}\u0000${event.registration.key}\u0000${event.registration.databaseId}\u0000${event.change.path}`;
    let q = this.lanes.get(lane);
    if (!q) {
      this.lanes.set(lane, (q = []));
      this.ready.push(lane);
    }
    if (this.queued >= this.maxQueued && q.length > 1) {
      const dropped = q.splice(1, 1)[0];
      this.queued--;
      this.options.log(
        `Trigger ${dropped.event.registration.key}: dropped the event for ${dropped.event.change.path} (more than ${this.maxQueued} events waiting).`,
      );
    }
    q.push({ event, queuedAt: performance.now(), attempts: 0 });
    this.queued++;
    this.schedulePump();
  }

  /** Resolves once every event queued so far has been delivered (or given up); at once when none is. */
  whenIdle(): Promise<void> {
    if (this.queued === 0 || this.closed) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.add(resolve));
  }

  /** Stops delivering: pending events are dropped, requests in flight aborted. */
  close(): void {
    this.closed = true;
    this.notifyIdle();
    for (const t of this.timers) clearTimeout(t);
    for (const r of this.requests) r.destroy();
    this.lanes.clear();
    this.ready.length = 0;
    this.agent.destroy();
  }

  private schedulePump(): void {
    if (this.pumpScheduled) return;
    this.pumpScheduled = true;
    // setImmediate runs after the commit's answer (a promise continuation) has been written.
    setImmediate(() => {
      this.pumpScheduled = false;
      this.pump();
    });
  }

  private pump(): void {
    while (!this.closed && this.inFlight < this.concurrency && this.ready.length) {
      const lane = this.ready.shift() as string;
      const q = this.lanes.get(lane);
      if (q?.length) void this.run(lane, q[0]);
    }
  }

  private async run(lane: string, p: Pending): Promise<void> {
    this.inFlight++;
    p.attempts++;
    const attempt = await this.send(p.event);
    this.inFlight--;
    if (this.closed) return;
    const retryIn = this.retryDelay(p, attempt);
    if (retryIn !== undefined) {
      const timer = setTimeout(() => {
        this.timers.delete(timer);
        this.ready.push(lane);
        this.pump();
      }, retryIn);
      this.timers.add(timer);
    } else {
      this.finish(p, attempt);
      const q = this.lanes.get(lane) as Pending[];
      q.shift();
      this.queued--;
      if (q.length) this.ready.push(lane);
      else this.lanes.delete(lane);
      if (this.queued === 0) this.notifyIdle();
    }
    this.pump();
  }

  private notifyIdle(): void {
    for (const resolve of this.idleWaiters) resolve();
    this.idleWaiters.clear();
  }

  /** Milliseconds until the next attempt, or undefined when this attempt is the last. */
  private retryDelay(p: Pending, a: Attempt): number | undefined {
    const now = performance.now();
    const backoff = Math.min(RETRY_MIN_MS * 2 ** Math.min(p.attempts - 1, 10), RETRY_MAX_MS);
    if (a.kind === 'down') {
      if (this.downSince === undefined) {
        this.downSince = now;
        this.options.log(
          `Functions emulator at ${this.options.target} is not reachable (${a.message}); events wait for it (up to ${seconds(this.downRetryMs)}).`,
        );
      }
      p.firstDownAt ??= now;
      return now - p.firstDownAt < this.downRetryMs ? backoff : undefined;
    }
    if (this.downSince !== undefined) {
      this.downSince = undefined;
      this.options.log(`Functions emulator at ${this.options.target} is reachable again.`);
    }
    // 404: no such trigger (yet); 204: background triggers disabled while functions reload.
    if (a.kind === 'answer' && (a.status === 404 || a.status === 204)) {
      const newer = a.status === 404 ? this.options.replacement?.(p.event.registration) : undefined;
      if (newer) {
        p.event.registration = newer;
        return 0;
      }
      p.firstUnknownAt ??= now;
      return now - p.firstUnknownAt < this.unknownRetryMs ? backoff : undefined;
    }
    return undefined;
  }

  private finish(p: Pending, a: Attempt): void {
    const e = p.event;
    const where = `trigger ${e.registration.key} for ${e.registration.databaseId === '(default)' ? '' : `(${e.registration.databaseId}) `}${e.change.path}`;
    let result: DeliveryResult;
    let message: string | undefined;
    if (a.kind === 'timeout') {
      result = 'timeout';
      message = `no answer within ${seconds(this.timeoutMs)}`;
    } else if (a.kind === 'down') {
      result = 'undelivered';
      message = `Functions emulator unreachable: ${a.message}`;
    } else if (a.status >= 200 && a.status < 300 && a.status !== 204) {
      result = 'ok';
    } else if (a.status === 404 || a.status === 204) {
      result = 'undelivered';
      message =
        a.status === 404 ? `the Functions emulator has no trigger ${e.registration.key}` : a.body;
    } else {
      result = 'failed';
      message = `HTTP ${a.status}: ${a.body.slice(0, 500)}`;
    }
    if (result !== 'ok') this.options.log(`Function ${where}: ${result}, ${message}`);
    this.options.onDelivered?.({
      event: e,
      result,
      status: a.kind === 'answer' ? a.status : undefined,
      message,
      durationMs: a.ms,
      totalMs: performance.now() - p.queuedAt,
      attempts: p.attempts,
    });
  }

  private send(e: TriggerEvent): Promise<Attempt> {
    const { headers, body } = eventRequest(e);
    const [host, port] = splitHostPort(this.options.target);
    const path = `/functions/projects/${encodeURIComponent(e.registration.projectId)}/triggers/${encodeURIComponent(e.registration.key)}`;
    const started = performance.now();
    const ms = () => performance.now() - started;
    return new Promise((resolve) => {
      const req = http.request(
        {
          host,
          port,
          path,
          method: 'POST',
          agent: this.agent,
          headers: { ...headers, 'content-length': body.length },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () =>
            resolve({
              kind: 'answer',
              status: res.statusCode ?? 0,
              body: Buffer.concat(chunks).toString('utf8'),
              ms: ms(),
            }),
          );
          res.on('error', (err) => resolve({ kind: 'down', message: err.message, ms: ms() }));
        },
      );
      this.requests.add(req);
      req.on('close', () => this.requests.delete(req));
      req.setTimeout(this.timeoutMs, () => {
        resolve({ kind: 'timeout', ms: ms() });
        req.destroy();
      });
      req.on('error', (err) => resolve({ kind: 'down', message: err.message, ms: ms() }));
      req.end(body);
    });
  }
}

/** A duration for a log line: `70 s`, or `400 ms` below a second. */
function seconds(ms: number): string {
  return ms >= 1000 ? `${Math.round(ms / 1000)} s` : `${ms} ms`;
}

/** `host:port` (an IPv6 host in brackets) as [host, port]. */
export function splitHostPort(target: string): [string, number] {
  const m = /^\[?([^\]]+?)\]?:(\d+)$/.exec(target);
  if (!m) throw new Error(`Expected HOST:PORT, got "${target}".`);
  return [m[1], Number(m[2])];
}
