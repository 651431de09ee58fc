/** The WebChannel session layer against a fake service: handshake, backchannels, forward channel, parsing, errors. */
import { describe, expect, it } from 'vitest';
import { Code, RpcError } from '../src/service.js';
import { parseForwardBody, parseInitHeaders } from '../src/transports/webchannel/index.js';
import { openRequest, parseArrays, parseChunks, rawRequest } from './browser/http-harness.js';
import { waitFor } from './support/emulator.js';
import {
  DB,
  LISTEN,
  WRITE,
  unsignedJwt,
  formBody,
  messagesForm,
  useSessionHarness,
} from './support/webchannel-session.js';

const wc = useSessionHarness();

describe('session creation', () => {
  it('answers the handshake with a framed "c" array and opens the engine stream', async () => {
    const addTarget = {
      database: 'projects/demo-p/databases/(default)',
      addTarget: {
        documents: { documents: ['projects/demo-p/databases/(default)/documents/a/b'] },
        targetId: 2,
      },
    };
    const { sid, arrays, gsessionid } = await wc.createSession(LISTEN, [addTarget]);
    expect(sid).toMatch(/^[\w-]{8,}$/);
    expect(arrays[0][1]).toEqual(['c', sid, '', 8, 14, 30000]);
    expect(gsessionid).toBeTruthy();
    expect(wc.service.streams).toHaveLength(1);
    const [stream] = wc.service.streams;
    expect(stream.method).toBe('Listen');
    expect(stream.ctx).toEqual({
      projectId: 'demo-p',
      databaseId: '(default)',
      caller: { kind: 'anonymous' },
    });
    expect(stream.received).toEqual([addTarget]);
  });

  it('sends the engine replies made during the handshake in the same response', async () => {
    wc.service.behaviour.onMessage = (stream, message) => {
      if (message.database && !message.writes) stream.peer.send({ streamToken: 'dG9rZW4=' });
    };
    const { arrays } = await wc.createSession(WRITE);
    expect(wc.service.streams[0].method).toBe('Write');
    expect(arrays).toEqual([arrays[0], [1, [{ streamToken: 'dG9rZW4=' }]]]);
  });

  it('reads the Authorization header encoded in the handshake into the caller', async () => {
    await wc.createSession(LISTEN, [{}], {
      Authorization: `Bearer ${unsignedJwt({ sub: 'u1', user_id: 'u1', email: 'a@b.c' })}`,
    });
    await wc.createSession(LISTEN, [{}], { Authorization: 'Bearer owner' });
    expect(wc.service.streams[0].ctx.caller).toEqual({
      kind: 'user',
      uid: 'u1',
      token: { sub: 'u1', user_id: 'u1', email: 'a@b.c' },
    });
    expect(wc.service.streams[1].ctx.caller).toEqual({ kind: 'owner' });
  });

  it('treats an unreadable token as an anonymous visitor, as the gRPC transport does', async () => {
    await wc.createSession(LISTEN, [{}], { Authorization: 'Bearer not-a-jwt' });
    expect(wc.service.streams[0].ctx.caller).toEqual({ kind: 'anonymous' });
  });

  it('rejects a create without a database parameter', async () => {
    const res = await rawRequest(`${wc.harness.base}${LISTEN}?VER=8&RID=1&CVER=22`, {
      method: 'POST',
      body: formBody(messagesForm(0, [{}])),
    });
    expect(res.status).toBe(400);
    expect(wc.transport.stats().sessions).toBe(0);
  });
});

