/** Writes: parsing and validating Write messages, the commit pipeline, and the RPCs built on it. */
import { randomBytes } from 'node:crypto';
import {
  checkCollectionId,
  dbPath,
  deleteField,
  formatFieldPath,
  getField,
  parseDatabaseName,
  parseDocumentName,
  parseFieldPath,
  parseParentName,
  setField,
} from '../model/paths.js';
import {
  Code,
  RpcError,
  repeatedField,
  type CallContext,
  type Json,
  type JsonObject,
} from '../service.js';
import { microsToString, stringToMicros } from '../model/time.js';
import { fieldsIdentical, normalizeFields, type Fields, type Value } from '../model/values.js';
import type { WriteCheck } from './access.js';
import type { EngineCore } from './core.js';
import type { Database, Txn } from './database.js';
import {
  asObject,
  checkSize,
  docToJson,
  maskDoc,
  type DocChange,
  type DocVersion,
} from '../model/document.js';
import { applyTransform, parseTransform, type ParsedTransform } from './transforms.js';

/** A validated Write. */
interface ParsedWrite {
  kind: 'update' | 'delete' | 'transform' | 'verify';
  name: string;
  path: string;
  fields: Fields;
  mask?: string[][];
  transforms: ParsedTransform[];
  exists?: boolean;
  updateTime?: number;
}

/** What a commit answers: its time and one WriteResult per write. */
export interface CommitResult {
  commitTime: number;
  writeResults: JsonObject[];
}

function parseWrite(db: Database, w: JsonObject): ParsedWrite {
  let name: Json | undefined;
  let kind: ParsedWrite['kind'];
  let fields: Fields = {};
  let transformsJson: Json[] = [];
  if (w.update) {
    const doc = w.update as JsonObject;
    name = doc.name;
    kind = 'update';
    fields = normalizeFields(doc.fields);
    transformsJson = (w.updateTransforms ?? []) as Json[];
  } else if (w.delete !== undefined) {
    name = w.delete;
    kind = 'delete';
  } else if (w.verify !== undefined) {
    name = w.verify;
    kind = 'verify';
  } else if (w.transform) {
    const t = w.transform as JsonObject;
    name = t.document;
    kind = 'transform';
    transformsJson = (t.fieldTransforms ?? []) as Json[];
  } else {
    throw new RpcError(Code.INVALID_ARGUMENT, 'A write must have an operation set.');
  }
  const r = parseDocumentName(name);
  if (dbPath(r) !== db.name) {
    throw new RpcError(Code.INVALID_ARGUMENT, `Document ${String(name)} is not in ${db.name}.`);
  }
  let mask: string[][] | undefined;
  if (w.updateMask && kind === 'update') {
    mask = (((w.updateMask as JsonObject).fieldPaths ?? []) as Json[]).map(parseFieldPath);
  }
  const transforms = transformsJson.map((t) => parseTransform(t as JsonObject));
  const seen = new Set<string>();
  for (const t of transforms) {
    const k = formatFieldPath(t.segs);
    if (seen.has(k)) {
      throw new RpcError(
        Code.INVALID_ARGUMENT,
        `Field ${k} was specified multiple times in the transforms of a write.`,
      );
    }
    seen.add(k);
  }
  const pre = asObject(w.currentDocument);
  if (pre && 'exists' in pre && typeof pre.exists !== 'boolean') {
    throw new RpcError(
      Code.INVALID_ARGUMENT,
      'Invalid value at currentDocument.exists: expected a boolean.',
    );
  }
  return {
    kind,
    name: `${db.name}/documents/${r.path}`,
    path: r.path,
    fields,
    mask,
    transforms,
    exists: pre && 'exists' in pre ? pre.exists === true : undefined,
    updateTime: pre?.updateTime ? stringToMicros(String(pre.updateTime)) : undefined,
  };
}

/**
 * Several writes to one document in a commit are applied in order, and each precondition is
 * checked against the state the earlier writes left. One combination Firestore refuses outright:
 * an update that requires the document to exist after a delete of it in the same commit.
 */
function checkRepeatedWrites(parsed: ParsedWrite[]): void {
  const last = new Map<string, ParsedWrite>();
  for (const w of parsed) {
    if (w.exists === true && last.get(w.path)?.kind === 'delete') {
      throw new RpcError(
        Code.INVALID_ARGUMENT,
        `Document ${w.name} is deleted and then updated in the same commit; an update needs the document to exist.`,
      );
    }
    if (w.kind !== 'verify') last.set(w.path, w);
  }
}

