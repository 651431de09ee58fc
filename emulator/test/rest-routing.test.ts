import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Code, RpcError } from '../src/service.js';
import { createRestTransport, queryToRequest, routeRest } from '../src/transports/rest/index.js';
import { normaliseRequest } from '../src/transports/http/normalize.js';
import { FakeService } from './browser/fake-service.js';
import { rawRequest, serveTransport, type Harness } from './browser/http-harness.js';

const DB = 'projects/demo-p/databases/(default)';

function route(method: string, path: string, query = '', body = {}) {
  return routeRest(method, path, new URLSearchParams(query), body);
}

describe('REST routes (google.firestore.v1 HTTP bindings)', () => {
  it('GET on a document is GetDocument, with mask and transaction from the query', () => {
    const routed = route(
      'GET',
      `${DB}/documents/leads/abc`,
      'mask.fieldPaths=nome&mask.fieldPaths=status&transaction=dHg%3D&%24alt=json%3Benum-encoding%3Dint',
    );
    expect(routed).toEqual({
      projectId: 'demo-p',
      databaseId: '(default)',
      call: {
        kind: 'unary',
        method: 'GetDocument',
        request: {
          name: `${DB}/documents/leads/abc`,
          mask: { fieldPaths: ['nome', 'status'] },
          transaction: 'dHg=',
        },
      },
    });
  });

  it('GET on a collection is ListDocuments (top-level and nested)', () => {
    expect(route('GET', `${DB}/documents/leads`, 'pageSize=2&showMissing=true').call).toEqual({
      kind: 'unary',
      method: 'ListDocuments',
      request: { parent: `${DB}/documents`, collectionId: 'leads', pageSize: 2, showMissing: true },
    });
    expect(route('GET', `${DB}/documents/a/b/c`).call.request).toEqual({
      parent: `${DB}/documents/a/b`,
      collectionId: 'c',
    });
  });

  it('decodes percent-encoded segments such as (default) and ids with spaces', () => {
    const routed = route('GET', 'projects/demo-p/databases/%28default%29/documents/a/x%20y');
    expect(routed.databaseId).toBe('(default)');
    expect(routed.call.request).toEqual({ name: `${DB}/documents/a/x y` });
  });

  it('POST on a collection creates, PATCH updates with masks and preconditions, DELETE deletes', () => {
    const fields = { nome: { stringValue: 'Ana' } };
    expect(route('POST', `${DB}/documents/leads`, 'documentId=l1', { fields }).call).toEqual({
      kind: 'unary',
      method: 'CreateDocument',
      request: {
        parent: `${DB}/documents`,
        collectionId: 'leads',
        documentId: 'l1',
        document: { fields },
      },
    });
    expect(
      route(
        'PATCH',
        `${DB}/documents/leads/l1`,
        'updateMask.fieldPaths=nome&currentDocument.exists=true&mask.fieldPaths=nome',
        { fields },
      ).call,
    ).toEqual({
      kind: 'unary',
      method: 'UpdateDocument',
      request: {
        document: { fields, name: `${DB}/documents/leads/l1` },
        updateMask: { fieldPaths: ['nome'] },
        currentDocument: { exists: true },
        mask: { fieldPaths: ['nome'] },
      },
    });
    expect(
      route(
        'DELETE',
        `${DB}/documents/leads/l1`,
        'currentDocument.updateTime=2026-01-01T00%3A00%3A00Z',
      ).call,
    ).toEqual({
      kind: 'unary',
      method: 'DeleteDocument',
      request: {
        name: `${DB}/documents/leads/l1`,
        currentDocument: { updateTime: '2026-01-01T00:00:00Z' },
      },
    });
  });

  it('maps database verbs and parent verbs', () => {
    for (const [verb, method, kind] of [
      ['commit', 'Commit', 'unary'],
      ['batchGet', 'BatchGetDocuments', 'stream'],
      ['beginTransaction', 'BeginTransaction', 'unary'],
      ['rollback', 'Rollback', 'unary'],
      ['batchWrite', 'BatchWrite', 'unary'],
    ]) {
      expect(route('POST', `${DB}/documents:${verb}`, '', { writes: [] }).call).toEqual({
        kind,
        method,
        request: { writes: [], database: DB },
      });
    }
    for (const [verb, method, kind] of [
      ['runQuery', 'RunQuery', 'stream'],
      ['runAggregationQuery', 'RunAggregationQuery', 'stream'],
      ['listCollectionIds', 'ListCollectionIds', 'unary'],
      ['partitionQuery', 'PartitionQuery', 'unary'],
    ]) {
      expect(route('POST', `${DB}/documents:${verb}`, '', {}).call).toEqual({
        kind,
        method,
        request: { parent: `${DB}/documents` },
      });
      expect(route('POST', `${DB}/documents/a/b:${verb}`, '', {}).call.request).toEqual({
        parent: `${DB}/documents/a/b`,
      });
    }
  });

  it('rejects what the API does not have', () => {
    expect(() => route('POST', `${DB}/documents:listen`)).toThrow(RpcError);
    expect(() => route('PATCH', `${DB}/documents/leads`)).toThrow(/PATCH addresses a document/);
    expect(() => route('GET', 'projects/p/other/x')).toThrow(/Unknown resource/);
    expect(() => route('POST', `${DB}/documents/a:commit`)).toThrow(/addresses a database/);
  });

  it('turns repeated and dotted query parameters into nested fields', () => {
    expect(
      queryToRequest(new URLSearchParams('a.b.c=1&a.b.d=x&readTime=2026-01-01T00:00:00Z')),
    ).toEqual({
      a: { b: { c: '1', d: 'x' } },
      readTime: '2026-01-01T00:00:00Z',
    });
  });
});

