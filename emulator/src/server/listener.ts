/** One TCP port for both protocols: HTTP/2 (gRPC) and HTTP/1.1, told apart by the first bytes. */
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import http2, { type IncomingHttpHeaders, type ServerHttp2Stream } from 'node:http2';
import net from 'node:net';
import { connectThroughGate } from '../transports/grpc/trailer-gate.js';

export interface ListenerHandlers {
  http1(req: IncomingMessage, res: ServerResponse): void;
  grpc(stream: ServerHttp2Stream, headers: IncomingHttpHeaders): void;
}

export interface Listener {
  port: number;
  /** Open connections and gRPC streams (for the stats endpoint). */
  connections(): number;
  grpcStreams(): number;
  /** Stops accepting, destroys the open connections and resolves once the server has closed. */
  close(): Promise<void>;
}

function createHttp2(handlers: ListenerHandlers, streams: { count: number }): http2.Http2Server {
  const h2 = http2.createServer({
    settings: { maxConcurrentStreams: 1000 },
    // Many Listen streams with large results share one session; the 10 MB default is too tight.
    maxSessionMemory: 512,
  });
  h2.on('stream', (stream, headers) => {
    streams.count += 1;
    stream.once('close', () => (streams.count -= 1));
    handlers.grpc(stream, headers);
  });
  h2.on('sessionError', () => {});
  return h2;
}

/** Hands each connection to HTTP/2 when it starts with the preface (`PRI`), else to HTTP/1.1. */
function sniff(socket: net.Socket, h1: http.Server, h2: http2.Http2Server): void {
  let head: Buffer = Buffer.alloc(0);
  const onData = (data: Buffer) => {
    head = head.length ? Buffer.concat([head, data]) : data;
    // Decide once three bytes are in (or they already differ from the HTTP/2 preface).
    if (head.length < 3 && Buffer.from('PRI').subarray(0, head.length).equals(head)) return;
    socket.off('data', onData);
    const chunk = head;
    socket.pause();
    socket.unshift(chunk);
    // http2 reads bytes already buffered on the socket itself; http1 needs the stream flowing.
    if (chunk.subarray(0, 3).toString('latin1') === 'PRI') connectThroughGate(h2, socket);
    else {
      h1.emit('connection', socket);
      socket.resume();
    }
  };
  socket.on('data', onData);
}

/** Listens on `host:port`; rejects with a clear message when the port is taken. */
export async function listen(
  host: string,
  port: number,
  handlers: ListenerHandlers,
  log: (line: string) => void,
): Promise<Listener> {
  const sockets = new Set<net.Socket>();
  const streams = { count: 0 };
  const h1 = http.createServer(handlers.http1);
  h1.keepAliveTimeout = 60_000;
  const h2 = createHttp2(handlers, streams);
  // Without noDelay a response's last small write waits for the client's delayed ACK (40 ms on
  // Linux) whenever an earlier one is unacknowledged: http.createServer turns Nagle off, but these
  // sockets come from net.createServer before either HTTP server gets them.
  const server = net.createServer({ noDelay: true }, (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => {});
    sniff(socket, h1, h2);
  });
  await new Promise<void>((resolve, reject) => {
    const onError = (e: NodeJS.ErrnoException) => {
      server.off('listening', onListening);
      reject(e.code === 'EADDRINUSE' ? new Error(`Port ${port} on ${host} is already in use.`) : e);
    };
    const onListening = () => {
      server.off('error', onError);
      resolve();
    };
    server.once('error', onError);
    server.once('listening', onListening);
    server.listen(port, host);
  });
  server.on('error', (e) => log(`Server error: ${e.message}`));
  return {
    port: (server.address() as net.AddressInfo).port,
    connections: () => sockets.size,
    grpcStreams: () => streams.count,
    close() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const s of sockets) s.destroy();
      return closed;
    },
  };
}
