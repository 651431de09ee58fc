/**
 * The end of a call reaches a gRPC client together with its last message, as from Cloud Firestore:
 * on unary and server-streaming calls the trailers (the call's status) are sent with the last
 * message, not in a later write. Clients' tracing closes a call's span on its status, so a status
 * that comes a turn later than the last message puts the call's "Completed" event after the span.
 *
 * Observed through @grpc/grpc-js, the transport firebase-admin uses: an interceptor notes the last
 * message and the status of each call, and whether the event loop turned in between (a
 * `setImmediate` queued at the message has run). The emulator runs in this process, so a status
 * written in a later write is read in a later turn, always. The HTTP/2 frames are checked too,
 * through a recording proxy: the last DATA frame and the trailers arrive in one read.
 */
import { createRequire } from 'node:module';
import net from 'node:net';
import path from 'node:path';
import * as grpc from '@grpc/grpc-js';
import * as protoLoader from '@grpc/proto-loader';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestEmulator, type TestEmulator } from './support/emulator.js';

const require = createRequire(import.meta.url);
const PROTOS = path.join(
  path.dirname(require.resolve('@google-cloud/firestore/package.json')),
  'build',
  'protos',
);
const DB = 'projects/demo-grpc-trailers/databases/(default)';
const DOCS = `${DB}/documents`;

type Msg = { [k: string]: unknown };
interface FirestoreStub extends grpc.Client {
  [method: string]: unknown;
}
type StubClass = new (
  addr: string,
  creds: grpc.ChannelCredentials,
  options?: grpc.ChannelOptions,
) => FirestoreStub;

/** What a client saw of one call. */
interface Seen {
  messages: number;
  code?: grpc.status;
  /** Whether the event loop turned between the last message and the status. */
  turnBeforeStatus?: boolean;
}

/** An interceptor recording the messages and the status of a call, and the turns in between. */
function recording(seen: Seen): grpc.Interceptor {
  let turned = false;
  return (options, nextCall) =>
    new grpc.InterceptingCall(nextCall(options), {
      start(metadata, _listener, next) {
        next(metadata, {
          onReceiveMessage(message: unknown, nextMessage: (m: unknown) => void) {
            seen.messages += 1;
            turned = false;
            setImmediate(() => (turned = true));
            nextMessage(message);
          },
          onReceiveStatus(status: grpc.StatusObject, nextStatus: (s: grpc.StatusObject) => void) {
            seen.code = status.code;
            seen.turnBeforeStatus = turned;
            nextStatus(status);
          },
        });
      },
    });
}