describe('request normalisation', () => {
  it('keeps a `__proto__` key as data instead of a prototype', () => {
    const parsed = JSON.parse(
      '{"fields":{"__proto__":{"stringValue":"x"},"n":{"integerValue":5}}}',
    );
    const normalised = normaliseRequest(parsed);
    expect(Object.keys(normalised.fields as object)).toEqual(['__proto__', 'n']);
    expect(JSON.stringify(normalised)).toBe(
      '{"fields":{"__proto__":{"stringValue":"x"},"n":{"integerValue":"5"}}}',
    );
  });
});

describe('REST over HTTP', () => {
  let service: FakeService;
  let harness: Harness;
  beforeEach(async () => {
    service = new FakeService();
    harness = await serveTransport(createRestTransport(service));
  });
  afterEach(async () => harness.stop());

  it('answers a unary call with the engine response as JSON, caller from the Authorization header', async () => {
    service.behaviour.unary = () => ({ name: `${DB}/documents/a/b`, fields: {} });
    const res = await rawRequest(`${harness.base}/v1/${DB}/documents/a/b`, {
      headers: { Authorization: 'Bearer owner' },
    });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toContain('application/json');
    expect(JSON.parse(res.body)).toEqual({ name: `${DB}/documents/a/b`, fields: {} });
    expect(service.calls[0].ctx).toEqual({
      projectId: 'demo-p',
      databaseId: '(default)',
      caller: { kind: 'owner' },
    });
  });

  it('answers streaming endpoints with a JSON array', async () => {
    service.behaviour.serverStream = (_call, emit) => {
      emit({ document: { name: `${DB}/documents/a/1` }, readTime: '2026-01-01T00:00:00Z' });
      emit({ readTime: '2026-01-01T00:00:00Z' });
    };
    const res = await rawRequest(`${harness.base}/v1/${DB}/documents:runQuery`, {
      method: 'POST',
      headers: { 'Content-Type': 'text/plain' },
      body: JSON.stringify({ structuredQuery: { from: [{ collectionId: 'a' }] } }),
    });
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body)).toEqual([
      { document: { name: `${DB}/documents/a/1` }, readTime: '2026-01-01T00:00:00Z' },
      { readTime: '2026-01-01T00:00:00Z' },
    ]);
    expect(service.calls[0]).toMatchObject({
      method: 'RunQuery',
      request: { parent: `${DB}/documents`, structuredQuery: { from: [{ collectionId: 'a' }] } },
      ctx: { caller: { kind: 'anonymous' } },
    });
  });

  it('normalises numeric enums (admin preferRest sends enum-encoding=int)', async () => {
    await rawRequest(
      `${harness.base}/v1/${DB}/documents:runQuery?%24alt=json%3Benum-encoding%3Dint`,
      {
        method: 'POST',
        body: JSON.stringify({
          structuredQuery: {
            where: {
              compositeFilter: {
                op: 1,
                filters: [
                  { unaryFilter: { op: 3, field: { fieldPath: 'deleted_at' } } },
                  {
                    fieldFilter: { op: 8, field: { fieldPath: 'status' }, value: { nullValue: 0 } },
                  },
                ],
              },
            },
            orderBy: [{ field: { fieldPath: 'created_at' }, direction: 2 }],
          },
        }),
      },
    );
    await rawRequest(`${harness.base}/v1/${DB}/documents:commit`, {
      method: 'POST',
      body: JSON.stringify({
        writes: [
          {
            transform: {
              document: `${DB}/documents/a/b`,
              fieldTransforms: [{ fieldPath: 'at', setToServerValue: 1 }],
            },
          },
        ],
      }),
    });
    expect(service.calls[0].request.structuredQuery).toEqual({
      where: {
        compositeFilter: {
          op: 'AND',
          filters: [
            { unaryFilter: { op: 'IS_NULL', field: { fieldPath: 'deleted_at' } } },
            {
              fieldFilter: {
                op: 'IN',
                field: { fieldPath: 'status' },
                value: { nullValue: 'NULL_VALUE' },
              },
            },
          ],
        },
      },
      orderBy: [{ field: { fieldPath: 'created_at' }, direction: 'DESCENDING' }],
    });
    expect(service.calls[1].request.writes).toEqual([
      {
        transform: {
          document: `${DB}/documents/a/b`,
          fieldTransforms: [{ fieldPath: 'at', setToServerValue: 'REQUEST_TIME' }],
        },
      },
    ]);
  });

  it('maps engine errors to Google JSON errors with the matching HTTP status', async () => {
    const cases: Array<[Code, number, string]> = [
      [Code.PERMISSION_DENIED, 403, 'PERMISSION_DENIED'],
      [Code.NOT_FOUND, 404, 'NOT_FOUND'],
      [Code.ALREADY_EXISTS, 409, 'ALREADY_EXISTS'],
      [Code.ABORTED, 409, 'ABORTED'],
      [Code.FAILED_PRECONDITION, 400, 'FAILED_PRECONDITION'],
      [Code.INVALID_ARGUMENT, 400, 'INVALID_ARGUMENT'],
      [Code.UNAUTHENTICATED, 401, 'UNAUTHENTICATED'],
    ];
    for (const [code, status, name] of cases) {
      service.behaviour.unary = () => {
        throw new RpcError(code, `boom ${name}`);
      };
      const res = await rawRequest(`${harness.base}/v1/${DB}/documents:commit`, {
        method: 'POST',
        body: '{}',
      });
      expect(res.status).toBe(status);
      expect(JSON.parse(res.body)).toEqual({
        error: { code: status, message: `boom ${name}`, status: name },
      });
    }
  });

  it('rejects malformed JSON without calling the engine', async () => {
    const bad = await rawRequest(`${harness.base}/v1/${DB}/documents:commit`, {
      method: 'POST',
      body: '{nope',
    });
    expect(bad.status).toBe(400);
    expect(JSON.parse(bad.body).error.status).toBe('INVALID_ARGUMENT');
    expect(service.calls).toHaveLength(0);
  });

  it('passes a signed-in user token through as the caller', async () => {
    const claims = { sub: 'u9', user_id: 'u9', admin: true };
    const jwt = `eyJhbGciOiJub25lIn0.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.`;
    await rawRequest(`${harness.base}/v1/${DB}/documents/a/b`, {
      headers: { Authorization: `Bearer ${jwt}` },
    });
    expect(service.calls[0].ctx.caller).toEqual({ kind: 'user', uid: 'u9', token: claims });
  });

  it('answers CORS preflights and echoes the Origin', async () => {
    const pre = await rawRequest(`${harness.base}/v1/${DB}/documents:commit`, {
      method: 'OPTIONS',
      headers: {
        Origin: 'http://127.0.0.1:4000',
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'authorization,content-type,x-goog-api-client',
      },
    });
    expect(pre.status).toBe(204);
    expect(pre.headers['access-control-allow-origin']).toBe('http://127.0.0.1:4000');
    expect(pre.headers['access-control-allow-credentials']).toBe('true');
    expect(pre.headers['access-control-allow-headers']).toBe(
      'authorization,content-type,x-goog-api-client',
    );
    const res = await rawRequest(`${harness.base}/v1/${DB}/documents/a/b`, {
      headers: { Origin: 'http://127.0.0.1:4000' },
    });
    expect(res.headers['access-control-allow-origin']).toBe('http://127.0.0.1:4000');
  });

  it('declines paths outside /v1/', async () => {
    expect((await rawRequest(`${harness.base}/emulator/v1/projects/p:securityRules`)).status).toBe(
      404,
    );
  });
});
