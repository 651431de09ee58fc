/** The emulator's one JSON responder: REST, the console and the built-in endpoints answer with it. */
import type { OutgoingHttpHeaders, ServerResponse } from 'node:http';

/** Sends `body` as JSON with `status`; `headers` add to (or override) the JSON ones. */
export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: OutgoingHttpHeaders = {},
): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
    ...headers,
  });
  res.end(text);
}
