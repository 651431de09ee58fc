/** The bad-input drill's gRPC cases (node:http2): names, protobuf, framing and headers, bidi streams. */
import { randomBytes } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { firestoreService } from '../src/transports/grpc/proto.js';
import type { Case, Ctx } from './_bad-input-case.js';
import { grpcFrame, type GrpcAnswer } from './_raw-clients.js';

const root = firestoreService.root;
function encode(type: string, msg: object): Buffer {
  const t = root.lookupType(`google.firestore.v1.${type}`);
  return Buffer.from(t.encode(t.fromObject(msg)).finish());
}

/** gRPC codes a client mistake may get: INVALID_ARGUMENT, NOT_FOUND, PERMISSION_DENIED, ... */
const CLIENT = new Set([3, 5, 6, 7, 8, 9, 10, 11, 12, 16]);
const INTERNAL = 13;

function label(a: GrpcAnswer): string {
  if (a.timeout) return 'timeout';
  if (a.grpc !== null) return `grpc ${a.grpc}`;
  if (a.http) return `http ${a.http}`;
  return `rst ${a.rst}`;
}

const owner = { authorization: 'Bearer owner' };
const P = '/google.firestore.v1.Firestore/';

/** A gRPC case: `ok` decides on the answer (default: a client-error status). */
function g(
  ctx: Ctx,
  category: string,
  detail: string,
  headers: Record<string, string>,
  body: Buffer | null,
  ok: (a: GrpcAnswer) => boolean = (a) => a.grpc !== null && CLIENT.has(a.grpc),
  timeoutMs = 5000,
): Case {
  return {
    category,
    detail,
    run: async () => {
      const a = await ctx.h2.call(headers, body, timeoutMs);
      return { label: label(a), expected: !a.timeout && ok(a) };
    },
  };
}

export function badNames(project: string): string[] {
  const db = `projects/${project}/databases/(default)`;
  return [
    '',
    'x',
    `projects/${project}`,
    `${db}`,
    `${db}/documents/seed`,
    `${db}/documents/seed/s01/sub`,
    `projects//databases/(default)/documents/seed/s01`,
    `projects/${project}/databases//documents/seed/s01`,
    `${db}/documents/seed//s01`,
    `${db}/documents//seed/s01`,
    `${db}/documents/seed/s01/`,
    `${db}/documents/seed/..`,
    `${db}/documents/seed/.`,
    `${db}/documents/seed/x/../s01`,
    `${db}/documents/../../x/y`,
    `${db}/documents/__bad__/s01`,
    `${db}/documents/seed/__bad__`,
    `${db}/documents/seed/${'x'.repeat(1600)}`,
    `${db}/documents/seed/${'y'.repeat(200_000)}`,
    `projects/Not A Project!/databases/(default)/documents/seed/s01`,
    `projects/other-project/databases/(default)/documents/seed/s01`,
    `databases/(default)/documents/seed/s01`,
    `${db}/docs/seed/s01`,
  ];
}

