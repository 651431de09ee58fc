/** WebChannel transport: the browser SDK's Listen and Write streams over HTTP/1.1 (streaming or long-polling). */
import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { HttpTransport } from '../http-handler.js';
import { callerFromAuthorization } from '../auth.js';
import type { BidiStreamMethod, FirestoreService } from '../../service.js';
import { BodyTooLargeError, answerPreflight, applyCors, readBody } from '../http/cors.js';
import { Session, type SessionTimings } from './session.js';
import { frame } from './wire.js';

const CHANNEL_PATH = /^\/google\.firestore\.v1\.Firestore\/(Listen|Write)\/channel$/;
const DATABASE = /^projects\/([^/]+)\/databases\/([^/]+)$/;

export type WebChannelOptions = Partial<SessionTimings>;

/** The transport, with counts that show whether anything is left behind. */
export interface WebChannelTransport extends HttpTransport {
  /** Open sessions and responses, unacknowledged arrays and keepalives sent by open sessions. */
  stats(): {
    sessions: number;
    openResponses: number;
    sweeping: boolean;
    unacknowledged: number;
    keepalives: number;
  };
}

const DEFAULTS: SessionTimings = {
  backchannelTimeoutMs: 30_000,
  keepaliveMs: 15_000,
  longPollHoldMs: 15_000,
  crowdThreshold: 5,
  crowdedHoldMs: 300,
  sessionIdleMs: 60_000,
  maxBackchannelChars: 1_000_000,
  maxStreamHoldMs: 30_000,
};

/** Parses the `headers=` field of a create-session POST: `K:V\r\n` lines. */
export function parseInitHeaders(encoded: string | null): Map<string, string> {
  const headers = new Map<string, string>();
  if (!encoded) return headers;
  for (const line of encoded.split(/\r\n|\n/)) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return headers;
}

/** The messages of a forward-channel body: `count=N&ofs=K&req0___data__=…`. */
export function parseForwardBody(form: URLSearchParams): { offset: number; messages: string[] } {
  // The client sends at most 1,000 messages per POST; a bogus count must not spin the loop.
  const count = Math.min(Number(form.get('count') ?? '0') || 0, 1000);
  const offset = Number(form.get('ofs') ?? '0');
  const messages: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const data = form.get(`req${i}___data__`);
    // Indexes must stay contiguous (`ofs + i`), so a gap ends the list.
    if (data === null) break;
    messages.push(data);
  }
  return { offset: Number.isFinite(offset) ? offset : 0, messages };
}

function newSid(): string {
  return randomBytes(12).toString('base64url');
}