/** A TCP proxy that records each chunk the emulator sends (one read each). */
async function recordingProxy(target: TestEmulator) {
  const reads: Buffer[] = [];
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(target.port, target.host);
    for (const s of [client, upstream]) {
      s.setNoDelay(true);
      sockets.add(s);
      s.on('error', () => {});
    }
    client.pipe(upstream);
    upstream.on('data', (c: Buffer) => {
      reads.push(c);
      client.write(c);
    });
    upstream.on('close', () => client.destroy());
    client.on('close', () => upstream.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    reads,
    address: `127.0.0.1:${(server.address() as net.AddressInfo).port}`,
    close: () => {
      for (const s of sockets) s.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

interface Frame {
  type: number;
  flags: number;
  stream: number;
  /** Index of the read its header arrived in. */
  read: number;
}
const DATA = 0;
const HEADERS = 1;
const END_STREAM = 1;

/** The HTTP/2 frames in the server-to-client bytes, each with the read it came in. */
function framesOf(reads: Buffer[]): Frame[] {
  const frames: Frame[] = [];
  const all = Buffer.concat(reads);
  const readAt: number[] = [];
  reads.forEach((r, i) => readAt.push(...new Array<number>(r.length).fill(i)));
  for (let at = 0; at + 9 <= all.length; at += 9 + all.readUIntBE(at, 3)) {
    frames.push({
      type: all[at + 3],
      flags: all[at + 4],
      stream: all.readUInt32BE(at + 5) & 0x7fffffff,
      read: readAt[at + 8],
    });
  }
  return frames;
}

let emu: TestEmulator;
let Firestore: StubClass;
const owner = new grpc.Metadata();
owner.set('authorization', 'Bearer owner');

beforeAll(async () => {
  emu = await startTestEmulator();
  const def = protoLoader.loadSync('google/firestore/v1/firestore.proto', {
    includeDirs: [PROTOS],
    longs: String,
    enums: String,
    oneofs: true,
  });
  const pkg = grpc.loadPackageDefinition(def) as unknown as {
    google: { firestore: { v1: { Firestore: StubClass } } };
  };
  Firestore = pkg.google.firestore.v1.Firestore;
  const stub = new Firestore(emu.hostAndPort, grpc.credentials.createInsecure());
  await unary(stub, 'commit', {
    database: DB,
    writes: ['a', 'b', 'c'].map((id, i) => ({
      update: { name: `${DOCS}/t/${id}`, fields: { n: { integerValue: String(i) } } },
    })),
  });
  stub.close();
});

afterAll(async () => {
  await emu?.stop();
});

function unary(stub: FirestoreStub, method: string, req: Msg, seen?: Seen): Promise<Msg> {
  const options = seen ? { interceptors: [recording(seen)] } : {};
  return new Promise((resolve, reject) => {
    (
      stub[method] as (
        r: Msg,
        m: grpc.Metadata,
        o: grpc.CallOptions,
        cb: (e: grpc.ServiceError | null, res: Msg) => void,
      ) => void
    ).call(stub, req, owner, options, (err, res) => (err ? reject(err) : resolve(res)));
  });
}

function serverStream(stub: FirestoreStub, method: string, req: Msg, seen: Seen): Promise<Msg[]> {
  const call = (
    stub[method] as (
      r: Msg,
      m: grpc.Metadata,
      o: grpc.CallOptions,
    ) => grpc.ClientReadableStream<Msg>
  ).call(stub, req, owner, { interceptors: [recording(seen)] });
  const out: Msg[] = [];
  return new Promise((resolve, reject) => {
    call.on('data', (m: Msg) => out.push(m));
    call.on('error', reject);
    call.on('status', () => resolve(out));
  });
}

const query = { parent: DOCS, structuredQuery: { from: [{ collectionId: 't' }] } };
const calls: [string, (stub: FirestoreStub, seen: Seen) => Promise<unknown>][] = [
  ['RunQuery', (stub, seen) => serverStream(stub, 'runQuery', query, seen)],
  [
    'RunAggregationQuery',
    (stub, seen) =>
      serverStream(
        stub,
        'runAggregationQuery',
        {
          parent: DOCS,
          structuredAggregationQuery: {
            structuredQuery: query.structuredQuery,
            aggregations: [{ alias: 'n', count: {} }],
          },
        },
        seen,
      ),
  ],
  [
    'BatchGetDocuments',
    (stub, seen) =>
      serverStream(stub, 'batchGetDocuments', { database: DB, documents: [`${DOCS}/t/a`] }, seen),
  ],
  ['GetDocument', (stub, seen) => unary(stub, 'getDocument', { name: `${DOCS}/t/a` }, seen)],
  ['Commit', (stub, seen) => unary(stub, 'commit', { database: DB, writes: [] }, seen)],
];

describe('gRPC trailers', () => {
  it.each(calls)(
    '%s: the status reaches the client in the same turn as the last message',
    async (_name, run) => {
      const stub = new Firestore(emu.hostAndPort, grpc.credentials.createInsecure());
      try {
        for (let i = 0; i < 3; i++) {
          const seen: Seen = { messages: 0 };
          await run(stub, seen);
          expect(seen.messages).toBeGreaterThan(0);
          expect(seen).toMatchObject({ code: grpc.status.OK, turnBeforeStatus: false });
        }
      } finally {
        stub.close();
      }
    },
  );

  it('still ends calls whose last message is larger than the flow-control window', async () => {
    const stub = new Firestore(emu.hostAndPort, grpc.credentials.createInsecure());
    try {
      const big = 'x'.repeat(300 * 1024);
      await unary(stub, 'commit', {
        database: DB,
        writes: [{ update: { name: `${DOCS}/big/a`, fields: { s: { stringValue: big } } } }],
      });
      // Several at once on one connection, large and small, each ends with its status.
      const calls = [0, 1, 2, 3].map(async (i) => {
        const seen: Seen = { messages: 0 };
        const name = i % 2 ? `${DOCS}/t/a` : `${DOCS}/big/a`;
        const doc = await unary(stub, 'getDocument', { name }, seen);
        return { code: seen.code, size: JSON.stringify(doc).length };
      });
      const done = await Promise.all(calls);
      expect(done.map((d) => d.code)).toEqual([0, 0, 0, 0]);
      expect(done[0].size).toBeGreaterThan(300 * 1024);
    } finally {
      stub.close();
    }
  });

  it('sends the last DATA frame and the trailers in one write (RunQuery, frames seen by a proxy)', async () => {
    const proxy = await recordingProxy(emu);
    const stub = new Firestore(proxy.address, grpc.credentials.createInsecure());
    try {
      await unary(stub, 'getDocument', { name: `${DOCS}/t/a` }); // connection set up
      proxy.reads.length = 0;
      const seen: Seen = { messages: 0 };
      const results = await serverStream(stub, 'runQuery', query, seen);
      expect(results.filter((r) => r.document)).toHaveLength(3);
      const frames = framesOf(proxy.reads).filter((f) => f.stream > 0);
      const trailers = frames.filter((f) => f.type === HEADERS && f.flags & END_STREAM);
      expect(trailers).toHaveLength(1);
      const lastData = frames
        .filter((f) => f.type === DATA && f.stream === trailers[0].stream)
        .at(-1);
      expect(lastData?.read).toBe(trailers[0].read);
    } finally {
      stub.close();
      await proxy.close();
    }
  });
});
