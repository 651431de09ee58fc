/**
 * The RPCs and wire details the SDKs reach only indirectly (GetDocument, Create/Update/DeleteDocument,
 * maximum/minimum transforms, the Listen message order, resume tokens, existence filters), driven by a
 * generic gRPC client (@grpc/grpc-js with the google.firestore.v1 protos).
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import * as grpc from '@grpc/grpc-js';
import * as protoLoader from '@grpc/proto-loader';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestEmulator, waitFor, type TestEmulator } from './support/emulator.js';

const require = createRequire(import.meta.url);
const PROTOS = path.join(
  path.dirname(require.resolve('@google-cloud/firestore/package.json')),
  'build',
  'protos',
);
const DB = 'projects/demo-grpc-wire/databases/(default)';
const DOCS = `${DB}/documents`;

type Msg = { [k: string]: unknown };
type Unary = (
  req: Msg,
  md: grpc.Metadata,
  cb: (err: grpc.ServiceError | null, res: Msg) => void,
) => void;
interface FirestoreStub extends grpc.Client {
  [method: string]: unknown;
}

let emu: TestEmulator;
let stub: FirestoreStub;
const owner = new grpc.Metadata();
owner.set('authorization', 'Bearer owner');

function call(method: string, req: Msg): Promise<Msg> {
  return new Promise((resolve, reject) => {
    (stub[method] as Unary).call(stub, req, owner, (err, res) =>
      err ? reject(err) : resolve(res),
    );
  });
}

beforeAll(async () => {
  emu = await startTestEmulator();
  const def = protoLoader.loadSync('google/firestore/v1/firestore.proto', {
    includeDirs: [PROTOS],
    keepCase: false,
    longs: String,
    enums: String,
    defaults: false,
    oneofs: true,
  });
  const pkg = grpc.loadPackageDefinition(def) as unknown as {
    google: {
      firestore: {
        v1: { Firestore: new (addr: string, creds: grpc.ChannelCredentials) => FirestoreStub };
      };
    };
  };
  stub = new pkg.google.firestore.v1.Firestore(emu.hostAndPort, grpc.credentials.createInsecure());
});

afterAll(async () => {
  stub?.close();
  await emu?.stop();
});

describe('document RPCs', () => {
  it('creates, gets, updates with a mask and deletes a document', async () => {
    const created = await call('createDocument', {
      parent: DOCS,
      collectionId: 'wire',
      documentId: 'one',
      document: { fields: { a: { integerValue: '1' }, b: { stringValue: 'x' } } },
    });
    expect(created.name).toBe(`${DOCS}/wire/one`);
    await expect(
      call('createDocument', {
        parent: DOCS,
        collectionId: 'wire',
        documentId: 'one',
        document: {},
      }),
    ).rejects.toMatchObject({ code: grpc.status.ALREADY_EXISTS });
    const auto = await call('createDocument', { parent: DOCS, collectionId: 'wire', document: {} });
    expect(String(auto.name)).toMatch(
      new RegExp(`^${DOCS.replace(/[()]/g, '\\$&')}/wire/[A-Za-z0-9]{20}$`),
    );

    const got = await call('getDocument', {
      name: `${DOCS}/wire/one`,
      mask: { fieldPaths: ['b'] },
    });
    expect(got.fields).toEqual({ b: { stringValue: 'x', valueType: 'stringValue' } });

    const updated = await call('updateDocument', {
      document: { name: `${DOCS}/wire/one`, fields: { a: { integerValue: '5' } } },
      updateMask: { fieldPaths: ['a'] },
      currentDocument: { exists: true },
    });
    expect(Object.keys(updated.fields as Msg).sort()).toEqual(['a', 'b']);

    await call('deleteDocument', { name: `${DOCS}/wire/one` });
    await expect(call('getDocument', { name: `${DOCS}/wire/one` })).rejects.toMatchObject({
      code: grpc.status.NOT_FOUND,
    });
    await expect(
      call('deleteDocument', { name: `${DOCS}/wire/one`, currentDocument: { exists: true } }),
    ).rejects.toMatchObject({ code: grpc.status.NOT_FOUND });
  });

  it('applies maximum and minimum transforms with int/double rules', async () => {
    const name = `${DOCS}/wire/minmax`;
    await call('commit', {
      database: DB,
      writes: [
        {
          update: {
            name,
            fields: {
              hi: { integerValue: '5' },
              lo: { doubleValue: 2.5 },
              s: { stringValue: 'z' },
            },
          },
        },
      ],
    });
    const res = await call('commit', {
      database: DB,
      writes: [
        {
          transform: {
            document: name,
            fieldTransforms: [
              { fieldPath: 'hi', maximum: { doubleValue: 7.5 } },
              { fieldPath: 'lo', minimum: { integerValue: '3' } },
              { fieldPath: 's', maximum: { integerValue: '1' } },
            ],
          },
        },
      ],
    });
    const results = (res.writeResults as Msg[])[0].transformResults as Msg[];
    expect(results.map((r) => r.doubleValue ?? r.integerValue)).toEqual([7.5, 2.5, '1']);
    const doc = await call('getDocument', { name });
    expect(doc.fields).toMatchObject({
      hi: { doubleValue: 7.5 },
      lo: { doubleValue: 2.5 },
      s: { integerValue: '1' },
    });
  });

  it('saturates integer increments at the int64 bounds', async () => {
    const name = `${DOCS}/wire/sat`;
    await call('commit', {
      database: DB,
      writes: [{ update: { name, fields: { n: { integerValue: '9223372036854775800' } } } }],
    });
    await call('commit', {
      database: DB,
      writes: [
        {
          transform: {
            document: name,
            fieldTransforms: [{ fieldPath: 'n', increment: { integerValue: '100' } }],
          },
        },
      ],
    });
    const doc = await call('getDocument', { name });
    expect((doc.fields as Msg).n).toMatchObject({ integerValue: '9223372036854775807' });
  });

  it('rejects nested arrays and over-deep maps with INVALID_ARGUMENT', async () => {
    const nested = { arrayValue: { values: [{ arrayValue: { values: [] } }] } };
    await expect(
      call('commit', {
        database: DB,
        writes: [{ update: { name: `${DOCS}/wire/bad`, fields: { a: nested } } }],
      }),
    ).rejects.toMatchObject({ code: grpc.status.INVALID_ARGUMENT });
    let deep: Msg = { integerValue: '1' };
    for (let i = 0; i < 25; i++) deep = { mapValue: { fields: { x: deep } } };
    await expect(
      call('commit', {
        database: DB,
        writes: [{ update: { name: `${DOCS}/wire/bad`, fields: { d: deep } } }],
      }),
    ).rejects.toMatchObject({ code: grpc.status.INVALID_ARGUMENT });
  });

  it('commits an empty read-only transaction and refuses writes in one', async () => {
    const ro = await call('beginTransaction', { database: DB, options: { readOnly: {} } });
    await call('commit', { database: DB, transaction: ro.transaction, writes: [] });
    const ro2 = await call('beginTransaction', { database: DB, options: { readOnly: {} } });
    await expect(
      call('commit', {
        database: DB,
        transaction: ro2.transaction,
        writes: [{ update: { name: `${DOCS}/wire/ro`, fields: {} } }],
      }),
    ).rejects.toMatchObject({ code: grpc.status.INVALID_ARGUMENT });
    await expect(
      call('rollback', { database: DB, transaction: Buffer.from('nope') }),
    ).rejects.toMatchObject({
      code: grpc.status.INVALID_ARGUMENT,
      details: 'The referenced transaction has expired or is no longer valid.',
    });
  });

  it('keeps named databases apart', async () => {
    const other = 'projects/demo-grpc-wire/databases/other';
    await call('commit', {
      database: other,
      writes: [
        {
          update: {
            name: `${other}/documents/wire/named`,
            fields: { db: { stringValue: 'other' } },
          },
        },
      ],
    });
    const got = await call('getDocument', { name: `${other}/documents/wire/named` });
    expect((got.fields as Msg).db).toMatchObject({ stringValue: 'other' });
    await expect(call('getDocument', { name: `${DOCS}/wire/named` })).rejects.toMatchObject({
      code: grpc.status.NOT_FOUND,
    });
  });

  it('pages through ListDocuments and ListCollectionIds', async () => {
    for (const id of ['p1', 'p2', 'p3']) {
      await call('createDocument', {
        parent: DOCS,
        collectionId: 'paged',
        documentId: id,
        document: {},
      });
    }
    const page1 = await call('listDocuments', { parent: DOCS, collectionId: 'paged', pageSize: 2 });
    expect((page1.documents as Msg[]).map((d) => String(d.name).split('/').pop())).toEqual([
      'p1',
      'p2',
    ]);
    const page2 = await call('listDocuments', {
      parent: DOCS,
      collectionId: 'paged',
      pageSize: 2,
      pageToken: page1.nextPageToken,
    });
    expect((page2.documents as Msg[]).map((d) => String(d.name).split('/').pop())).toEqual(['p3']);
    expect(page2.nextPageToken ?? '').toBe('');
    const ids = await call('listCollectionIds', { parent: DOCS });
    expect(ids.collectionIds).toEqual(expect.arrayContaining(['paged', 'wire']));
    // Without the owner token (a client SDK), listing collections is refused.
    const anonymous = await new Promise<grpc.ServiceError | null>((resolve) =>
      (stub.listCollectionIds as Unary).call(stub, { parent: DOCS }, new grpc.Metadata(), (err) =>
        resolve(err),
      ),
    );
    expect(anonymous?.code).toBe(grpc.status.PERMISSION_DENIED);
    expect(anonymous?.details).toBe('Metadata operations require admin authentication.');
  });
});

describe('server-streaming calls on the wire', () => {
  /** The events of one RunQuery call, in order: metadata (headers), data, status. */
  function runQuery(structuredQuery: Msg): Promise<string[]> {
    return new Promise((resolve) => {
      const events: string[] = [];
      const s = (
        stub.runQuery as (r: Msg, md: grpc.Metadata) => grpc.ClientReadableStream<Msg>
      ).call(stub, { parent: DOCS, structuredQuery }, owner);
      s.on('metadata', () => events.push('metadata'));
      s.on('data', (m: Msg) => events.push(m.document ? 'document' : 'data'));
      s.on('error', () => undefined);
      s.on('status', (st: grpc.StatusObject) => {
        events.push(`status ${grpc.status[st.code]}`);
        resolve(events);
      });
    });
  }

  it('sends headers before a stream error, so clients do not take it for a lost connection', async () => {
    // A trailers-only error looks to google-gax's retry-request like a failed connection, which it
    // retries with back-off (seconds) before the SDK sees INVALID_ARGUMENT.
    const bad = await runQuery({ from: [{ collectionId: '__bad__' }] });
    expect(bad).toEqual(['metadata', 'status INVALID_ARGUMENT']);
    await call('commit', {
      database: DB,
      writes: [{ update: { name: `${DOCS}/streamed/a`, fields: {} } }],
    });
    const good = await runQuery({ from: [{ collectionId: 'streamed' }] });
    expect(good).toEqual(['metadata', 'document', 'status OK']);
  });
});

