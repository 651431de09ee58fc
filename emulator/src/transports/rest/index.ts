/** REST v1 JSON transport for `firebase/firestore/lite`, the browser SDK's unary calls and admin `preferRest`. */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { HttpTransport } from '../http-handler.js';
import {
  Code,
  RpcError,
  type CallContext,
  type FirestoreService,
  type Json,
  type JsonObject,
  type ServerStreamMethod,
  type UnaryMethod,
} from '../../service.js';
import { appCheckTokenFrom, callerFromAuthorization } from '../auth.js';
import { decodePercent } from '../../model/paths.js';
import { BodyTooLargeError, answerPreflight, applyCors, readBody } from '../http/cors.js';
import { googleJsonError, httpStatus } from '../http/errors.js';
import { normaliseRequest } from '../http/normalize.js';
import { sendJson } from '../http/json.js';

/** What a REST request resolves to: an engine method and its request message. */
export type RestCall =
  | { kind: 'unary'; method: UnaryMethod; request: JsonObject }
  | { kind: 'stream'; method: ServerStreamMethod; request: JsonObject };

const DATABASE_VERBS: { [verb: string]: RestCall['method'] } = {
  commit: 'Commit',
  batchGet: 'BatchGetDocuments',
  beginTransaction: 'BeginTransaction',
  rollback: 'Rollback',
  batchWrite: 'BatchWrite',
};
const PARENT_VERBS: { [verb: string]: RestCall['method'] } = {
  runQuery: 'RunQuery',
  runAggregationQuery: 'RunAggregationQuery',
  listCollectionIds: 'ListCollectionIds',
  partitionQuery: 'PartitionQuery',
};
const STREAMING = new Set<string>(['BatchGetDocuments', 'RunQuery', 'RunAggregationQuery']);
const BOOLEAN_PARAMS = new Set(['currentDocument.exists', 'showMissing']);
const NUMBER_PARAMS = new Set(['pageSize']);
const IGNORED_PARAMS = new Set(['$alt', 'alt', 'key', '$prettyPrint', 'prettyPrint']);

function call(method: RestCall['method'], request: JsonObject): RestCall {
  return STREAMING.has(method)
    ? { kind: 'stream', method: method as ServerStreamMethod, request }
    : { kind: 'unary', method: method as UnaryMethod, request };
}

/** Query parameters as a nested request object (`mask.fieldPaths=a&mask.fieldPaths=b`). */
export function queryToRequest(params: URLSearchParams): JsonObject {
  const out: JsonObject = {};
  for (const key of new Set(params.keys())) {
    if (IGNORED_PARAMS.has(key)) continue;
    const values = params.getAll(key);
    let value: Json;
    if (key.endsWith('fieldPaths')) value = values;
    else if (BOOLEAN_PARAMS.has(key)) value = values[0] === 'true';
    else if (NUMBER_PARAMS.has(key)) value = Number(values[0]);
    else value = values[0];
    const parts = key.split('.');
    let target = out;
    for (const part of parts.slice(0, -1)) {
      const next = target[part];
      if (typeof next === 'object' && next !== null && !Array.isArray(next)) target = next;
      else target = target[part] = {};
    }
    target[parts[parts.length - 1]] = value;
  }
  return out;
}

function invalid(message: string): RpcError {
  return new RpcError(Code.INVALID_ARGUMENT, message);
}

function decodeSegment(segment: string): string {
  const decoded = decodePercent(segment);
  if (decoded === undefined) {
    throw invalid(`Invalid percent-encoding in the path: ${segment.slice(0, 100)}`);
  }
  return decoded;
}

/**
 * The request's path as sent: `new URL()` would resolve `..` and `%2e%2e` segments, turning
 * `documents/a/x/../b` into another document, where Firestore refuses the reserved id.
 */
