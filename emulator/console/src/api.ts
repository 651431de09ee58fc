/** The console's only link to the emulator: the JSON API under /console/api. */

/** A google.firestore.v1 Value in the proto3 JSON mapping ({stringValue: 'x'}, {integerValue: '5'}, ...). */
export type Value = { [type: string]: unknown };
export type Fields = { [name: string]: Value };

/** Where a database's rules or indexes come from. */
export interface SourceInfo {
  file?: string;
  kind: 'file' | 'inline' | 'endpoint';
  loadedAt: number;
  error?: string;
}
/** How a database is set up (firebase.json or the emulator's flags). */
export interface DatabaseConfig {
  configured: boolean;
  rules: SourceInfo | null;
  indexes: SourceInfo | null;
  indexCount: number | null;
  ttl: { collectionGroup: string; fieldPath: string }[];
}
export interface DatabaseInfo {
  name: string;
  documents: number;
  config?: DatabaseConfig;
}
export interface CollectionInfo {
  id: string;
  path: string;
  count: number;
}
export interface DocumentRow {
  id: string;
  path: string;
  missing: boolean;
}
export interface DocumentPage {
  documents: DocumentRow[];
  count: number;
  next: string | null;
}
export interface StoredDocument {
  name: string;
  path: string;
  fields: Fields;
  createTime: string;
  updateTime: string;
}

export interface FailedCondition {
  text: string;
  line: number;
  column: number;
  result: string;
  values: { expr: string; value: string }[];
  via?: string;
}
export interface AllowTrace {
  match: string;
  line: number;
  text: string;
  allowed: boolean;
  failed: FailedCondition[];
}
export type Who =
  | { kind: 'owner' }
  | { kind: 'anonymous' }
  | { kind: 'user'; uid: string; email?: string; claims: { [claim: string]: unknown } };
/** The delivery of a Firestore trigger's event to its function. */
export interface Delivery {
  function: string;
  key: string;
  eventType: string;
  result: 'ok' | 'failed' | 'timeout' | 'undelivered';
  status?: number;
  message?: string;
  durationMs: number;
  attempts: number;
}
export interface RequestEntry {
  id: number;
  at: string;
  method: 'get' | 'list' | 'create' | 'update' | 'delete' | 'listen' | 'function';
  rulesMethod: string;
  database: string;
  path: string;
  who: Who;
  allowed: boolean;
  basis: 'owner' | 'no-rules' | 'rules' | 'trigger';
  message?: string;
  trace?: { allowed: boolean; message?: string; allows: AllowTrace[] };
  /** The values the rules passed to debug() while deciding. */
  debug?: { line: number; column: number; expr: string; value: string }[];
  delivery?: Delivery;
}

async function call<T>(method: string, url: string, body?: unknown): Promise<T> {
  const res = await fetch(`/console/api/${url}`, {
    method,
    headers: body === undefined ? undefined : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await res.json()) as T & { error?: { message: string } };
  if (!res.ok) throw new Error(json.error?.message ?? `HTTP ${res.status}`);
  return json;
}

const q = (params: { [k: string]: string | number | null | undefined }): string =>
  Object.entries(params)
    .filter(([, v]) => v !== null && v !== undefined)
    .map(([k, v]) => `${k}=${encodeURIComponent(String(v))}`)
    .join('&');

export const api = {
  databases: () => call<{ databases: DatabaseInfo[] }>('GET', 'databases'),
  collections: (db: string, parent: string) =>
    call<{ collections: CollectionInfo[] }>('GET', `collections?${q({ db, parent })}`),
  documents: (db: string, collection: string, pageSize: number, after: string | null) =>
    call<DocumentPage>('GET', `documents?${q({ db, collection, pageSize, after })}`),
  document: (db: string, path: string) =>
    call<{ document: StoredDocument | null; collections: CollectionInfo[] }>(
      'GET',
      `document?${q({ db, path })}`,
    ),
  setDocument: (db: string, path: string, fields: Fields) =>
    call<object>('PUT', `document?${q({ db })}`, { path, fields }),
  deleteDocument: (db: string, path: string) =>
    call<object>('DELETE', `document?${q({ db, path })}`),
  deleteCollection: (db: string, path: string) =>
    call<{ deleted: number }>('DELETE', `collection?${q({ db, path })}`),
  clearAll: () => call<object>('DELETE', 'data'),
  query: (db: string, parent: string, structuredQuery: object) =>
    call<{ documents: StoredDocument[] }>('POST', `query?${q({ db })}`, {
      parent,
      structuredQuery,
    }),
  requests: () => call<{ requests: RequestEntry[] }>('GET', 'requests'),
  clearRequests: () => call<object>('DELETE', 'requests'),
  exportUrl: (db: string) => `/console/api/export?${q({ db })}`,
  importFixture: (db: string, fixture: unknown) =>
    call<{ imported: number }>('POST', `import?${q({ db })}`, fixture),
};

/** A random 20-character id, as the SDKs make them. */
export function autoId(): string {
  const chars = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  const bytes = crypto.getRandomValues(new Uint8Array(20));
  return [...bytes].map((b) => chars[b % chars.length]).join('');
}
