/** `--indexes FILE`: the composite indexes of a firestore.indexes.json, and production's missing-index error. */
import { formatFieldPath, parseFieldPath } from '../model/paths.js';
import { Code, RpcError, type Json, type JsonObject } from '../service.js';
import type { Direction, IndexDef, IndexField } from './index-plan.js';

function isObject(v: Json | undefined): v is JsonObject {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function parseField(f: Json, where: string): IndexField {
  if (!isObject(f) || typeof f.fieldPath !== 'string') {
    throw new Error(`${where}: every field needs a fieldPath.`);
  }
  const fieldPath = formatFieldPath(parseFieldPath(f.fieldPath));
  if (f.arrayConfig !== undefined) {
    if (f.arrayConfig !== 'CONTAINS') throw new Error(`${where}: arrayConfig must be CONTAINS.`);
    return { fieldPath, arrayConfig: 'CONTAINS' };
  }
  if (f.order !== 'ASCENDING' && f.order !== 'DESCENDING') {
    throw new Error(`${where}: order of ${f.fieldPath} must be ASCENDING or DESCENDING.`);
  }
  return { fieldPath, order: f.order as Direction };
}

/** A TTL policy: documents of the collection group expire at the timestamp in `fieldPath`. */
export interface TtlPolicy {
  collectionGroup: string;
  /** The field path as firestore.indexes.json writes it (backquoted segments where needed). */
  fieldPath: string;
  /** Its segments. */
  segments: string[];
}

/** What a firestore.indexes.json configures: composite indexes and TTL policies. */
export interface IndexConfig {
  indexes: IndexDef[];
  ttl: TtlPolicy[];
}

/** `fieldOverrides` entries with `"ttl": true` (the shape firebase-tools deploys). */
function parseTtl(overrides: Json | undefined, file: string): TtlPolicy[] {
  if (overrides === undefined) return [];
  if (!Array.isArray(overrides)) throw new Error(`${file}: fieldOverrides must be a list.`);
  const out: TtlPolicy[] = [];
  overrides.forEach((o, i) => {
    const where = `${file}: fieldOverrides[${i}]`;
    if (!isObject(o) || typeof o.collectionGroup !== 'string' || typeof o.fieldPath !== 'string') {
      throw new Error(`${where}: collectionGroup and fieldPath are required.`);
    }
    if (o.ttl === undefined || o.ttl === false) return;
    if (o.ttl !== true) throw new Error(`${where}: ttl must be true or false.`);
    const segments = parseFieldPath(o.fieldPath);
    const taken = out.find((p) => p.collectionGroup === o.collectionGroup);
    if (taken) {
      throw new Error(
        `${where}: collection group ${o.collectionGroup} already has the TTL field ${taken.fieldPath} (one per collection group).`,
      );
    }
    out.push({
      collectionGroup: o.collectionGroup,
      fieldPath: formatFieldPath(segments),
      segments,
    });
  });
  return out;
}

/** Parses the text of a firestore.indexes.json; throws an Error naming what is wrong. */
export function parseIndexes(text: string, file = 'firestore.indexes.json'): IndexDef[] {
  return parseIndexConfig(text, file).indexes;
}

/** Parses a firestore.indexes.json's indexes and TTL policies; throws an Error naming what is wrong. */
export function parseIndexConfig(text: string, file = 'firestore.indexes.json'): IndexConfig {
  let json: Json;
  try {
    json = JSON.parse(text) as Json;
  } catch (e) {
    throw new Error(`${file}: not valid JSON (${(e as Error).message}).`, { cause: e });
  }
  if (!isObject(json) || !Array.isArray(json.indexes ?? [])) {
    throw new Error(`${file}: expected {"indexes": [...]}.`);
  }
  return {
    indexes: parseIndexList(json.indexes ?? [], file),
    ttl: parseTtl(json.fieldOverrides, file),
  };
}

function parseIndexList(list: Json, file: string): IndexDef[] {
  return (list as Json[]).map((index, i) => {
    const where = `${file}: indexes[${i}]`;
    if (!isObject(index) || typeof index.collectionGroup !== 'string') {
      throw new Error(`${where}: collectionGroup is required.`);
    }
    const scope = index.queryScope ?? 'COLLECTION';
    if (scope !== 'COLLECTION' && scope !== 'COLLECTION_GROUP') {
      throw new Error(`${where}: queryScope must be COLLECTION or COLLECTION_GROUP.`);
    }
    if (!Array.isArray(index.fields) || index.fields.length === 0) {
      throw new Error(`${where}: fields must be a non-empty list.`);
    }
    return {
      collectionGroup: index.collectionGroup,
      queryScope: scope,
      fields: index.fields.map((f) => parseField(f, where)),
    };
  });
}

/** Protobuf wire encoding of the few google.firestore.admin.v1.Index fields the console link carries. */
function varint(n: number): number[] {
  const out: number[] = [];
  while (n > 0x7f) {
    out.push((n & 0x7f) | 0x80);
    n >>>= 7;
  }
  out.push(n);
  return out;
}

function bytesField(tag: number, bytes: number[]): number[] {
  return [(tag << 3) | 2, ...varint(bytes.length), ...bytes];
}

function encodeIndex(name: string, index: IndexDef, nameOrder: Direction): Buffer {
  const utf8 = (s: string) => [...Buffer.from(s, 'utf8')];
  const out = [
    ...bytesField(1, utf8(name)),
    (2 << 3) | 0,
    index.queryScope === 'COLLECTION' ? 1 : 2,
  ];
  const fields = [...index.fields, { fieldPath: '__name__', order: nameOrder }];
  for (const f of fields) {
    const value = f.arrayConfig
      ? [(3 << 3) | 0, 1]
      : [(2 << 3) | 0, f.order === 'DESCENDING' ? 2 : 1];
    out.push(...bytesField(3, [...bytesField(1, utf8(f.fieldPath)), ...value]));
  }
  return Buffer.from(out);
}

/**
 * Production's FAILED_PRECONDITION for a query without its composite index: the console link
 * (whose `create_composite` is the index, as production encodes it), then the definition to add
 * to firestore.indexes.json.
 */
export function missingIndexError(
  db: { projectId: string; databaseId: string },
  index: IndexDef,
  nameOrder: Direction,
): RpcError {
  const name = `projects/${db.projectId}/databases/${db.databaseId}/collectionGroups/${index.collectionGroup}/indexes/_`;
  const link =
    `https://console.firebase.google.com/v1/r/project/${db.projectId}/firestore/` +
    (db.databaseId === '(default)' ? '' : `databases/${db.databaseId}/`) +
    `indexes?create_composite=${encodeIndex(name, index, nameOrder).toString('base64url')}`;
  return new RpcError(
    Code.FAILED_PRECONDITION,
    `The query requires an index. You can create it here: ${link}\n` +
      `Index to add to firestore.indexes.json: ${JSON.stringify(index)}`,
  );
}
