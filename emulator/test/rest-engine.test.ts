/** The REST v1 API on the real engine, over plain HTTP: shapes, masks, preconditions, paging, errors, CORS. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestEmulator, type TestEmulator } from './support/emulator.js';

const RULES = `rules_version = '2';
service cloud.firestore {
  match /databases/{database}/documents {
    match /public/{id} { allow read, write: if true; }
    match /private/{id} { allow read, write: if request.auth != null && request.auth.uid == id; }
  }
}`;

let emulator: TestEmulator;
let projectSeq = 0;

beforeAll(async () => {
  emulator = await startTestEmulator({ rules: RULES });
});
afterAll(async () => emulator?.stop());

interface Reply {
  status: number;
  body: unknown;
  headers: Headers;
}

/** A REST client; `auth` null sends no Authorization header (an anonymous visitor). */
function client(auth: string | null = 'Bearer owner', sameProjectAs?: { project: string }) {
  projectSeq += 1;
  const project = sameProjectAs?.project ?? `demo-rest-engine-${projectSeq}`;
  const db = `projects/${project}/databases/(default)`;
  const base = `http://127.0.0.1:${emulator.port}/v1/${db}`;
  const call = async (
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<Reply> => {
    const response = await fetch(`${base}${path}`, {
      method,
      headers: {
        'Content-Type': 'application/json',
        ...(auth ? { Authorization: auth } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    return {
      status: response.status,
      body: text ? JSON.parse(text) : null,
      headers: response.headers,
    };
  };
  return { project, db, call, name: (path: string) => `${db}/documents/${path}` };
}

const str = (value: string) => ({ stringValue: value });

describe('documents', () => {
  it('create, get with a mask, patch with updateMask and preconditions, delete', async () => {
    const { call, name } = client();
    const created = await call('POST', '/documents/leads?documentId=l1', {
      fields: { nome: str('Ana'), cidade: str('Aracaju'), idade: { integerValue: 30 } },
    });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({
      name: name('leads/l1'),
      fields: { nome: str('Ana'), cidade: str('Aracaju'), idade: { integerValue: '30' } },
      createTime: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      updateTime: expect.any(String),
    });
    const again = await call('POST', '/documents/leads?documentId=l1', { fields: {} });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({
      error: { code: 409, message: expect.any(String), status: 'ALREADY_EXISTS' },
    });

    const masked = await call('GET', '/documents/leads/l1?mask.fieldPaths=nome');
    expect((masked.body as { fields: unknown }).fields).toEqual({ nome: str('Ana') });

    const patched = await call(
      'PATCH',
      '/documents/leads/l1?updateMask.fieldPaths=cidade&updateMask.fieldPaths=status&currentDocument.exists=true',
      {
        fields: { cidade: str('Salgadália'), status: str('novo'), ignored: str('x') },
      },
    );
    expect(patched.status).toBe(200);
    expect((patched.body as { fields: unknown }).fields).toEqual({
      nome: str('Ana'),
      cidade: str('Salgadália'),
      idade: { integerValue: '30' },
      status: str('novo'),
    });
    const stale = await call(
      'PATCH',
      '/documents/leads/l1?currentDocument.updateTime=2020-01-01T00:00:00Z',
      { fields: {} },
    );
    expect(stale.status).toBe(400);
    expect((stale.body as { error: { status: string } }).error.status).toBe('FAILED_PRECONDITION');
    const patchMissing = await call('PATCH', '/documents/leads/none?currentDocument.exists=true', {
      fields: {},
    });
    expect(patchMissing.status).toBe(404);

    expect((await call('DELETE', '/documents/leads/l1')).status).toBe(200);
    const gone = await call('GET', '/documents/leads/l1');
    expect(gone.status).toBe(404);
    expect(gone.body).toEqual({
      error: { code: 404, message: expect.stringContaining('leads/l1'), status: 'NOT_FOUND' },
    });
  });

  it('lists documents with paging and an auto id on create', async () => {
    const { call } = client();
    for (const id of ['a', 'b', 'c'])
      await call('POST', `/documents/items?documentId=${id}`, { fields: { id: str(id) } });
    const auto = await call('POST', '/documents/items', { fields: {} });
    expect((auto.body as { name: string }).name).toMatch(/\/items\/[A-Za-z0-9]{20}$/);
    const page1 = await call('GET', '/documents/items?pageSize=2&orderBy=__name__');
    const body1 = page1.body as { documents: { name: string }[]; nextPageToken?: string };
    expect(body1.documents).toHaveLength(2);
    expect(body1.nextPageToken).toBeTruthy();
    const page2 = await call(
      'GET',
      `/documents/items?pageSize=10&orderBy=__name__&pageToken=${encodeURIComponent(body1.nextPageToken ?? '')}`,
    );
    expect((page2.body as { documents: unknown[] }).documents).toHaveLength(2);
  });
});

describe('streaming endpoints answer JSON arrays', () => {
  it('runQuery, runAggregationQuery and batchGet', async () => {
    const { call, name } = client();
    await call('POST', '/documents:commit', {
      writes: [1, 2, 3].map((n) => ({
        update: { name: name(`nums/${n}`), fields: { n: { integerValue: String(n) } } },
      })),
    });
    const query = await call('POST', '/documents:runQuery', {
      structuredQuery: {
        from: [{ collectionId: 'nums' }],
        where: {
          fieldFilter: {
            field: { fieldPath: 'n' },
            op: 'GREATER_THAN',
            value: { integerValue: '1' },
          },
        },
        orderBy: [{ field: { fieldPath: 'n' }, direction: 'DESCENDING' }],
      },
    });
    expect(query.status).toBe(200);
    expect((query.body as { document: { name: string } }[]).map((r) => r.document.name)).toEqual([
      name('nums/3'),
      name('nums/2'),
    ]);
    const agg = await call('POST', '/documents:runAggregationQuery', {
      structuredAggregationQuery: {
        structuredQuery: { from: [{ collectionId: 'nums' }] },
        aggregations: [
          { alias: 'total', count: {} },
          { alias: 'sum', sum: { field: { fieldPath: 'n' } } },
        ],
      },
    });
    expect(agg.body).toEqual([
      {
        result: { aggregateFields: { total: { integerValue: '3' }, sum: { integerValue: '6' } } },
        readTime: expect.any(String),
      },
    ]);
    const got = await call('POST', '/documents:batchGet', {
      documents: [name('nums/1'), name('nums/9')],
    });
    expect(got.body).toEqual([
      expect.objectContaining({ found: expect.objectContaining({ name: name('nums/1') }) }),
      expect.objectContaining({ missing: name('nums/9') }),
    ]);
  });
});

describe('transactions', () => {
  it('beginTransaction, read in it, commit; rollback releases', async () => {
    const { call, name } = client();
    const begin = await call('POST', '/documents:beginTransaction', {});
    const transaction = (begin.body as { transaction: string }).transaction;
    expect(transaction).toMatch(/^[A-Za-z0-9+/=_-]+$/);
    const read = await call('GET', `/documents/c/x?transaction=${encodeURIComponent(transaction)}`);
    expect(read.status).toBe(404);
    const commit = await call('POST', '/documents:commit', {
      transaction,
      writes: [{ update: { name: name('c/x'), fields: { n: { integerValue: '1' } } } }],
    });
    expect(commit.status).toBe(200);
    const other = await call('POST', '/documents:beginTransaction', {});
    const rollback = await call('POST', '/documents:rollback', {
      transaction: (other.body as { transaction: string }).transaction,
    });
    expect(rollback).toMatchObject({ status: 200, body: {} });
  });

  it('listCollectionIds and batchWrite', async () => {
    const { call, name } = client();
    const written = await call('POST', '/documents:batchWrite', {
      writes: [
        { update: { name: name('one/a'), fields: {} } },
        { update: { name: name('two/b'), fields: {} }, currentDocument: { exists: true } },
      ],
    });
    expect(written.body).toMatchObject({ status: [{}, { code: 5 }] });
    const ids = await call('POST', '/documents:listCollectionIds', {});
    expect(ids.body).toEqual({ collectionIds: ['one'] });
  });
});

describe('rules and auth over REST', () => {
  it('anonymous and signed-in callers are judged by the rules; owner bypasses them', async () => {
    const owner = client();
    await owner.call('POST', '/documents/private?documentId=u1', { fields: {} });
    const anonymous = client(null, owner);
    const denied = await anonymous.call('GET', '/documents/private/u1');
    // A missing document is refused the same way: rules run before existence shows.
    expect((await anonymous.call('GET', '/documents/private/nobody')).status).toBe(403);
    expect(denied.status).toBe(403);
    expect(denied.body).toEqual({
      error: {
        code: 403,
        message: expect.stringContaining("false for 'get'"),
        status: 'PERMISSION_DENIED',
      },
    });
    const claims = Buffer.from(JSON.stringify({ sub: 'u1', user_id: 'u1' })).toString('base64url');
    const user = client(`Bearer eyJhbGciOiJub25lIn0.${claims}.`, owner);
    const own = await user.call('PATCH', '/documents/private/u1', {
      fields: { mine: { booleanValue: true } },
    });
    expect(own.status).toBe(200);
    const others = await user.call('POST', '/documents/private?documentId=u2', { fields: {} });
    expect(others.status).toBe(403);
    expect(
      (await anonymous.call('POST', '/documents/public?documentId=p', { fields: {} })).status,
    ).toBe(200);
  });
});

describe('errors and CORS', () => {
  it('malformed JSON and unknown verbs answer Google JSON errors', async () => {
    const { db } = client();
    const base = `http://127.0.0.1:${emulator.port}/v1/${db}`;
    const bad = await fetch(`${base}/documents:commit`, { method: 'POST', body: '{oops' });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ error: { code: 400, status: 'INVALID_ARGUMENT' } });
    const unknown = await fetch(`${base}/documents:listen`, { method: 'POST', body: '{}' });
    expect(unknown.status).toBe(501);
    expect(await unknown.json()).toMatchObject({ error: { code: 501, status: 'UNIMPLEMENTED' } });
  });

  it('answers a preflight and echoes the Origin with credentials', async () => {
    const { db, call } = client();
    const preflight = await fetch(`http://127.0.0.1:${emulator.port}/v1/${db}/documents:commit`, {
      method: 'OPTIONS',
      headers: {
        Origin: 'http://localhost:5173',
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers':
          'authorization,content-type,x-goog-api-client,x-goog-request-params',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
    expect(preflight.headers.get('access-control-allow-credentials')).toBe('true');
    expect(preflight.headers.get('access-control-allow-headers')).toContain(
      'x-goog-request-params',
    );
    const reply = await call('GET', '/documents/public/none', undefined, {
      Origin: 'http://localhost:5173',
    });
    expect(reply.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
  });
});