/** Name-bearing requests with invalid resource names, anonymous and as the owner. */
function nameCases(ctx: Ctx): Case[] {
  const out: Case[] = [];
  const db = `projects/${ctx.project}/databases/(default)`;
  for (const name of badNames(ctx.project)) {
    const short = name.length > 60 ? `${name.slice(0, 60)}…(${name.length})` : name;
    const m = (method: string, body: Buffer, hdr: Record<string, string> = {}) =>
      g(
        ctx,
        'grpc bad resource name',
        `${method} ${short}`,
        { ':path': P + method, ...hdr },
        grpcFrame(body),
      );
    out.push(
      m('GetDocument', encode('GetDocumentRequest', { name })),
      m('GetDocument', encode('GetDocumentRequest', { name }), owner),
      m('DeleteDocument', encode('DeleteDocumentRequest', { name }), owner),
      m(
        'ListDocuments',
        encode('ListDocumentsRequest', { parent: name, collectionId: 'seed' }),
        owner,
      ),
      m('ListCollectionIds', encode('ListCollectionIdsRequest', { parent: name }), owner),
      m(
        'BatchGetDocuments',
        encode('BatchGetDocumentsRequest', { database: db, documents: [name] }),
        owner,
      ),
      m('Commit', encode('CommitRequest', { database: db, writes: [{ delete: name }] }), owner),
      m(
        'Commit',
        encode('CommitRequest', {
          database: db,
          writes: [{ update: { name, fields: { z: { integerValue: 1 } } } }],
        }),
        owner,
      ),
      m(
        'RunQuery',
        encode('RunQueryRequest', {
          parent: name,
          structuredQuery: { from: [{ collectionId: 'seed' }] },
        }),
      ),
      m(
        'CreateDocument',
        encode('CreateDocumentRequest', {
          parent: name,
          collectionId: 'scratch',
          documentId: 'a',
          document: {},
        }),
        owner,
      ),
    );
  }
  return out;
}

type Body = [method: string, detail: string, body: Buffer];

/** Bytes that are not valid protobuf, or not this message. */
function malformedBodies(): Body[] {
  return [
    ['GetDocument', 'field 1 as varint', Buffer.from([0x08, 0x96, 0x01])],
    ['GetDocument', 'field 1 as fixed32', Buffer.from([0x0d, 1, 2, 3, 4])],
    ['GetDocument', 'truncated varint length', Buffer.from([0x0a, 0xff, 0xff, 0xff])],
    ['GetDocument', 'length past the end', Buffer.from([0x0a, 0x40, 0x61])],
    ['GetDocument', 'lone tag', Buffer.from([0x0a])],
    ['GetDocument', 'end group without start', Buffer.from([0x0c])],
    ['GetDocument', 'field number 0', Buffer.from([0x02, 0x01, 0x61])],
    ['GetDocument', 'wire type 7', Buffer.from([0x0f, 0x00])],
  ];
}

/** Commits whose writes or values Firestore refuses. */
function commitBodies(db: string, seed: string): Body[] {
  return [
    [
      'Commit',
      'a Document as a CommitRequest',
      encode('Document', { name: seed, fields: { a: { integerValue: 1 } } }),
    ],
    ['Commit', 'write with no operation', encode('CommitRequest', { database: db, writes: [{}] })],
    [
      'Commit',
      'random transaction',
      encode('CommitRequest', { database: db, transaction: randomBytes(16) }),
    ],
    [
      'Commit',
      'timestamp out of range',
      encode('CommitRequest', {
        database: db,
        writes: [
          {
            update: {
              name: `${db}/documents/scratch/t`,
              fields: { t: { timestampValue: { seconds: 1e12 } } },
            },
          },
        ],
      }),
    ],
    [
      'Commit',
      'value with no kind',
      encode('CommitRequest', {
        database: db,
        writes: [{ update: { name: `${db}/documents/scratch/v`, fields: { v: {} } } }],
      }),
    ],
    [
      'Commit',
      'nested arrays',
      encode('CommitRequest', {
        database: db,
        writes: [
          {
            update: {
              name: `${db}/documents/scratch/n`,
              fields: { v: { arrayValue: { values: [{ arrayValue: { values: [] } }] } } },
            },
          },
        ],
      }),
    ],
    [
      'Commit',
      'bad field path in mask',
      encode('CommitRequest', {
        database: db,
        writes: [{ update: { name: seed, fields: {} }, updateMask: { fieldPaths: ['a..b'] } }],
      }),
    ],
    [
      'Commit',
      'transform on bad path',
      encode('CommitRequest', {
        database: db,
        writes: [
          {
            transform: {
              document: seed,
              fieldTransforms: [{ fieldPath: '', setToServerValue: 1 }],
            },
          },
        ],
      }),
    ],
  ];
}

