/** The bad-input drill's HTTP/1.1 cases: REST (`/v1/...`) and WebChannel (`.../Listen|Write/channel`). */
import { randomBytes } from 'node:crypto';
import type { OutgoingHttpHeaders } from 'node:http';
import type { Case, Ctx } from './_bad-input-case.js';
import { badNames } from './_bad-input-grpc.js';
import { httpRequest, type HttpAnswer } from './_raw-clients.js';

/** HTTP statuses a client mistake may get (501 for a method the API does not bind). */
const CLIENT = new Set([400, 401, 403, 404, 405, 409, 411, 413, 414, 415, 431, 501]);
const clientError = (a: HttpAnswer) => typeof a.status === 'number' && CLIENT.has(a.status);

function h(
  ctx: Ctx,
  category: string,
  detail: string,
  method: string,
  path: string,
  body?: string | Buffer,
  headers: OutgoingHttpHeaders = {},
  ok: (a: HttpAnswer) => boolean = clientError,
  headersOnly = false,
): Case {
  return {
    category,
    detail,
    run: async () => {
      const a = await httpRequest(ctx.port, method, path, body, headers, 5000, headersOnly);
      return { label: String(a.status), expected: ok(a) };
    },
  };
}

const owner = { authorization: 'Bearer owner', 'content-type': 'application/json' };

/** REST: unknown routes and wrong HTTP methods. */
function restRouteCases(ctx: Ctx, r: number): Case[] {
  const db = `/v1/projects/${ctx.project}/databases/(default)`;
  const docs = `${db}/documents`;
  const out: Case[] = [];
  const unknown = [
    '/v1/foo',
    '/v1/projects',
    `/v2${docs.slice(3)}/seed/s01`,
    '/v1beta1/projects/x',
    `${db}/indexes`,
    `${db}`,
    '/v1/projects/x/databases',
    `/google.firestore.v1.Firestore/Commit/channel`,
    `/v1/${'z'.repeat(3000)}`,
  ];
  for (const p of unknown)
    out.push(h(ctx, 'rest unknown route', p.slice(0, 50), r % 2 ? 'GET' : 'POST', p, '{}', owner));
  out.push(h(ctx, 'rest unknown route', ':nope', 'POST', `${db}/documents:nope`, '{}', owner));
  for (const m of ['PUT', 'PURGE', 'PROPFIND', 'MKCOL', 'LOCK', 'HEAD']) {
    out.push(
      h(
        ctx,
        'rest wrong HTTP method',
        `${m} doc`,
        m,
        `${docs}/seed/s01`,
        m === 'HEAD' ? undefined : '{}',
        owner,
        m === 'HEAD'
          ? (a) => clientError(a) || (typeof a.status === 'number' && a.status < 500)
          : clientError,
      ),
    );
  }
  out.push(
    h(ctx, 'rest wrong HTTP method', 'GET :commit', 'GET', `${docs}:commit`, undefined, owner),
    h(ctx, 'rest wrong HTTP method', 'POST to a document', 'POST', `${docs}/seed/s01`, '{}', owner),
    h(ctx, 'rest wrong HTTP method', 'PATCH a collection', 'PATCH', `${docs}/seed`, '{}', owner),
    h(
      ctx,
      'rest wrong HTTP method',
      'DELETE a collection',
      'DELETE',
      `${docs}/seed`,
      undefined,
      owner,
    ),
    h(ctx, 'rest wrong HTTP method', 'GET the root', 'GET', docs, undefined, owner),
  );
  return out;
}

