/**
 * A deliberately tiny in-memory FirestoreService for protocol tests of the browser transports:
 * whole-collection and single-equality queries, document and query listens, writes with
 * server timestamps and increments, batchGet/commit/runQuery. Not the emulator's engine: it lets
 * the real SDK exercise the transports independently of it.
 */
import {
  Code,
  RpcError,
  type BidiStreamMethod,
  type CallContext,
  type FirestoreService,
  type Json,
  type JsonObject,
  type ServerStreamMethod,
  type StreamHandler,
  type StreamPeer,
  type UnaryMethod,
} from '../../src/service.js';

interface StoredDoc {
  name: string;
  fields: JsonObject;
  createTime: string;
  updateTime: string;
}

interface ListenTarget {
  id: number;
  matches(name: string, doc: StoredDoc | undefined): boolean;
}

interface ListenState {
  peer: StreamPeer;
  targets: Map<number, ListenTarget>;
}

const obj = (value: Json | undefined): JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? value : {};

export class MiniEngine implements FirestoreService {
  readonly docs = new Map<string, StoredDoc>();
  private readonly listens = new Set<ListenState>();
  private lastMs = 0;
  private tokenCounter = 0;
  /** Every write applied, in order (to check exactly-once delivery). */
  readonly applied: JsonObject[] = [];

  private now(): string {
    this.lastMs = Math.max(Date.now(), this.lastMs + 1);
    return new Date(this.lastMs).toISOString();
  }

  private resumeToken(): string {
    this.tokenCounter += 1;
    return Buffer.from(`t${this.tokenCounter}`).toString('base64');
  }

  private collectionOf(name: string): string {
    return name.slice(0, name.lastIndexOf('/'));
  }

  private setPath(fields: JsonObject, path: string, value: Json | undefined): void {
    const parts = path.split('.');
    let target = fields;
    for (const part of parts.slice(0, -1)) {
      const next = obj(obj(target[part]).mapValue);
      const nested = obj(next.fields);
      target[part] = { mapValue: { fields: nested } };
      target = nested;
    }
    const last = parts[parts.length - 1];
    if (value === undefined) delete target[last];
    else target[last] = value;
  }

  private getPath(fields: JsonObject, path: string): Json | undefined {
    let value: Json | undefined = { mapValue: { fields } };
    for (const part of path.split('.')) value = obj(obj(obj(value).mapValue).fields)[part];
    return value;
  }

  /** Applies writes atomically enough for tests; returns the commit response. */
  applyWrites(writes: JsonObject[]): JsonObject {
    const commitTime = this.now();
    const writeResults: JsonObject[] = [];
    const changed: Array<[string, StoredDoc | undefined, StoredDoc | undefined]> = [];
    for (const write of writes) {
      this.applied.push(write);
      const precondition = obj(write.currentDocument);
      const name = String(write.delete ?? obj(write.update).name ?? obj(write.transform).document);
      const before = this.docs.get(name);
      if (precondition.exists === true && !before)
        throw new RpcError(Code.NOT_FOUND, `No document to update: ${name}`);
      if (precondition.exists === false && before)
        throw new RpcError(Code.ALREADY_EXISTS, `Document already exists: ${name}`);
      if (write.delete !== undefined) {
        this.docs.delete(name);
        changed.push([name, before, undefined]);
        writeResults.push({ updateTime: commitTime });
        continue;
      }
      let fields: JsonObject = before ? structuredClone(before.fields) : {};
      if (write.update !== undefined) {
        const updateFields = obj(obj(write.update).fields);
        const mask = obj(write.updateMask).fieldPaths;
        if (Array.isArray(mask)) {
          for (const path of mask)
            this.setPath(fields, String(path), this.getPath(updateFields, String(path)));
        } else {
          fields = structuredClone(updateFields);
        }
      }
      const transforms = Array.isArray(write.updateTransforms)
        ? write.updateTransforms
        : ((obj(write.transform).fieldTransforms as Json[] | undefined) ?? []);
      const transformResults: JsonObject[] = [];
      for (const raw of transforms) {
        const transform = obj(raw);
        const path = String(transform.fieldPath);
        let result: JsonObject;
        if (transform.setToServerValue === 'REQUEST_TIME') result = { timestampValue: commitTime };
        else if (transform.increment !== undefined) {
          const current = Number(obj(this.getPath(fields, path)).integerValue ?? 0);
          result = {
            integerValue: String(current + Number(obj(transform.increment).integerValue ?? 0)),
          };
        } else throw new RpcError(Code.UNIMPLEMENTED, 'mini engine: transform');
        this.setPath(fields, path, result);
        transformResults.push(result);
      }
      const after: StoredDoc = {
        name,
        fields,
        createTime: before?.createTime ?? commitTime,
        updateTime: commitTime,
      };
      this.docs.set(name, after);
      changed.push([name, before, after]);
      writeResults.push(
        transforms.length > 0
          ? { updateTime: commitTime, transformResults }
          : { updateTime: commitTime },
      );
    }
    this.notify(changed, commitTime);
    return { commitTime, writeResults };
  }

