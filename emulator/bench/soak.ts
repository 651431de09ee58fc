/**
 * Soak drill (numbers, never pass/fail): 10,000 WebChannel sessions and 10,000 gRPC Listen/Write
 * streams opened against one emulator process and abandoned (the client just goes away: sockets
 * destroyed, no terminate, no RST_STREAM, no GOAWAY), in batches. Reports the emulator's RSS, open
 * file descriptors and live sessions/streams (GET /emulator/v1/stats) before, right after, and once
 * its own cleanup has run (WebChannel drops a session after 60 s without a request or backchannel).
 * Run from the repo root: node --import tsx emulator/bench/soak.ts
 */
import http from 'node:http';
import http2 from 'node:http2';
import { report } from '../../bench/lib/report.js';
import { adminClient } from '../test/support/emulator.js';
import { encodeRequest } from '../src/transports/grpc/proto.js';
import { startEmulatorProcess } from './_emulator-process.js';
import { fdCount, grpcFrame, httpRequest, sleep } from './_raw-clients.js';

// firebase-admin against an emulator: no metadata-server lookup (and no MetadataLookupWarning).
process.env.METADATA_SERVER_DETECTION ??= 'none';
const PROJECT = 'demo-soak';
const DB = `projects/${PROJECT}/databases/(default)`;
const SESSIONS = Number(process.env.SOAK_SESSIONS ?? 10_000);
const STREAMS = Number(process.env.SOAK_STREAMS ?? 10_000);
const BATCH = 100;
/** The WebChannel idle timeout is 60 s and its sweep runs every 5 s: wait that long and a margin. */
const CLEANUP_BOUND_MS = 100_000;

interface Stats {
  connections: number;
  grpcStreams: number;
  listenListeners: number;
  webChannel: { sessions: number; openResponses: number };
  memory: { rssMiB: number; heapUsedMiB: number };
}

// The emulator runs with --expose-gc, so GET /emulator/v1/stats?gc=1 measures memory after a full GC.
process.env.NODE_OPTIONS = `${process.env.NODE_OPTIONS ?? ''} --expose-gc`.trim();

const emu = await startEmulatorProcess(['--port', '0', '--project', PROJECT]);
const pid = emu.child.pid ?? 0;
let crashed = false;
emu.child.on('exit', () => (crashed = true));
const admin = adminClient(emu, PROJECT);
await admin.db.doc('soak/doc').set({ n: 1 });
await admin.close();

async function stats(gc = false): Promise<Stats> {
  const a = await httpRequest(emu.port, 'GET', `/emulator/v1/stats${gc ? '?gc=1' : ''}`);
  if (a.status !== 200) {
    // The emulator is gone: every count is unknown (reported as NaN, with the crash).
    return {
      connections: NaN,
      grpcStreams: NaN,
      listenListeners: NaN,
      webChannel: { sessions: NaN, openResponses: NaN },
      memory: { rssMiB: NaN, heapUsedMiB: NaN },
    };
  }
  return JSON.parse(a.body) as Stats;
}
/** RSS and fd count of the emulator process; NaN once it has exited. */
const rssNow = (): number => (crashed ? NaN : emu.rssMiB());
const fdsNow = () => (crashed ? NaN : fdCount(pid));
const live = (s: Stats) =>
  s.webChannel.sessions + s.webChannel.openResponses + s.grpcStreams + s.listenListeners;

const listenTarget = {
  database: DB,
  addTarget: { targetId: 2, documents: { documents: [`${DB}/documents/soak/doc`] } },
};
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
const channel = (method: 'Listen' | 'Write', params: string) =>
  `/google.firestore.v1.Firestore/${method}/channel?VER=8&database=${encodeURIComponent(DB)}&${params}&zx=z&t=1`;

/** Raw request that is abandoned: `until` decides when the socket is destroyed. */
function abandon(
  method: string,
  path: string,
  body: string | undefined,
  until: 'sent' | 'headers' | 'body',
): Promise<string> {
  return new Promise((resolve) => {
    const req = http.request({
      host: '127.0.0.1',
      port: emu.port,
      method,
      path,
      headers: FORM,
      agent: false,
    });
    const timer = setTimeout(() => done(''), 5000);
    const done = (text: string) => {
      clearTimeout(timer);
      req.destroy();
      resolve(text);
    };
    req.on('error', () => done(''));
    req.on('response', (res) => {
      if (until === 'headers') return done('');
      let text = '';
      res.on('data', (c: Buffer) => (text += c.toString()));
      res.on('end', () => done(text));
      res.on('error', () => done(text));
    });
    req.end(body, () => {
      if (until === 'sent') setImmediate(() => done(''));
    });
  });
}

