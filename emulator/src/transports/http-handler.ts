/** How the HTTP/1.1 side of the emulator's one port hands requests to a transport. */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FirestoreService } from '../service.js';

export interface HttpTransport {
  /** Returns false when the request is not this transport's, so the server tries the next one. */
  handle(req: IncomingMessage, res: ServerResponse): boolean;
  /** Drops sessions, timers and open responses (on emulator stop). */
  close(): void;
}

export type HttpTransportFactory = (service: FirestoreService) => HttpTransport;
