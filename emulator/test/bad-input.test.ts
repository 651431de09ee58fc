/**
 * Malformed requests found by the bad-input drill (bench/bad-input.ts): each gets the status the
 * official emulator / Google API gives, never a 500, a reset or a changed document.
 */
import http2 from 'node:http2';
import { describe, expect, it } from 'vitest';
import { encodeRequest } from '../src/transports/grpc/proto.js';
import { H2Client, grpcFrame, httpRequest } from '../bench/_raw-clients.js';
import { useEmulator } from './support/emulator.js';

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

  it('answers a method other than POST with 405', async () => {
    expect(await grpc({ ':method': 'GET' }, null)).toMatchObject({ http: 405, grpc: null });
  });

  it('refuses an oversized message from its length prefix, before the body arrives', async () => {
    // Only the 5-byte prefix is sent and the stream stays open: the answer cannot wait for the body.
    const prefix = grpcFrame(Buffer.alloc(0), 0, 11 * 1024 * 1024);
    const session = http2.connect(`http://127.0.0.1:${fx.emu.port}`);
    const stream = session.request({
      ':method': 'POST',
      ':path': '/google.firestore.v1.Firestore/GetDocument',
      'content-type': 'application/grpc',
    });
    stream.write(prefix);
    const status = await new Promise<string | undefined>((resolve) => {
      stream.on('response', (h) => resolve(h['grpc-status'] as string | undefined));
    });
    session.destroy();
    expect(status).toBe('3');
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