function checkPrecondition(w: ParsedWrite, before: DocVersion | null): void {
  if (w.exists === true && !before) {
    throw new RpcError(Code.NOT_FOUND, `No document to update: ${w.name}`);
  }
  if (w.exists === false && before) {
    throw new RpcError(Code.ALREADY_EXISTS, `Document already exists: ${w.name}`);
  }
  if (w.updateTime !== undefined && (!before || before.updateTime !== w.updateTime)) {
    throw new RpcError(
      Code.FAILED_PRECONDITION,
      before
        ? `The update time precondition failed for document ${w.name}: it was last updated at ${microsToString(before.updateTime)}.`
        : `No document to update: ${w.name}`,
    );
  }
}

/** The fields a set / update / transform leaves on the document (before transforms). */
function baseFields(w: ParsedWrite, before: DocVersion | null): Fields {
  if (w.kind === 'transform') return before ? before.fields : {};
  if (!w.mask) return w.fields;
  let fields = before ? before.fields : {};
  for (const segs of w.mask) {
    const v = getField(w.fields, segs);
    fields = v === undefined ? deleteField(fields, segs) : setField(fields, segs, v);
  }
  return fields;
}

/** Waits for the locks a commit needs: a transaction takes them, other writes wait until free. */
async function lockWrites(db: Database, paths: string[], txn: Txn | undefined, writes: number) {
  if (txn) {
    if (txn.readOnly && writes > 0) {
      throw new RpcError(
        Code.INVALID_ARGUMENT,
        'Cannot modify entities in a read-only transaction.',
      );
    }
    for (const p of paths) await db.locks.acquire(p, txn);
    if (txn.aborted) throw new RpcError(Code.ABORTED, txn.aborted);
    return;
  }
  for (;;) {
    const busy = paths.find((p) => db.locks.holder(p));
    if (!busy) return;
    await db.locks.acquire(busy, null);
  }
}

/**
 * Applies writes atomically: preconditions, transforms, rules, locks, durability.
 * Returns the commit time and one WriteResult per write.
 */
export async function commit(
  core: EngineCore,
  ctx: CallContext,
  db: Database,
  writes: JsonObject[],
  txn?: Txn,
): Promise<CommitResult> {
  const parsed = writes.map((w) => parseWrite(db, w));
  checkRepeatedWrites(parsed);
  const paths = [...new Set(parsed.map((p) => p.path))].sort();
  await lockWrites(db, paths, txn, parsed.length);
  const time = core.clock.tick();
  const overlay = new Map<string, DocVersion | null>();
  const current = (p: string): DocVersion | null =>
    overlay.has(p) ? (overlay.get(p) as DocVersion | null) : db.store.get(p);
  const results: JsonObject[] = [];
  const rulesChecks: WriteCheck[] = [];
  for (const w of parsed) {
    const before = current(w.path);
    checkPrecondition(w, before);
    if (w.kind === 'verify') {
      results.push({});
      continue;
    }
    if (w.kind === 'delete') {
      overlay.set(w.path, null);
      rulesChecks.push({ method: 'delete', path: w.path, before });
      results.push({});
      continue;
    }
    let fields = baseFields(w, before);
    const transformResults: Value[] = [];
    for (const t of w.transforms) {
      const { fields: f2, result } = applyTransform(fields, t, time);
      fields = f2;
      transformResults.push(result);
    }
    let after: DocVersion;
    if (before && fieldsIdentical(before.fields, fields)) {
      after = before;
    } else {
      after = {
        name: w.name,
        path: w.path,
        fields,
        createTime: before ? before.createTime : time,
        updateTime: time,
      };
      checkSize(after);
    }
    overlay.set(w.path, after);
    rulesChecks.push({ method: before ? 'update' : 'create', path: w.path, before });
    const r: JsonObject = { updateTime: microsToString(after.updateTime) };
    if (w.transforms.length) r.transformResults = transformResults;
    results.push(r);
  }
  core.access.checkWrites(ctx, db, rulesChecks, time, current);
  const changes: DocChange[] = [];
  for (const [path, after] of overlay) {
    const before = db.store.get(path);
    // A write that changed nothing left `after` as it was (it keeps its update time).
    if (before === after || (before && after && before.updateTime === after.updateTime)) continue;
    db.store.put(path, after, time);
    changes.push({ path, before, after });
  }
  if (txn) core.txns.end(db, txn);
  if (changes.length) {
    db.notify(changes, time);
    await core.sink?.append(db.name, time, changes);
    if (!ctx.noTriggers) core.onCommitted?.(db, changes, time, ctx.caller);
  }
  return { commitTime: time, writeResults: results };
}

