/** Reads: GetDocument, BatchGetDocuments, RunQuery, ListDocuments, ListCollectionIds, PartitionQuery. */
import {
  checkCollectionId,
  dbPath,
  parseDatabaseName,
  parseDocumentName,
  parseParentName,
} from '../model/paths.js';
import { compileQuery, project, runCompiled, type CompiledQuery } from '../query/index.js';
import { Code, RpcError, repeatedField, type CallContext, type JsonObject } from '../service.js';
import { microsToString } from '../model/time.js';
import type { EngineCore } from './core.js';
import type { Database } from './database.js';
import { asObject, docToJson, maskDoc, type DocVersion } from '../model/document.js';
import { checkIndexes, explainMetrics, explainMode } from './explain.js';
import { indexedCount, indexedQuery } from './indexed-query.js';

/**
 * Runs a compiled query at a read time (undefined = now): from the collection's indexes when the
 * read sees the current documents and an index applies, else by scanning. `unordered`: the caller
 * only counts the results.
 */
export function queryDocs(
  db: Database,
  q: CompiledQuery,
  readTime?: number,
  unordered = false,
): DocVersion[] {
  if (q.allDescendants) return scanQueryDocs(db, q, readTime, unordered);
  if (readTime !== undefined && readTime < db.store.lastChange) {
    return queryInThePast(db, q, readTime, unordered);
  }
  const collPath = q.parentPath ? `${q.parentPath}/${q.collectionId}` : q.collectionId;
  const ix = db.store.indexOf(collPath);
  if (!ix) return [];
  return (
    indexedQuery(ix, db.store.collectionSize(collPath), q, unordered) ??
    scanQueryDocs(db, q, readTime, unordered)
  );
}

/**
 * A query of one collection at a read time before its latest change (a transaction's read time,
 * a listener resumed from a token): today's results that were not written since, and the
 * versions at `readTime` of the documents written since. Reading the collection as of `readTime`
 * instead unpacked every document of it: a first-page listener resumed over a million leads held
 * them all, and the emulator ran out of memory.
 */
function queryInThePast(
  db: Database,
  q: CompiledQuery,
  readTime: number,
  unordered: boolean,
): DocVersion[] {
  const collPath = q.parentPath ? `${q.parentPath}/${q.collectionId}` : q.collectionId;
  const past = [...db.store.pastVersions(collPath, readTime)];
  const need = q.limit === undefined ? undefined : q.offset + q.limit;
  // A limited query reads today's first `need` results and as many as were written since; if
  // more of those were written since (new documents have no past version), it reads further.
  for (let extra = past.length + 8; ; extra *= 4) {
    const limit = need === undefined ? undefined : need + extra;
    const current = queryDocs(
      db,
      { ...q, offset: 0, limit },
      undefined,
      limit === undefined && unordered,
    );
    const kept = current.filter((d) => !db.store.writtenAfter(d.path, readTime));
    if (
      need === undefined ||
      limit === undefined ||
      current.length < limit ||
      kept.length >= need
    ) {
      return runCompiled(q, [...kept, ...past], unordered);
    }
  }
}

/** The number of results of a query (at a read time), from the postings when they can tell. */
export function countDocs(db: Database, q: CompiledQuery, readTime?: number): number {
  if (!q.allDescendants && (readTime === undefined || readTime >= db.store.lastChange)) {
    const collPath = q.parentPath ? `${q.parentPath}/${q.collectionId}` : q.collectionId;
    const ix = db.store.indexOf(collPath);
    if (!ix) return 0;
    const n = indexedCount(ix, db.store.collectionSize(collPath), q);
    if (n !== undefined) return n;
  }
  return queryDocs(db, q, readTime, true).length;
}

/** Runs a compiled query by scanning the store (every read time; the reference for the indexes). */
export function scanQueryDocs(
  db: Database,
  q: CompiledQuery,
  readTime?: number,
  unordered = false,
): DocVersion[] {
  const collPath = q.parentPath ? `${q.parentPath}/${q.collectionId}` : q.collectionId;
  const candidates = q.allDescendants
    ? db.store.scan(
        (p) =>
          (q.parentPath === '' || p.startsWith(q.parentPath + '/')) &&
          (q.collectionId === '' || p === q.collectionId || p.endsWith('/' + q.collectionId)),
        readTime,
      )
    : db.store.collection(collPath, readTime);
  return runCompiled(q, candidates, unordered);
}

