/**
 * Malformed requests found by the bad-input drill (bench/bad-input.ts): each gets the status the
 * official emulator / Google API gives, never a 500, a reset or a changed document.
 */
import http2 from 'node:http2';
import { gzipSync } from 'node:zlib';
import * as grpcJs from '@grpc/grpc-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeRequest } from '../src/transports/grpc/proto.js';
import { H2Client, grpcFrame, httpRequest } from '../bench/_raw-clients.js';
import { useEmulator } from './support/emulator.js';
import { firestoreStub, unaryCall, type FirestoreStub, type Msg } from './support/grpc-stub.js';

const PROJECT = 'demo-bad-input-test';
const DB = `projects/${PROJECT}/databases/(default)`;
const DOCS = `/v1/${DB}/documents`;
const logged: string[] = [];
const fx = useEmulator(PROJECT, { log: (line) => logged.push(line) });
const owner = { authorization: 'Bearer owner', 'content-type': 'application/json' };

const getDocumentBody = (name: string) => encodeRequest('GetDocument', { name });

async function grpc(headers: Record<string, string>, body: Buffer | null) {
  const client = new H2Client(fx.emu.port);
  try {
    return await client.call(
      { ':path': '/google.firestore.v1.Firestore/GetDocument', ...headers },
      body,
    );
  } finally {
    client.close();
  }
}

describe('gRPC', () => {
  const body = () => grpcFrame(getDocumentBody(`${DB}/documents/c/d`));

  it('answers a routing header with broken percent-escapes instead of resetting the stream', async () => {
    const a = await grpc({ 'x-goog-request-params': 'database=%zz' }, body());
    expect(a).toMatchObject({ http: 200, grpc: 5, rst: null });
  });

  it('refuses a message whose flag byte has reserved bits with INTERNAL', async () => {
    const a = await grpc({}, grpcFrame(getDocumentBody(`${DB}/documents/c/d`), 0x80));
    expect(a.grpc).toBe(13);
  });

  it('refuses a gzip message that does not decompress with INTERNAL, logging no handler error', async () => {
    const before = logged.length;
    const a = await grpc({ 'grpc-encoding': 'gzip' }, grpcFrame(Buffer.from('not gzip'), 1));
    expect(a.grpc).toBe(13);
    expect(logged.slice(before)).toEqual([]);
  });

  it('refuses a gzip message that inflates past 10 MiB as an oversized one, not with INTERNAL', async () => {
    const bomb = gzipSync(Buffer.alloc(11 * 1024 * 1024));
    const a = await grpc({ 'grpc-encoding': 'gzip' }, grpcFrame(bomb, 1));
    expect(a.grpc).toBe(3);
  });

  it('answers a method other than POST with 405', async () => {
    expect(await grpc({ ':method': 'GET' }, null)).toMatchObject({ http: 405, grpc: null });
  });

  /** Sends only the 5-byte prefix of an 11 MiB message on `method` and leaves the stream open. */
  async function oversizedPrefix(method: string) {
    const session = http2.connect(`http://127.0.0.1:${fx.emu.port}`);
    session.on('error', () => {});
    const stream = session.request({
      ':method': 'POST',
      ':path': `/google.firestore.v1.Firestore/${method}`,
      'content-type': 'application/grpc',
    });
    stream.on('error', () => {});
    stream.resume();
    let status: string | undefined;
    const takeStatus = (h: http2.IncomingHttpHeaders) =>
      (status ??= h['grpc-status'] as string | undefined);
    stream.on('response', takeStatus);
    stream.on('trailers', takeStatus);
    const closed = new Promise<void>((resolve) => stream.on('close', resolve));
    stream.write(grpcFrame(Buffer.alloc(0), 0, 11 * 1024 * 1024));
    await closed;
    session.destroy();
    return { status, rstCode: stream.rstCode };
  }

  it('refuses an oversized message from its length prefix, and stops the upload', async () => {
    // Only the prefix is sent and the stream stays open: the answer cannot wait for the body, and
    // the stream ends only because the server asks the client to stop sending (RST_STREAM NO_ERROR
    // after the status, as grpc-go's server does), not after 11 MiB more were uploaded for nothing.
    for (const method of ['GetDocument', 'RunQuery', 'Listen', 'Write']) {
      const a = await oversizedPrefix(method);
      expect(a, method).toEqual({ status: '3', rstCode: http2.constants.NGHTTP2_NO_ERROR });
    }
  });
});

/**
 * Cloud Firestore refuses a request over 10 MiB with INVALID_ARGUMENT ("Request payload size exceeds
 * the limit"), over gRPC as over REST; RESOURCE_EXHAUSTED would make the client libraries retry it.
 */