/** The Commit RPC: a failed transactional commit ends its transaction. */
export async function commitRpc(
  core: EngineCore,
  req: JsonObject,
  ctx: CallContext,
): Promise<JsonObject> {
  const db = core.databases.get(parseDatabaseName(String(req.database ?? '')));
  const txn = req.transaction ? core.txns.get(db, req.transaction) : undefined;
  try {
    const writes = repeatedField(req.writes, 'writes') as JsonObject[];
    const { commitTime, writeResults } = await commit(core, ctx, db, writes, txn);
    return { writeResults, commitTime: microsToString(commitTime) };
  } catch (e) {
    if (txn) core.txns.end(db, txn);
    throw e;
  }
}

/** BatchWrite: each write applied on its own, with a status per write. */
export async function batchWrite(
  core: EngineCore,
  req: JsonObject,
  ctx: CallContext,
): Promise<JsonObject> {
  const db = core.databases.get(parseDatabaseName(String(req.database ?? '')));
  const writes = repeatedField(req.writes, 'writes') as JsonObject[];
  const seen = new Set<string>();
  for (const w of writes) {
    const n = String(
      (w.update as JsonObject | undefined)?.name ??
        w.delete ??
        (w.transform as JsonObject | undefined)?.document,
    );
    // A malformed name fails the whole request, as in Firestore (not a per-write status).
    if (dbPath(parseDocumentName(n)) !== db.name) {
      throw new RpcError(Code.INVALID_ARGUMENT, `Document ${n} is not in ${db.name}.`);
    }
    if (seen.has(n)) {
      throw new RpcError(
        Code.INVALID_ARGUMENT,
        'Batch write cannot contain multiple writes to the same document.',
      );
    }
    seen.add(n);
  }
  const writeResults: JsonObject[] = [];
  const status: JsonObject[] = [];
  for (const w of writes) {
    try {
      const r = await commit(core, ctx, db, [w]);
      writeResults.push(r.writeResults[0]);
      status.push({});
    } catch (e) {
      const err = e instanceof RpcError ? e : new RpcError(Code.INTERNAL, String(e));
      writeResults.push({});
      status.push({ code: err.code, message: err.message });
    }
  }
  return { writeResults, status };
}

const AUTO_ID_CHARS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

function autoId(): string {
  const bytes = randomBytes(20);
  let s = '';
  for (let i = 0; i < 20; i++) s += AUTO_ID_CHARS[bytes[i] % AUTO_ID_CHARS.length];
  return s;
}

function stored(db: Database, path: string, what: string, mask: Json | undefined): JsonObject {
  const doc = db.store.get(path);
  if (!doc) throw new RpcError(Code.INTERNAL, `${what} document vanished.`);
  return docToJson(maskDoc(doc, mask));
}

export async function createDocument(
  core: EngineCore,
  req: JsonObject,
  ctx: CallContext,
): Promise<JsonObject> {
  const parent = parseParentName(req.parent);
  const db = core.databases.get(parent);
  const collectionId = checkCollectionId(req.collectionId);
  const id = (req.documentId as string | undefined) || autoId();
  const path = `${parent.path ? parent.path + '/' : ''}${collectionId}/${id}`;
  const name = `${db.name}/documents/${path}`;
  const doc = asObject(req.document) ?? {};
  await commit(core, ctx, db, [
    { update: { name, fields: doc.fields ?? {} }, currentDocument: { exists: false } },
  ]);
  return stored(db, parseDocumentName(name).path, 'Created', req.mask);
}

export async function updateDocument(
  core: EngineCore,
  req: JsonObject,
  ctx: CallContext,
): Promise<JsonObject> {
  const doc = asObject(req.document);
  if (!doc) throw new RpcError(Code.INVALID_ARGUMENT, 'Missing document.');
  const r = parseDocumentName(doc.name);
  const db = core.databases.get(r);
  const w: JsonObject = { update: { name: doc.name ?? null, fields: doc.fields ?? {} } };
  if (req.updateMask) w.updateMask = req.updateMask;
  if (req.currentDocument) w.currentDocument = req.currentDocument;
  await commit(core, ctx, db, [w]);
  return stored(db, r.path, 'Updated', req.mask);
}

export async function deleteDocument(
  core: EngineCore,
  req: JsonObject,
  ctx: CallContext,
): Promise<JsonObject> {
  const r = parseDocumentName(req.name);
  const db = core.databases.get(r);
  const w: JsonObject = { delete: req.name ?? null };
  if (req.currentDocument) w.currentDocument = req.currentDocument;
  await commit(core, ctx, db, [w]);
  return {};
}