describe('Listen on the wire', () => {
  function listen(): { stream: grpc.ClientDuplexStream<Msg, Msg>; messages: Msg[] } {
    const messages: Msg[] = [];
    const stream = (stub.listen as (md: grpc.Metadata) => grpc.ClientDuplexStream<Msg, Msg>).call(
      stub,
      owner,
    );
    stream.on('data', (m: Msg) => messages.push(m));
    stream.on('error', () => {});
    return { stream, messages };
  }
  const kinds = (ms: Msg[]) =>
    ms.map((m) => {
      const tc = m.targetChange as Msg | undefined;
      if (tc)
        return `${String(tc.targetChangeType ?? 'NO_CHANGE')}:${((tc.targetIds as number[]) ?? []).join(',')}`;
      return String(m.responseType);
    });

  it('sends ADD, documents, CURRENT, then a global snapshot; REMOVE on removal', async () => {
    const startedAt = Date.now();
    await call('commit', {
      database: DB,
      writes: [{ update: { name: `${DOCS}/live/a`, fields: { n: { integerValue: '1' } } } }],
    });
    const { stream, messages } = listen();
    stream.write({
      database: DB,
      addTarget: {
        targetId: 7,
        query: { parent: DOCS, structuredQuery: { from: [{ collectionId: 'live' }] } },
      },
    });
    await waitFor(() => messages.length >= 4);
    expect(kinds(messages)).toEqual(['ADD:7', 'documentChange', 'CURRENT:7', 'NO_CHANGE:']);
    const global = messages[3].targetChange as Msg;
    // The read time of the snapshot: a Timestamp of the commit just made (within this test).
    const readTime = global.readTime as { seconds: string; nanos: number };
    expect(Number(readTime.seconds)).toBeGreaterThanOrEqual(Math.floor(startedAt / 1000) - 1);
    expect(Number(readTime.seconds)).toBeLessThanOrEqual(Math.ceil(Date.now() / 1000));
    expect((global.resumeToken as Buffer).length).toBeGreaterThan(0);

    await call('commit', {
      database: DB,
      writes: [
        { update: { name: `${DOCS}/live/b`, fields: { n: { integerValue: '2' } } } },
        { delete: `${DOCS}/live/a` },
      ],
    });
    await waitFor(() => messages.length >= 7);
    expect(kinds(messages.slice(4))).toEqual(['documentChange', 'documentDelete', 'NO_CHANGE:']);
    stream.write({ removeTarget: 7 });
    await waitFor(() => messages.length >= 8);
    expect(kinds(messages.slice(7))).toEqual(['REMOVE:7']);
    stream.end();
    stream.cancel();
  });

  it('answers a resume token with the changes since it and an existence filter', async () => {
    await call('commit', {
      database: DB,
      writes: [
        { update: { name: `${DOCS}/resume-wire/kept`, fields: {} } },
        { update: { name: `${DOCS}/resume-wire/gone`, fields: {} } },
      ],
    });
    const first = listen();
    first.stream.write({
      database: DB,
      addTarget: {
        targetId: 2,
        query: { parent: DOCS, structuredQuery: { from: [{ collectionId: 'resume-wire' }] } },
      },
    });
    await waitFor(() => first.messages.length >= 5);
    const token = (first.messages.at(-1)!.targetChange as Msg).resumeToken;
    first.stream.cancel();
    await call('commit', {
      database: DB,
      writes: [
        { update: { name: `${DOCS}/resume-wire/x`, fields: {} } },
        { delete: `${DOCS}/resume-wire/gone` },
      ],
    });
    const again = listen();
    again.stream.write({
      database: DB,
      addTarget: {
        targetId: 2,
        resumeToken: token,
        query: { parent: DOCS, structuredQuery: { from: [{ collectionId: 'resume-wire' }] } },
      },
    });
    await waitFor(() => again.messages.length >= 6);
    expect(kinds(again.messages)).toEqual([
      'ADD:2',
      'documentChange',
      'documentDelete',
      'filter',
      'CURRENT:2',
      'NO_CHANGE:',
    ]);
    expect((again.messages[1].documentChange as Msg).document).toMatchObject({
      name: `${DOCS}/resume-wire/x`,
    });
    expect(again.messages[2].documentDelete).toMatchObject({
      document: `${DOCS}/resume-wire/gone`,
    });
    expect(again.messages[3].filter).toMatchObject({ targetId: 2, count: 2 });
    again.stream.cancel();
  });

  it('removes a once target after its first consistent snapshot', async () => {
    const { stream, messages } = listen();
    stream.write({
      database: DB,
      addTarget: { targetId: 9, once: true, documents: { documents: [`${DOCS}/live/b`] } },
    });
    await waitFor(() => messages.length >= 5);
    expect(kinds(messages)).toEqual([
      'ADD:9',
      'documentChange',
      'CURRENT:9',
      'NO_CHANGE:',
      'REMOVE:9',
    ]);
    stream.cancel();
  });

  it('removes a target whose query is invalid, with the cause, and keeps the stream', async () => {
    const { stream, messages } = listen();
    stream.write({
      database: DB,
      addTarget: {
        targetId: 3,
        query: {
          parent: DOCS,
          structuredQuery: {
            from: [{ collectionId: 'x' }],
            startAt: { values: [{ integerValue: '1' }, { integerValue: '2' }] },
          },
        },
      },
    });
    await waitFor(() => messages.length >= 1);
    const tc = messages[0].targetChange as Msg;
    expect(tc.targetChangeType).toBe('REMOVE');
    expect((tc.cause as Msg).code).toBe(grpc.status.INVALID_ARGUMENT);
    stream.write({
      addTarget: { targetId: 4, documents: { documents: [`${DOCS}/live/b`] } },
    });
    await waitFor(() => messages.length >= 5);
    expect(kinds(messages.slice(1))).toEqual([
      'ADD:4',
      'documentChange',
      'CURRENT:4',
      'NO_CHANGE:',
    ]);
    stream.cancel();
  });
});
