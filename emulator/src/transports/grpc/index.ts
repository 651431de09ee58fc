/** gRPC over node:http2: length-prefixed protobuf framing, trailers, and dispatch to the FirestoreService. */
import { constants, type IncomingHttpHeaders, type ServerHttp2Stream } from 'node:http2';
import { gunzipSync } from 'node:zlib';
import { appCheckTokenFrom, callerFromAuthorization } from '../auth.js';
import { decodePercent } from '../../model/paths.js';
import { methodCodecs, type MethodCodec } from './proto.js';
import { endTogether } from './trailer-gate.js';
import {
  Code,
  RpcError,
  type BidiStreamMethod,
  type CallContext,
  type FirestoreService,
  type JsonObject,
  type ServerStreamMethod,
  type StreamHandler,
  type UnaryMethod,
} from '../../service.js';

const PREFIX = '/google.firestore.v1.Firestore/';
/** Firestore's API request size limit. */
const MAX_REQUEST = 10 * 1024 * 1024;

/**
 * A message over the limit, as Cloud Firestore answers one (over gRPC and REST alike):
 * INVALID_ARGUMENT. Not RESOURCE_EXHAUSTED (what a plain gRPC server, and the official emulator's
 * grpc-java, answer past their maximum message size): the client libraries retry that code, so an
 * oversized commit from firebase-admin would retry for a minute instead of failing.
 */
function tooLarge(): RpcError {
  return new RpcError(
    Code.INVALID_ARGUMENT,
    `Request payload size exceeds the limit: ${MAX_REQUEST} bytes.`,
  );
}

/**
 * After the status of a call refused for what the client sent (an oversized or broken message): a
 * client still sending (it has not half-closed) is told to stop with RST_STREAM NO_ERROR, as
 * grpc-go's server does after its trailers (RFC 9113 8.1 allows it after a complete response).
 * Otherwise the rest of a refused 11 MiB message is still uploaded, and the call ends (for a
 * client that waits for the stream to close) only once all of it was sent for nothing. Calls the
 * service ends (a Write stream's PERMISSION_DENIED, say) keep their stream as before: reset after
 * their trailers, the JS SDK's Write stream stalled (test/grpc-errors-rules.test.ts).
 */
function stopClientSending(stream: ServerHttp2Stream): void {
  if (stream.destroyed || stream.closed || stream.readableEnded) return;
  if (stream.state.remoteClose) return;
  stream.close(constants.NGHTTP2_NO_ERROR);
}

function encodeGrpcMessage(msg: string): string {
  return msg.replace(/[^\x20-\x24\x26-\x7e]/gu, (c) =>
    [...Buffer.from(c, 'utf8')]
      .map((b) => '%' + b.toString(16).toUpperCase().padStart(2, '0'))
      .join(''),
  );
}

function frame(payload: Uint8Array): Buffer {
  const out = Buffer.allocUnsafe(5 + payload.length);
  out[0] = 0;
  out.writeUInt32BE(payload.length, 1);
  out.set(payload, 5);
  return out;
}

/** Framed messages by their encoded bytes: a message a commit sends to many streams is framed once. */
const framed = new WeakMap<Uint8Array, Buffer>();
function framedOnce(payload: Uint8Array): Buffer {
  let out = framed.get(payload);
  if (!out) {
    out = frame(payload);
    framed.set(payload, out);
  }
  return out;
}

/**
 * The last batch joined into one write, and its parts: streams flushed one after another with the
 * same messages (a commit's change to many listeners of the same query) share one buffer.
 */
let lastJoined: { parts: Buffer[]; data: Buffer } | undefined;
function joined(parts: Buffer[]): Buffer {
  if (parts.length === 1) return parts[0];
  const last = lastJoined;
  if (last && last.parts.length === parts.length && last.parts.every((p, i) => p === parts[i])) {
    return last.data;
  }
  const data = Buffer.concat(parts);
  lastJoined = { parts, data };
  return data;
}

