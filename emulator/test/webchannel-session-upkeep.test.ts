/** The WebChannel session layer against a fake service: unknown sessions, terminate, idle timeouts, leaks, CORS. */
import { describe, expect, it } from 'vitest';
import { openRequest, rawRequest } from './browser/http-harness.js';
import { waitFor } from './support/emulator.js';
import { liveHeapBytes } from './support/memory.js';
import {
  DB,
  LISTEN,
  WRITE,
  formBody,
  messagesForm,
  useSessionHarness,
} from './support/webchannel-session.js';

const wc = useSessionHarness();

describe('unknown sessions, terminate, timeouts', () => {
  it('answers an unknown SID with 400 and "Unknown SID" past index 0, on GET and POST', async () => {
    const get = await rawRequest(wc.backchannelUrl('nope', 0, 0));
    const post = await wc.forward('nope', 1, 0, 0, [{}]);
    for (const res of [get, post]) {
      expect(res.status).toBe(400);
      expect(res.body.indexOf('Unknown SID')).toBeGreaterThan(0);
    }
  });

  it('terminate (a sendBeacon POST) closes the engine stream and the open backchannel', async () => {
    const { sid } = await wc.createSession();
    const back = await openRequest(wc.backchannelUrl(sid, 0, 0));
    await back.waitFor((text) => text.length > 0);
    const res = await rawRequest(
      `${wc.harness.base}${LISTEN}?VER=8&database=${DB}&gsessionid=g&SID=${sid}&RID=9&AID=1&TYPE=terminate&zx=z&t=1`,
      { method: 'POST', headers: { 'Content-Type': 'text/plain' }, body: '' },
    );
    expect(res.status).toBe(200);
    await back.ended;
    expect(wc.service.streams[0].closed).toBe(true);
    expect(wc.transport.stats()).toEqual({
      sessions: 0,
      openResponses: 0,
      sweeping: false,
      unacknowledged: 0,
      keepalives: 0,
    });
    expect((await rawRequest(wc.backchannelUrl(sid, 1, 0))).status).toBe(400);
  });

  it('drops a session abandoned without a backchannel', async () => {
    await wc.harness.stop();
    await wc.start({ sessionIdleMs: 40 });
    await wc.createSession();
    await waitFor(() => wc.transport.stats().sessions === 0);
    expect(wc.service.streams[0].closed).toBe(true);
    expect(wc.transport.stats().sweeping).toBe(false);
  });

  it('keeps a session alive while its streaming backchannel is open', async () => {
    await wc.harness.stop();
    await wc.start({ sessionIdleMs: 40, keepaliveMs: 1000 });
    const { sid } = await wc.createSession();
    const back = await openRequest(wc.backchannelUrl(sid, 0, 0));
    // A witness session opened later, without a backchannel: once the sweep has dropped it, the
    // first session has been idle longer and is only alive because of its backchannel.
    const witness = await wc.createSession();
    await waitFor(() => wc.service.streams[1].closed);
    expect(wc.transport.stats().sessions).toBe(1);
    await expect(rawRequest(wc.backchannelUrl(witness.sid, 0, 1))).resolves.toMatchObject({
      status: 400,
    });
    back.abort();
    await waitFor(() => wc.transport.stats().sessions === 0);
    expect(wc.service.streams[0].closed).toBe(true);
  });

  it('leaves nothing behind after 1,000 sessions opened and closed', async () => {
    await wc.harness.stop();
    await wc.start({ sessionIdleMs: 30, keepaliveMs: 20, longPollHoldMs: 20 });
    const timers = () => process.getActiveResourcesInfo().filter((r) => r === 'Timeout').length;
    const baseline = timers();
    const heapBefore = liveHeapBytes();
    for (let batch = 0; batch < 20; batch += 1) {
      await Promise.all(
        Array.from({ length: 50 }, async (_, i) => {
          const { sid } = await wc.createSession();
          const mode = i % 3;
          if (mode === 0) {
            // Streaming backchannel, then terminate.
            const back = await openRequest(wc.backchannelUrl(sid, 0, 0));
            await back.waitFor((text) => text.length > 0);
            await rawRequest(`${wc.harness.base}${LISTEN}?SID=${sid}&TYPE=terminate&RID=3`, {
              method: 'POST',
            });
            await back.ended;
          } else if (mode === 1) {
            // A long poll, then the client just disappears (timeout).
            const poll = await openRequest(wc.backchannelUrl(sid, 0, 1));
            await poll.ended;
          } else {
            // A streaming backchannel the client drops, never coming back.
            const back = await openRequest(wc.backchannelUrl(sid, 0, 0));
            await back.waitFor((text) => text.length > 0);
            back.abort();
          }
        }),
      );
    }
    await waitFor(() => wc.transport.stats().sessions === 0, 20_000);
    expect(wc.service.streams).toHaveLength(1000);
    expect(wc.service.openStreams).toBe(0);
    expect(wc.transport.stats()).toEqual({
      sessions: 0,
      openResponses: 0,
      sweeping: false,
      unacknowledged: 0,
      keepalives: 0,
    });
    await waitFor(() => timers() <= baseline);
    // Live heap after a full GC (about 2 MiB here, some of it the fake service's record of the
    // 1,000 streams): under 8 MiB, i.e. a leak of 8 KiB or more per session fails.
    expect(liveHeapBytes() - heapBefore).toBeLessThan(8 * 1024 * 1024);
  }, 120_000);

  it('close() ends every session, backchannel and held poll', async () => {
    const { sid: a } = await wc.createSession();
    const { sid: b } = await wc.createSession();
    const back = await openRequest(wc.backchannelUrl(a, 0, 0));
    const poll = await openRequest(wc.backchannelUrl(b, 0, 1));
    await back.waitFor((text) => text.length > 0);
    wc.transport.close();
    await Promise.all([back.ended, poll.ended]);
    expect(wc.service.openStreams).toBe(0);
    expect(wc.transport.stats()).toEqual({
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
    const res = await rawRequest(`${wc.harness.base}${LISTEN}?VER=8&database=${DB}&RID=1&CVER=22`, {
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
    const res = await rawRequest(`${wc.harness.base}${WRITE}?VER=8`, {
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
    const res = await rawRequest(
      `${wc.harness.base}/v1/projects/p/databases/(default)/documents/a/b`,
    );
    expect(res.status).toBe(404);
  });
});
