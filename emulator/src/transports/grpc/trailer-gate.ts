/**
 * Sends a gRPC call's trailers in the same socket write as its last message, as Cloud Firestore's
 * frontends do. node:http2 cannot by itself: with trailers pending, the writable side shuts down
 * only after the last DATA frame was written, and `sendTrailers` defers to `setImmediate`, so the
 * trailers always leave in a later write, and a client reads the call's status a turn after its
 * last message (clients' tracing then closes a call's span before its "Completed" event).
 *
 * The gate is the stream an HTTP/2 session writes to instead of the TCP socket. It passes bytes
 * straight through, except while a call is ending: from `holdUntilEnd` on, it keeps what the
 * session writes until that call's trailers (a HEADERS frame with END_STREAM, or an RST_STREAM)
 * have passed, and then writes everything at once. It reads only the 9-byte frame headers.
 */
import type { Http2Server, Http2Session, ServerHttp2Stream } from 'node:http2';
import type net from 'node:net';
import { Duplex } from 'node:stream';

const FRAME_HEADER = 9;
const HEADERS = 1;
const RST_STREAM = 3;
const END_STREAM = 1;
/**
 * The gate never holds more than this: a last write this large is flow-controlled (the client must
 * read part of it before the rest, and the trailers, may be sent), so it passes at once.
 */
const MAX_HELD_BYTES = 16 * 1024;
/** Nor longer than this (the connection's window may be spent by other streams). */
const MAX_HOLD_MS = 100;

export class TrailerGate extends Duplex {
  /** Streams whose end the gate waits for before writing what it holds. */
  private readonly ending = new Set<number>();
  private held: Buffer[] = [];
  private heldBytes = 0;
  private holdTimer: NodeJS.Timeout | undefined;
  /** Frame-header parsing across writes: the header bytes seen so far, and payload left to skip. */
  private readonly header = Buffer.alloc(FRAME_HEADER);
  private headerFill = 0;
  private skip = 0;

  constructor(private readonly socket: net.Socket) {
    super();
    socket.on('data', (chunk: Buffer) => {
      if (!this.push(chunk)) socket.pause();
    });
    socket.on('end', () => this.push(null));
    socket.on('close', () => this.destroy());
    socket.on('error', (e) => this.destroy(e));
  }

  /** Holds the output from now until `stream`'s trailers have been written (or it closed). */
  holdUntilEnd(stream: ServerHttp2Stream): void {
    const id = stream.id;
    if (id === undefined || this.ending.has(id)) return;
    this.ending.add(id);
    if (!this.holdTimer) {
      this.holdTimer = setTimeout(() => this.release(), MAX_HOLD_MS);
      this.holdTimer.unref();
    }
    // A call reset before its trailers: write what is held once the reset has gone out.
    stream.once('close', () => setImmediate(() => this.ended(id)));
  }

  override _read(): void {
    this.socket.resume();
  }

  override _write(
    chunk: Buffer,
    _encoding: BufferEncoding,
    done: (e?: Error | null) => void,
  ): void {
    this.pass([chunk], done);
  }

  override _writev(chunks: { chunk: Buffer }[], done: (e?: Error | null) => void): void {
    this.pass(
      chunks.map((c) => c.chunk),
      done,
    );
  }

  override _final(done: (e?: Error | null) => void): void {
    this.release();
    this.socket.end(done);
  }

  override _destroy(err: Error | null, done: (e?: Error | null) => void): void {
    this.ending.clear();
    this.stopTimer();
    this.held = [];
    this.socket.destroy();
    done(err);
  }

  private pass(chunks: Buffer[], done: (e?: Error | null) => void): void {
    const endedNow: number[] = [];
    for (const chunk of chunks) this.scan(chunk, endedNow);
    if (this.ending.size === 0) {
      this.writeOut(chunks, done);
      return;
    }
    this.held.push(...chunks);
    for (const chunk of chunks) this.heldBytes += chunk.length;
    done();
    if (this.heldBytes > MAX_HELD_BYTES) this.release();
    else for (const id of endedNow) this.ended(id);
  }

  private ended(id: number): void {
    if (this.ending.delete(id) && this.ending.size === 0) this.release();
  }

  /** Stops holding (every ending call) and writes what is held. */
  private release(): void {
    this.ending.clear();
    this.stopTimer();
    this.flush();
  }

  private stopTimer(): void {
    if (this.holdTimer) clearTimeout(this.holdTimer);
    this.holdTimer = undefined;
  }

  private flush(): void {
    if (this.held.length === 0) return;
    const held = this.held;
    this.held = [];
    this.heldBytes = 0;
    this.writeOut(held, () => {});
  }

  /** One socket write for all of `chunks`. */
  private writeOut(chunks: Buffer[], done: (e?: Error | null) => void): void {
    if (this.socket.destroyed) {
      done();
      return;
    }
    this.socket.write(chunks.length === 1 ? chunks[0] : Buffer.concat(chunks), (e) => done(e));
  }

  /** Follows the frame headers in `chunk`; notes the streams whose last frame it holds. */
  private scan(chunk: Buffer, endedNow: number[]): void {
    let at = 0;
    while (at < chunk.length) {
      if (this.skip > 0) {
        const n = Math.min(this.skip, chunk.length - at);
        this.skip -= n;
        at += n;
        continue;
      }
      const n = Math.min(FRAME_HEADER - this.headerFill, chunk.length - at);
      chunk.copy(this.header, this.headerFill, at, at + n);
      this.headerFill += n;
      at += n;
      if (this.headerFill < FRAME_HEADER) return;
      this.headerFill = 0;
      this.skip = this.header.readUIntBE(0, 3);
      const type = this.header[3];
      const id = this.header.readUInt32BE(5) & 0x7fffffff;
      const last = (type === HEADERS && (this.header[4] & END_STREAM) !== 0) || type === RST_STREAM;
      if (last && this.ending.has(id)) endedNow.push(id);
    }
  }
}

const gates = new WeakMap<Http2Session, TrailerGate>();

/** Hands `socket` to the HTTP/2 server through a gate, so calls can end in one write. */
export function connectThroughGate(h2: Http2Server, socket: net.Socket): void {
  const gate = new TrailerGate(socket);
  const onSession = (session: Http2Session) => gates.set(session, gate);
  h2.once('session', onSession);
  h2.emit('connection', gate);
  h2.off('session', onSession);
}

/** Makes `stream`'s trailers leave in the same write as its last message (when gated). */
export function endTogether(stream: ServerHttp2Stream): void {
  const session = stream.session;
  if (session) gates.get(session)?.holdUntilEnd(stream);
}