/** REST: bodies of the wrong JSON types (commit, queries, batchGet, PATCH). */
function restJsonCases(ctx: Ctx): Case[] {
  const docs = `/v1/projects/${ctx.project}/databases/(default)/documents`;
  const out: Case[] = [];
  const commitBodies = [
    '{',
    '[]',
    '5',
    'null',
    '"x"',
    '{"writes": 5}',
    '{"writes":[5]}',
    '{"writes":[{"update":"x"}]}',
    '{"writes":[{"update":{"name":5}}]}',
    `{"writes":[{"update":{"name":"projects/${ctx.project}/databases/(default)/documents/seed/s01","fields":{"a":{"integerValue":"abc"}}}}]}`,
    `{"writes":[{"update":{"name":"projects/${ctx.project}/databases/(default)/documents/seed/s02","fields":{"a":{"timestampValue":"yesterday"}}}}]}`,
    `{"writes":[{"update":{"name":"projects/${ctx.project}/databases/(default)/documents/seed/s03","fields":{"a":{"doubleValue":"abc"}}}}]}`,
    `{"writes":[{"update":{"name":"projects/${ctx.project}/databases/(default)/documents/seed/s04","fields":{"a":{"bytesValue":"!!!"}}}}]}`,
    `{"writes":[{"update":{"name":"projects/${ctx.project}/databases/(default)/documents/seed/s05","fields":{"a":{"geoPointValue":{"latitude":500}}}}}]}`,
    `{"writes":[{"update":{"name":"projects/${ctx.project}/databases/(default)/documents/seed/s06","fields":{"a":{"stringValue":"x","integerValue":"2"}}}}]}`,
    `{"writes":[{"update":{"name":"projects/${ctx.project}/databases/(default)/documents/seed/s07","fields":{"a":{"referenceValue":"nope"}}}}]}`,
    `{"writes":[{"update":{"name":"projects/${ctx.project}/databases/(default)/documents/seed/s08","fields":{"a":{"integerValue":"99999999999999999999"}}}}]}`,
    `{"writes":[{"update":{"name":"projects/${ctx.project}/databases/(default)/documents/seed/s09","fields":{"a":{"arrayValue":{"values":[{"arrayValue":{}}]}}}}}]}`,
    `{"writes":[{"update":{"name":"projects/${ctx.project}/databases/(default)/documents/seed/s10","fields":${'{"a":{"mapValue":{"fields":'.repeat(5000)}{}${'}}}'.repeat(5000)}}}]}`,
    `{"writes":[{"delete":"projects/${ctx.project}/databases/(default)/documents/seed/s11"}],"transaction":"!!notbase64"}`,
    `{"writes":[{"update":{"name":"projects/${ctx.project}/databases/(default)/documents/seed/s12","fields":{}},"currentDocument":{"exists":"maybe"}}]}`,
    `{"writes":[{"transform":{"document":"projects/${ctx.project}/databases/(default)/documents/seed/s13","fieldTransforms":[{"fieldPath":"n","increment":{"stringValue":"1"}}]}}]}`,
  ];
  commitBodies.forEach((b, i) =>
    out.push(h(ctx, 'rest wrong JSON types', `:commit #${i}`, 'POST', `${docs}:commit`, b, owner)),
  );
  const queryBodies = [
    '{"structuredQuery":"x"}',
    '{"structuredQuery":{"from":[{"collectionId":5}]}}',
    '{"structuredQuery":{"from":[{"collectionId":"seed"}],"where":{"fieldFilter":{"op":"NOPE"}}}}',
    '{"structuredQuery":{"from":[{"collectionId":"seed"}],"limit":"abc"}}',
    '{"structuredQuery":{"from":[{"collectionId":"seed"}],"orderBy":[{"field":{"fieldPath":"a..b"}}]}}',
    '{"structuredAggregationQuery":{"aggregations":[{"sum":{}}]}}',
  ];
  queryBodies.forEach((b, i) =>
    out.push(
      h(
        ctx,
        'rest wrong JSON types',
        `:runQuery #${i}`,
        'POST',
        `${docs}:${i === 5 ? 'runAggregationQuery' : 'runQuery'}`,
        b,
        i % 2 ? owner : {},
      ),
    ),
  );
  for (const b of ['{"documents":"x"}', '{"documents":[5]}', '{"documents":["nope"]}']) {
    out.push(
      h(ctx, 'rest wrong JSON types', `:batchGet ${b}`, 'POST', `${docs}:batchGet`, b, owner),
    );
  }
  for (const b of ['{"fields":"x"}', '{"fields":{"a":"b"}}', '{"fields":{"a":{}}}']) {
    out.push(
      h(ctx, 'rest wrong JSON types', `PATCH seed ${b}`, 'PATCH', `${docs}/seed/s14`, b, owner),
    );
  }
  return out;
}

