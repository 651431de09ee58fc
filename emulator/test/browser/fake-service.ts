/** A scriptable FirestoreService for transport tests: records calls, lets the test answer. */
import type {
  BidiStreamMethod,
  CallContext,
  FirestoreService,
  JsonObject,
  ServerStreamMethod,
  StreamHandler,
  StreamPeer,
  UnaryMethod,
} from '../../src/service.js';

export interface FakeStream {
  method: BidiStreamMethod;
  ctx: CallContext;
  peer: StreamPeer;
  received: JsonObject[];
  closed: boolean;
}

export interface FakeCall {
  method: UnaryMethod | ServerStreamMethod;
  request: JsonObject;
  ctx: CallContext;
}

/** Behaviour hooks a test can set; the defaults echo. */
export interface FakeBehaviour {
  onMessage?: (stream: FakeStream, message: JsonObject) => void;
  unary?: (call: FakeCall) => Promise<JsonObject> | JsonObject;
  serverStream?: (call: FakeCall, emit: (message: JsonObject) => void) => Promise<void> | void;
}

export class FakeService implements FirestoreService {
  readonly streams: FakeStream[] = [];
  readonly calls: FakeCall[] = [];
  behaviour: FakeBehaviour = {};

  get openStreams(): number {
    return this.streams.filter((stream) => !stream.closed).length;
  }

  async unary(method: UnaryMethod, request: JsonObject, ctx: CallContext): Promise<JsonObject> {
    const call = { method, request, ctx };
    this.calls.push(call);
    return this.behaviour.unary ? this.behaviour.unary(call) : { echo: request };
  }

  async serverStream(
    method: ServerStreamMethod,
    request: JsonObject,
    ctx: CallContext,
    emit: (message: JsonObject) => void,
  ): Promise<void> {
    const call = { method, request, ctx };
    this.calls.push(call);
    if (this.behaviour.serverStream) await this.behaviour.serverStream(call, emit);
    else emit({ echo: request });
  }

  openStream(method: BidiStreamMethod, ctx: CallContext, peer: StreamPeer): StreamHandler {
    const stream: FakeStream = { method, ctx, peer, received: [], closed: false };
    this.streams.push(stream);
    return {
      onMessage: (message) => {
        stream.received.push(message);
        this.behaviour.onMessage?.(stream, message);
      },
      onClose: () => {
        if (stream.closed) throw new Error('onClose called twice');
        stream.closed = true;
      },
    };
  }
}