/** The database and compiled query of a request with a `parent` and a structured query. */
export function compileRequest(
  core: EngineCore,
  req: JsonObject,
  sq: JsonObject | undefined,
): { db: Database; q: CompiledQuery } {
  const parent = parseParentName(req.parent);
  const db = core.databases.get(parent);
  if (!sq) throw new RpcError(Code.INVALID_ARGUMENT, 'Missing structured query.');
  return { db, q: compileQuery(sq, parent.path, db.name) };
}

export async function getDocument(
  core: EngineCore,
  req: JsonObject,
  ctx: CallContext,
): Promise<JsonObject> {
  const r = parseDocumentName(req.name);
  const db = core.databases.get(r);
  const mode = core.txns.readMode(db, req);
  await core.txns.lockReads(mode, [r.path]);
  const doc = db.store.get(r.path, mode.readTime);
  core.access.checkRead(ctx, db, 'get', r.path, doc, mode.readTime);
  if (!doc) {
    throw new RpcError(Code.NOT_FOUND, `Document "${String(req.name)}" not found.`);
  }
  return docToJson(maskDoc(doc, req.mask));
}

export async function batchGet(
  core: EngineCore,
  req: JsonObject,
  ctx: CallContext,
  emit: (m: JsonObject) => void,
): Promise<void> {
  const db = core.databases.get(parseDatabaseName(String(req.database ?? '')));
  const names = repeatedField(req.documents, 'documents').map((n) => {
    const r = parseDocumentName(n);
    if (dbPath(r) !== db.name) {
      throw new RpcError(Code.INVALID_ARGUMENT, `Document ${String(n)} is not in ${db.name}.`);
    }
    return { name: n as string, path: r.path };
  });
  const mode = core.txns.readMode(db, req);
  await core.txns.lockReads(
    mode,
    names.map((n) => n.path),
  );
  const readTime = mode.readTime ?? core.clock.now();
  const results: JsonObject[] = [];
  for (const n of names) {
    const doc = db.store.get(n.path, readTime);
    core.access.checkRead(ctx, db, 'get', n.path, doc, mode.readTime);
    results.push(
      doc
        ? { found: docToJson(maskDoc(doc, req.mask)), readTime: microsToString(readTime) }
        : { missing: n.name, readTime: microsToString(readTime) },
    );
  }
  if (mode.newTxn) {
    if (results.length === 0) emit({ transaction: mode.newTxn.id });
    else results[0].transaction = mode.newTxn.id;
  }
  for (const m of results) emit(m);
}

export async function runQuery(
  core: EngineCore,
  req: JsonObject,
  ctx: CallContext,
  emit: (m: JsonObject) => void,
): Promise<void> {
  const { db, q } = compileRequest(core, req, asObject(req.structuredQuery));
  const explain = explainMode(req);
  const mode = core.txns.readMode(db, req);
  core.access.checkList(ctx, db, q, mode.readTime);
  const plan = checkIndexes(core, db, q);
  if (explain && !explain.analyze) {
    emit({ explainMetrics: explainMetrics(plan) });
    return;
  }
  const started = performance.now();
  let docs = queryDocs(db, q, mode.readTime);
  if (mode.txn && !mode.txn.readOnly) {
    await core.txns.lockReads(
      mode,
      docs.map((d) => d.path),
    );
    docs = queryDocs(db, q, mode.readTime);
  }
  const readTime = microsToString(mode.readTime ?? core.clock.now());
  const messages: JsonObject[] = docs.map((d) => ({
    readTime,
    document: docToJson(project(q, d)),
  }));
  if (messages.length === 0) messages.push({ readTime });
  if (mode.newTxn) messages[0].transaction = mode.newTxn.id;
  if (explain) {
    messages[messages.length - 1].explainMetrics = explainMetrics(plan, {
      resultsReturned: docs.length,
      readOperations: Math.max(docs.length, 1),
      indexEntriesScanned: docs.length,
      documentsScanned: docs.length,
      durationMs: performance.now() - started,
    });
  }
  for (const m of messages) emit(m);
}

