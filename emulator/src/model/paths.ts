/** Resource names (projects/p/databases/d/documents/...) and field paths (a.b.`c.d`). */
import { Code, RpcError } from '../service.js';
import { mapFields, numericId, type Fields, type Value } from './values.js';

export interface DbName {
  projectId: string;
  databaseId: string;
}

/** A percent-encoded path segment or header value, decoded; undefined when its escapes are broken. */
export function decodePercent(s: string): string | undefined {
  try {
    return decodeURIComponent(s);
  } catch {
    return undefined;
  }
}

export function dbPath(db: DbName): string {
  return `projects/${db.projectId}/databases/${db.databaseId}`;
}

const DB_RE = /^projects\/([^/]+)\/databases\/([^/]+)$/;

/** Parses `projects/{p}/databases/{d}`. */
export function parseDatabaseName(name: string): DbName {
  const m = DB_RE.exec(name);
  if (!m) throw new RpcError(Code.INVALID_ARGUMENT, `Invalid database name: ${name}`);
  return { projectId: m[1], databaseId: m[2] };
}

export interface ResourcePath extends DbName {
  /** Path below `documents`, '' for the root. */
  path: string;
  segments: string[];
}

function checkSegment(seg: string, name: string, isDocumentId = false): void {
  if (seg === '') {
    throw new RpcError(Code.INVALID_ARGUMENT, `Resource name "${name}" has an empty path segment.`);
  }
  const numeric = isDocumentId && numericId(seg) !== undefined;
  if (seg === '.' || seg === '..' || (/^__.*__$/.test(seg) && !numeric)) {
    throw new RpcError(
      Code.INVALID_ARGUMENT,
      `Resource id "${seg}" is invalid because it is reserved.`,
    );
  }
  if (Buffer.byteLength(seg) > 1500) {
    throw new RpcError(
      Code.INVALID_ARGUMENT,
      `Resource id "${seg.slice(0, 40)}..." is too long (more than 1500 bytes).`,
    );
  }
}

/** Parses `projects/{p}/databases/{d}/documents[/...]`. */
export function parseResourceName(name: unknown): ResourcePath {
  if (typeof name !== 'string') {
    throw new RpcError(Code.INVALID_ARGUMENT, 'Missing resource name.');
  }
  const m = /^projects\/([^/]+)\/databases\/([^/]+)\/documents(?:\/(.*))?$/.exec(name);
  if (!m) throw new RpcError(Code.INVALID_ARGUMENT, `Invalid resource name: "${name}"`);
  const path = m[3] ?? '';
  const segments = path === '' ? [] : path.split('/');
  segments.forEach((s, i) => checkSegment(s, name, i % 2 === 1));
  return { projectId: m[1], databaseId: m[2], path, segments };
}

/** Parses a document name; throws INVALID_ARGUMENT unless it names a document. */
export function parseDocumentName(name: unknown): ResourcePath {
  const r = parseResourceName(name);
  if (r.segments.length === 0 || r.segments.length % 2 !== 0) {
    throw new RpcError(
      Code.INVALID_ARGUMENT,
      `Document name "${String(name)}" lacks a collection and document id or has an odd number of segments.`,
    );
  }
  return r;
}

/** Parses a parent (database root or a document). */
export function parseParentName(name: unknown): ResourcePath {
  const r = parseResourceName(name);
  if (r.segments.length % 2 !== 0) {
    throw new RpcError(Code.INVALID_ARGUMENT, `Parent "${String(name)}" must be a document.`);
  }
  return r;
}

export function checkCollectionId(id: unknown): string {
  if (typeof id !== 'string' || id.includes('/')) {
    throw new RpcError(Code.INVALID_ARGUMENT, `Invalid collection id: ${String(id)}`);
  }
  checkSegment(id, id);
  return id;
}

/** Parses a field path string into segments (backquoted segments may hold any character). */
export function parseFieldPath(s: unknown): string[] {
  if (typeof s !== 'string' || s === '') {
    throw new RpcError(Code.INVALID_ARGUMENT, 'Field path must not be empty.');
  }
  const out: string[] = [];
  let i = 0;
  while (i < s.length) {
    let seg = '';
    if (s[i] === '`') {
      i++;
      let closed = false;
      while (i < s.length) {
        const c = s[i];
        if (c === '\\') {
          if (i + 1 >= s.length) break;
          seg += s[i + 1];
          i += 2;
        } else if (c === '`') {
          i++;
          closed = true;
          break;
        } else {
          seg += c;
          i++;
        }
      }
      if (!closed) throw new RpcError(Code.INVALID_ARGUMENT, `Invalid field path: ${s}`);
    } else {
      const start = i;
      while (i < s.length && s[i] !== '.') i++;
      seg = s.slice(start, i);
      if (seg === '' || /[~*/[\]`]/.test(seg)) {
        throw new RpcError(Code.INVALID_ARGUMENT, `Invalid field path: ${s}`);
      }
    }
    if (seg === '') throw new RpcError(Code.INVALID_ARGUMENT, `Invalid field path: ${s}`);
    out.push(seg);
    if (i < s.length) {
      if (s[i] !== '.' || i === s.length - 1) {
        throw new RpcError(Code.INVALID_ARGUMENT, `Invalid field path: ${s}`);
      }
      i++;
    }
  }
  return out;
}

const SIMPLE = /^[a-zA-Z_][a-zA-Z_0-9]*$/;

/** Canonical string form of a field path. */
export function formatFieldPath(segs: string[]): string {
  return segs
    .map((s) => (SIMPLE.test(s) ? s : '`' + s.replace(/\\/g, '\\\\').replace(/`/g, '\\`') + '`'))
    .join('.');
}

export function getField(fields: Fields, segs: string[]): Value | undefined {
  let cur: Fields = fields;
  for (let i = 0; i < segs.length; i++) {
    // Own fields only: a field named `__proto__` or `constructor` is not Object's.
    const v = Object.hasOwn(cur, segs[i]) ? cur[segs[i]] : undefined;
    if (v === undefined) return undefined;
    if (i === segs.length - 1) return v;
    if (!('mapValue' in v)) return undefined;
    cur = mapFields(v);
  }
  return undefined;
}

/** Returns a copy of `fields` with `segs` set to `value` (copy-on-write along the path). */
export function setField(fields: Fields, segs: string[], value: Value): Fields {
  const out: Fields = { ...fields };
  if (segs.length === 1) {
    out[segs[0]] = value;
    return out;
  }
  const child = out[segs[0]];
  const inner = child && 'mapValue' in child ? mapFields(child) : {};
  out[segs[0]] = { mapValue: { fields: setField(inner, segs.slice(1), value) } };
  return out;
}

/** Returns a copy of `fields` without `segs`. */
export function deleteField(fields: Fields, segs: string[]): Fields {
  if (!(segs[0] in fields)) return fields;
  const out: Fields = { ...fields };
  if (segs.length === 1) {
    delete out[segs[0]];
    return out;
  }
  const child = out[segs[0]];
  if (!('mapValue' in child)) return fields;
  const inner = deleteField(mapFields(child), segs.slice(1));
  out[segs[0]] = { mapValue: Object.keys(inner).length ? { fields: inner } : {} };
  return out;
}

/** True if `prefix` is a prefix of (or equal to) `path`. */
export function isPrefixPath(prefix: string[], path: string[]): boolean {
  if (prefix.length > path.length) return false;
  for (let i = 0; i < prefix.length; i++) if (prefix[i] !== path[i]) return false;
  return true;
}
