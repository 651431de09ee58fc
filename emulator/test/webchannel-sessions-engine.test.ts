/**
 * 1,000 WebChannel sessions against the real emulator (Listen with a query target, Write with its
 * handshake and a write), terminated or dropped: nothing may remain (timers, sockets, memory), and
 * the emulator keeps serving.
 */
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openRequest, parseArrays } from './browser/http-harness.js';
import { adminClient, startTestEmulator, waitFor, type TestEmulator } from './support/emulator.js';
import { liveHeapBytes } from './support/memory.js';

const PROJECT = 'demo-wc-sessions';
const DB = `projects/${PROJECT}/databases/(default)`;
const RULES = `rules_version = '2';
service cloud.firestore {
  match /databases/{database}/documents {
    match /{document=**} { allow read, write: if true; }
  }
}`;

let emulator: TestEmulator;

beforeAll(async () => {
  emulator = await startTestEmulator({ rules: RULES });
});
afterAll(async () => emulator?.stop());

function post(path: string, body: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: emulator.host,
        port: emulator.port,
        path,
        method: 'POST',
        agent: false,
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve(text));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

function form(messages: object[]): string {
  const fields: Record<string, string> = { count: String(messages.length), ofs: '0' };
  messages.forEach((m, i) => (fields[`req${i}___data__`] = JSON.stringify(m)));
  return new URLSearchParams(fields).toString();
}

const channel = (stream: 'Listen' | 'Write') =>
  `/google.firestore.v1.Firestore/${stream}/channel?VER=8&database=${encodeURIComponent(DB)}`;

async function oneSession(i: number): Promise<void> {
  const listen = i % 2 === 0;
  const first = listen
    ? {
        database: DB,
        addTarget: {
          targetId: 2,
          query: {
            parent: `${DB}/documents`,
            structuredQuery: { from: [{ collectionId: 'rooms' }] },
          },
        },
      }
    : { database: DB };
  const created = parseArrays(
    await post(`${channel(listen ? 'Listen' : 'Write')}&RID=1&CVER=22`, form([first])),
  );
  const sid = String(created[0][1][1]);
  const base = `${channel(listen ? 'Listen' : 'Write')}&SID=${sid}`;
  const back = await openRequest(
    `http://${emulator.host}:${emulator.port}${base}&RID=rpc&AID=0&CI=${i % 3 === 0 ? 1 : 0}&TYPE=xmlhttp`,
  );
  if (listen) {
    // The query target reaches CURRENT with a global read time.
    await back.waitFor((text) => text.includes('"CURRENT"'), 20_000);
  } else {
    await back.waitFor((text) => text.includes('streamToken'), 20_000);
  }
  if (i % 4 === 3) {
    back.abort();
  }
  await post(`${base}&RID=2&AID=1&TYPE=terminate`, '');
  await back.ended;
}

it('leaves nothing behind after 1,000 sessions and keeps serving', async () => {
  const admin = adminClient(emulator, PROJECT);
  try {
    await admin.db.doc('rooms/a').set({ n: 1 });
    const timers = () => process.getActiveResourcesInfo().filter((r) => r === 'Timeout').length;
    const baselineTimers = timers();
    const heapBefore = liveHeapBytes();
    for (let batch = 0; batch < 20; batch += 1) {
      await Promise.all(Array.from({ length: 50 }, (_, j) => oneSession(batch * 50 + j)));
    }
    // The emulator still takes writes once the sessions are gone.
    await admin.db.doc('rooms/b').set({ n: 2 });
    await waitFor(() => timers() <= baselineTimers + 1);
    // Live heap after a full GC (about 2 MiB here): under 8 MiB, i.e. a leak of 8 KiB or more
    // per session (its listener, target or buffered messages) fails.
    expect(liveHeapBytes() - heapBefore).toBeLessThan(8 * 1024 * 1024);
    // A fresh session still works end to end.
    const created = parseArrays(
      await post(
        `${channel('Listen')}&RID=1&CVER=22`,
        form([
          {
            database: DB,
            addTarget: { targetId: 2, documents: { documents: [`${DB}/documents/rooms/b`] } },
          },
        ]),
      ),
    );
    const sid = String(created[0][1][1]);
    const back = await openRequest(
      `http://${emulator.host}:${emulator.port}${channel('Listen')}&SID=${sid}&RID=rpc&AID=0&CI=0&TYPE=xmlhttp`,
    );
    await back.waitFor((text) => text.includes('rooms/b') && text.includes('"CURRENT"'));
    back.abort();
  } finally {
    await admin.close();
  }
}, 120_000);
