/** The stored document version, its wire form (a Document message), field masks and the size limit. */
import { getField, parseFieldPath, setField } from './paths.js';
import { Code, RpcError, type Json, type JsonObject } from '../service.js';
import { microsToString } from './time.js';
import { fieldsSize, type Fields } from './values.js';

/** A stored document version. Times are microseconds since the epoch. */
export interface DocVersion {
  /** Full resource name. */
  name: string;
  /** Path below `documents` (e.g. `leads/abc`). */
  path: string;
  fields: Fields;
  createTime: number;
  updateTime: number;
}

/** One change a commit made, handed to listeners and the journal. */
export interface DocChange {
  path: string;
  before: DocVersion | null;
  after: DocVersion | null;
}

export const MAX_DOCUMENT_SIZE = 1_048_576;

const docJsonCache = new WeakMap<DocVersion, JsonObject>();

/** A stored version as a Document message; one shared (read-only) object per version. */
export function docToJson(d: DocVersion): JsonObject {
  let j = docJsonCache.get(d);
  if (!j) {
    j = {
      name: d.name,
      fields: d.fields,
      createTime: microsToString(d.createTime),
      updateTime: microsToString(d.updateTime),
    };
    docJsonCache.set(d, j);
  }
  return j;
}

/** The document with only the fields of a DocumentMask (`{fieldPaths}`); all of it without one. */
export function maskDoc(d: DocVersion, mask: Json | undefined): DocVersion {
  if (!mask) return d;
  const paths = ((mask as JsonObject).fieldPaths ?? []) as string[];
  let fields: Fields = {};
  for (const p of paths) {
    const segs = parseFieldPath(p);
    const v = getField(d.fields, segs);
    if (v !== undefined) fields = setField(fields, segs, v);
  }
  return { ...d, fields };
}

/** Throws INVALID_ARGUMENT when a document is over Firestore's 1 MiB (storage-size rules). */
export function checkSize(d: DocVersion): void {
  const nameSize = d.path.split('/').reduce((s, p) => s + Buffer.byteLength(p) + 1, 16);
  const size = nameSize + fieldsSize(d.fields) + 32;
  if (size > MAX_DOCUMENT_SIZE) {
    throw new RpcError(
      Code.INVALID_ARGUMENT,
      `Document '${d.name}' cannot be written because its size (${size.toLocaleString('en-US')} bytes) exceeds the maximum allowed size of 1,048,576 bytes.`,
    );
  }
}

/** The message as an object, or undefined when it is absent or not an object. */
export function asObject(v: Json | undefined): JsonObject | undefined {
  return typeof v === 'object' && v !== null && !Array.isArray(v) ? v : undefined;
}
