/** Server-sent events for the console: data changes and new requests, coalesced every 150 ms. */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Engine } from '../engine/index.js';
import type { CommitObserver } from '../engine/database.js';
import type { RequestRecord } from '../engine/request-log.js';
import type { Json, JsonObject } from '../service.js';

const FLUSH_MS = 150;
/** At most this many requests per event (a bulk import logs one per document). */
const MAX_REQUESTS_PER_EVENT = 200;
const STANDARD_CLAIMS = new Set([
  'iss',
  'aud',
  'auth_time',
  'user_id',
  'sub',
  'iat',
  'exp',
  'email',
  'email_verified',
  'firebase',
  'name',
  'picture',
  'phone_number',
]);

/** A record as the console shows it: who as uid/email/custom claims. */
export function requestJson(r: RequestRecord): JsonObject {
  const c = r.caller;
  let who: JsonObject;
  if (c.kind === 'user') {
    const claims: JsonObject = {};
    for (const [k, v] of Object.entries(c.token)) if (!STANDARD_CLAIMS.has(k)) claims[k] = v;
    who = { kind: 'user', uid: c.uid, claims };
    if (typeof c.token.email === 'string') who.email = c.token.email;
  } else who = { kind: c.kind };
  const out: JsonObject = {
    id: r.id,
    at: new Date(r.at).toISOString(),
    method: r.listen ? 'listen' : r.method,
    rulesMethod: r.method,
    database: r.database,
    path: r.path,
    who,
    allowed: r.allowed,
    basis: r.basis,
  };
  if (r.message !== undefined) out.message = r.message;
  if (r.trace) out.trace = r.trace as unknown as Json;
  const v = r.appCheck;
  if (v) {
    out.appCheck = v.valid
      ? { valid: true, appId: v.appId }
      : { valid: false, reason: v.reason, message: v.message, appId: v.appId ?? null };
  }
  if (r.debug) out.debug = r.debug as unknown as Json;
  if (r.delivery) {
    // A Firestore trigger's event: `who` is the writer, `rulesMethod` the change.
    out.method = 'function';
    out.delivery = { ...r.delivery };
  }
  return out;
}

/** Streams `change` and `requests` events to one console until the client goes away. */
export function streamEvents(engine: Engine, req: IncomingMessage, res: ServerResponse): void {
  res.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store',
    connection: 'keep-alive',
  });
  res.write('retry: 1000\n\n');
  const changed = new Map<string, Set<string>>();
  let requests: RequestRecord[] = [];
  let timer: NodeJS.Timeout | undefined;
  const send = (event: string, data: Json) =>
    res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  const flush = () => {
    timer = undefined;
    for (const [database, paths] of changed) {
      send('change', { database, paths: [...paths].slice(0, 500), count: paths.size });
    }
    changed.clear();
    if (requests.length) {
      send('requests', requests.slice(-MAX_REQUESTS_PER_EVENT).map(requestJson));
      requests = [];
    }
  };
  const schedule = () => {
    timer ??= setTimeout(flush, FLUSH_MS);
  };
  const onCommit: CommitObserver = (db, changes) => {
    let set = changed.get(db.name);
    if (!set) changed.set(db.name, (set = new Set()));
    for (const c of changes) set.add(c.path);
    schedule();
  };
  engine.databases.observers.add(onCommit);
  const unwatch = engine.access.log.watch((r) => {
    requests.push(r);
    if (requests.length > MAX_REQUESTS_PER_EVENT * 2)
      requests = requests.slice(-MAX_REQUESTS_PER_EVENT);
    schedule();
  });
  const keepAlive = setInterval(() => res.write(': keep-alive\n\n'), 15_000);
  keepAlive.unref();
  const close = () => {
    engine.databases.observers.delete(onCommit);
    unwatch();
    clearInterval(keepAlive);
    if (timer) clearTimeout(timer);
  };
  req.on('close', close);
  res.on('close', close);
}
