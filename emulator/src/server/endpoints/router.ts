/**
 * The built-in endpoints (`GET /`, `/emulator/v1/...`) as a registry: each is a small module with a
 * method, a path pattern and a handler; the router matches, decodes the path and answers errors.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { decodePercent } from '../../model/paths.js';
import { readBody } from '../../transports/http/cors.js';
import { sendJson } from '../../transports/http/json.js';

/** What the built-in endpoints answer to any origin (rules-unit-testing calls them from browsers). */
export const CORS_HEADERS = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET, POST, PUT, PATCH, DELETE, OPTIONS',
  'access-control-allow-headers': '*',
  'access-control-max-age': '3600',
};

/** The built-in endpoints' bodies (rules files) are small: 16 MiB at most. */
const BODY_LIMIT = 16 * 1024 * 1024;

/** An error a handler answers with: an HTTP status, the Google status name and a message. */
export class EndpointError extends Error {
  constructor(
    readonly status: number,
    readonly statusName: string,
    message: string,
  ) {
    super(message);
  }
}

/** One matched request: `params` are the path pattern's groups, percent-decoded. */
export interface EndpointRequest {
  req: IncomingMessage;
  res: ServerResponse;
  url: URL;
  params: string[];
}

export interface BuiltinEndpoint {
  method: string;
  /** The whole path, with a capture group per parameter. */
  path: RegExp;
  /** Answers the request; a rejection is answered as 400 INVALID_ARGUMENT (or its EndpointError). */
  handle(request: EndpointRequest): void | Promise<void>;
}

/** Answers JSON with the built-in endpoints' CORS headers. */
export function sendEndpointJson(res: ServerResponse, status: number, body: unknown): void {
  sendJson(res, status, body, CORS_HEADERS);
}

/** Answers a Google JSON error. */
export function sendEndpointError(res: ServerResponse, error: EndpointError): void {
  sendEndpointJson(res, error.status, {
    error: { code: error.status, message: error.message, status: error.statusName },
  });
}

/** The request body as JSON; an EndpointError when it is not JSON. */
export async function readJsonBody(req: IncomingMessage): Promise<unknown> {
  const body = await readBody(req, BODY_LIMIT);
  try {
    return JSON.parse(body) as unknown;
  } catch {
    throw new EndpointError(400, 'INVALID_ARGUMENT', 'Request body is not valid JSON.');
  }
}

const invalidArgument = (message: string) => new EndpointError(400, 'INVALID_ARGUMENT', message);

/** A handler for HTTP/1.1 requests that answers the endpoints' requests (false for the others). */
export function createEndpointRouter(
  endpoints: BuiltinEndpoint[],
): (req: IncomingMessage, res: ServerResponse) => boolean {
  return (req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    for (const endpoint of endpoints) {
      if (req.method !== endpoint.method) continue;
      const match = endpoint.path.exec(url.pathname);
      if (!match) continue;
      const params = match.slice(1).map((p) => decodePercent(p));
      if (params.some((p) => p === undefined)) {
        sendEndpointError(res, invalidArgument('Invalid percent-encoding in the path.'));
        return true;
      }
      Promise.resolve()
        .then(() => endpoint.handle({ req, res, url, params: params as string[] }))
        .catch((e: Error) => {
          if (res.headersSent) res.destroy();
          else sendEndpointError(res, e instanceof EndpointError ? e : invalidArgument(e.message));
        });
      return true;
    }
    return false;
  };
}
