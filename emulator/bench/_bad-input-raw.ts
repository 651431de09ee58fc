/** The bad-input drill's raw byte cases (node:net): broken HTTP/2 after the preface, broken HTTP/1.1. */
import { randomBytes } from 'node:crypto';
import type { Case, Ctx } from './_bad-input-case.js';
import { H2_PREFACE, h2Frame, hpackLiteral, rawExchange, type RawAnswer } from './_raw-clients.js';

function raw(
  ctx: Ctx,
  category: string,
  detail: string,
  chunks: Buffer[],
  ok: RawAnswer[],
  h2 = true,
  end = false,
): Case {
  return {
    category,
    detail,
    run: async () => {
      const a = await rawExchange(ctx.port, end ? [...chunks] : chunks, { h2, end });
      return { label: a, expected: ok.includes(a) };
    },
  };
}

const settings = (payload: Buffer, flags = 0, stream = 0) => h2Frame(4, flags, stream, payload);
const setting = (id: number, value: number) => {
  const b = Buffer.alloc(6);
  b.writeUInt16BE(id, 0);
  b.writeUInt32BE(value >>> 0, 2);
  return b;
};
const HEADERS_NO_PATH = Buffer.concat([
  Buffer.from([0x83, 0x86]),
  hpackLiteral(':authority', 'x'),
  hpackLiteral('content-type', 'application/grpc'),
]);
const HEADERS_OK = Buffer.concat([
  Buffer.from([0x83, 0x86]),
  hpackLiteral(':path', '/google.firestore.v1.Firestore/GetDocument'),
  hpackLiteral(':authority', 'x'),
  hpackLiteral('content-type', 'application/grpc'),
]);

const CLOSED: RawAnswer[] = ['goaway', 'closed'];
const EMPTY_SETTINGS = settings(Buffer.alloc(0));

/** Round `i` of the malformed-connection cases: broken HTTP/2 frames, garbage, truncations. */
function brokenConnectionCases(ctx: Ctx, i: number): Case[] {
  const out: Case[] = [];
  out.push(
    raw(ctx, 'h2 garbage after preface', `${i}`, [H2_PREFACE, randomBytes(9 + i * 3)], CLOSED),
  );
  out.push(
    raw(
      ctx,
      'h2 bad SETTINGS',
      `${i % 6}`,
      [
        H2_PREFACE,
        [
          settings(Buffer.alloc(5)),
          settings(setting(4, 0), 0, 1),
          settings(setting(4, 0x80000000)),
          settings(setting(2, 2)),
          settings(setting(5, 100)),
          settings(Buffer.alloc(6), 1),
        ][i % 6],
      ],
      CLOSED,
    ),
  );
  out.push(
    raw(
      ctx,
      'h2 HEADERS without :path',
      `${i}`,
      [H2_PREFACE, EMPTY_SETTINGS, h2Frame(1, 0x5, 1 + 2 * (i % 5), HEADERS_NO_PATH)],
      ['rst', 'goaway', 'closed'],
    ),
  );
  out.push(
    raw(
      ctx,
      'h2 frame on stream 0 / bad stream',
      `${i % 4}`,
      [
        H2_PREFACE,
        EMPTY_SETTINGS,
        [
          h2Frame(1, 0x5, 0, HEADERS_OK),
          h2Frame(0, 0x1, 1, Buffer.from('x')),
          h2Frame(3, 0, 0, Buffer.alloc(4)),
          h2Frame(8, 0, 0, Buffer.alloc(4)),
        ][i % 4],
      ],
      CLOSED,
    ),
  );
  out.push(
    raw(
      ctx,
      'h1 garbage',
      `${i}`,
      [Buffer.concat([Buffer.from('X'), randomBytes(20 + i)])],
      ['http-400', 'closed'],
      false,
    ),
  );
  out.push(
    raw(
      ctx,
      'truncated preface / request',
      `${i % 3}`,
      [
        [
          H2_PREFACE.subarray(0, 3 + (i % 20)),
          Buffer.from('GET /v1/'),
          Buffer.from('POST / HTTP/1.1\r\nContent-Length: 100\r\n\r\nabc'),
        ][i % 3],
      ],
      ['closed', 'http-400', 'goaway'],
      i % 3 === 0,
      true,
    ),
  );
  return out;
}

/** RST storms: 300 streams opened and cancelled at once, then a PING that must be answered. */
function rstStormCases(ctx: Ctx): Case[] {
  const out: Case[] = [];
  for (let i = 0; i < 40; i++) {
    // RST storm: 300 streams opened and cancelled at once, then a PING that must be answered.
    const storm: Buffer[] = [H2_PREFACE, EMPTY_SETTINGS];
    for (let s = 0; s < 300; s++) {
      storm.push(
        h2Frame(1, 0x4, 1 + 2 * s, HEADERS_OK),
        h2Frame(3, 0, 1 + 2 * s, Buffer.from([0, 0, 0, 8])),
      );
    }
    storm.push(h2Frame(6, 0, 0, Buffer.alloc(8)));
    out.push(raw(ctx, 'h2 RST storm', `${i}`, storm, ['answered', 'goaway', 'closed', 'rst']));
  }
  return out;
}

/** HTTP/1.1 requests with broken lengths, encodings, header lines or versions. */
function h1MalformedCases(ctx: Ctx): Case[] {
  const out: Case[] = [];
  const h1Bad = [
    'GET / HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\n\r\n',
    'POST /v1/x HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n',
    'POST /v1/x HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\nnothex\r\n',
    'GET / HTTP/1.1\r\nNo colon here\r\n\r\n',
    'GET / HTTP/9.9\r\n\r\n',
    `GET /${'a'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`,
    'GET\r\n\r\n',
  ];
  for (let i = 0; i < 140; i++) {
    out.push(
      raw(
        ctx,
        'h1 malformed request',
        `${i % h1Bad.length}`,
        [Buffer.from(h1Bad[i % h1Bad.length])],
        ['http-400', 'closed'],
        false,
      ),
    );
  }
  return out;
}

/** Raw bytes: broken HTTP/2 after the preface and broken HTTP/1.1 requests. */
export function rawCases(ctx: Ctx): Case[] {
  const out: Case[] = [];
  for (let i = 0; i < 120; i++) out.push(...brokenConnectionCases(ctx, i));
  out.push(...rstStormCases(ctx), ...h1MalformedCases(ctx));
  return out;
}