  private notify(
    changed: Array<[string, StoredDoc | undefined, StoredDoc | undefined]>,
    readTime: string,
  ): void {
    for (const listen of this.listens) {
      let touched = false;
      for (const [name, before, after] of changed) {
        for (const target of listen.targets.values()) {
          const was = target.matches(name, before);
          const is = target.matches(name, after);
          if (is && after) {
            listen.peer.send({
              documentChange: { document: after as unknown as JsonObject, targetIds: [target.id] },
            });
            touched = true;
          } else if (was) {
            listen.peer.send({
              documentDelete: { document: name, removedTargetIds: [target.id], readTime },
            });
            touched = true;
          }
        }
      }
      if (touched)
        listen.peer.send({ targetChange: { readTime, resumeToken: this.resumeToken() } });
    }
  }

  private queryMatcher(
    parent: string,
    structuredQuery: JsonObject,
  ): (name: string, doc: StoredDoc | undefined) => boolean {
    const from = obj((structuredQuery.from as Json[] | undefined)?.[0]);
    const collection = `${parent}/${String(from.collectionId)}`;
    const filter = obj(obj(structuredQuery.where).fieldFilter);
    return (name, doc) => {
      if (!doc || this.collectionOf(name) !== collection) return false;
      if (filter.op === undefined) return true;
      if (filter.op !== 'EQUAL')
        throw new RpcError(Code.UNIMPLEMENTED, 'mini engine: only == filters');
      const value = this.getPath(doc.fields, String(obj(filter.field).fieldPath));
      return JSON.stringify(value) === JSON.stringify(filter.value);
    };
  }

  private runQuery(parent: string, structuredQuery: JsonObject): StoredDoc[] {
    const matches = this.queryMatcher(parent, structuredQuery);
    return [...this.docs.values()]
      .filter((doc) => matches(doc.name, doc))
      .sort((a, b) => (a.name < b.name ? -1 : 1));
  }

  async unary(method: UnaryMethod, request: JsonObject, _ctx: CallContext): Promise<JsonObject> {
    switch (method) {
      case 'Commit':
        return this.applyWrites((request.writes as JsonObject[] | undefined) ?? []);
      case 'BeginTransaction':
        return { transaction: Buffer.from('tx').toString('base64') };
      case 'Rollback':
        return {};
      case 'GetDocument': {
        const doc = this.docs.get(String(request.name));
        if (!doc)
          throw new RpcError(Code.NOT_FOUND, `Document "${String(request.name)}" not found`);
        return doc as unknown as JsonObject;
      }
      default:
        throw new RpcError(Code.UNIMPLEMENTED, `mini engine: ${method}`);
    }
  }

  async serverStream(
    method: ServerStreamMethod,
    request: JsonObject,
    _ctx: CallContext,
    emit: (message: JsonObject) => void,
  ): Promise<void> {
    const readTime = this.now();
    if (method === 'BatchGetDocuments') {
      if (request.newTransaction !== undefined)
        emit({ transaction: Buffer.from('tx').toString('base64') });
      for (const name of (request.documents as string[] | undefined) ?? []) {
        const doc = this.docs.get(name);
        emit(doc ? { found: doc as unknown as JsonObject, readTime } : { missing: name, readTime });
      }
      return;
    }
    if (method === 'RunQuery') {
      const docs = this.runQuery(String(request.parent), obj(request.structuredQuery));
      if (docs.length === 0) emit({ readTime });
      for (const doc of docs) emit({ document: doc as unknown as JsonObject, readTime });
      return;
    }
    throw new RpcError(Code.UNIMPLEMENTED, `mini engine: ${method}`);
  }

  openStream(method: BidiStreamMethod, _ctx: CallContext, peer: StreamPeer): StreamHandler {
    if (method === 'Write') {
      let token = 0;
      return {
        onMessage: (message) => {
          token += 1;
          const streamToken = Buffer.from(`w${token}`).toString('base64');
          if (!Array.isArray(message.writes)) {
            peer.send({ streamId: 's', streamToken });
            return;
          }
          try {
            peer.send({ streamToken, ...this.applyWrites(message.writes as JsonObject[]) });
          } catch (error) {
            peer.end(error as RpcError);
          }
        },
        onClose: () => {},
      };
    }
    const state: ListenState = { peer, targets: new Map() };
    this.listens.add(state);
    return {
      onMessage: (message) => {
        if (typeof message.removeTarget === 'number') {
          state.targets.delete(message.removeTarget);
          peer.send({
            targetChange: { targetChangeType: 'REMOVE', targetIds: [message.removeTarget] },
          });
          return;
        }
        const add = obj(message.addTarget);
        const id = Number(add.targetId);
        let target: ListenTarget;
        if (add.documents !== undefined) {
          const names = new Set((obj(add.documents).documents as string[] | undefined) ?? []);
          target = { id, matches: (name, doc) => doc !== undefined && names.has(name) };
        } else {
          const query = obj(add.query);
          target = {
            id,
            matches: this.queryMatcher(String(query.parent), obj(query.structuredQuery)),
          };
        }
        state.targets.set(id, target);
        const readTime = this.now();
        peer.send({ targetChange: { targetChangeType: 'ADD', targetIds: [id] } });
        for (const doc of this.docs.values()) {
          if (target.matches(doc.name, doc)) {
            peer.send({
              documentChange: { document: doc as unknown as JsonObject, targetIds: [id] },
            });
          }
        }
        const resumeToken = this.resumeToken();
        peer.send({ targetChange: { targetChangeType: 'CURRENT', targetIds: [id], resumeToken } });
        peer.send({ targetChange: { readTime, resumeToken } });
      },
      onClose: () => {
        this.listens.delete(state);
      },
    };
  }
}
