import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Code, RpcError, type JsonObject } from '../src/service.js';
import {
  createWebChannelTransport,
  parseForwardBody,
  parseInitHeaders,
  type WebChannelOptions,
  type WebChannelTransport,
} from '../src/webchannel/index.js';
import { FakeService } from './browser/fake-service.js';
import {
  openRequest,
  parseArrays,
  parseChunks,
  rawRequest,
  serveTransport,
  type Harness,
} from './browser/http-harness.js';

const DB = encodeURIComponent('projects/demo-p/databases/(default)');
const LISTEN = '/google.firestore.v1.Firestore/Listen/channel';
const WRITE = '/google.firestore.v1.Firestore/Write/channel';

let service: FakeService;
let transport: WebChannelTransport;
let harness: Harness;

async function start(options: WebChannelOptions = {}): Promise<void> {
  service = new FakeService();
  transport = createWebChannelTransport(service, options);
  harness = await serveTransport(transport);
}

beforeEach(async () => start());
afterEach(async () => harness.stop());

function unsignedJwt(claims: JsonObject): string {
  const part = (value: JsonObject) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'none', typ: 'JWT' })}.${part(claims)}.`;
}

function formBody(fields: Record<string, string>): string {
  return new URLSearchParams(fields).toString();
}

function messagesForm(offset: number, messages: JsonObject[]): Record<string, string> {
  const fields: Record<string, string> = { count: String(messages.length), ofs: String(offset) };
  messages.forEach((message, i) => (fields[`req${i}___data__`] = JSON.stringify(message)));
  return fields;
}

/** Opens a session the way the SDK does; returns its SID and the handshake's arrays. */
async function createSession(
  path = LISTEN,
  messages: JsonObject[] = [{ database: 'projects/demo-p/databases/(default)' }],
  headers: Record<string, string> = { 'X-Goog-Api-Client': 'gl-js/ fire/12.19.0' },
): Promise<{ sid: string; arrays: Array<[number, unknown[]]>; gsessionid: string | undefined }> {
  const encodedHeaders = Object.entries(headers)
    .map(([k, v]) => `${k}:${v}\r\n`)
    .join('');
  const res = await rawRequest(
    `${harness.base}${path}?VER=8&database=${DB}&RID=4021&CVER=22&X-HTTP-Session-Id=gsessionid&zx=abc&t=1`,
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: formBody({ headers: encodedHeaders, ...messagesForm(0, messages) }),
    },
  );
  expect(res.status).toBe(200);
  const arrays = parseArrays(res.body);
  const handshake = arrays[0];
  expect(handshake[0]).toBe(0);
  expect(handshake[1][0]).toBe('c');
  const gsid = res.headers['x-http-session-id'];
  return {
    sid: String(handshake[1][1]),
    arrays,
    gsessionid: typeof gsid === 'string' ? gsid : undefined,
  };
}

function backchannelUrl(sid: string, aid: number, ci: 0 | 1, path = LISTEN): string {
  return `${harness.base}${path}?gsessionid=g&VER=8&database=${DB}&RID=rpc&SID=${sid}&AID=${aid}&CI=${ci}&TYPE=xmlhttp&zx=x&t=1`;
}

async function forward(
  sid: string,
  rid: number,
  aid: number,
  offset: number,
  messages: JsonObject[],
) {
  return rawRequest(
    `${harness.base}${LISTEN}?VER=8&database=${DB}&gsessionid=g&SID=${sid}&RID=${rid}&AID=${aid}&zx=y&t=1`,
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: formBody(messagesForm(offset, messages)),
    },
  );
}

async function until(predicate: () => boolean, timeoutMs = 2000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!predicate()) {
    if (Date.now() > deadline) throw new Error('condition not reached');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

describe('session creation', () => {
  it('answers the handshake with a framed "c" array and opens the engine stream', async () => {
    const addTarget = {
      database: 'projects/demo-p/databases/(default)',
      addTarget: {
        documents: { documents: ['projects/demo-p/databases/(default)/documents/a/b'] },
        targetId: 2,
      },
    };
    const { sid, arrays, gsessionid } = await createSession(LISTEN, [addTarget]);
    expect(sid).toMatch(/^[\w-]{8,}$/);
    expect(arrays[0][1]).toEqual(['c', sid, '', 8, 14, 30000]);
    expect(gsessionid).toBeTruthy();
    expect(service.streams).toHaveLength(1);
    const [stream] = service.streams;
    expect(stream.method).toBe('Listen');
    expect(stream.ctx).toEqual({
      projectId: 'demo-p',
      databaseId: '(default)',
      caller: { kind: 'anonymous' },
    });
    expect(stream.received).toEqual([addTarget]);
  });

  it('sends the engine replies made during the handshake in the same response', async () => {
    service.behaviour.onMessage = (stream, message) => {
      if (message.database && !message.writes) stream.peer.send({ streamToken: 'dG9rZW4=' });
    };
    const { arrays } = await createSession(WRITE);
    expect(service.streams[0].method).toBe('Write');
    expect(arrays).toEqual([arrays[0], [1, [{ streamToken: 'dG9rZW4=' }]]]);
  });

  it('reads the Authorization header encoded in the handshake into the caller', async () => {
    await createSession(LISTEN, [{}], {
      Authorization: `Bearer ${unsignedJwt({ sub: 'u1', user_id: 'u1', email: 'a@b.c' })}`,
    });
    await createSession(LISTEN, [{}], { Authorization: 'Bearer owner' });
    expect(service.streams[0].ctx.caller).toEqual({
      kind: 'user',
      uid: 'u1',
      token: { sub: 'u1', user_id: 'u1', email: 'a@b.c' },
    });
    expect(service.streams[1].ctx.caller).toEqual({ kind: 'owner' });
  });

  it('treats an unreadable token as an anonymous visitor, as the gRPC transport does', async () => {
    await createSession(LISTEN, [{}], { Authorization: 'Bearer not-a-jwt' });
    expect(service.streams[0].ctx.caller).toEqual({ kind: 'anonymous' });
  });

  it('rejects a create without a database parameter', async () => {
    const res = await rawRequest(`${harness.base}${LISTEN}?VER=8&RID=1&CVER=22`, {
      method: 'POST',
      body: formBody(messagesForm(0, [{}])),
    });
    expect(res.status).toBe(400);
    expect(transport.stats().sessions).toBe(0);
  });
});

describe('backchannel', () => {
  it('streams (CI=0): a noop at once, then each engine message on the same response', async () => {
    const { sid } = await createSession();
    const back = await openRequest(backchannelUrl(sid, 0, 0));
    expect(back.status).toBe(200);
    await back.waitFor((text) => parseArrays(text).length === 1);
    expect(parseArrays(back.text())).toEqual([[1, ['noop']]]);
    service.streams[0].peer.send({ targetChange: { targetChangeType: 'ADD', targetIds: [2] } });
    service.streams[0].peer.send({ targetChange: { targetChangeType: 'CURRENT', targetIds: [2] } });
    await back.waitFor((text) => parseArrays(text).length === 3);
    // Messages of one engine turn travel in one chunk.
    expect(parseChunks(back.text())).toEqual([
      [[1, ['noop']]],
      [
        [2, [{ targetChange: { targetChangeType: 'ADD', targetIds: [2] } }]],
        [3, [{ targetChange: { targetChangeType: 'CURRENT', targetIds: [2] } }]],
      ],
    ]);
    back.abort();
  });

  it('counts chunk lengths in UTF-16 code units, so emoji and accents frame correctly', async () => {
    const { sid } = await createSession();
    const back = await openRequest(backchannelUrl(sid, 0, 0));
    const fields = { nome: { stringValue: 'João 🎉 São Paulo — 日本' } };
    service.streams[0].peer.send({ documentChange: { document: { name: 'x', fields } } });
    await back.waitFor((text) => parseArrays(text).length === 2);
    const text = back.text();
    const second = text.slice(text.indexOf(']]]') + 3);
    const length = Number(second.slice(0, second.indexOf('\n')));
    expect(length).toBe(second.slice(second.indexOf('\n') + 1).length);
    expect(length).toBeLessThan(Buffer.byteLength(second.slice(second.indexOf('\n') + 1)));
    expect(parseArrays(text)[1][1]).toEqual([
      { documentChange: { document: { name: 'x', fields } } },
    ]);
    back.abort();
  });

  it('long-polls (CI=1): answers with what is pending and ends the response', async () => {
    const { sid } = await createSession();
    service.streams[0].peer.send({
      targetChange: { targetIds: [], readTime: '2026-01-01T00:00:00Z' },
    });
    const poll = await openRequest(backchannelUrl(sid, 0, 1));
    await poll.ended;
    expect(parseArrays(poll.text())).toEqual([
      [1, [{ targetChange: { targetIds: [], readTime: '2026-01-01T00:00:00Z' } }]],
    ]);
  });

  it('holds an idle long poll until a message arrives', async () => {
    const { sid } = await createSession();
    const poll = await openRequest(backchannelUrl(sid, 0, 1));
    // The transport holds the poll (an open response) and has answered nothing yet.
    await until(() => transport.stats().openResponses === 1);
    expect(poll.text()).toBe('');
    service.streams[0].peer.send({ targetChange: { targetChangeType: 'ADD', targetIds: [4] } });
    await poll.ended;
    expect(parseArrays(poll.text())).toEqual([
      [1, [{ targetChange: { targetChangeType: 'ADD', targetIds: [4] } }]],
    ]);
  });

  it('resends every array above the AID of a new backchannel, and prunes what is acknowledged', async () => {
    const { sid } = await createSession();
    const peer = service.streams[0].peer;
    for (let i = 0; i < 4; i += 1) peer.send({ n: i });
    const first = await openRequest(backchannelUrl(sid, 0, 0));
    await first.waitFor((text) => parseArrays(text).length === 4);
    // The client switched backchannels having read only up to array 2.
    const second = await openRequest(backchannelUrl(sid, 2, 0));
    await first.ended;
    await second.waitFor((text) => parseArrays(text).length === 2);
    expect(parseArrays(second.text())).toEqual([
      [3, [{ n: 2 }]],
      [4, [{ n: 3 }]],
    ]);
    expect(transport.stats().unacknowledged).toBe(2);
    second.abort();
  });

  it('sends keepalive noops on an idle streaming backchannel', async () => {
    await harness.stop();
    await start({ keepaliveMs: 40 });
    const { sid } = await createSession();
    const back = await openRequest(backchannelUrl(sid, 0, 0));
    await back.waitFor((text) => parseArrays(text).length >= 3, 1000);
    expect(parseArrays(back.text()).map(([, payload]) => payload)).toEqual(
      parseArrays(back.text()).map(() => ['noop']),
    );
    back.abort();
  });

  it('ends a streaming backchannel after its maximum hold, so the client reconnects', async () => {
    await harness.stop();
    await start({ maxStreamHoldMs: 60 });
    const { sid } = await createSession();
    const back = await openRequest(backchannelUrl(sid, 0, 0));
    await back.ended;
    expect(parseArrays(back.text())).toEqual([[1, ['noop']]]);
    // The session lives on: the next GET resumes it.
    const next = await openRequest(backchannelUrl(sid, 1, 0));
    await next.waitFor((text) => parseArrays(text).length === 1);
    expect(parseArrays(next.text())).toEqual([[2, ['noop']]]);
    next.abort();
  });

  it('cuts every hold short when one browser holds too many backchannels', async () => {
    await harness.stop();
    await start({
      crowdThreshold: 3,
      crowdedHoldMs: 40,
      maxStreamHoldMs: 60_000,
      longPollHoldMs: 60_000,
    });
    const sids = [
      (await createSession()).sid,
      (await createSession()).sid,
      (await createSession()).sid,
    ];
    const first = await openRequest(backchannelUrl(sids[0], 0, 0));
    const second = await openRequest(backchannelUrl(sids[1], 0, 1));
    await until(() => transport.stats().openResponses === 2);
    const third = await openRequest(backchannelUrl(sids[2], 0, 0));
    // Held for 60 s otherwise (beyond the test's timeout): the crowd cut ends all three.
    await Promise.all([first.ended, second.ended, third.ended]);
    // The idle poll still ends with a noop, as an idle poll must.
    expect(parseArrays(second.text())).toEqual([[1, ['noop']]]);
  });

  it('ends an idle long poll with a noop after the hold time', async () => {
    await harness.stop();
    await start({ longPollHoldMs: 30 });
    const { sid } = await createSession();
    const poll = await openRequest(backchannelUrl(sid, 0, 1));
    await poll.ended;
    expect(parseArrays(poll.text())).toEqual([[1, ['noop']]]);
  });
});

describe('forward channel', () => {
  it('delivers each message once even when a POST is resent, and acks with a framed array', async () => {
    const { sid } = await createSession(LISTEN, [{ addTarget: { targetId: 2 } }]);
    const m1 = { addTarget: { targetId: 4 } };
    const m2 = { removeTarget: 2 };
    const first = await forward(sid, 4022, 0, 1, [m1, m2]);
    const resent = await forward(sid, 4022, 0, 1, [m1, m2]);
    const overlapping = await forward(sid, 4023, 0, 2, [m2, { removeTarget: 4 }]);
    expect([first.status, resent.status, overlapping.status]).toEqual([200, 200, 200]);
    expect(service.streams[0].received).toEqual([
      { addTarget: { targetId: 2 } },
      m1,
      m2,
      { removeTarget: 4 },
    ]);
    expect(first.body).toBe('7\n[1,0,0]');
  });

  it('reports the last array id it has for the client', async () => {
    const { sid } = await createSession();
    service.streams[0].peer.send({ a: 1 });
    service.streams[0].peer.send({ a: 2 });
    const ack = await forward(sid, 2, 0, 1, [{ removeTarget: 1 }]);
    expect(parseChunks(ack.body)).toEqual([[1, 2, 0]]);
  });

  it('normalises numeric enums and integers before the engine sees them', async () => {
    const { sid } = await createSession();
    await forward(sid, 2, 0, 1, [
      {
        addTarget: {
          query: {
            structuredQuery: {
              where: {
                fieldFilter: { field: { fieldPath: 'n' }, op: 5, value: { integerValue: 3 } },
              },
              orderBy: [{ field: { fieldPath: 'n' }, direction: 2 }],
            },
          },
        },
      },
    ]);
    expect(service.streams[0].received[1]).toEqual({
      addTarget: {
        query: {
          structuredQuery: {
            where: {
              fieldFilter: { field: { fieldPath: 'n' }, op: 'EQUAL', value: { integerValue: '3' } },
            },
            orderBy: [{ field: { fieldPath: 'n' }, direction: 'DESCENDING' }],
          },
        },
      },
    });
  });

  it('ends the stream with INVALID_ARGUMENT on a message that is not JSON', async () => {
    const { sid } = await createSession();
    const back = await openRequest(backchannelUrl(sid, 0, 0));
    await rawRequest(`${harness.base}${LISTEN}?VER=8&database=${DB}&SID=${sid}&RID=2&AID=0`, {
      method: 'POST',
      body: 'count=1&ofs=1&req0___data__=%7Bnope',
    });
    await back.waitFor((text) => parseArrays(text).some(([, p]) => typeof p[0] === 'object'));
    const error = parseArrays(back.text()).find(([, p]) => typeof p[0] === 'object');
    expect(error?.[1]).toEqual([
      {
        error: {
          code: Code.INVALID_ARGUMENT,
          message: 'Invalid JSON payload received.',
          status: 'INVALID_ARGUMENT',
        },
      },
    ]);
    expect(service.streams[0].closed).toBe(true);
    back.abort();
  });
});

describe('form parsing', () => {
  it('reads the headers field and the indexed messages', () => {
    expect(
      parseInitHeaders('X-Goog-Api-Client:gl-js/ fire/12.19.0\r\nAuthorization:Bearer a.b.c\r\n'),
    ).toEqual(
      new Map([
        ['x-goog-api-client', 'gl-js/ fire/12.19.0'],
        ['authorization', 'Bearer a.b.c'],
      ]),
    );
    expect(
      parseForwardBody(
        new URLSearchParams('count=2&ofs=7&req0___data__=%7B%7D&req1___data__=%5B%5D'),
      ),
    ).toEqual({ offset: 7, messages: ['{}', '[]'] });
  });

  it('caps a bogus count and stops at a gap, keeping indexes contiguous', () => {
    expect(parseForwardBody(new URLSearchParams('count=1000000000&ofs=0&req0___data__=a'))).toEqual(
      {
        offset: 0,
        messages: ['a'],
      },
    );
    expect(
      parseForwardBody(new URLSearchParams('count=3&ofs=0&req0___data__=a&req2___data__=c'))
        .messages,
    ).toEqual(['a']);
    expect(parseForwardBody(new URLSearchParams('count=x&ofs=y'))).toEqual({
      offset: 0,
      messages: [],
    });
  });
});

describe('stream end and errors', () => {
  it('carries an engine error as {error:{code,message,status}} and a clean end as "close"', async () => {
    const { sid: a } = await createSession();
    const { sid: b } = await createSession();
    service.streams[0].peer.end(
      new RpcError(Code.PERMISSION_DENIED, 'Missing or insufficient permissions.'),
    );
    service.streams[0].peer.send({ ignored: true });
    service.streams[1].peer.end();
    const pollA = await openRequest(backchannelUrl(a, 0, 1));
    const pollB = await openRequest(backchannelUrl(b, 0, 1));
    await Promise.all([pollA.ended, pollB.ended]);
    expect(parseArrays(pollA.text())).toEqual([
      [
        1,
        [
          {
            error: {
              code: 7,
              message: 'Missing or insufficient permissions.',
              status: 'PERMISSION_DENIED',
            },
          },
        ],
      ],
    ]);
    expect(parseArrays(pollB.text())).toEqual([[1, ['close']]]);
  });
});

describe('unknown sessions, terminate, timeouts', () => {
  it('answers an unknown SID with 400 and "Unknown SID" past index 0, on GET and POST', async () => {
    const get = await rawRequest(backchannelUrl('nope', 0, 0));
    const post = await forward('nope', 1, 0, 0, [{}]);
    for (const res of [get, post]) {
      expect(res.status).toBe(400);
      expect(res.body.indexOf('Unknown SID')).toBeGreaterThan(0);
    }
  });

  it('terminate (a sendBeacon POST) closes the engine stream and the open backchannel', async () => {
    const { sid } = await createSession();
    const back = await openRequest(backchannelUrl(sid, 0, 0));
    await back.waitFor((text) => text.length > 0);
    const res = await rawRequest(
      `${harness.base}${LISTEN}?VER=8&database=${DB}&gsessionid=g&SID=${sid}&RID=9&AID=1&TYPE=terminate&zx=z&t=1`,
      { method: 'POST', headers: { 'Content-Type': 'text/plain' }, body: '' },
    );
    expect(res.status).toBe(200);
    await back.ended;
    expect(service.streams[0].closed).toBe(true);
    expect(transport.stats()).toEqual({
      sessions: 0,
      openResponses: 0,
      sweeping: false,
      unacknowledged: 0,
      keepalives: 0,
    });
    expect((await rawRequest(backchannelUrl(sid, 1, 0))).status).toBe(400);
  });

  it('drops a session abandoned without a backchannel', async () => {
    await harness.stop();
    await start({ sessionIdleMs: 40 });
    await createSession();
    await until(() => transport.stats().sessions === 0);
    expect(service.streams[0].closed).toBe(true);
    expect(transport.stats().sweeping).toBe(false);
  });

  it('keeps a session alive while its streaming backchannel is open', async () => {
    await harness.stop();
    await start({ sessionIdleMs: 40, keepaliveMs: 1000 });
    const { sid } = await createSession();
    const back = await openRequest(backchannelUrl(sid, 0, 0));
    // A witness session opened later, without a backchannel: once the sweep has dropped it, the
    // first session has been idle longer and is only alive because of its backchannel.
    const witness = await createSession();
    await until(() => service.streams[1].closed);
    expect(transport.stats().sessions).toBe(1);
    await expect(rawRequest(backchannelUrl(witness.sid, 0, 1))).resolves.toMatchObject({
      status: 400,
    });
    back.abort();
    await until(() => transport.stats().sessions === 0);
    expect(service.streams[0].closed).toBe(true);
  });

  it('leaves nothing behind after 1,000 sessions opened and closed', async () => {
    await harness.stop();
    await start({ sessionIdleMs: 30, keepaliveMs: 20, longPollHoldMs: 20 });
    const timers = () => process.getActiveResourcesInfo().filter((r) => r === 'Timeout').length;
    const baseline = timers();
    const heapBefore = process.memoryUsage().heapUsed;
    for (let batch = 0; batch < 20; batch += 1) {
      await Promise.all(
        Array.from({ length: 50 }, async (_, i) => {
          const { sid } = await createSession();
          const mode = i % 3;
          if (mode === 0) {
            // Streaming backchannel, then terminate.
            const back = await openRequest(backchannelUrl(sid, 0, 0));
            await back.waitFor((text) => text.length > 0);
            await rawRequest(`${harness.base}${LISTEN}?SID=${sid}&TYPE=terminate&RID=3`, {
              method: 'POST',
            });
            await back.ended;
          } else if (mode === 1) {
            // A long poll, then the client just disappears (timeout).
            const poll = await openRequest(backchannelUrl(sid, 0, 1));
            await poll.ended;
          } else {
            // A streaming backchannel the client drops, never coming back.
            const back = await openRequest(backchannelUrl(sid, 0, 0));
            await back.waitFor((text) => text.length > 0);
            back.abort();
          }
        }),
      );
    }
    await until(() => transport.stats().sessions === 0, 5000);
    expect(service.streams).toHaveLength(1000);
    expect(service.openStreams).toBe(0);
    expect(transport.stats()).toEqual({
      sessions: 0,
      openResponses: 0,
      sweeping: false,
      unacknowledged: 0,
      keepalives: 0,
    });
    await until(() => timers() <= baseline);
    // Loose bound: 1,000 sessions must not leave megabytes behind.
    global.gc?.();
    expect(process.memoryUsage().heapUsed - heapBefore).toBeLessThan(30 * 1024 * 1024);
  }, 60_000);

  it('close() ends every session, backchannel and held poll', async () => {
    const { sid: a } = await createSession();
    const { sid: b } = await createSession();
    const back = await openRequest(backchannelUrl(a, 0, 0));
    const poll = await openRequest(backchannelUrl(b, 0, 1));
    await back.waitFor((text) => text.length > 0);
    transport.close();
    await Promise.all([back.ended, poll.ended]);
    expect(service.openStreams).toBe(0);
    expect(transport.stats()).toEqual({
      sessions: 0,
      openResponses: 0,
      sweeping: false,
      unacknowledged: 0,
      keepalives: 0,
    });
  });
});

describe('CORS', () => {
  it('echoes the Origin with credentials and exposes X-HTTP-Session-Id', async () => {
    const res = await rawRequest(`${harness.base}${LISTEN}?VER=8&database=${DB}&RID=1&CVER=22`, {
      method: 'POST',
      headers: {
        Origin: 'http://localhost:5173',
        'Content-Type': 'application/x-www-form-urlencoded',
      },
      body: formBody(messagesForm(0, [{}])),
    });
    expect(res.headers['access-control-allow-origin']).toBe('http://localhost:5173');
    expect(res.headers['access-control-allow-credentials']).toBe('true');
    expect(res.headers['access-control-expose-headers']).toContain('X-HTTP-Session-Id');
  });

  it('answers a preflight', async () => {
    const res = await rawRequest(`${harness.base}${WRITE}?VER=8`, {
      method: 'OPTIONS',
      headers: {
        Origin: 'http://localhost:5173',
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'authorization,x-goog-api-client',
      },
    });
    expect(res.status).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe('http://localhost:5173');
    expect(res.headers['access-control-allow-headers']).toBe('authorization,x-goog-api-client');
    expect(res.headers['access-control-allow-methods']).toContain('POST');
  });

  it('declines paths that are not WebChannel', async () => {
    const res = await rawRequest(`${harness.base}/v1/projects/p/databases/(default)/documents/a/b`);
    expect(res.status).toBe(404);
  });
});