export function rawPathname(reqUrl: string): string {
  return reqUrl.startsWith('/') ? reqUrl.split(/[?#]/, 1)[0] : new URL(reqUrl).pathname;
}

/**
 * Maps an HTTP method, a path below `/v1/` and the request's query and body to an engine call,
 * following the google.firestore.v1 HTTP bindings.
 */
export function routeRest(
  httpMethod: string,
  path: string,
  query: URLSearchParams,
  body: JsonObject,
): { call: RestCall; projectId: string; databaseId: string } {
  let resource = path;
  let verb: string | undefined;
  const lastSlash = path.lastIndexOf('/');
  const colon = path.indexOf(':', lastSlash + 1);
  if (colon >= 0) {
    resource = path.slice(0, colon);
    verb = path.slice(colon + 1);
  }
  const segments = resource.split('/').map(decodeSegment);
  if (segments.length < 4 || segments[0] !== 'projects' || segments[2] !== 'databases') {
    throw new RpcError(Code.NOT_FOUND, `Unknown resource: ${resource}`);
  }
  const projectId = segments[1];
  const databaseId = segments[3];
  const database = `projects/${projectId}/databases/${databaseId}`;
  if (segments[4] !== 'documents') {
    throw new RpcError(Code.NOT_FOUND, `Unknown resource: ${resource}`);
  }
  const documentPath = segments.slice(5);
  if (documentPath.includes(''))
    throw invalid(`Resource name "${resource}" has an empty path segment.`);
  const name = [database, 'documents', ...documentPath].join('/');
  const params = queryToRequest(query);
  const result = (c: RestCall) => ({ call: c, projectId, databaseId });

  if (verb !== undefined) {
    if (httpMethod !== 'POST') throw new RpcError(Code.UNIMPLEMENTED, `${httpMethod} :${verb}`);
    const databaseMethod = DATABASE_VERBS[verb];
    if (databaseMethod) {
      if (documentPath.length > 0) throw invalid(`:${verb} addresses a database`);
      return result(call(databaseMethod, { ...params, ...body, database }));
    }
    const parentMethod = PARENT_VERBS[verb];
    if (parentMethod) {
      if (documentPath.length % 2 !== 0) throw invalid(`:${verb} addresses a document`);
      return result(call(parentMethod, { ...params, ...body, parent: name }));
    }
    throw new RpcError(Code.UNIMPLEMENTED, `Method :${verb} is not supported over REST.`);
  }

  const isCollection = documentPath.length % 2 === 1;
  const parent = [database, 'documents', ...documentPath.slice(0, -1)].join('/');
  const last = documentPath[documentPath.length - 1];
  switch (httpMethod) {
    case 'GET':
      if (documentPath.length === 0) throw invalid('A document or collection path is required.');
      return result(
        isCollection
          ? call('ListDocuments', { ...params, parent, collectionId: last })
          : call('GetDocument', { ...params, name }),
      );
    case 'POST':
      if (!isCollection) throw invalid('Documents are created in a collection.');
      return result(
        call('CreateDocument', { ...params, parent, collectionId: last, document: body }),
      );
    case 'PATCH':
      if (isCollection || documentPath.length === 0) throw invalid('PATCH addresses a document.');
      return result(call('UpdateDocument', { ...params, document: { ...body, name } }));
    case 'DELETE':
      if (isCollection || documentPath.length === 0) throw invalid('DELETE addresses a document.');
      return result(call('DeleteDocument', { ...params, name }));
    default:
      throw new RpcError(Code.UNIMPLEMENTED, `HTTP method ${httpMethod} is not supported.`);
  }
}

/** REST responses are never cached, as production's. */
const NO_CACHE = { 'cache-control': 'no-cache, no-store, max-age=0, must-revalidate' };

function asRpcError(error: unknown): RpcError {
  if (error instanceof RpcError) return error;
  return new RpcError(Code.INTERNAL, error instanceof Error ? error.message : String(error));
}

function parseBody(text: string): JsonObject {
  if (text.trim() === '') return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw invalid('Invalid JSON payload received.');
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw invalid('Invalid JSON payload received: expected an object.');
  }
  return parsed as JsonObject;
}

/** Creates the REST transport; it answers every path below `/v1/`. */
export function createRestTransport(service: FirestoreService): HttpTransport {
  const open = new Set<ServerResponse>();
  let closed = false;

  const serve = async (req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> => {
    const text = await readBody(req);
    const caller = callerFromAuthorization(req.headers.authorization);
    const routed = routeRest(
      req.method ?? 'GET',
      rawPathname(req.url ?? '/').slice('/v1/'.length),
      url.searchParams,
      parseBody(text),
    );
    const ctx: CallContext = {
      projectId: routed.projectId,
      databaseId: routed.databaseId,
      caller,
      appCheckToken: appCheckTokenFrom(req.headers['x-firebase-appcheck']),
    };
    const request = normaliseRequest(routed.call.request);
    if (routed.call.kind === 'unary') {
      const response = await service.unary(routed.call.method, request, ctx);
      if (!closed) sendJson(res, 200, response, NO_CACHE);
      return;
    }
    const messages: JsonObject[] = [];
    await service.serverStream(routed.call.method, request, ctx, (message) => {
      messages.push(message);
    });
    if (!closed) sendJson(res, 200, messages, NO_CACHE);
  };

  return {
    handle(req, res) {
      const url = new URL(req.url ?? '/', 'http://emulator');
      if (!url.pathname.startsWith('/v1/')) return false;
      if (answerPreflight(req, res)) return true;
      applyCors(req, res);
      if (closed) {
        sendJson(
          res,
          503,
          googleJsonError(new RpcError(Code.UNAVAILABLE, 'Emulator stopping.')),
          NO_CACHE,
        );
        return true;
      }
      open.add(res);
      res.on('close', () => open.delete(res));
      serve(req, res, url).catch((error: unknown) => {
        if (closed || res.headersSent) return;
        if (error instanceof BodyTooLargeError) {
          sendJson(
            res,
            413,
            googleJsonError(new RpcError(Code.INVALID_ARGUMENT, error.message)),
            NO_CACHE,
          );
          return;
        }
        const rpcError = asRpcError(error);
        sendJson(res, httpStatus(rpcError.code), googleJsonError(rpcError), NO_CACHE);
      });
      return true;
    },
    close() {
      closed = true;
      for (const res of open) if (!res.headersSent) res.destroy();
      open.clear();
    },
  };
}
