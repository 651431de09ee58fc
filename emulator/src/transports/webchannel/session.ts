/** One WebChannel session: a Listen or Write stream of the engine, carried over HTTP/1.1 requests. */
import type { ServerResponse } from 'node:http';
import { rpcErrorJson } from '../http/errors.js';
import { normaliseRequest } from '../http/normalize.js';
import {
  Code,
  RpcError,
  type BidiStreamMethod,
  type CallContext,
  type FirestoreService,
  type Json,
  type JsonObject,
  type StreamHandler,
} from '../../service.js';
import { frame } from './wire.js';

export interface SessionTimings {
  /** Element 5 of the "c" array; the client's backchannel watchdog is 1.5 times this. */
  backchannelTimeoutMs: number;
  /** A `["noop"]` goes down an idle streaming backchannel this often. */
  keepaliveMs: number;
  /** An idle long poll is answered with a `["noop"]` after this long (or the client's TO). */
  longPollHoldMs: number;
  /**
   * When one browser already holds this many backchannels, every hold it has is cut to
   * `crowdedHoldMs`: Chromium allows 6 connections per host over HTTP/1.1 and each tab holds one
   * per stream, so with four tabs open the fourth would otherwise wait until a stream goes idle.
   */
  crowdThreshold: number;
  crowdedHoldMs: number;
  /** A session with no backchannel and no request for this long is dropped. */
  sessionIdleMs: number;
  /** A streaming backchannel is ended after this many characters so the client acknowledges. */
  maxBackchannelChars: number;
  /** A streaming backchannel is ended after this long; the client reconnects at once. */
  maxStreamHoldMs: number;
}

interface PendingArray {
  id: number;
  /** `[id,[payload]]` serialised. */
  json: string;
}

interface Backchannel {
  res: ServerResponse;
  mode: 'stream' | 'poll';
  /** Highest array id written to this response. */
  writtenUpTo: number;
  chars: number;
  /** Keepalive noops (streaming). */
  timer: NodeJS.Timeout | undefined;
  /** Ends the response when its hold is over. */
  lifetime: NodeJS.Timeout | undefined;
  endsAt: number;
}

/** Decides which incoming messages are new, by their index `ofs + i`, and keeps them in order. */
export class IncomingSequencer {
  private next = 0;
  private readonly early = new Map<number, string>();

  /** Returns the messages that can now be delivered, in order; duplicates are dropped. */
  accept(offset: number, messages: string[]): string[] {
    messages.forEach((message, i) => {
      const index = offset + i;
      if (index >= this.next && !this.early.has(index)) this.early.set(index, message);
    });
    const ready: string[] = [];
    for (let message = this.early.get(this.next); message !== undefined;) {
      ready.push(message);
      this.early.delete(this.next);
      this.next += 1;
      message = this.early.get(this.next);
    }
    return ready;
  }
}

/** Messages' JSON by object: a commit's message that many listeners get is serialised once. */
const messageJson = new WeakMap<object, string>();
function jsonOf(m: Json): string {
  if (typeof m !== 'object' || m === null) return JSON.stringify(m);
  let s = messageJson.get(m);
  if (s === undefined) {
    s = JSON.stringify(m);
    messageJson.set(m, s);
  }
  return s;
}

export class Session {
  private readonly pending: PendingArray[] = [];
  /** Array 0 is the "c" array of the handshake. */
  private nextArrayId = 1;
  private backchannel: Backchannel | undefined;
  private flushScheduled = false;
  private handler: StreamHandler | undefined;
  private streamEnded = false;
  private readonly incoming = new IncomingSequencer();
  closed = false;
  /** Which browser holds the backchannel (its address and user agent). */
  clientKey = '';
  lastActivity = Date.now();
  lastBackchannelSeen = Date.now();
  /** Keepalive noops sent on idle streaming backchannels (observable in the transport's stats). */
  keepalivesSent = 0;

