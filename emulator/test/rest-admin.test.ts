/**
 * firebase-admin with `preferRest: true` against the emulator's REST transport. A recording
 * HTTP/1.1 proxy sits in between: every call must go through it (REST), never gRPC.
 */
import { initializeApp, deleteApp, type App } from 'firebase-admin/app';
import {
  AggregateField,
  FieldPath,
  FieldValue,
  GeoPoint,
  Timestamp,
  getFirestore,
  type Firestore,
} from 'firebase-admin/firestore';
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestEmulator, type TestEmulator } from './support/emulator.js';

let emulator: TestEmulator;
let proxy: Server;
let proxyPort: number;
const seen: string[] = [];
const authorizations = new Set<string>();
let app: App;
let db: Firestore;
let projectSeq = 0;
const apps: App[] = [];

beforeAll(async () => {
  emulator = await startTestEmulator();
  proxy = createServer((req, res) => {
    seen.push(`${req.method} ${new URL(req.url ?? '/', 'http://x').pathname}`);
    authorizations.add(req.headers.authorization ?? '(none)');
    const upstream = httpRequest(
      {
        host: emulator.host,
        port: emulator.port,
        path: req.url,
        method: req.method,
        headers: req.headers,
      },
      (answer) => {
        if (process.env.H3_DEBUG) {
          let text = '';
          answer.on('data', (c: Buffer) => (text += c.toString()));
          answer.on('end', () =>
            console.log('RESP', req.url, answer.statusCode, text.slice(0, 300)),
          );
        }
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  proxyPort = (proxy.address() as AddressInfo).port;
});

afterAll(async () => {
  for (const a of apps) await deleteApp(a);
  proxy?.closeAllConnections();
  await new Promise<void>((resolve) => (proxy ? proxy.close(() => resolve()) : resolve()));
  await emulator?.stop();
});

beforeEach(() => {
  projectSeq += 1;
  app = initializeApp({ projectId: `demo-rest-admin-${projectSeq}` }, `rest-admin-${projectSeq}`);
  apps.push(app);
  db = getFirestore(app);
  db.settings({
    host: `127.0.0.1:${proxyPort}`,
    ssl: false,
    preferRest: true,
    // The REST client (google-gax fallback) insists on an auth client even for an emulator, and
    // there are no Application Default Credentials offline: hand it one that adds no headers.
    // The SDK still sends its emulator `Authorization: Bearer owner` header.
    auth: { getRequestHeaders: async () => ({}) },
  } as Parameters<Firestore['settings']>[0]);
  seen.length = 0;
});

function codeOf(error: unknown): number | undefined {
  return (error as { code?: number }).code;
}

describe('firebase-admin over REST (preferRest)', () => {
  it('creates, reads, updates with preconditions, and deletes documents', async () => {
    const ref = db.collection('leads').doc('a');
    const created = await ref.create({ nome: 'Ana', idade: 30 });
    expect(created.writeTime).toBeInstanceOf(Timestamp);
    // (create() on an existing document is not tried here: over REST the SDK only sees HTTP 409,
    // which it reads as ABORTED and retries for minutes. rest-engine.test.ts checks the 409.)
    await ref.update({ idade: FieldValue.increment(2), 'meta.origem': 'site' });
    const snapshot = await ref.get();
    expect(snapshot.data()).toEqual({ nome: 'Ana', idade: 32, meta: { origem: 'site' } });
    await expect(
      ref.update({ idade: 1 }, { lastUpdateTime: Timestamp.fromMillis(1000) }),
      // HTTP 400 FAILED_PRECONDITION: the REST client maps 400 to INVALID_ARGUMENT.
    ).rejects.toSatisfy((e) => codeOf(e) === 3 && /precondition failed/.test(String(e)));
    await ref.update({ idade: 33 }, { lastUpdateTime: snapshot.updateTime });
    await expect(db.doc('leads/missing').update({ x: 1 })).rejects.toSatisfy(
      (e) => codeOf(e) === 5,
    );
    await ref.set({ status: 'novo' }, { merge: true });
    expect((await ref.get()).data()).toEqual({
      nome: 'Ana',
      idade: 33,
      meta: { origem: 'site' },
      status: 'novo',
    });
    await ref.delete();
    expect((await ref.get()).exists).toBe(false);
    expect(seen.every((line) => /^(GET|POST|PATCH|DELETE) \/v1\/projects\//.test(line))).toBe(true);
    expect(seen).toContain(
      `POST /v1/projects/demo-rest-admin-${projectSeq}/databases/(default)/documents:commit`,
    );
    expect([...authorizations]).toEqual(['Bearer owner']);
  });

  it('round-trips every value type', async () => {
    const ref = db.doc('types/all');
    const value = {
      s: 'texto — ✓ 🎉',
      i: 9007199254740991,
      neg: -5,
      d: 1.5,
      nan: NaN,
      inf: Infinity,
      b: true,
      n: null,
      t: Timestamp.fromMillis(1_700_000_000_123),
      g: new GeoPoint(-10.9, -37.07),
      bytes: Buffer.from([0, 1, 2, 255]),
      ref: db.doc('other/x'),
      arr: [1, 'two', { three: 3 }, { list: [] }],
      map: { nested: { deep: 'yes' }, empty: {} },
    };
    await ref.set(value);
    const data = (await ref.get()).data();
    expect(data?.s).toBe(value.s);
    expect(data?.i).toBe(9007199254740991);
    expect(data?.neg).toBe(-5);
    expect(data?.d).toBe(1.5);
    expect(Number.isNaN(data?.nan)).toBe(true);
    expect(data?.inf).toBe(Infinity);
    expect(data?.b).toBe(true);
    expect(data?.n).toBeNull();
    expect((data?.t as Timestamp).toMillis()).toBe(1_700_000_000_123);
    expect((data?.g as GeoPoint).isEqual(value.g)).toBe(true);
    expect(Buffer.from(data?.bytes as Uint8Array)).toEqual(value.bytes);
    expect(data?.ref.path).toBe('other/x');
    expect(data?.arr).toEqual(value.arr);
    expect(data?.map).toEqual(value.map);
  });

  it('applies transforms and reports their results', async () => {
    const ref = db.doc('t/x');
    await ref.set({ tags: ['a'], n: 1 });
    await ref.update({
      tags: FieldValue.arrayUnion('b', 'a'),
      n: FieldValue.increment(0.5),
      at: FieldValue.serverTimestamp(),
    });
    await ref.update({ tags: FieldValue.arrayRemove('a'), gone: FieldValue.delete() });
    const data = (await ref.get()).data();
    expect(data?.tags).toEqual(['b']);
    expect(data?.n).toBe(1.5);
    expect(data?.at).toBeInstanceOf(Timestamp);
  });

  it('queries: filters, order, limits, offsets, cursors, projections, collection groups', async () => {
    const batch = db.batch();
    for (const [id, area, rank] of [
      ['a', 'x', 3],
      ['b', 'x', 1],
      ['c', 'y', 2],
      ['d', 'x', 2],
      ['e', 'z', 5],
    ] as const) {
      batch.set(db.collection('jobs').doc(id), { area, rank, deleted_at: null });
    }
    batch.set(db.doc('jobs/a/apps/1'), { rank: 10 });
    batch.set(db.doc('other/q/apps/2'), { rank: 11 });
    await batch.commit();
    const ids = (docs: { id: string }[]) => docs.map((d) => d.id);
    expect(
      ids(
        (await db.collection('jobs').where('area', '==', 'x').orderBy('rank', 'desc').get()).docs,
      ),
    ).toEqual(['a', 'd', 'b']);
    expect(ids((await db.collection('jobs').where('rank', 'in', [1, 5]).get()).docs)).toEqual([
      'b',
      'e',
    ]);
    expect(ids((await db.collection('jobs').where('area', 'not-in', ['x']).get()).docs)).toEqual([
      'c',
      'e',
    ]);
    expect(
      ids(
        (
          await db
            .collection('jobs')
            .where('deleted_at', '==', null)
            .orderBy('rank')
            .offset(1)
            .limit(2)
            .get()
        ).docs,
      ),
    ).toEqual(['c', 'd']);
    expect(ids((await db.collection('jobs').orderBy('rank').startAfter(2).get()).docs)).toEqual([
      'a',
      'e',
    ]);
    expect(ids((await db.collection('jobs').orderBy('rank').limitToLast(2).get()).docs)).toEqual([
      'a',
      'e',
    ]);
    const projected = await db.collection('jobs').select('area').where('rank', '>', 2).get();
    expect(projected.docs.map((d) => d.data())).toEqual([{ area: 'x' }, { area: 'z' }]);
    expect(ids((await db.collectionGroup('apps').orderBy('rank').get()).docs)).toEqual(['1', '2']);
    expect(
      ids((await db.collection('jobs').where(FieldPath.documentId(), '>=', 'd').get()).docs),
    ).toEqual(['d', 'e']);
    expect(seen.filter((line) => line.endsWith(':runQuery')).length).toBeGreaterThanOrEqual(9);
  });

  it('aggregates: count, sum, average', async () => {
    await Promise.all(
      [1, 2, 3, 4].map((n) =>
        db
          .collection('nums')
          .doc(String(n))
          .set({ n, even: n % 2 === 0 }),
      ),
    );
    const result = await db
      .collection('nums')
      .where('even', '==', true)
      .aggregate({
        total: AggregateField.count(),
        sum: AggregateField.sum('n'),
        avg: AggregateField.average('n'),
      })
      .get();
    expect(result.data()).toEqual({ total: 2, sum: 6, avg: 3 });
    expect((await db.collection('nums').count().get()).data().count).toBe(4);
    expect(seen.some((line) => line.endsWith(':runAggregationQuery'))).toBe(true);
  });

  it('getAll with a field mask and missing documents (batchGet)', async () => {
    await db.doc('people/1').set({ nome: 'Ana', cpf: 'secret' });
    const [one, missing] = await db.getAll(db.doc('people/1'), db.doc('people/none'), {
      fieldMask: ['nome'],
    });
    expect(one.data()).toEqual({ nome: 'Ana' });
    expect(missing.exists).toBe(false);
    expect(seen.some((line) => line.endsWith(':batchGet'))).toBe(true);
  });

  it('runs transactions: concurrent increments all land; a failed one rolls back', async () => {
    const ref = db.doc('settings/redirect');
    await ref.set({ redirect_count: 0 });
    await Promise.all(
      Array.from({ length: 5 }, () =>
        db.runTransaction(async (tx) => {
          const snapshot = await tx.get(ref);
          tx.update(ref, { redirect_count: (snapshot.get('redirect_count') as number) + 1 });
        }),
      ),
    );
    expect((await ref.get()).get('redirect_count')).toBe(5);
    await expect(
      db.runTransaction(async (tx) => {
        await tx.get(ref);
        tx.update(ref, { redirect_count: 100 });
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect((await ref.get()).get('redirect_count')).toBe(5);
    const readOnly = await db.runTransaction((tx) => tx.get(ref), { readOnly: true });
    expect(readOnly.get('redirect_count')).toBe(5);
    expect(seen.some((line) => line.endsWith(':rollback'))).toBe(true);
  });

  it('BulkWriter (batchWrite) reports per-write results, failures included', async () => {
    await db.doc('bulk/exists').set({ n: 0 });
    const writer = db.bulkWriter();
    writer.onWriteError(() => false);
    const pending = Promise.allSettled([
      writer.set(db.doc('bulk/a'), { n: 1 }),
      writer.create(db.doc('bulk/exists'), { n: 2 }),
      writer.update(db.doc('bulk/exists'), { n: 3 }),
      writer.delete(db.doc('bulk/none')),
    ]);
    // Writes are sent when the writer flushes.
    await writer.close();
    const results = await pending;
    expect(results.map((r) => r.status)).toEqual([
      'fulfilled',
      'rejected',
      'fulfilled',
      'fulfilled',
    ]);
    expect(codeOf((results[1] as PromiseRejectedResult).reason)).toBe(6);
    expect((await db.doc('bulk/exists').get()).get('n')).toBe(3);
    expect(seen.some((line) => line.endsWith(':batchWrite'))).toBe(true);
  });

  it('lists collections and documents (listCollectionIds, ListDocuments)', async () => {
    await db.doc('root1/a').set({ x: 1 });
    await db.doc('root2/b').set({ x: 1 });
    await db.doc('root1/a/sub/c').set({ x: 1 });
    await db.doc('root1/ghost/sub/d').set({ x: 1 });
    expect((await db.listCollections()).map((c) => c.id).sort()).toEqual(['root1', 'root2']);
    expect((await db.doc('root1/a').listCollections()).map((c) => c.id)).toEqual(['sub']);
    const docs = await db.collection('root1').listDocuments();
    expect(docs.map((d) => d.id).sort()).toEqual(['a', 'ghost']);
    expect(seen.some((line) => line.endsWith(':listCollectionIds'))).toBe(true);
    expect(seen.some((line) => line.startsWith('GET ') && line.endsWith('/documents/root1'))).toBe(
      true,
    );
  });

  it('partitions a collection group query (partitionQuery) into queries that cover it', async () => {
    await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        db.doc(`p${i % 3}/x/parts/${String(i).padStart(2, '0')}`).set({ i }),
      ),
    );
    const found: string[] = [];
    for await (const partition of db.collectionGroup('parts').getPartitions(3)) {
      const snapshot = await partition.toQuery().get();
      found.push(...snapshot.docs.map((d) => d.id));
    }
    expect(found.sort()).toEqual(Array.from({ length: 12 }, (_, i) => String(i).padStart(2, '0')));
    expect(seen.some((line) => line.endsWith(':partitionQuery'))).toBe(true);
  });

  it('recursiveDelete removes a document tree', async () => {
    await db.doc('tree/a').set({ x: 1 });
    await db.doc('tree/a/kids/b').set({ x: 1 });
    await db.recursiveDelete(db.collection('tree'));
    expect((await db.collection('tree').get()).size).toBe(0);
    expect((await db.collectionGroup('kids').get()).size).toBe(0);
  });
});