/** One WebChannel session: the bind POST (with the first message), sometimes a hanging GET, then gone. */
async function webChannelSession(i: number): Promise<void> {
  const method = i % 2 ? 'Listen' : 'Write';
  const first = method === 'Listen' ? listenTarget : { database: DB };
  const body = `count=1&ofs=0&req0___data__=${encodeURIComponent(JSON.stringify(first))}`;
  const path = channel(method, 'RID=1&CVER=22&X-HTTP-Session-Id=gsessionid');
  // One in ten vanishes before reading the handshake: the session exists, its SID never arrives.
  if (i % 10 === 0) {
    await abandon('POST', path, body, 'sent');
    return;
  }
  const text = await abandon('POST', path, body, 'body');
  const sid = /\["c","([^"]+)"/.exec(text)?.[1];
  // One in four also opens the hanging backchannel GET and drops it once it is answered.
  if (sid && i % 4 === 1) {
    await abandon(
      'GET',
      channel(method, `SID=${sid}&RID=rpc&AID=0&CI=0&TYPE=xmlhttp`),
      undefined,
      'headers',
    );
  }
}

const LISTEN_MSG = grpcFrame(encodeRequest('Listen', listenTarget));
const WRITE_MSG = grpcFrame(encodeRequest('Write', { database: DB }));

/** A batch of gRPC streams on one connection: each gets its first answer, then the client vanishes. */
async function grpcBatch(n: number): Promise<void> {
  const session = http2.connect(`http://127.0.0.1:${emu.port}`);
  session.on('error', () => {});
  await Promise.all(
    Array.from({ length: n }, (_, i) => {
      const method = i % 2 ? 'Listen' : 'Write';
      const stream = session.request({
        ':method': 'POST',
        ':path': `/google.firestore.v1.Firestore/${method}`,
        'content-type': 'application/grpc',
        te: 'trailers',
        'google-cloud-resource-prefix': DB,
      });
      stream.on('error', () => {});
      stream.write(method === 'Listen' ? LISTEN_MSG : WRITE_MSG);
      return new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, 5000);
        stream.once('data', () => {
          clearTimeout(timer);
          resolve();
        });
        stream.once('close', () => {
          clearTimeout(timer);
          resolve();
        });
      });
    }),
  );
  session.destroy();
}

/** Memory once the emulator's garbage is collected: the lowest of three GCs a second apart. */
async function settledMemory(): Promise<{ rss: number; heap: number }> {
  let rss = Infinity;
  let heap = Infinity;
  for (let i = 0; i < 3 && !crashed; i++) {
    await sleep(1000);
    const s = await stats(true);
    rss = Math.min(rss, rssNow());
    heap = Math.min(heap, s.memory.heapUsedMiB);
  }
  return { rss, heap };
}

// Warm-up, cleanly closed: the code paths are built before the baseline.
for (let i = 0; i < 200; i++) {
  const text = await abandon(
    'POST',
    channel('Listen', 'RID=1&CVER=22'),
    `count=1&ofs=0&req0___data__=${encodeURIComponent(JSON.stringify(listenTarget))}`,
    'body',
  );
  const sid = /\["c","([^"]+)"/.exec(text)?.[1];
  if (sid)
    await httpRequest(emu.port, 'POST', channel('Listen', `SID=${sid}&TYPE=terminate`), '', FORM);
}
await grpcBatch(BATCH);
const { rss: rssBefore, heap: heapBefore } = await settledMemory();
const baseline = await stats();
const fdBefore = fdsNow();
console.log(
  `baseline: RSS ${rssBefore.toFixed(1)} MiB, heap ${heapBefore.toFixed(1)} MiB, ${fdBefore} fds, ` +
    `stats ${JSON.stringify(baseline)}`,
);