  constructor(
    readonly sid: string,
    readonly method: BidiStreamMethod,
    private readonly ctx: CallContext,
    private readonly timings: SessionTimings,
    private readonly onClosed: (session: Session) => void,
  ) {}

  /** Opens the engine stream; a failure to open ends it at once with that error. */
  open(service: FirestoreService): void {
    try {
      this.handler = service.openStream(this.method, this.ctx, {
        send: (message) => {
          if (!this.streamEnded) this.enqueue([message]);
        },
        end: (error) => {
          // The engine ended the stream itself: it needs no onClose later.
          this.handler = undefined;
          this.endStream(error);
        },
      });
    } catch (error) {
      this.endStream(asRpcError(error));
    }
  }

  get hasBackchannel(): boolean {
    return this.backchannel !== undefined;
  }

  get lastArrayId(): number {
    return this.nextArrayId - 1;
  }

  /** Arrays waiting for the client's acknowledgement (for tests and leak checks). */
  get unacknowledged(): number {
    return this.pending.length;
  }

  /** Delivers forward-channel messages; those already seen (a resent POST) are ignored. */
  receive(offset: number, messages: string[]): void {
    this.lastActivity = Date.now();
    for (const raw of this.incoming.accept(offset, messages)) {
      if (this.streamEnded || !this.handler) return;
      let message: JsonObject;
      try {
        const parsed: unknown = JSON.parse(raw);
        if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
          throw new Error('not an object');
        }
        message = normaliseRequest(parsed as JsonObject);
      } catch {
        this.failStream(new RpcError(Code.INVALID_ARGUMENT, 'Invalid JSON payload received.'));
        return;
      }
      try {
        this.handler.onMessage(message);
      } catch (error) {
        this.failStream(asRpcError(error));
      }
    }
  }

  /** Drops arrays the client has acknowledged receiving. */
  acknowledge(aid: number): void {
    if (!Number.isFinite(aid)) return;
    let drop = 0;
    while (drop < this.pending.length && this.pending[drop].id <= aid) drop += 1;
    if (drop > 0) this.pending.splice(0, drop);
  }

  /** The data arrays ready right after the handshake, to go out with the "c" array. */
  takeHandshakeArrays(): string[] {
    return this.pending.map((array) => array.json);
  }

  /**
   * Attaches a backchannel GET: resends every unacknowledged array, then streams or polls.
   * `holdMs` bounds how long the response stays open; `clientKey` names the browser it came from.
   */
  attachBackchannel(
    res: ServerResponse,
    mode: 'stream' | 'poll',
    holdMs: number,
    clientKey = '',
  ): void {
    this.lastActivity = Date.now();
    this.lastBackchannelSeen = Date.now();
    this.detachBackchannel(true);
    this.clientKey = clientKey;
    const backchannel: Backchannel = {
      res,
      mode,
      writtenUpTo: 0,
      chars: 0,
      timer: undefined,
      lifetime: undefined,
      endsAt: Infinity,
    };
    this.backchannel = backchannel;
    res.on('close', () => {
      if (this.backchannel === backchannel) {
        clearTimeout(backchannel.timer);
        clearTimeout(backchannel.lifetime);
        this.backchannel = undefined;
        this.lastBackchannelSeen = Date.now();
        this.lastActivity = Date.now();
      }
    });
    res.socket?.setNoDelay(true);
    res.writeHead(200, {
      'Content-Type': 'text/plain; charset=utf-8',
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': 'no-cache, no-store, max-age=0, must-revalidate',
    });
    res.flushHeaders();
    if (this.pending.length > 0) {
      this.flush();
    } else if (mode === 'stream') {
      // Bytes at once, or the client's buffering-proxy detection falls back to long-polling.
      this.enqueue(['noop']);
      this.flush();
    }
    if (this.backchannel !== backchannel) return;
    this.limitHold(holdMs);
    if (mode === 'stream') this.armKeepalive(backchannel);
  }

  /** Ends the open backchannel within `ms` (sooner if already due); the client then reconnects. */
  limitHold(ms: number): void {
    const backchannel = this.backchannel;
    if (!backchannel || Date.now() + ms >= backchannel.endsAt) return;
    clearTimeout(backchannel.lifetime);
    backchannel.endsAt = Date.now() + ms;
    backchannel.lifetime = setTimeout(() => {
      if (this.backchannel !== backchannel) return;
      if (backchannel.mode === 'poll') {
        // An idle poll ends with a noop (flush ends a poll after writing).
        this.enqueue(['noop']);
        this.flush();
      } else {
        this.detachBackchannel(true);
      }
    }, ms);
  }

  /** Ends the session: the engine stream is told, the backchannel is ended. */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.detachBackchannel(true);
    this.pending.length = 0;
    const handler = this.handler;
    this.handler = undefined;
    this.streamEnded = true;
    if (handler) {
      try {
        handler.onClose();
      } catch {
        // The engine's cleanup failing must not keep the session alive.
      }
    }
    this.onClosed(this);
  }

  private armKeepalive(backchannel: Backchannel): void {
    clearTimeout(backchannel.timer);
    backchannel.timer = setTimeout(() => {
      if (this.backchannel !== backchannel) return;
      this.keepalivesSent += 1;
      this.enqueue(['noop']);
      this.flush();
      if (this.backchannel === backchannel) this.armKeepalive(backchannel);
    }, this.timings.keepaliveMs);
  }

  private detachBackchannel(end: boolean): void {
    const backchannel = this.backchannel;
    if (!backchannel) return;
    this.backchannel = undefined;
    clearTimeout(backchannel.timer);
    clearTimeout(backchannel.lifetime);
    this.lastBackchannelSeen = Date.now();
    if (end && !backchannel.res.writableEnded) backchannel.res.end();
  }

  private enqueue(payload: Json[]): void {
    if (this.closed) return;
    const id = this.nextArrayId;
    this.nextArrayId += 1;
    this.pending.push({ id, json: `[${id},[${payload.map(jsonOf).join(',')}]]` });
    if (this.backchannel && !this.flushScheduled) {
      this.flushScheduled = true;
      // Batch the messages the engine emits in one turn (e.g. a whole snapshot) into one chunk.
      setImmediate(() => {
        this.flushScheduled = false;
        this.flush();
      });
    }
  }

  private flush(): void {
    const backchannel = this.backchannel;
    if (!backchannel || backchannel.res.writableEnded) return;
    // Pending arrays are in id order: only the tail above what this response has carried is new.
    let from = this.pending.length;
    while (from > 0 && this.pending[from - 1].id > backchannel.writtenUpTo) from -= 1;
    const arrays = this.pending.slice(from);
    if (arrays.length === 0) return;
    const chunk = frame(`[${arrays.map((array) => array.json).join(',')}]`);
    backchannel.res.write(chunk);
    backchannel.writtenUpTo = arrays[arrays.length - 1].id;
    backchannel.chars += chunk.length;
    if (backchannel.mode === 'poll' || backchannel.chars >= this.timings.maxBackchannelChars) {
      this.detachBackchannel(true);
    } else {
      this.armKeepalive(backchannel);
    }
  }

  private failStream(error: RpcError): void {
    const handler = this.handler;
    this.handler = undefined;
    this.endStream(error);
    try {
      handler?.onClose();
    } catch {
      // Already failing; the client sees the first error.
    }
  }

  private endStream(error?: RpcError): void {
    if (this.streamEnded) return;
    this.streamEnded = true;
    this.enqueue(error ? [{ error: rpcErrorJson(error) }] : ['close']);
  }
}

function asRpcError(error: unknown): RpcError {
  if (error instanceof RpcError) return error;
  return new RpcError(Code.INTERNAL, error instanceof Error ? error.message : String(error));
}