/** Reads, queries and transactions with bad parameters. */
function readBodies(db: string): Body[] {
  return [
    [
      'RunQuery',
      'filter op 999',
      encode('RunQueryRequest', {
        parent: `${db}/documents`,
        structuredQuery: {
          from: [{ collectionId: 'seed' }],
          where: {
            fieldFilter: { field: { fieldPath: 'n' }, op: 999, value: { integerValue: 1 } },
          },
        },
      }),
    ],
    [
      'RunQuery',
      'empty collection id',
      encode('RunQueryRequest', {
        parent: `${db}/documents`,
        structuredQuery: { from: [{ collectionId: '' }] },
      }),
    ],
    [
      'RunQuery',
      'negative limit',
      encode('RunQueryRequest', {
        parent: `${db}/documents`,
        structuredQuery: { from: [{ collectionId: 'seed' }], limit: { value: -5 } },
      }),
    ],
    [
      'RunQuery',
      'negative offset',
      encode('RunQueryRequest', {
        parent: `${db}/documents`,
        structuredQuery: { from: [{ collectionId: 'seed' }], offset: -1 },
      }),
    ],
    [
      'RunQuery',
      'empty order field',
      encode('RunQueryRequest', {
        parent: `${db}/documents`,
        structuredQuery: {
          from: [{ collectionId: 'seed' }],
          orderBy: [{ field: { fieldPath: '' } }],
        },
      }),
    ],
    ['RunQuery', 'no query', encode('RunQueryRequest', { parent: `${db}/documents` })],
    [
      'RunAggregationQuery',
      'no aggregations',
      encode('RunAggregationQueryRequest', {
        parent: `${db}/documents`,
        structuredAggregationQuery: { structuredQuery: { from: [{ collectionId: 'seed' }] } },
      }),
    ],
    [
      'BeginTransaction',
      'read time out of range',
      encode('BeginTransactionRequest', {
        database: db,
        options: { readOnly: { readTime: { seconds: -1e12 } } },
      }),
    ],
    ['Rollback', 'no transaction', encode('RollbackRequest', { database: db })],
    [
      'BatchGetDocuments',
      'no documents, random transaction',
      encode('BatchGetDocumentsRequest', { database: db, transaction: randomBytes(8) }),
    ],
    // Tolerated, as the emulator reads them: a negative page size is no limit, a bad token the start.
    [
      'ListDocuments',
      'negative page size',
      encode('ListDocumentsRequest', {
        parent: `${db}/documents`,
        collectionId: 'seed',
        pageSize: -1,
      }),
    ],
    [
      'ListDocuments',
      'bad page token',
      encode('ListDocumentsRequest', {
        parent: `${db}/documents`,
        collectionId: 'seed',
        pageToken: '%%%',
      }),
    ],
    ['PartitionQuery', 'no query', encode('PartitionQueryRequest', { parent: `${db}/documents` })],
  ];
}

/** Protobuf that is not what the method expects (wrong types, wire types, truncation, bad values). */
function protoCases(ctx: Ctx): Case[] {
  const db = `projects/${ctx.project}/databases/(default)`;
  const seed = `${db}/documents/seed/s01`;
  const bodies = [...malformedBodies(), ...commitBodies(db, seed), ...readBodies(db)];
  const tolerated = (detail: string) => /page size|page token/.test(detail);
  return bodies.map(([method, detail, body]) =>
    g(
      ctx,
      'grpc wrong protobuf',
      `${method} ${detail}`,
      { ':path': P + method, ...owner },
      grpcFrame(body),
      (a) => a.grpc !== null && (CLIENT.has(a.grpc) || (a.grpc === 0 && tolerated(detail))),
    ),
  );
}

const METHODS = [
  'GetDocument',
  'Commit',
  'RunQuery',
  'BatchGetDocuments',
  'ListDocuments',
  'BeginTransaction',
  'ListCollectionIds',
  'RunAggregationQuery',
];