/** REST: bad resource paths and bad percent-encoding. */
function restPathCases(ctx: Ctx, r: number): Case[] {
  const docs = `/v1/projects/${ctx.project}/databases/(default)/documents`;
  const out: Case[] = [];
  for (const name of badNames(ctx.project)) {
    if (name.length > 10_000) continue;
    const p = `/v1/${name.split('/').map(encodeURIComponent).join('/')}`;
    // A collection path is a valid GET (a list): only its DELETE is a mistake.
    const collection = name.endsWith('/documents/seed') || name.endsWith('/sub');
    out.push(
      h(
        ctx,
        'rest bad resource path',
        `GET ${name.slice(-50)}`,
        'GET',
        p,
        undefined,
        r % 2 ? owner : {},
        collection ? (a) => a.status === 200 || clientError(a) : clientError,
      ),
    );
    out.push(
      h(ctx, 'rest bad resource path', `DELETE ${name.slice(-50)}`, 'DELETE', p, undefined, owner),
    );
  }
  for (const p of [
    `${docs}/seed/%zz`,
    `${docs}/%E0%A4%A/x`,
    `/v1/projects/%/databases/(default)/documents/seed/s01`,
    `${docs}/seed/..%2Fs01`,
    `${docs}/seed/%2e%2e`,
    `${docs}/seed/${'q'.repeat(12_000)}`,
  ]) {
    out.push(
      h(
        ctx,
        'rest bad percent-encoding',
        p.slice(-20),
        r % 2 ? 'GET' : 'PATCH',
        p,
        r % 2 ? undefined : '{}',
        owner,
      ),
    );
  }
  out.push(
    h(
      ctx,
      'rest bad percent-encoding',
      'emulator clear %zz',
      'DELETE',
      '/emulator/v1/projects/%zz/databases/(default)/documents',
    ),
  );
  out.push(
    h(
      ctx,
      'rest bad percent-encoding',
      'emulator rules %zz',
      'PUT',
      '/emulator/v1/projects/%zz:securityRules',
      '{"rules":{"files":[{"content":"x"}]}}',
    ),
  );
  return out;
}

/** REST: bad query parameters. */
function restParamCases(ctx: Ctx): Case[] {
  const docs = `/v1/projects/${ctx.project}/databases/(default)/documents`;
  const out: Case[] = [];
  const params = [
    'pageSize=abc',
    'pageSize=-1',
    'pageSize=1e309',
    'mask.fieldPaths=',
    'mask.fieldPaths=a..b',
    'readTime=garbage',
    'transaction=!!!',
    'showMissing=maybe',
    'orderBy=%zz',
  ];
  for (const q of params)
    out.push(
      h(
        ctx,
        'rest bad query parameters',
        q,
        'GET',
        `${docs}/seed${q.startsWith('mask') || q.startsWith('readTime') || q.startsWith('trans') ? '/s01' : ''}?${q}`,
        undefined,
        owner,
        (a) => clientError(a) || a.status === 200,
      ),
    );
  for (const q of [
    'currentDocument.exists=maybe',
    'updateMask.fieldPaths=a..b',
    'currentDocument.updateTime=garbage',
  ]) {
    out.push(
      h(
        ctx,
        'rest bad query parameters',
        q,
        'PATCH',
        `${docs}/seed/s15?${q}`,
        '{"fields":{}}',
        owner,
      ),
    );
  }
  return out;
}

function restCases(ctx: Ctx, r: number): Case[] {
  return [
    ...restRouteCases(ctx, r),
    ...restJsonCases(ctx),
    ...restPathCases(ctx, r),
    ...restParamCases(ctx),
  ];
}

const LISTEN = '/google.firestore.v1.Firestore/Listen/channel';
const WRITE = '/google.firestore.v1.Firestore/Write/channel';

function wcUrl(ctx: Ctx, path: string, params: string): string {
  const db = encodeURIComponent(`projects/${ctx.project}/databases/(default)`);
  return `${path}?VER=8&database=${db}&${params}&zx=${randomBytes(4).toString('hex')}&t=1`;
}

