/**
 * The three WebChannel requests: the handshake POST that opens a session, the forward-channel POST
 * that carries the client's messages, and the backchannel GET that streams or long-polls the
 * server's.
 */
import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { appCheckTokenFrom, callerFromAuthorization } from '../auth.js';
import type { BidiStreamMethod, FirestoreService } from '../../service.js';
import type { SessionRegistry } from './registry.js';
import { Session, type SessionTimings } from './session.js';
import { frame } from './wire.js';

const DATABASE = /^projects\/([^/]+)\/databases\/([^/]+)$/;

const NO_CACHE = {
  'Content-Type': 'text/plain; charset=utf-8',
  'X-Content-Type-Options': 'nosniff',
  'Cache-Control': 'no-cache, no-store, max-age=0, must-revalidate',
};

/** What the requests of one transport share. */
export interface Channel {
  service: FirestoreService;
  timings: SessionTimings;
  sessions: SessionRegistry;
}

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

export function unknownSid(res: ServerResponse): void {
  res.writeHead(400, { 'Content-Type': 'text/html; charset=utf-8' });
  // The client looks for the text after index 0.
  res.end('<html><body>Unknown SID</body></html>');
}

export function badRequest(res: ServerResponse, message: string): void {
  res.writeHead(400, { 'Content-Type': 'text/plain; charset=utf-8' });
  res.end(message);
}

/** The handshake: opens a session for `method`, takes its first messages, answers `["c", sid…]`. */
export function openSession(
  channel: Channel,
  method: BidiStreamMethod,
  url: URL,
  form: URLSearchParams,
  res: ServerResponse,
): void {
  const database = DATABASE.exec(url.searchParams.get('database') ?? '');
  if (!database) {
    badRequest(res, 'Missing or malformed database parameter.');
    return;
  }
  const headers = parseInitHeaders(form.get('headers'));
  const context = {
    projectId: decodeURIComponent(database[1]),
    databaseId: decodeURIComponent(database[2]),
    caller: callerFromAuthorization(headers.get('authorization')),
    appCheckToken: appCheckTokenFrom(headers.get('x-firebase-appcheck')),
  };
  const { timings, sessions } = channel;
  const sid = newSid();
  const session = new Session(sid, method, context, timings, sessions.remove);
  sessions.add(session);
  session.open(channel.service);
  const { offset, messages } = parseForwardBody(form);
  session.receive(offset, messages);
  const handshake = JSON.stringify([0, ['c', sid, '', 8, 14, timings.backchannelTimeoutMs]]);
  const body = `[${[handshake, ...session.takeHandshakeArrays()].join(',')}]`;
  const responseHeaders: Record<string, string> = { ...NO_CACHE };
  if (url.searchParams.get('X-HTTP-Session-Id')) responseHeaders['X-HTTP-Session-Id'] = newSid();
  res.writeHead(200, responseHeaders);
  res.end(frame(body));
}

/** A forward-channel POST: the client's messages and acknowledgement; answers the session state. */
export function forward(
  session: Session,
  url: URL,
  form: URLSearchParams,
  res: ServerResponse,
): void {
  session.acknowledge(Number(url.searchParams.get('AID') ?? NaN));
  const { offset, messages } = parseForwardBody(form);
  session.receive(offset, messages);
  const present =
    session.hasBackchannel || Date.now() - session.lastBackchannelSeen < 5_000 ? 1 : 0;
  res.writeHead(200, NO_CACHE);
  res.end(frame(JSON.stringify([present, session.lastArrayId, 0])));
}

/**
 * A backchannel GET: streams (or, with `CI=1`, long-polls) the session's messages. A client with
 * many sessions open at once (a crowd of tabs) gets them back sooner, so the browser's few
 * connections per host are not all held.
 */
export function attachBackchannel(
  channel: Channel,
  url: URL,
  req: IncomingMessage,
  res: ServerResponse,
): void {
  const { timings, sessions } = channel;
  const session = sessions.get(url.searchParams.get('SID') ?? '');
  if (!session) {
    unknownSid(res);
    return;
  }
  session.acknowledge(Number(url.searchParams.get('AID') ?? NaN));
  const mode = url.searchParams.get('CI') === '1' ? 'poll' : 'stream';
  const to = Number(url.searchParams.get('TO'));
  const clientKey = `${req.socket.remoteAddress ?? ''} ${req.headers['user-agent'] ?? ''}`;
  const others = sessions.backchannelsOf(clientKey, session);
  const crowded = others.length + 1 >= timings.crowdThreshold;
  let holdMs = mode === 'poll' ? timings.longPollHoldMs : timings.maxStreamHoldMs;
  if (mode === 'poll' && Number.isFinite(to) && to > 0) holdMs = Math.min(holdMs, to);
  if (crowded) {
    holdMs = Math.min(holdMs, timings.crowdedHoldMs);
    for (const other of others) other.limitHold(timings.crowdedHoldMs);
  }
  session.attachBackchannel(res, mode, holdMs, clientKey);
}
