/** WebChannel transport: the browser SDK's Listen and Write streams over HTTP/1.1 (streaming or long-polling). */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { HttpTransport } from '../http-handler.js';
import type { BidiStreamMethod, FirestoreService } from '../../service.js';
import { BodyTooLargeError, answerPreflight, applyCors, readBody } from '../http/cors.js';
import { SessionRegistry } from './registry.js';
import {
  attachBackchannel,
  badRequest,
  forward,
  openSession,
  unknownSid,
  type Channel,
} from './requests.js';
import type { SessionTimings } from './session.js';

export { parseForwardBody, parseInitHeaders } from './requests.js';

const CHANNEL_PATH = /^\/google\.firestore\.v1\.Firestore\/(Listen|Write)\/channel$/;

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

/** A POST: the handshake when it names no session, else the forward channel of its session. */
async function handlePost(
  channel: Channel,
  method: BidiStreamMethod,
  url: URL,
  req: IncomingMessage,
  res: ServerResponse,
  isClosed: () => boolean,
): Promise<void> {
  const rawBody = await readBody(req);
  if (isClosed()) {
    res.destroy();
    return;
  }
  // A `$req` URL parameter carries the body on the handshake of some client modes.
  const form = new URLSearchParams(url.searchParams.get('$req') ?? rawBody);
  const sid = url.searchParams.get('SID');
  if (sid === null || sid === 'null') {
    openSession(channel, method, url, form, res);
    return;
  }
  const session = channel.sessions.get(sid);
  if (!session) {
    unknownSid(res);
    return;
  }
  forward(session, url, form, res);
}

/** Answers a failed POST: 413 for an oversized body, 400 otherwise (or a reset once started). */
function postFailed(res: ServerResponse, error: unknown): void {
  if (res.headersSent) res.destroy();
  else if (error instanceof BodyTooLargeError) {
    res.writeHead(413, { 'Content-Type': 'text/plain; charset=utf-8' });
    res.end(error.message);
  } else badRequest(res, 'Unreadable request.');
}

/** Creates the WebChannel transport; options shorten its timers in tests. */
export function createWebChannelTransport(
  service: FirestoreService,
  options: WebChannelOptions = {},
): WebChannelTransport {
  const timings: SessionTimings = { ...DEFAULTS, ...options };
  const sessions = new SessionRegistry(timings);
  const channel: Channel = { service, timings, sessions };
  const openResponses = new Set<ServerResponse>();
  let closed = false;

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
    openResponses.add(res);
    res.on('close', () => openResponses.delete(res));
    const method = match[1] as BidiStreamMethod;
    if (url.searchParams.get('TYPE') === 'terminate') {
      sessions.get(url.searchParams.get('SID'))?.close();
      req.resume();
      res.writeHead(200, { 'Content-Type': 'text/plain; charset=utf-8' });
      res.end();
    } else if (req.method === 'POST') {
      handlePost(channel, method, url, req, res, () => closed).catch((error: unknown) =>
        postFailed(res, error),
      );
    } else if (req.method === 'GET') {
      attachBackchannel(channel, url, req, res);
    } else {
      res.writeHead(405, { Allow: 'GET, POST, OPTIONS' });
      res.end();
    }
    return true;
  };

  return {
    handle,
    close() {
      closed = true;
      sessions.closeAll();
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
        sweeping: sessions.sweeping,
        unacknowledged,
        keepalives,
      };
    },
  };
}