const sessions = new Map<string, Promise<string>>();
/** One of a few real sessions (created on first use) that malformed requests are sent to. */
function session(ctx: Ctx, path: string, n: number): Promise<string> {
  const key = `${path}#${n}`;
  let sid = sessions.get(key);
  if (!sid) {
    sid = httpRequest(
      ctx.port,
      'POST',
      wcUrl(ctx, path, 'RID=1&CVER=22&X-HTTP-Session-Id=gsessionid'),
      'count=0&ofs=0',
      { 'content-type': 'application/x-www-form-urlencoded' },
    ).then((a) => /\["c","([^"]+)"/.exec(a.body)?.[1] ?? 'none');
    sessions.set(key, sid);
  }
  return sid;
}

/** A WebChannel answer: 200 (errors travel inside the channel) or a client error, never 5xx/reset/hang. */
const wcOk = (a: HttpAnswer) => a.status === 200 || clientError(a);

/** Forward-channel bodies with bad counts, offsets and messages. */
const BAD_FORMS = [
  'count=1&ofs=-1&req0___data__=%7B%7D',
  'count=1&ofs=abc&req0___data__=%7B%7D',
  'count=1&ofs=1e308&req0___data__=%7B%7D',
  'count=1&ofs=9007199254740993&req0___data__=%7B%7D',
  'count=-1&ofs=0',
  'count=abc&ofs=0&req0___data__=%7B%7D',
  'count=1000000000000&ofs=0&req0___data__=%7B%7D',
  'count=1000&ofs=0&req0___data__=%7B%7D',
  'count=1&ofs=0',
  'count=1&ofs=0&req0___data__=%7B',
  'count=1&ofs=0&req0___data__=%5B%5D',
  'count=1&ofs=0&req0___data__=null',
  'count=1&ofs=0&req0___data__=%22x%22',
  `count=1&ofs=0&req0___data__=${encodeURIComponent('{"addTarget":{"targetId":"x","query":5}}')}`,
  `count=1&ofs=0&req0___data__=${encodeURIComponent('{"database":"nope","writes":[{"delete":"x"}]}')}`,
  `count=1&ofs=0&req0___data__=${encodeURIComponent('{"a":'.repeat(20_000) + '1' + '}'.repeat(20_000))}`,
  '%%%&&&==',
];

/** WebChannel: unknown sessions and bad database parameters. */
function webChannelAddressCases(ctx: Ctx, i: number, path: string): Case[] {
  const form = { 'content-type': 'application/x-www-form-urlencoded' };
  const out: Case[] = [];
  const sid = [randomBytes(12).toString('base64url'), '', 'x'.repeat(8000), '%zz', 'null-ish'][
    i % 5
  ];
  out.push(
    h(
      ctx,
      'webchannel unknown SID',
      `POST ${i % 5}`,
      'POST',
      wcUrl(ctx, path, `SID=${encodeURIComponent(sid)}&RID=2&AID=0`),
      'count=0&ofs=0',
      form,
      (a) => a.status === 400 && a.body.includes('Unknown SID'),
    ),
  );
  out.push(
    h(
      ctx,
      'webchannel unknown SID',
      `GET ${i % 5}`,
      'GET',
      wcUrl(ctx, path, `SID=${encodeURIComponent(sid)}&RID=rpc&AID=0&CI=0&TYPE=xmlhttp`),
      undefined,
      {},
      (a) => a.status === 400,
    ),
  );
  const database = [
    '',
    'projects/x',
    'projects/%zz/databases/d',
    `projects/${ctx.project}/databases/(default)/documents`,
    'projects/other/databases/(default)',
  ][i % 5];
  out.push(
    h(
      ctx,
      'webchannel bad database',
      `${i % 5}`,
      'POST',
      `${path}?VER=8&database=${encodeURIComponent(database)}&RID=1&CVER=22`,
      'count=0&ofs=0',
      form,
      wcOk,
    ),
  );
  return out;
}