/** What the framing and header cases of round `i` send: a method, its path, and two bodies. */
function framingSetup(ctx: Ctx, i: number) {
  const method = METHODS[i % METHODS.length];
  const good = encode('GetDocumentRequest', {
    name: `projects/${ctx.project}/databases/(default)/documents/seed/s01`,
  });
  const payload = method === 'GetDocument' ? good : randomBytes(8 + (i % 40));
  return { method, path: P + method, good, payload };
}

/** Framing refusals: a client error, or INTERNAL as gRPC servers answer a broken frame. */
const framing = (a: GrpcAnswer) => a.grpc !== null && (CLIENT.has(a.grpc) || a.grpc === INTERNAL);

/** Random protobuf to a real method, and real protobuf to methods that do not exist. */
function targetCases(ctx: Ctx, i: number): Case[] {
  const { method, path, good } = framingSetup(ctx, i);
  return [
    g(
      ctx,
      'grpc random protobuf',
      `${method}`,
      { ':path': path },
      grpcFrame(randomBytes(1 + (i % 300))),
    ),
    g(
      ctx,
      'grpc unknown method',
      `#${i}`,
      {
        ':path': [
          `${P}Nope${i}`,
          '/x',
          P,
          `${P}getdocument`,
          '/google.firestore.admin.v1.FirestoreAdmin/ListIndexes',
          '/',
          `${P}${'m'.repeat(4000)}`,
        ][i % 7],
      },
      grpcFrame(good),
      (a) => a.grpc === 12,
    ),
  ];
}

/** Framing mistakes: length prefixes, compressed flags and encodings, message counts. */
function framingCases(ctx: Ctx, i: number): Case[] {
  const { method, path, good, payload } = framingSetup(ctx, i);
  return [
    g(
      ctx,
      'grpc length prefix too long',
      method,
      { ':path': path },
      grpcFrame(payload, 0, payload.length + 1 + (i % 1000)),
      framing,
    ),
    g(
      ctx,
      'grpc length prefix too short',
      method,
      { ':path': path },
      grpcFrame(payload, 0, Math.max(0, payload.length - 1 - (i % 4))),
      framing,
    ),
    g(
      ctx,
      'grpc length prefix 4 GiB',
      method,
      { ':path': path },
      grpcFrame(payload, 0, 0xffffffff),
      framing,
    ),
    g(
      ctx,
      'grpc compressed, no encoding',
      method,
      { ':path': path },
      grpcFrame(payload, 1),
      framing,
    ),
    g(
      ctx,
      'grpc bad gzip',
      method,
      { ':path': path, 'grpc-encoding': 'gzip' },
      grpcFrame(randomBytes(20), 1),
      framing,
    ),
    g(
      ctx,
      'grpc unknown encoding',
      method,
      { ':path': path, 'grpc-encoding': 'snappy' },
      grpcFrame(gzipSync(payload), 1),
      framing,
    ),
    g(
      ctx,
      'grpc reserved flag bits',
      method,
      { ':path': path },
      grpcFrame(payload, 2 + (i % 250)),
      (a) => a.grpc === INTERNAL,
    ),
    g(
      ctx,
      'grpc two messages (unary)',
      method,
      { ':path': P + 'GetDocument' },
      Buffer.concat([grpcFrame(good), grpcFrame(good)]),
      framing,
    ),
    g(ctx, 'grpc empty body', method, { ':path': path }, i % 2 ? Buffer.alloc(0) : null, framing),
    g(ctx, 'grpc partial prefix', method, { ':path': path }, Buffer.from([0, 0, 0]), framing),
  ];
}