describe('backchannel', () => {
  it('streams (CI=0): a noop at once, then each engine message on the same response', async () => {
    const { sid } = await wc.createSession();
    const back = await openRequest(wc.backchannelUrl(sid, 0, 0));
    expect(back.status).toBe(200);
    await back.waitFor((text) => parseArrays(text).length === 1);
    expect(parseArrays(back.text())).toEqual([[1, ['noop']]]);
    wc.service.streams[0].peer.send({ targetChange: { targetChangeType: 'ADD', targetIds: [2] } });
    wc.service.streams[0].peer.send({
      targetChange: { targetChangeType: 'CURRENT', targetIds: [2] },
    });
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
    const { sid } = await wc.createSession();
    const back = await openRequest(wc.backchannelUrl(sid, 0, 0));
    const fields = { nome: { stringValue: 'João 🎉 São Paulo — 日本' } };
    wc.service.streams[0].peer.send({ documentChange: { document: { name: 'x', fields } } });
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
    const { sid } = await wc.createSession();
    wc.service.streams[0].peer.send({
      targetChange: { targetIds: [], readTime: '2026-01-01T00:00:00Z' },
    });
    const poll = await openRequest(wc.backchannelUrl(sid, 0, 1));
    await poll.ended;
    expect(parseArrays(poll.text())).toEqual([
      [1, [{ targetChange: { targetIds: [], readTime: '2026-01-01T00:00:00Z' } }]],
    ]);
  });

  it('holds an idle long poll until a message arrives', async () => {
    const { sid } = await wc.createSession();
    const poll = await openRequest(wc.backchannelUrl(sid, 0, 1));
    // The transport holds the poll (an open response) and has answered nothing yet.
    await waitFor(() => wc.transport.stats().openResponses === 1);
    expect(poll.text()).toBe('');
    wc.service.streams[0].peer.send({ targetChange: { targetChangeType: 'ADD', targetIds: [4] } });
    await poll.ended;
    expect(parseArrays(poll.text())).toEqual([
      [1, [{ targetChange: { targetChangeType: 'ADD', targetIds: [4] } }]],
    ]);
  });

  it('resends every array above the AID of a new backchannel, and prunes what is acknowledged', async () => {
    const { sid } = await wc.createSession();
    const peer = wc.service.streams[0].peer;
    for (let i = 0; i < 4; i += 1) peer.send({ n: i });
    const first = await openRequest(wc.backchannelUrl(sid, 0, 0));
    await first.waitFor((text) => parseArrays(text).length === 4);
    // The client switched backchannels having read only up to array 2.
    const second = await openRequest(wc.backchannelUrl(sid, 2, 0));
    await first.ended;
    await second.waitFor((text) => parseArrays(text).length === 2);
    expect(parseArrays(second.text())).toEqual([
      [3, [{ n: 2 }]],
      [4, [{ n: 3 }]],
    ]);
    expect(wc.transport.stats().unacknowledged).toBe(2);
    second.abort();
  });

  it('sends keepalive noops on an idle streaming backchannel', async () => {
    await wc.harness.stop();
    await wc.start({ keepaliveMs: 40 });
    const { sid } = await wc.createSession();
    const back = await openRequest(wc.backchannelUrl(sid, 0, 0));
    await back.waitFor((text) => parseArrays(text).length >= 3, 20_000);
    expect(parseArrays(back.text()).map(([, payload]) => payload)).toEqual(
      parseArrays(back.text()).map(() => ['noop']),
    );
    back.abort();
  });

  it('ends a streaming backchannel after its maximum hold, so the client reconnects', async () => {
    await wc.harness.stop();
    await wc.start({ maxStreamHoldMs: 60 });
    const { sid } = await wc.createSession();
    const back = await openRequest(wc.backchannelUrl(sid, 0, 0));
    await back.ended;
    expect(parseArrays(back.text())).toEqual([[1, ['noop']]]);
    // The session lives on: the next GET resumes it.
    const next = await openRequest(wc.backchannelUrl(sid, 1, 0));
    await next.waitFor((text) => parseArrays(text).length === 1);
    expect(parseArrays(next.text())).toEqual([[2, ['noop']]]);
    next.abort();
  });

  it('cuts every hold short when one browser holds too many backchannels', async () => {
    await wc.harness.stop();
    await wc.start({
      crowdThreshold: 3,
      crowdedHoldMs: 40,
      maxStreamHoldMs: 60_000,
      longPollHoldMs: 60_000,
    });
    const sids = [
      (await wc.createSession()).sid,
      (await wc.createSession()).sid,
      (await wc.createSession()).sid,
    ];
    const first = await openRequest(wc.backchannelUrl(sids[0], 0, 0));
    const second = await openRequest(wc.backchannelUrl(sids[1], 0, 1));
    await waitFor(() => wc.transport.stats().openResponses === 2);
    const third = await openRequest(wc.backchannelUrl(sids[2], 0, 0));
    // Held for 60 s otherwise (beyond the test's timeout): the crowd cut ends all three.
    await Promise.all([first.ended, second.ended, third.ended]);
    // The idle poll still ends with a noop, as an idle poll must.
    expect(parseArrays(second.text())).toEqual([[1, ['noop']]]);
  });

  it('ends an idle long poll with a noop after the hold time', async () => {
    await wc.harness.stop();
    await wc.start({ longPollHoldMs: 30 });
    const { sid } = await wc.createSession();
    const poll = await openRequest(wc.backchannelUrl(sid, 0, 1));
    await poll.ended;
    expect(parseArrays(poll.text())).toEqual([[1, ['noop']]]);
  });
});

describe('forward channel', () => {
  it('delivers each message once even when a POST is resent, and acks with a framed array', async () => {
    const { sid } = await wc.createSession(LISTEN, [{ addTarget: { targetId: 2 } }]);
    const m1 = { addTarget: { targetId: 4 } };
    const m2 = { removeTarget: 2 };
    const first = await wc.forward(sid, 4022, 0, 1, [m1, m2]);
    const resent = await wc.forward(sid, 4022, 0, 1, [m1, m2]);
    const overlapping = await wc.forward(sid, 4023, 0, 2, [m2, { removeTarget: 4 }]);
    expect([first.status, resent.status, overlapping.status]).toEqual([200, 200, 200]);
    expect(wc.service.streams[0].received).toEqual([
      { addTarget: { targetId: 2 } },
      m1,
      m2,
      { removeTarget: 4 },
    ]);
    expect(first.body).toBe('7\n[1,0,0]');
  });

  it('reports the last array id it has for the client', async () => {
    const { sid } = await wc.createSession();
    wc.service.streams[0].peer.send({ a: 1 });
    wc.service.streams[0].peer.send({ a: 2 });
    const ack = await wc.forward(sid, 2, 0, 1, [{ removeTarget: 1 }]);
    expect(parseChunks(ack.body)).toEqual([[1, 2, 0]]);
  });

  it('normalises numeric enums and integers before the engine sees them', async () => {
    const { sid } = await wc.createSession();
    await wc.forward(sid, 2, 0, 1, [
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
    expect(wc.service.streams[0].received[1]).toEqual({
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
    const { sid } = await wc.createSession();
    const back = await openRequest(wc.backchannelUrl(sid, 0, 0));
    await rawRequest(`${wc.harness.base}${LISTEN}?VER=8&database=${DB}&SID=${sid}&RID=2&AID=0`, {
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
    expect(wc.service.streams[0].closed).toBe(true);
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
    const { sid: a } = await wc.createSession();
    const { sid: b } = await wc.createSession();
    wc.service.streams[0].peer.end(
      new RpcError(Code.PERMISSION_DENIED, 'Missing or insufficient permissions.'),
    );
    wc.service.streams[0].peer.send({ ignored: true });
    wc.service.streams[1].peer.end();
    const pollA = await openRequest(wc.backchannelUrl(a, 0, 1));
    const pollB = await openRequest(wc.backchannelUrl(b, 0, 1));
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