const started = performance.now();
for (let done = 0; done < SESSIONS; done += BATCH) {
  await Promise.all(
    Array.from({ length: Math.min(BATCH, SESSIONS - done) }, (_, i) => webChannelSession(done + i)),
  );
}
const wcSeconds = (performance.now() - started) / 1000;
const grpcStarted = performance.now();
for (let done = 0; done < STREAMS; done += BATCH) await grpcBatch(Math.min(BATCH, STREAMS - done));
const grpcSeconds = (performance.now() - grpcStarted) / 1000;

const rssRightAfter = rssNow();
const fdRightAfter = fdsNow();
const right = await stats();
console.log(
  `abandoned ${SESSIONS} WebChannel sessions in ${wcSeconds.toFixed(1)} s and ${STREAMS} gRPC streams in ${grpcSeconds.toFixed(1)} s; ` +
    `right after: RSS ${rssRightAfter.toFixed(1)} MiB, ${fdRightAfter} fds, stats ${JSON.stringify(right)}`,
);

// Wait for the emulator's own cleanup: nothing left alive (or the bound passes).
const cleanupStarted = performance.now();
let after = right;
while (!crashed && !(live(after) <= 0) && performance.now() - cleanupStarted < CLEANUP_BOUND_MS) {
  await sleep(1000);
  after = await stats();
}
const cleanupSeconds = (performance.now() - cleanupStarted) / 1000;
const { rss: rssAfter, heap: heapAfter } = await settledMemory();
const fdAfter = fdsNow();
after = await stats();
console.log(
  `after cleanup (${cleanupSeconds.toFixed(0)} s): RSS ${rssAfter.toFixed(1)} MiB, heap ${heapAfter.toFixed(1)} MiB, ` +
    `${fdAfter} fds, stats ${JSON.stringify(after)}`,
);

const section = 'soak';
const rows: Parameters<typeof report>[0][] = [
  {
    section,
    measure: 'WebChannel sessions opened and abandoned',
    value: SESSIONS,
    unit: 'sessions',
  },
  {
    section,
    measure: 'gRPC Listen/Write streams opened and abandoned',
    value: STREAMS,
    unit: 'streams',
  },
  {
    section,
    measure: 'RSS growth right after (before cleanup)',
    value: rssRightAfter - rssBefore,
    unit: 'MiB',
    note: `${rssBefore.toFixed(0)} -> ${rssRightAfter.toFixed(0)} MiB`,
  },
  {
    section,
    measure: 'RSS growth after the idle cleanup (after a GC)',
    value: rssAfter - rssBefore,
    unit: 'MiB',
    goal: { op: '<', value: 30 },
    note: `${rssBefore.toFixed(0)} -> ${rssAfter.toFixed(0)} MiB`,
  },
  {
    section,
    measure: 'JS heap growth after the idle cleanup (after a GC)',
    value: heapAfter - heapBefore,
    unit: 'MiB',
    goal: { op: '<', value: 5 },
    note: `${heapBefore.toFixed(1)} -> ${heapAfter.toFixed(1)} MiB`,
  },
  {
    section,
    measure: 'open file descriptors right after, over baseline',
    value: fdRightAfter - fdBefore,
    unit: 'fds',
    note: `${fdBefore} -> ${fdRightAfter}`,
  },
  {
    section,
    measure: 'open file descriptors after cleanup, over baseline',
    value: fdAfter - fdBefore,
    unit: 'fds',
    goal: { op: '<=', value: 10 },
    note: `${fdBefore} -> ${fdAfter}`,
  },
  {
    section,
    measure: 'WebChannel sessions and held responses left after cleanup',
    value: after.webChannel.sessions + after.webChannel.openResponses,
    unit: 'sessions',
    goal: { op: '==', value: 0 },
  },
  {
    section,
    measure: 'gRPC streams and Listen listeners left after cleanup',
    value: after.grpcStreams + after.listenListeners,
    unit: 'streams',
    goal: { op: '==', value: 0 },
  },
  {
    section,
    measure: 'time until the emulator had released everything',
    value: cleanupSeconds,
    unit: 's',
    note: 'WebChannel drops a session after 60 s idle, swept every 5 s',
  },
  {
    section,
    measure: 'emulator crashes',
    value: crashed ? 1 : 0,
    unit: '',
    goal: { op: '==', value: 0 },
  },
];
for (const row of rows) report(row);

if (!crashed) await emu.stop();
process.exit(0);
