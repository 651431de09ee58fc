/** The emulator console under `/console`: the prebuilt web app and its JSON API (`/console/api/...`). */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Engine } from '../engine/index.js';
import { RpcError, type JsonObject } from '../service.js';
import { readBody } from '../transports/http/cors.js';
import { httpStatus } from '../transports/http/errors.js';
import { sendJson } from '../transports/http/json.js';
import {
  type DatabaseSetup,
  databaseOf,
  deleteCollection,
  deleteDocument,
  listCollections,
  listDatabases,
  listDocumentPage,
  readDocument,
  runQuery,
  setDocument,
} from './data.js';
import { requestJson, streamEvents } from './events.js';
import { exportDatabase, importFixture, parseFixture } from './fixtures.js';
import { PageCache } from './page-cache.js';
import { serveStatic } from './static.js';

export interface ConsoleHandler {
  /** False when the request is not the console's. */
  handle(req: IncomingMessage, res: ServerResponse): boolean;
}

/** A JSON object body (fixtures of 20,000 documents fit well within the limit). */
async function readJson(req: IncomingMessage): Promise<JsonObject> {
  const v: unknown = JSON.parse((await readBody(req, 256 * 1024 * 1024)) || '{}');
  if (!v || typeof v !== 'object' || Array.isArray(v)) throw new Error('Expected a JSON object.');
  return v as JsonObject;
}

function sameHost(origin: string, host: string | undefined): boolean {
  try {
    return new URL(origin).host === host;
  } catch {
    return false;
  }
}

/** The console's JSON answers (never cached). */
function send(res: ServerResponse, status: number, body: unknown): void {
  sendJson(res, status, body, { 'cache-control': 'no-store' });
}

function fail(res: ServerResponse, e: unknown): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  const status = e instanceof RpcError ? httpStatus(e.code) : 400;
  send(res, status, { error: { message: e instanceof Error ? e.message : String(e) } });
}

function objectField(body: JsonObject, key: string): JsonObject {
  const v = body[key];
  if (!v || typeof v !== 'object' || Array.isArray(v))
    throw new Error(`Expected "${key}" to be an object.`);
  return v;
}

function stringField(body: JsonObject, key: string): string {
  const v = body[key];
  if (typeof v !== 'string') throw new Error(`Expected "${key}" to be a string.`);
  return v;
}

/** The console's routes; everything acts as the owner (no rules), like the official UI. */
export function createConsole(
  engine: Engine,
  projectId?: string,
  setup?: DatabaseSetup,
): ConsoleHandler {
  const pages = new PageCache(engine);
  // With --project, its default and configured databases are listed before anything is written.
  if (projectId) {
    engine.database({ projectId, databaseId: '(default)' });
    for (const databaseId of setup?.configuredDatabases() ?? [])
      engine.database({ projectId, databaseId });
  }
  const api = async (
    route: string,
    method: string,
    q: URLSearchParams,
    req: IncomingMessage,
    res: ServerResponse,
  ): Promise<void> => {
    const db = () => databaseOf(engine, q.get('db'));
    const key = `${method} ${route}`;
    switch (key) {
      case 'GET databases':
        return send(res, 200, { databases: listDatabases(engine, setup) });
      case 'GET collections':
        return send(res, 200, { collections: listCollections(db(), q.get('parent') ?? '') });
      case 'GET documents': {
        const size = Math.min(Math.max(Number(q.get('pageSize') ?? 50) || 50, 1), 500);
        return send(
          res,
          200,
          listDocumentPage(db(), q.get('collection') ?? '', size, q.get('after'), pages),
        );
      }
      case 'GET document':
        return send(res, 200, readDocument(db(), q.get('path') ?? ''));
      case 'PUT document': {
        const body = await readJson(req);
        await setDocument(engine, db(), stringField(body, 'path'), objectField(body, 'fields'));
        return send(res, 200, {});
      }
      case 'DELETE document':
        await deleteDocument(engine, db(), q.get('path') ?? '');
        return send(res, 200, {});
      case 'DELETE collection':
        return send(res, 200, {
          deleted: await deleteCollection(engine, db(), q.get('path') ?? ''),
        });
      case 'DELETE data':
        for (const d of engine.allDatabases()) await engine.clear(d.id);
        return send(res, 200, {});
      case 'POST query': {
        const body = await readJson(req);
        const parent = typeof body.parent === 'string' ? body.parent : '';
        const docs = await runQuery(engine, db(), parent, objectField(body, 'structuredQuery'));
        return send(res, 200, { documents: docs });
      }
      case 'GET requests':
        return send(res, 200, { requests: engine.access.log.recent().map(requestJson) });
      case 'DELETE requests':
        engine.access.log.clear();
        return send(res, 200, {});
      case 'GET events':
        return streamEvents(engine, req, res);
      case 'GET export':
        return send(res, 200, exportDatabase(db()));
      case 'POST import': {
        const fixture = parseFixture(await readJson(req), 'The uploaded file');
        return send(res, 200, { imported: await importFixture(engine, db(), fixture) });
      }
      default:
        return send(res, 404, { error: { message: `No console API ${key}.` } });
    }
  };

  return {
    handle(req, res) {
      const url = new URL(req.url ?? '/', 'http://localhost');
      const p = url.pathname;
      if (p !== '/console' && !p.startsWith('/console/')) return false;
      const method = req.method ?? 'GET';
      if (p.startsWith('/console/api/')) {
        // No CORS: only the console's own pages (or tools without an Origin, like the CLI) may call it.
        const origin = req.headers.origin;
        if (origin && !sameHost(origin, req.headers.host)) {
          send(res, 403, {
            error: { message: 'The console API answers only the console itself.' },
          });
          return true;
        }
        api(p.slice('/console/api/'.length), method, url.searchParams, req, res).catch(
          (e: unknown) => fail(res, e),
        );
        return true;
      }
      if (method !== 'GET' && method !== 'HEAD') {
        send(res, 405, { error: { message: 'Method not allowed.' } });
        return true;
      }
      void serveStatic(p.slice('/console'.length).replace(/^\//, ''), res);
      return true;
    },
  };
}
