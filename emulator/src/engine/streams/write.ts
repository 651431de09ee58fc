/** The Write stream the JS SDK writes through: handshake, stream tokens, one commit per request. */
import { randomBytes } from 'node:crypto';
import type { Database } from '../database.js';
import type { SessionEngine } from '../session-api.js';
import {
  Code,
  RpcError,
  repeatedField,
  type CallContext,
  type JsonObject,
  type StreamHandler,
  type StreamPeer,
} from '../../service.js';
import { microsToString } from '../../model/time.js';

/** One Write stream. */
export class WriteSession implements StreamHandler {
  private db?: Database;
  private readonly streamId = randomBytes(8).toString('hex');
  private seq = 0;
  private chain: Promise<void> = Promise.resolve();
  private closed = false;

  constructor(
    private readonly engine: SessionEngine,
    private readonly ctx: CallContext,
    private readonly peer: StreamPeer,
  ) {}

  private token(): string {
    return Buffer.from(`${this.streamId}:${++this.seq}`).toString('base64');
  }

  onMessage(msg: JsonObject): void {
    if (this.closed) return;
    try {
      if (!this.db) {
        this.db = this.engine.streamDatabase(msg, this.ctx);
        const writes = repeatedField(msg.writes, 'writes') as JsonObject[];
        if (writes.length) {
          throw new RpcError(
            Code.INVALID_ARGUMENT,
            'The first request of a Write stream must not carry writes.',
          );
        }
        this.peer.send({ streamId: this.streamId, streamToken: this.token() });
        return;
      }
    } catch (e) {
      this.fail(e);
      return;
    }
    const db = this.db;
    const writes = repeatedField(msg.writes, 'writes') as JsonObject[];
    this.chain = this.chain.then(async () => {
      if (this.closed) return;
      try {
        const r = await this.engine.commit(this.ctx, db, writes);
        if (this.closed) return;
        this.peer.send({
          streamId: this.streamId,
          streamToken: this.token(),
          writeResults: r.writeResults,
          commitTime: microsToString(r.commitTime),
        });
      } catch (e) {
        this.fail(e);
      }
    });
  }

  private fail(e: unknown): void {
    if (this.closed) return;
    this.closed = true;
    this.peer.end(e instanceof RpcError ? e : new RpcError(Code.INTERNAL, String(e)));
  }

  onClose(): void {
    this.closed = true;
  }
}