/** Header mistakes: content types, HTTP methods, routing and authorization headers. */
function headerCases(ctx: Ctx, i: number): Case[] {
  const { method, path, good } = framingSetup(ctx, i);
  return [
    g(
      ctx,
      'grpc wrong content-type',
      method,
      {
        ':path': path,
        'content-type': ['application/json', 'text/plain', 'application/octet-stream'][i % 3],
      },
      grpcFrame(good),
      (a) => a.http === 415 || (a.grpc !== null && a.grpc !== INTERNAL && a.grpc !== 0),
    ),
    g(
      ctx,
      'grpc wrong HTTP method',
      method,
      { ':path': path, ':method': ['GET', 'PUT', 'DELETE'][i % 3] },
      i % 3 === 0 ? null : grpcFrame(good),
      (a) => a.http === 405 || (a.grpc !== null && CLIENT.has(a.grpc)),
    ),
    g(
      ctx,
      'grpc bad routing header',
      method,
      {
        ':path': P + 'GetDocument',
        'x-goog-request-params': ['%zz', 'database=%E0%A4%A', `database=${'%'.repeat(500)}`][i % 3],
        'google-cloud-resource-prefix': i % 2 ? 'projects/%' : '',
      },
      grpcFrame(good),
      (a) => a.grpc !== null && a.grpc !== INTERNAL && a.grpc !== 2,
    ),
    g(
      ctx,
      'grpc bad authorization',
      method,
      {
        ':path': P + 'GetDocument',
        authorization: [
          'Bearer',
          'Bearer a.b.c',
          `Bearer ${'x'.repeat(6000)}`,
          'Bearer e30.e30.',
          'Basic Zm9vOmJhcg==',
        ][i % 5],
      },
      grpcFrame(good),
      (a) => a.grpc !== null && a.grpc !== INTERNAL && a.grpc !== 2,
    ),
  ];
}

/** Bidi streams (Listen/Write) fed malformed messages; they must fail with a status, not hang. */
function bidiCases(ctx: Ctx, i: number): Case[] {
  const db = `projects/${ctx.project}/databases/(default)`;
  const bodies: [string, Buffer][] = [
    ['Listen', randomBytes(1 + (i % 64))],
    ['Listen', Buffer.from([0x0a, 0xff, 0xff])],
    [
      'Listen',
      encode('ListenRequest', {
        database: 'projects/x',
        addTarget: { targetId: 1, documents: { documents: [`${db}/documents/seed/s01`] } },
      }),
    ],
    ['Listen', Buffer.from([0x1a, 0x02, 0x08])],
    [
      'Listen',
      encode('ListenRequest', {
        database: `projects/other/databases/(default)`,
        addTarget: { targetId: 2, documents: { documents: [`${db}/documents/seed/..`] } },
      }),
    ],
    [
      'Write',
      encode('WriteRequest', { database: db, writes: [{ delete: `${db}/documents/seed/s01` }] }),
    ],
    ['Write', encode('WriteRequest', { database: 'nope' })],
    ['Write', Buffer.from([0x12, 0x05, 0x01])],
  ];
  const [method, body] = bodies[i % bodies.length];
  return [
    g(
      ctx,
      `grpc ${method} stream garbage`,
      `#${i % bodies.length}`,
      { ':path': P + method, ...(i % 2 ? owner : {}) },
      grpcFrame(body),
      undefined,
      3000,
    ),
  ];
}

export function grpcCases(ctx: Ctx): Case[] {
  const out: Case[] = [];
  for (let r = 0; r < 8; r++) out.push(...nameCases(ctx));
  for (let r = 0; r < 20; r++) out.push(...protoCases(ctx));
  for (let i = 0; i < 280; i++) {
    out.push(...targetCases(ctx, i), ...framingCases(ctx, i), ...headerCases(ctx, i));
  }
  for (let i = 0; i < 400; i++) out.push(...bidiCases(ctx, i));
  const huge = randomBytes(11 * 1024 * 1024);
  const big = { ...ctx, h2: ctx.bigH2 };
  for (let i = 0; i < 6; i++) {
    out.push(
      g(
        big,
        'grpc oversized (11 MiB)',
        'GetDocument',
        { ':path': `${P}GetDocument` },
        grpcFrame(huge),
        undefined,
        15_000,
      ),
    );
  }
  return out;
}
