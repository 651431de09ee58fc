/**
 * GET /emulator/v1/stats, and what it shows of clients that vanish without closing (bench/soak.ts
 * abandons 10,000 of each): a gRPC Listen stream is released as soon as its connection goes; a
 * WebChannel session is counted until the idle sweep (test/webchannel-session-upkeep.test.ts).
 */
import http2 from 'node:http2';
import { describe, expect, it } from 'vitest';
import { encodeRequest } from '../src/transports/grpc/proto.js';
import { grpcFrame, httpRequest } from '../bench/_raw-clients.js';
import { useEmulator } from './support/emulator.js';

const PROJECT = 'demo-abandoned';
const DB = `projects/${PROJECT}/databases/(default)`;
const fx = useEmulator(PROJECT);

interface Stats {
  connections: number;
  grpcStreams: number;
  listenListeners: number;
  webChannel: { sessions: number };
  memory: { rssMiB: number; heapUsedMiB: number };
}

async function stats(): Promise<Stats> {
  const res = await httpRequest(fx.emu.port, 'GET', '/emulator/v1/stats');
  expect(res.status).toBe(200);
  return JSON.parse(res.body) as Stats;
}

async function waitForStats(predicate: (s: Stats) => boolean): Promise<Stats> {
  let last = await stats();
  const deadline = Date.now() + 5000;
  while (!predicate(last)) {
    if (Date.now() > deadline) throw new Error(`stats stayed ${JSON.stringify(last)}`);
    await new Promise((r) => setTimeout(r, 20));
    last = await stats();
  }
  return last;
}

describe('abandoned clients', () => {
  it('releases a gRPC Listen stream and its listener when the client connection just vanishes', async () => {
    await fx.admin.doc('c/d').set({ n: 1 });
    const listen = encodeRequest('Listen', {
      database: DB,
      addTarget: { targetId: 2, documents: { documents: [`${DB}/documents/c/d`] } },
    });
    const session = http2.connect(`http://127.0.0.1:${fx.emu.port}`);
    session.on('error', () => {});
    const stream = session.request({
      ':method': 'POST',
      ':path': '/google.firestore.v1.Firestore/Listen',
      'content-type': 'application/grpc',
      'google-cloud-resource-prefix': DB,
    });
    stream.on('error', () => {});
    stream.write(grpcFrame(listen));
    await new Promise((resolve) => stream.once('data', resolve));
    const open = await stats();
    expect(open.grpcStreams).toBeGreaterThanOrEqual(1);
    expect(open.listenListeners).toBeGreaterThanOrEqual(1);
    // No RST_STREAM, no GOAWAY: the socket is simply gone.
    session.destroy();
    await waitForStats((s) => s.grpcStreams === open.grpcStreams - 1);
    const after = await waitForStats((s) => s.listenListeners === open.listenListeners - 1);
    expect(after.memory.heapUsedMiB).toBeGreaterThan(0);
  });

  it('counts a WebChannel session opened and abandoned after its handshake', async () => {
    const before = await stats();
    const res = await httpRequest(
      fx.emu.port,
      'POST',
      `/google.firestore.v1.Firestore/Write/channel?VER=8&database=${encodeURIComponent(DB)}&RID=1&CVER=22`,
      `count=1&ofs=0&req0___data__=${encodeURIComponent(JSON.stringify({ database: DB }))}`,
      { 'content-type': 'application/x-www-form-urlencoded' },
    );
    expect(res.status).toBe(200);
    expect((await stats()).webChannel.sessions).toBe(before.webChannel.sessions + 1);
  });
});
