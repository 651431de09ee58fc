/** The WebChannel session layer on a fake service over HTTP: one per test, and the requests the SDK makes. */
import { afterEach, beforeEach, expect } from 'vitest';
import type { JsonObject } from '../../src/service.js';
import {
  createWebChannelTransport,
  type WebChannelOptions,
  type WebChannelTransport,
} from '../../src/transports/webchannel/index.js';
import { FakeService } from '../browser/fake-service.js';
import { parseArrays, rawRequest, serveTransport, type Harness } from '../browser/http-harness.js';

export const DB = encodeURIComponent('projects/demo-p/databases/(default)');
export const LISTEN = '/google.firestore.v1.Firestore/Listen/channel';
export const WRITE = '/google.firestore.v1.Firestore/Write/channel';

export function unsignedJwt(claims: JsonObject): string {
  const part = (value: JsonObject) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'none', typ: 'JWT' })}.${part(claims)}.`;
}

export function formBody(fields: Record<string, string>): string {
  return new URLSearchParams(fields).toString();
}

export function messagesForm(offset: number, messages: JsonObject[]): Record<string, string> {
  const fields: Record<string, string> = { count: String(messages.length), ofs: String(offset) };
  messages.forEach((message, i) => (fields[`req${i}___data__`] = JSON.stringify(message)));
  return fields;
}

/** A fresh transport on a fake service for each test, and the SDK's requests against it. */
export interface SessionHarness {
  readonly service: FakeService;
  readonly transport: WebChannelTransport;
  readonly harness: Harness;
  /** Restarts the transport with other timings (stop the running one first). */
  start(options?: WebChannelOptions): Promise<void>;
  /** Opens a session the way the SDK does; returns its SID and the handshake's arrays. */
  createSession(
    path?: string,
    messages?: JsonObject[],
    headers?: Record<string, string>,
  ): Promise<{ sid: string; arrays: Array<[number, unknown[]]>; gsessionid: string | undefined }>;
  backchannelUrl(sid: string, aid: number, ci: 0 | 1, path?: string): string;
  forward(
    sid: string,
    rid: number,
    aid: number,
    offset: number,
    messages: JsonObject[],
  ): ReturnType<typeof rawRequest>;
}

/** Registers `beforeEach`/`afterEach` that start and stop the transport of every test. */
export function useSessionHarness(): SessionHarness {
  let service: FakeService | undefined;
  let transport: WebChannelTransport | undefined;
  let harness: Harness | undefined;
  const running = <T>(v: T | undefined): T => {
    if (v === undefined) throw new Error('The transport is not started.');
    return v;
  };
  const h: SessionHarness = {
    get service() {
      return running(service);
    },
    get transport() {
      return running(transport);
    },
    get harness() {
      return running(harness);
    },
    async start(options: WebChannelOptions = {}) {
      service = new FakeService();
      transport = createWebChannelTransport(service, options);
      harness = await serveTransport(transport);
    },
    async createSession(
      path = LISTEN,
      messages: JsonObject[] = [{ database: 'projects/demo-p/databases/(default)' }],
      headers: Record<string, string> = { 'X-Goog-Api-Client': 'gl-js/ fire/12.19.0' },
    ) {
      const encodedHeaders = Object.entries(headers)
        .map(([k, v]) => `${k}:${v}\r\n`)
        .join('');
      const res = await rawRequest(
        `${h.harness.base}${path}?VER=8&database=${DB}&RID=4021&CVER=22&X-HTTP-Session-Id=gsessionid&zx=abc&t=1`,
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
    },
    backchannelUrl(sid, aid, ci, path = LISTEN) {
      return `${h.harness.base}${path}?gsessionid=g&VER=8&database=${DB}&RID=rpc&SID=${sid}&AID=${aid}&CI=${ci}&TYPE=xmlhttp&zx=x&t=1`;
    },
    forward(sid, rid, aid, offset, messages) {
      return rawRequest(
        `${h.harness.base}${LISTEN}?VER=8&database=${DB}&gsessionid=g&SID=${sid}&RID=${rid}&AID=${aid}&zx=y&t=1`,
        {
          method: 'POST',
          headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
          body: formBody(messagesForm(offset, messages)),
        },
      );
    },
  };
  beforeEach(async () => h.start());
  afterEach(async () => harness?.stop());
  return h;
}