describe('gRPC messages over 10 MiB, through @grpc/grpc-js', () => {
  const ELEVEN_MIB = 11 * 1024 * 1024;
  const TOO_BIG = 'Request payload size exceeds the limit: 10485760 bytes.';
  const md = new grpcJs.Metadata();
  md.set('authorization', 'Bearer owner');
  let stub: FirestoreStub;
  beforeAll(() => {
    stub = firestoreStub(fx.emu.hostAndPort);
  });
  afterAll(() => stub.close());

  it('fails a GetDocument with INVALID_ARGUMENT, and the connection serves the next call', async () => {
    await fx.admin.doc('keep/small').set({ v: 1 });
    const name = `${DB}/documents/keep/small`;
    // Twice on one connection, as the drill sends them: the first must not leave it stuck.
    for (let i = 0; i < 2; i++) {
      const huge = { name, transaction: Buffer.alloc(ELEVEN_MIB, 1) };
      const err = await unaryCall(stub, 'getDocument', huge, md).then(
        () => null,
        (e: grpcJs.ServiceError) => e,
      );
      expect(err?.code).toBe(grpcJs.status.INVALID_ARGUMENT);
      expect(err?.details).toBe(TOO_BIG);
    }
    const doc = await unaryCall(stub, 'getDocument', { name }, md);
    expect(doc.fields).toMatchObject({ v: { integerValue: '1' } });
  });

  it('ends a Listen stream with INVALID_ARGUMENT when a message is over 10 MiB', async () => {
    const listen = stub.listen as (m: grpcJs.Metadata) => grpcJs.ClientDuplexStream<Msg, Msg>;
    const call = listen.call(stub, md);
    call.on('data', () => {});
    call.on('error', () => {});
    const status = new Promise<grpcJs.StatusObject>((resolve) => call.on('status', resolve));
    call.write({
      database: DB,
      addTarget: {
        targetId: 1,
        documents: { documents: [`${DB}/documents/keep/small`] },
        resumeToken: Buffer.alloc(ELEVEN_MIB, 1),
      },
    });
    const s = await status;
    expect(s.code).toBe(grpcJs.status.INVALID_ARGUMENT);
    expect(s.details).toBe(TOO_BIG);
  });
});

describe('REST', () => {
  it('does not resolve `..` segments: a DELETE of a/x/../b is refused and b stays', async () => {
    await fx.admin.doc('keep/b').set({ v: 1 });
    for (const p of ['keep/x/../b', 'keep/x/%2e%2e/b', 'keep/..']) {
      const res = await httpRequest(fx.emu.port, 'DELETE', `${DOCS}/${p}`, undefined, owner);
      expect(res.status, p).toBe(400);
    }
    expect((await fx.admin.doc('keep/b').get()).data()).toEqual({ v: 1 });
  });

  it('answers broken percent-escapes and empty segments with 400, not 500', async () => {
    for (const p of [
      `${DOCS}/keep/%zz`,
      `${DOCS}/keep/b/`,
      `/emulator/v1/projects/%zz/databases/(default)/documents`,
    ]) {
      const res = await httpRequest(fx.emu.port, p.startsWith('/emulator') ? 'DELETE' : 'GET', p);
      expect(res.status, p).toBe(400);
    }
    const rules = await httpRequest(
      fx.emu.port,
      'PUT',
      '/emulator/v1/projects/%zz:securityRules',
      '{}',
    );
    expect(rules.status).toBe(400);
  });

  it('answers bodies of the wrong JSON shape with 400 and leaves the document as it was', async () => {
    await fx.admin.doc('keep/shape').set({ v: 1 });
    const name = `${DB}/documents/keep/shape`;
    const update = (fields: string, extra = '') =>
      `{"writes":[{"update":{"name":"${name}","fields":${fields}}${extra}}]}`;
    const bodies: [string, string][] = [
      [':commit', '{"writes": 5}'],
      [':batchGet', '{"documents": "x"}'],
      [':commit', update('{"a":{"doubleValue":"abc"}}')],
      [':commit', update('{"a":{"bytesValue":"!!!"}}')],
      [':commit', update('{}', ',"currentDocument":{"exists":"maybe"}')],
      [':commit', update(`${'{"a":{"mapValue":{"fields":'.repeat(3000)}{}${'}}}'.repeat(3000)}`)],
    ];
    for (const [verb, body] of bodies) {
      const res = await httpRequest(fx.emu.port, 'POST', `${DOCS}${verb}`, body, owner);
      expect(res.status, body.slice(0, 80)).toBe(400);
    }
    expect((await fx.admin.doc('keep/shape').get()).data()).toEqual({ v: 1 });
  });

  it('answers an oversized body with 413 on REST and WebChannel, not a reset connection', async () => {
    const big = Buffer.alloc(33 * 1024 * 1024, 0x20);
    const rest = await httpRequest(fx.emu.port, 'POST', `${DOCS}:commit`, big, owner, 15_000);
    expect(rest.status).toBe(413);
    const channel = `/google.firestore.v1.Firestore/Listen/channel?VER=8&database=${encodeURIComponent(DB)}&RID=1`;
    const wc = await httpRequest(fx.emu.port, 'POST', channel, big, {}, 15_000);
    expect(wc.status).toBe(413);
  });
});