/** WebChannel: bad forward-channel bodies, ids and backchannel parameters. */
function webChannelFormCases(ctx: Ctx, i: number, path: string): Case[] {
  const form = { 'content-type': 'application/x-www-form-urlencoded' };
  const out: Case[] = [];
  const badForm = BAD_FORMS[i % BAD_FORMS.length];
  const aid = ['0', '-5', 'abc', '1e400', '99999999999999999999', ''][i % 6];
  const rid = ['2', '-1', 'abc', '1e30', 'rpc'][i % 5];
  out.push({
    category: 'webchannel bad offsets/ids',
    detail: `form #${i % 17} AID=${aid} RID=${rid}`,
    run: async () => {
      const s = await session(ctx, path, i % 20);
      const a = await httpRequest(
        ctx.port,
        'POST',
        wcUrl(ctx, path, `SID=${s}&RID=${rid}&AID=${aid}`),
        badForm,
        form,
      );
      return { label: String(a.status), expected: wcOk(a) };
    },
  });
  out.push({
    category: 'webchannel bad backchannel GET',
    detail: `AID=${aid}`,
    run: async () => {
      const s = await session(ctx, path, i % 20);
      const to = ['abc', '-1', '1e12', '0', ''][i % 5];
      const a = await httpRequest(
        ctx.port,
        'GET',
        wcUrl(ctx, path, `SID=${s}&RID=rpc&AID=${aid}&CI=${i % 3}&TO=${to}&TYPE=xmlhttp`),
        undefined,
        {},
        5000,
        true,
      );
      return { label: String(a.status), expected: wcOk(a) };
    },
  });
  out.push(
    h(
      ctx,
      'webchannel bad create body',
      `#${i % 17}`,
      'POST',
      wcUrl(ctx, path, `RID=1&CVER=22${i % 4 === 0 ? '&$req=%25zz' : ''}`),
      badForm +
        (i % 3
          ? `&headers=${encodeURIComponent('Authorization: Bearer ' + ['a.b.c', 'x', 'e30.bm90IGpzb24.'][i % 3])}`
          : ''),
      form,
      wcOk,
    ),
  );
  return out;
}

/** WebChannel: wrong HTTP methods and terminating unknown sessions. */
function webChannelMethodCases(ctx: Ctx, i: number, path: string): Case[] {
  const form = { 'content-type': 'application/x-www-form-urlencoded' };
  const out: Case[] = [];
  out.push(
    h(
      ctx,
      'webchannel wrong HTTP method',
      ['PUT', 'DELETE', 'PATCH'][i % 3],
      ['PUT', 'DELETE', 'PATCH'][i % 3],
      wcUrl(ctx, path, 'RID=1'),
      'x',
      form,
      (a) => a.status === 405,
    ),
  );
  out.push(
    h(
      ctx,
      'webchannel terminate unknown SID',
      '',
      'POST',
      wcUrl(ctx, path, `SID=${randomBytes(6).toString('hex')}&TYPE=terminate`),
      '',
      form,
      (a) => a.status === 200 || clientError(a),
    ),
  );
  return out;
}

function webChannelCases(ctx: Ctx, i: number): Case[] {
  const path = i % 2 ? LISTEN : WRITE;
  return [
    ...webChannelAddressCases(ctx, i, path),
    ...webChannelFormCases(ctx, i, path),
    ...webChannelMethodCases(ctx, i, path),
  ];
}

export function httpCases(ctx: Ctx): Case[] {
  const out: Case[] = [];
  for (let r = 0; r < 24; r++) out.push(...restCases(ctx, r));
  for (let i = 0; i < 500; i++) out.push(...webChannelCases(ctx, i));
  const big = Buffer.alloc(40 * 1024 * 1024, 0x20);
  for (let i = 0; i < 3; i++) {
    out.push(
      h(
        ctx,
        'rest oversized body (40 MiB)',
        `${i}`,
        'POST',
        `/v1/projects/${ctx.project}/databases/(default)/documents:commit`,
        big,
        owner,
      ),
    );
    out.push(
      h(
        ctx,
        'webchannel oversized body (40 MiB)',
        `${i}`,
        'POST',
        wcUrl(ctx, LISTEN, 'RID=1&CVER=22'),
        big,
        { 'content-type': 'application/x-www-form-urlencoded' },
      ),
    );
  }
  return out;
}