export async function listDocuments(
  core: EngineCore,
  req: JsonObject,
  ctx: CallContext,
): Promise<JsonObject> {
  const parent = parseParentName(req.parent);
  const db = core.databases.get(parent);
  const collectionId = req.collectionId ? checkCollectionId(req.collectionId) : '';
  const mode = core.txns.readMode(db, req);
  const readTime = mode.readTime;
  const collPath = parent.path ? `${parent.path}/${collectionId}` : collectionId;
  const q = compileQuery(
    { from: [{ collectionId, allDescendants: collectionId === '' }] },
    parent.path,
    db.name,
  );
  core.access.checkList(ctx, db, q, readTime);
  const docs: DocVersion[] = collectionId ? queryDocs(db, q, readTime) : [];
  if (req.showMissing && collectionId) {
    for (const id of db.store.missingWithChildren(collPath, readTime)) {
      docs.push({
        name: `${db.name}/documents/${collPath}/${id}`,
        path: `${collPath}/${id}`,
        fields: {},
        createTime: 0,
        updateTime: 0,
      });
    }
    docs.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  }
  if (req.orderBy) {
    const order = String(req.orderBy).trim();
    if (order !== '__name__' && order !== '__name__ asc' && order !== '__name__ desc') {
      throw new RpcError(Code.INVALID_ARGUMENT, `Unsupported order_by: ${order}`);
    }
    if (order.endsWith('desc')) docs.reverse();
  }
  const start = req.pageToken ? Number(Buffer.from(String(req.pageToken), 'base64').toString()) : 0;
  if (!Number.isInteger(start) || start < 0) {
    throw new RpcError(Code.INVALID_ARGUMENT, 'Invalid page token.');
  }
  const pageSize = req.pageSize ? Number(req.pageSize) : 0;
  const end = pageSize > 0 ? Math.min(start + pageSize, docs.length) : docs.length;
  const out: JsonObject = {
    documents: docs
      .slice(start, end)
      .map((d) => (d.createTime === 0 ? { name: d.name } : docToJson(maskDoc(d, req.mask)))),
  };
  if (end < docs.length) out.nextPageToken = Buffer.from(String(end)).toString('base64');
  return out;
}

/** Split points (document names) that divide a collection-group query into similar parts. */
export function partitionQuery(core: EngineCore, req: JsonObject): JsonObject {
  const sq = asObject(req.structuredQuery);
  const { db, q } = compileRequest(core, req, sq);
  if (!q.allDescendants || sq?.where || sq?.startAt || sq?.endAt || q.limit !== undefined) {
    throw new RpcError(
      Code.INVALID_ARGUMENT,
      'Partition queries require a collection group query without filters, cursors or limits, ordered by __name__.',
    );
  }
  const count = Number(req.partitionCount ?? 0);
  if (!Number.isInteger(count) || count <= 0) {
    throw new RpcError(Code.INVALID_ARGUMENT, 'partition_count must be positive.');
  }
  const readTime = req.readTime ? core.txns.parseReadTime(req.readTime) : undefined;
  const docs = queryDocs(db, q, readTime);
  const points = new Set<string>();
  for (let i = 1; i <= count; i++) {
    const idx = Math.floor((i * docs.length) / (count + 1));
    if (idx > 0 && idx < docs.length) points.add(docs[idx].name);
  }
  return { partitions: [...points].map((name) => ({ values: [{ referenceValue: name }] })) };
}

export function listCollectionIds(core: EngineCore, req: JsonObject, ctx: CallContext): JsonObject {
  if (ctx.caller.kind !== 'owner') {
    // As the official emulator: client SDKs cannot list collections.
    throw new RpcError(Code.PERMISSION_DENIED, 'Metadata operations require admin authentication.');
  }
  const parent = parseParentName(req.parent);
  const db = core.databases.get(parent);
  const readTime = req.readTime ? core.txns.parseReadTime(req.readTime) : undefined;
  const ids = db.store.collectionIds(parent.path, readTime).sort();
  const start = req.pageToken ? ids.findIndex((i) => i > String(req.pageToken)) : 0;
  const from = start < 0 ? ids.length : start;
  const pageSize = req.pageSize ? Number(req.pageSize) : 0;
  const page = pageSize > 0 ? ids.slice(from, from + pageSize) : ids.slice(from);
  const out: JsonObject = { collectionIds: page };
  if (pageSize > 0 && from + pageSize < ids.length) out.nextPageToken = page[page.length - 1];
  return out;
}