/** Splits a byte stream into gRPC messages. */
class Deframer {
  private buf: Buffer = Buffer.alloc(0);
  constructor(
    private readonly compressed: boolean,
    private readonly onMessage: (m: Buffer) => void,
  ) {}
  push(chunk: Buffer): void {
    this.buf = this.buf.length ? Buffer.concat([this.buf, chunk]) : chunk;
    while (this.buf.length >= 5) {
      const flag = this.buf[0];
      const len = this.buf.readUInt32BE(1);
      if (len > MAX_REQUEST) throw tooLarge();
      // As gRPC servers do: the flag's reserved bits must be zero.
      if (flag > 1)
        throw new RpcError(Code.INTERNAL, 'gRPC frame header malformed: reserved bits not zero.');
      if (this.buf.length < 5 + len) return;
      let msg = this.buf.subarray(5, 5 + len);
      this.buf = this.buf.subarray(5 + len);
      if (flag === 1) {
        if (!this.compressed)
          throw new RpcError(Code.INTERNAL, 'Compressed message without grpc-encoding.');
        try {
          msg = gunzipSync(msg, { maxOutputLength: MAX_REQUEST });
        } catch (e) {
          if ((e as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') throw tooLarge();
          throw new RpcError(
            Code.INTERNAL,
            `Could not decompress the message: ${(e as Error).message}`,
          );
        }
      }
      this.onMessage(msg);
    }
  }
}

function contextFrom(headers: IncomingHttpHeaders): CallContext {
  let projectId = 'demo-project';
  let databaseId = '(default)';
  const prefix = headers['google-cloud-resource-prefix'];
  const params = headers['x-goog-request-params'];
  const src =
    (typeof prefix === 'string' && prefix) ||
    // Broken escapes: the value as it is.
    (typeof params === 'string' ? (decodePercent(params) ?? params) : '');
  const m = /projects\/([^/&]+)\/databases\/([^/&]+)/.exec(src);
  if (m) {
    projectId = m[1];
    databaseId = m[2];
  }
  return {
    projectId,
    databaseId,
    caller: callerFromAuthorization(headers.authorization),
    appCheckToken: appCheckTokenFrom(headers['x-firebase-appcheck']),
  };
}

type Status = { code: Code; message: string };

/** The response side of one call: headers, messages (one write per tick) and the trailers. */
interface Responder {
  /** Sends the response headers (once); trailers follow at the end. */
  start(): void;
  send(json: JsonObject): void;
  /** Ends the call: OK, or the error's status (trailers-only for a unary call not yet started). */
  finish(err?: unknown): void;
  /** Ends the call with `err` for what the client sent, and tells the client to stop sending. */
  refuse(err: unknown): void;
}

const BASE_HEADERS = { ':status': 200, 'content-type': 'application/grpc+proto' };

/** Ends `stream` with headers and trailers in one frame (a call that failed before it started). */
function trailersOnly(stream: ServerHttp2Stream, code: Code, message: string): void {
  if (stream.destroyed || stream.headersSent) return;
  stream.respond(
    { ...BASE_HEADERS, 'grpc-status': String(code), 'grpc-message': encodeGrpcMessage(message) },
    { endStream: true },
  );
}

/**
 * Refuses what is not a gRPC call to a Firestore method (415, 405 or UNIMPLEMENTED); returns the
 * method's codec otherwise.
 */
function methodOf(stream: ServerHttp2Stream, headers: IncomingHttpHeaders): MethodCodec | null {
  const path = String(headers[':path'] ?? '');
  const ct = String(headers['content-type'] ?? '');
  let codec: MethodCodec | undefined;
  if (!ct.startsWith('application/grpc')) {
    stream.respond({ ':status': 415 }, { endStream: true });
  } else if (headers[':method'] !== 'POST') {
    // gRPC is POST only (grpc-java answers other methods with 405 too).
    stream.respond({ ':status': 405, allow: 'POST' }, { endStream: true });
  } else {
    codec = path.startsWith(PREFIX) ? methodCodecs.get(path.slice(PREFIX.length)) : undefined;
    if (!codec) trailersOnly(stream, Code.UNIMPLEMENTED, `Method not found: ${path}`);
  }
  if (!codec) stream.resume();
  return codec ?? null;
}

function createResponder(
  stream: ServerHttp2Stream,
  codec: MethodCodec,
  onError: (e: unknown) => void,
): Responder {
  let status: Status = { code: Code.OK, message: '' };
  let started = false;
  let finished = false;
  let refused = false;
  const start = () => {
    if (started || stream.destroyed) return;
    started = true;
    stream.respond(BASE_HEADERS, { waitForTrailers: true });
    stream.on('wantTrailers', () => {
      stream.sendTrailers({
        'grpc-status': String(status.code),
        'grpc-message': encodeGrpcMessage(status.message),
      });
      if (refused) stopClientSending(stream);
    });
  };
  // Messages sent in one tick (e.g. every change of a commit on a Listen stream) go out in one write.
  let queued: Buffer[] = [];
  const take = (): Buffer | undefined => {
    if (queued.length === 0) return undefined;
    const data = joined(queued);
    queued = [];
    return data;
  };
  const flush = () => {
    const data = take();
    if (data && !stream.destroyed && !stream.closed) stream.write(data);
  };
  const send = (json: JsonObject) => {
    if (finished || stream.destroyed || stream.closed) return;
    start();
    if (queued.length === 0) process.nextTick(flush);
    const payload = codec.encodeResponse(json);
    queued.push(codec.name === 'Listen' ? framedOnce(payload) : frame(payload));
  };
  const finish = (err?: unknown) => {
    if (finished) return;
    finished = true;
    if (err !== undefined) {
      const e = err instanceof RpcError ? err : new RpcError(Code.INTERNAL, String(err));
      if (!(err instanceof RpcError)) onError(err);
      status = { code: e.code, message: e.message };
      // A unary call fails trailers-only. A server stream sends its headers first, as Firestore
      // does: clients (google-gax's retry-request) take an error before any headers for a
      // connection failure and retry it with back-off.
      if (!started && !codec.responseStream) {
        trailersOnly(stream, e.code, e.message);
        if (refused) stopClientSending(stream);
        return;
      }
    }
    if (stream.destroyed || stream.closed) return;
    start();
    // The last messages and the end of the stream go in one write, with the trailers.
    endTogether(stream);
    const last = take();
    if (last) stream.end(last);
    else stream.end();
  };
  const refuse = (err: unknown) => {
    refused = !finished;
    finish(err);
  };
  return { start, send, finish, refuse };
}

/**
 * Reads a unary or server-streaming call's one request message; an oversized or malformed one
 * ends the call with its error.
 */
function readRequest(
  stream: ServerHttp2Stream,
  codec: MethodCodec,
  compressed: boolean,
  { finish, refuse }: Responder,
  onRequest: (req: JsonObject) => void,
): void {
  const chunks: Buffer[] = [];
  let size = 0;
  let refused = false;
  stream.on('data', (c: Buffer) => {
    if (refused) return;
    size += c.length;
    // The length prefix tells at once: an oversized message is refused before it is buffered.
    const declared = chunks.length === 0 && c.length >= 5 ? c.readUInt32BE(1) : 0;
    if (size > MAX_REQUEST + 5 || declared > MAX_REQUEST) {
      refused = true;
      chunks.length = 0;
      refuse(tooLarge());
      return;
    }
    chunks.push(c);
  });
  stream.on('end', () => {
    if (refused) return;
    const messages: Buffer[] = [];
    try {
      const d = new Deframer(compressed, (m) => messages.push(m));
      d.push(Buffer.concat(chunks));
      if (messages.length !== 1) {
        throw new RpcError(Code.INTERNAL, `Expected one request message, got ${messages.length}.`);
      }
    } catch (e) {
      finish(e);
      return;
    }
    let req: JsonObject;
    try {
      req = codec.decodeRequest(messages[0]);
    } catch (e) {
      finish(new RpcError(Code.INVALID_ARGUMENT, `Malformed request: ${(e as Error).message}`));
      return;
    }
    onRequest(req);
  });
}

/** Handles one HTTP/2 stream as a gRPC call. */
export function handleGrpcStream(
  service: FirestoreService,
  stream: ServerHttp2Stream,
  headers: IncomingHttpHeaders,
  onError: (e: unknown) => void,
): void {
  stream.on('error', () => {});
  const codec = methodOf(stream, headers);
  if (!codec) return;
  const ctx = contextFrom(headers);
  const compressed = String(headers['grpc-encoding'] ?? 'identity') === 'gzip';
  const responder = createResponder(stream, codec, onError);
  const { send, finish } = responder;
  if (codec.requestStream) {
    runBidi(service, codec, stream, ctx, compressed, responder);
    return;
  }
  readRequest(stream, codec, compressed, responder, (req) => {
    const run = codec.responseStream
      ? service.serverStream(codec.name as ServerStreamMethod, req, ctx, send)
      : service.unary(codec.name as UnaryMethod, req, ctx).then(send);
    run.then(
      () => finish(),
      (e: unknown) => finish(e),
    );
  });
}

function runBidi(
  service: FirestoreService,
  codec: MethodCodec,
  stream: ServerHttp2Stream,
  ctx: CallContext,
  compressed: boolean,
  { send, finish, refuse, start }: Responder,
): void {
  let handler: StreamHandler;
  let closed = false;
  const close = () => {
    if (closed) return;
    closed = true;
    handler.onClose();
  };
  try {
    handler = service.openStream(codec.name as BidiStreamMethod, ctx, {
      send,
      end: (err?: RpcError) => {
        close();
        finish(err);
      },
    });
  } catch (e) {
    finish(e);
    return;
  }
  start();
  const deframer = new Deframer(compressed, (m) => {
    let req: JsonObject;
    try {
      req = codec.decodeRequest(m);
    } catch (e) {
      throw new RpcError(Code.INVALID_ARGUMENT, `Malformed request: ${(e as Error).message}`);
    }
    handler.onMessage(req);
  });
  stream.on('data', (c: Buffer) => {
    if (closed) return;
    try {
      deframer.push(c);
    } catch (e) {
      close();
      refuse(e);
    }
  });
  stream.on('close', close);
  stream.on('aborted', close);
}