/** Creates the WebChannel transport; options shorten its timers in tests. */
export function createWebChannelTransport(
  service: FirestoreService,
  options: WebChannelOptions = {},
): WebChannelTransport {
  const timings: SessionTimings = { ...DEFAULTS, ...options };
  const sessions = new Map<string, Session>();
  const openResponses = new Set<ServerResponse>();
  let sweeper: NodeJS.Timeout | undefined;
  let closed = false;

  const onSessionClosed = (session: Session): void => {
    sessions.delete(session.sid);
    if (sessions.size === 0 && sweeper) {
      clearInterval(sweeper);
      sweeper = undefined;
    }
  };

  const sweep = (): void => {
    const now = Date.now();
    for (const session of [...sessions.values()]) {
      if (!session.hasBackchannel && now - session.lastActivity > timings.sessionIdleMs) {
        session.close();
      }
    }
  };

  const ensureSweeper = (): void => {
    if (sweeper) return;
    const every = Math.max(10, Math.min(5_000, Math.floor(timings.sessionIdleMs / 4)));
    sweeper = setInterval(sweep, every);
    sweeper.unref();
  };

  const track = (res: ServerResponse): void => {
    openResponses.add(res);
    res.on('close', () => openResponses.delete(res));
  };

  const unknownSid = (res: ServerResponse): void => {
    res.writeHead(400, { 'Content-Type': 'text/html; charset=utf-8' });
    // The client looks for the text after index 0.
    res.end('<html><body>Unknown SID</body></html>');
  };

  const badRequest = (res: ServerResponse, message: string): void => {
    res.writeHead(400, { 'Content-Type': 'text/plain; charset=utf-8' });
    res.end(message);
  };

  const createSession = (
    method: BidiStreamMethod,
    url: URL,
    form: URLSearchParams,
    res: ServerResponse,
  ): void => {
    const database = DATABASE.exec(url.searchParams.get('database') ?? '');
    if (!database) {
      badRequest(res, 'Missing or malformed database parameter.');
      return;
    }
    const headers = parseInitHeaders(form.get('headers'));
    const caller = callerFromAuthorization(headers.get('authorization'));
    const sid = newSid();
    const session = new Session(
      sid,
      method,
      {
        projectId: decodeURIComponent(database[1]),
        databaseId: decodeURIComponent(database[2]),
        caller,
      },
      timings,
      onSessionClosed,
    );
    sessions.set(sid, session);
    ensureSweeper();
    session.open(service);
    const { offset, messages } = parseForwardBody(form);
    session.receive(offset, messages);
    const handshake = JSON.stringify([0, ['c', sid, '', 8, 14, timings.backchannelTimeoutMs]]);
    const body = `[${[handshake, ...session.takeHandshakeArrays()].join(',')}]`;
    const responseHeaders: Record<string, string> = {
      'Content-Type': 'text/plain; charset=utf-8',
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': 'no-cache, no-store, max-age=0, must-revalidate',
    };
    const gsessionParam = url.searchParams.get('X-HTTP-Session-Id');
    if (gsessionParam) responseHeaders['X-HTTP-Session-Id'] = newSid();
    res.writeHead(200, responseHeaders);
    res.end(frame(body));
  };

  const forward = (
    session: Session,
    url: URL,
    form: URLSearchParams,
    res: ServerResponse,
  ): void => {
    session.acknowledge(Number(url.searchParams.get('AID') ?? NaN));
    const { offset, messages } = parseForwardBody(form);
    session.receive(offset, messages);
    const present =
      session.hasBackchannel || Date.now() - session.lastBackchannelSeen < 5_000 ? 1 : 0;
    res.writeHead(200, {
      'Content-Type': 'text/plain; charset=utf-8',
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': 'no-cache, no-store, max-age=0, must-revalidate',
    });
    res.end(frame(JSON.stringify([present, session.lastArrayId, 0])));
  };

  const handlePost = async (
    method: BidiStreamMethod,
    url: URL,
    req: IncomingMessage,
    res: ServerResponse,
  ): Promise<void> => {
    const rawBody = await readBody(req);
    if (closed) {
      res.destroy();
      return;
    }
    // A `$req` URL parameter carries the body on the handshake of some client modes.
    const form = new URLSearchParams(url.searchParams.get('$req') ?? rawBody);
    const sid = url.searchParams.get('SID');
    if (sid === null || sid === 'null') {
      createSession(method, url, form, res);
      return;
    }
    const session = sessions.get(sid);
    if (!session) {
      unknownSid(res);
      return;
    }
    forward(session, url, form, res);
  };

  const handleGet = (url: URL, req: IncomingMessage, res: ServerResponse): void => {
    const session = sessions.get(url.searchParams.get('SID') ?? '');
    if (!session) {
      unknownSid(res);
      return;
    }
    session.acknowledge(Number(url.searchParams.get('AID') ?? NaN));
    const mode = url.searchParams.get('CI') === '1' ? 'poll' : 'stream';
    const to = Number(url.searchParams.get('TO'));
    const clientKey = `${req.socket.remoteAddress ?? ''} ${req.headers['user-agent'] ?? ''}`;
    const others = [...sessions.values()].filter(
      (other) => other !== session && other.hasBackchannel && other.clientKey === clientKey,
    );
    const crowded = others.length + 1 >= timings.crowdThreshold;
    let holdMs = mode === 'poll' ? timings.longPollHoldMs : timings.maxStreamHoldMs;
    if (mode === 'poll' && Number.isFinite(to) && to > 0) holdMs = Math.min(holdMs, to);
    if (crowded) {
      holdMs = Math.min(holdMs, timings.crowdedHoldMs);
      for (const other of others) other.limitHold(timings.crowdedHoldMs);
    }
    session.attachBackchannel(res, mode, holdMs, clientKey);
  };

  const handle = (req: IncomingMessage, res: ServerResponse): boolean => {
    const url = new URL(req.url ?? '/', 'http://emulator');
    const match = CHANNEL_PATH.exec(url.pathname);
    if (!match) return false;
    if (answerPreflight(req, res)) return true;
    applyCors(req, res);
    if (closed) {
      res.writeHead(503);
      res.end();
      return true;
    }
    track(res);
    const method = match[1] as BidiStreamMethod;
    if (url.searchParams.get('TYPE') === 'terminate') {
      sessions.get(url.searchParams.get('SID') ?? '')?.close();
      req.resume();
      res.writeHead(200, { 'Content-Type': 'text/plain; charset=utf-8' });
      res.end();
      return true;
    }
    if (req.method === 'POST') {
      handlePost(method, url, req, res).catch((error: unknown) => {
        if (res.headersSent) res.destroy();
        else if (error instanceof BodyTooLargeError) {
          res.writeHead(413, { 'Content-Type': 'text/plain; charset=utf-8' });
          res.end(error.message);
        } else badRequest(res, 'Unreadable request.');
      });
      return true;
    }
    if (req.method === 'GET') {
      handleGet(url, req, res);
      return true;
    }
    res.writeHead(405, { Allow: 'GET, POST, OPTIONS' });
    res.end();
    return true;
  };

  return {
    handle,
    close() {
      closed = true;
      for (const session of [...sessions.values()]) session.close();
      sessions.clear();
      if (sweeper) clearInterval(sweeper);
      sweeper = undefined;
      for (const res of openResponses) if (!res.writableEnded) res.end();
      openResponses.clear();
    },
    stats() {
      let unacknowledged = 0;
      let keepalives = 0;
      for (const session of sessions.values()) {
        unacknowledged += session.unacknowledged;
        keepalives += session.keepalivesSent;
      }
      return {
        sessions: sessions.size,
        openResponses: openResponses.size,
        sweeping: sweeper !== undefined,
        unacknowledged,
        keepalives,
      };
    },
  };
}
