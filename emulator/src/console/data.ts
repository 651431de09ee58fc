/** The console's view of the data: databases, collections with counts, paged documents, owner writes. */
import type { Engine } from '../engine/index.js';
import type { Database } from '../engine/database.js';
import { docToJson } from '../model/document.js';
import { parseDatabaseName } from '../model/paths.js';
import { Code, RpcError, type CallContext, type JsonObject } from '../service.js';
import { compareSegments } from '../model/values.js';
import type { PageCache, Row } from './page-cache.js';

export interface CollectionInfo {
  id: string;
  path: string;
  /** Documents directly in the collection. */
  count: number;
}

export interface DocumentRow {
  id: string;
  path: string;
  /** No document, but subcollections below it hold documents. */
  missing: boolean;
}

/** The owner: bypasses rules, like the official UI. */
export function ownerContext(db: Database): CallContext {
  return { projectId: db.id.projectId, databaseId: db.id.databaseId, caller: { kind: 'owner' } };
}

/** The database a `db` parameter names (`projects/p/databases/d`). */
export function databaseOf(engine: Engine, name: string | null): Database {
  if (!name) throw new RpcError(Code.INVALID_ARGUMENT, 'The "db" parameter is required.');
  return engine.database(parseDatabaseName(name));
}

function checkPath(path: string, kind: 'document' | 'collection'): string {
  const segs = path.split('/');
  const even = segs.length % 2 === 0;
  if (!path || segs.some((s) => !s) || (kind === 'document') !== even) {
    throw new RpcError(Code.INVALID_ARGUMENT, `Not a ${kind} path: "${path}".`);
  }
  return path;
}

/** Where a database's rules or indexes come from (the server's watched files). */
export interface SourceView {
  file?: string;
  kind: 'file' | 'inline' | 'endpoint';
  loadedAt: number;
  error?: string;
}

/** How each database is set up: its rules, indexes and TTL policies (firebase.json, flags). */
export interface DatabaseSetup {
  configuredDatabases(): string[];
  describe(
    projectId: string,
    databaseId: string,
  ): {
    configured: boolean;
    rules: SourceView | null;
    indexes: SourceView | null;
    indexCount: number | null;
    ttl: { collectionGroup: string; fieldPath: string }[];
  };
}

export function listDatabases(engine: Engine, setup?: DatabaseSetup) {
  return engine
    .allDatabases()
    .map((db) => {
      const info = setup?.describe(db.id.projectId, db.id.databaseId);
      const config = info && {
        ...info,
        ttl: info.ttl.map((t) => ({ collectionGroup: t.collectionGroup, fieldPath: t.fieldPath })),
      };
      return { name: db.name, documents: db.store.documentCount, config };
    })
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** Collections under a document path ('' = root), with their document counts, sorted by id. */
export function listCollections(db: Database, parent: string): CollectionInfo[] {
  if (parent) checkPath(parent, 'document');
  return db.store
    .collectionIds(parent)
    .sort(compareSegments)
    .map((id) => {
      const path = parent ? `${parent}/${id}` : id;
      return { id, path, count: db.store.collectionSize(path) };
    });
}

/** A collection's rows (documents, and missing documents with subcollections) in id order. */
function sortedRows(db: Database, collection: string): Row[] {
  const ids: Row[] = [];
  for (const d of db.store.collection(collection)) {
    ids.push({ id: d.path.slice(collection.length + 1), missing: false });
  }
  for (const id of db.store.missingWithChildren(collection)) ids.push({ id, missing: true });
  return ids.sort((a, b) => compareSegments(a.id, b.id));
}

/** A page of a collection's documents in id order, after the id `after`. */
export function listDocumentPage(
  db: Database,
  collection: string,
  pageSize: number,
  after: string | null,
  cache?: PageCache,
): { documents: DocumentRow[]; count: number; next: string | null } {
  checkPath(collection, 'collection');
  const ids = cache
    ? cache.rows(db, collection, () => sortedRows(db, collection))
    : sortedRows(db, collection);
  let start = 0;
  if (after !== null) {
    // The first row after `after` (binary search: the rows are in id order).
    let hi = ids.length;
    while (start < hi) {
      const mid = (start + hi) >>> 1;
      if (compareSegments(ids[mid].id, after) <= 0) start = mid + 1;
      else hi = mid;
    }
  }
  const page = ids.slice(start, start + pageSize);
  const more = start + pageSize < ids.length;
  return {
    documents: page.map((r) => ({ ...r, path: `${collection}/${r.id}` })),
    count: db.store.collectionSize(collection),
    next: more && page.length ? page[page.length - 1].id : null,
  };
}

/** One document (null when missing) and its subcollections. */
export function readDocument(
  db: Database,
  path: string,
): { document: JsonObject | null; collections: CollectionInfo[] } {
  checkPath(path, 'document');
  const d = db.store.get(path);
  return { document: d ? { ...docToJson(d), path } : null, collections: listCollections(db, path) };
}

/** Replaces a document's fields (creates it when missing), as the owner. */
export async function setDocument(
  engine: Engine,
  db: Database,
  path: string,
  fields: JsonObject,
): Promise<void> {
  checkPath(path, 'document');
  await engine.commit(ownerContext(db), db, [
    { update: { name: `${db.name}/documents/${path}`, fields } },
  ]);
}

export async function deleteDocument(engine: Engine, db: Database, path: string): Promise<void> {
  checkPath(path, 'document');
  await engine.commit(ownerContext(db), db, [{ delete: `${db.name}/documents/${path}` }]);
}

/** Deletes every document in a collection and below it, in commits of 500. */
export async function deleteCollection(
  engine: Engine,
  db: Database,
  collection: string,
): Promise<number> {
  checkPath(collection, 'collection');
  const paths: string[] = [];
  for (const d of db.store.scan((p) => p === collection || p.startsWith(collection + '/'))) {
    paths.push(d.path);
  }
  for (let i = 0; i < paths.length; i += 500) {
    const writes = paths.slice(i, i + 500).map((p) => ({ delete: `${db.name}/documents/${p}` }));
    await engine.commit(ownerContext(db), db, writes);
  }
  return paths.length;
}

/** Runs a StructuredQuery as the owner under a document path ('' = root). */
export async function runQuery(
  engine: Engine,
  db: Database,
  parent: string,
  structuredQuery: JsonObject,
): Promise<JsonObject[]> {
  if (parent) checkPath(parent, 'document');
  const docs: JsonObject[] = [];
  await engine.serverStream(
    'RunQuery',
    { parent: `${db.name}/documents${parent ? '/' + parent : ''}`, structuredQuery },
    ownerContext(db),
    (m) => {
      const d = m.document;
      if (d && typeof d === 'object' && !Array.isArray(d)) {
        const name = String(d.name);
        docs.push({ ...d, path: name.slice(db.name.length + '/documents/'.length) });
      }
    },
  );
  return docs;
}
