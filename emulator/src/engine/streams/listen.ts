/** The Listen stream: many targets per stream, consistent global snapshots, resume tokens, existence filters. */
import type { Database } from '../database.js';
import { docToJson, type DocChange, type DocVersion } from '../../model/document.js';
import type { SessionEngine } from '../session-api.js';
import { parseDocumentName, parseParentName } from '../../model/paths.js';
import { compileQuery, inScope, matchesQuery, type CompiledQuery } from '../../query/index.js';
import {
  Code,
  RpcError,
  repeatedField,
  type CallContext,
  type JsonObject,
  type StreamHandler,
  type StreamPeer,
} from '../../service.js';
import { HISTORY_RETENTION_US } from '../store.js';
import { microsToString, stringToMicros } from '../../model/time.js';
import { nextWindow } from './window.js';

interface Target {
  id: number;
  query?: CompiledQuery;
  /** Document paths of a documents target. */
  docPaths?: Set<string>;
  /** What the client has been told is in the target: path -> updateTime. */
  current: Map<string, number>;
  /** A limit query's results in order (no offset, no vector search), kept by window.ts. */
  window?: DocVersion[];
}

function resumeToken(time: number): string {
  return Buffer.from(`t${time}`).toString('base64');
}

let lastGlobal: { time: number; message: JsonObject } | undefined;

/** The global NO_CHANGE of a commit: one shared object, so transports can encode it once. */
function globalSnapshot(time: number): JsonObject {
  if (lastGlobal?.time !== time) {
    lastGlobal = {
      time,
      message: {
        targetChange: {
          targetChangeType: 'NO_CHANGE',
          resumeToken: resumeToken(time),
          readTime: microsToString(time),
        },
      },
    };
  }
  return lastGlobal.message;
}

const commitMessages = new WeakMap<Database, { time: number; byKey: Map<string, JsonObject> }>();

/**
 * A message of the commit at `time`, one object for every stream that sends the same one (the same
 * document to the same target id, as every page listener of the panel gets each new lead), so that
 * transports encode it once per commit rather than once per listener.
 */
function commitMessage(
  db: Database,
  time: number,
  key: string,
  make: () => JsonObject,
): JsonObject {
  let shared = commitMessages.get(db);
  if (shared?.time !== time) {
    shared = { time, byKey: new Map() };
    commitMessages.set(db, shared);
  }
  let m = shared.byKey.get(key);
  if (!m) {
    m = make();
    shared.byKey.set(key, m);
  }
  return m;
}

/**
 * Windows shared by the limit targets of a database that run the same query: a target added while
 * another one with the same query has the window of the same store state takes that array, and a
 * commit's update of a window is computed once for all the targets holding it (the panel's page
 * listeners of every open tab, or a bench's hundred, each moved the same window one by one).
 * The arrays are never changed in place.
 */
interface SharedWindows {
  /** The store state the windows by query are of: its last change and history floor (a clear). */
  at: string;
  byQuery: Map<string, DocVersion[]>;
  /** The commit the updates are of. */
  time: number;
  updates: Map<readonly DocVersion[], { now: DocVersion[]; paths: Set<string> }>;
}

const sharedWindows = new WeakMap<Database, SharedWindows>();

function windowsOf(db: Database): SharedWindows {
  let w = sharedWindows.get(db);
  if (!w) {
    w = { at: '', byQuery: new Map(), time: -1, updates: new Map() };
    sharedWindows.set(db, w);
  }
  return w;
}

/** One Listen stream. */
export class ListenSession implements StreamHandler {
  private db?: Database;
  private readonly targets = new Map<number, Target>();
  private closed = false;

  constructor(
    private readonly engine: SessionEngine,
    private readonly ctx: CallContext,
    private readonly peer: StreamPeer,
  ) {}

  onMessage(msg: JsonObject): void {
    if (this.closed) return;
    try {
      if (!this.db) {
        this.db = this.engine.streamDatabase(msg, this.ctx);
        this.db.listeners.add(this);
      }
      if (msg.addTarget) this.addTarget(msg.addTarget as JsonObject);
      if (msg.removeTarget !== undefined) this.removeTarget(Number(msg.removeTarget));
    } catch (e) {
      this.fail(e);
    }
  }

  onClose(): void {
    this.closed = true;
    this.db?.listeners.delete(this);
  }

  /** Server-side shutdown of the stream. */
  close(): void {
    if (this.closed) return;
    this.onClose();
    this.peer.end();
  }

  /** Ends the stream with an error (INTERNAL unless it is an RpcError). */
  fail(e: unknown): void {
    const err = e instanceof RpcError ? e : new RpcError(Code.INTERNAL, String(e));
    this.onClose();
    this.peer.end(err);
  }

  private send(m: JsonObject): void {
    if (!this.closed) this.peer.send(m);
  }

  private addTarget(t: JsonObject): void {
    const db = this.db as Database;
    const id = Number(t.targetId ?? 0);
    if (this.targets.has(id)) {
      throw new RpcError(Code.INVALID_ARGUMENT, `Target ID ${id} already exists on this stream.`);
    }
    const target: Target = { id, current: new Map() };
    const resuming = !!t.resumeToken || !!t.readTime;
    let docs: DocVersion[] = [];
    const missing: string[] = [];
    try {
      if (t.query) {
        const qt = t.query as JsonObject;
        const parent = parseParentName(qt.parent);
        if (`projects/${parent.projectId}/databases/${parent.databaseId}` !== db.name) {
          throw new RpcError(Code.INVALID_ARGUMENT, `Query parent is not in ${db.name}.`);
        }
        const sq = qt.structuredQuery as JsonObject | undefined;
        if (!sq) throw new RpcError(Code.INVALID_ARGUMENT, 'Missing structured query.');
        target.query = compileQuery(sq, parent.path, db.name);
        this.engine.checkList(this.ctx, db, target.query);
        docs = this.engine.queryDocs(db, target.query);
      } else if (t.documents) {
        const names = repeatedField((t.documents as JsonObject).documents, 'documents');
        target.docPaths = new Set();
        for (const n of names) {
          const r = parseDocumentName(n);
          target.docPaths.add(r.path);
          const d = db.store.get(r.path);
          this.engine.checkGet(this.ctx, db, r.path, d);
          if (d) docs.push(d);
          else missing.push(`${db.name}/documents/${r.path}`);
        }
      } else {
        throw new RpcError(Code.INVALID_ARGUMENT, 'A target must have a query or documents.');
      }
    } catch (e) {
      if (e instanceof RpcError && e.code !== Code.INTERNAL) {
        // A rejected target is removed with a cause; the stream stays open for the others.
        this.send({
          targetChange: {
            targetChangeType: 'REMOVE',
            targetIds: [id],
            cause: { code: e.code, message: e.message },
          },
        });
        return;
      }
      throw e;
    }
    const q = target.query;
    if (q && q.limit !== undefined && q.offset === 0 && !q.nearest) {
      const shared = windowsOf(db);
      const at = `${db.store.lastChange} ${db.historyFloor}`;
      if (shared.at !== at) {
        shared.at = at;
        shared.byQuery.clear();
      }
      const key = JSON.stringify(t.query);
      docs = shared.byQuery.get(key) ?? docs;
      shared.byQuery.set(key, docs);
      target.window = docs;
    }
    this.targets.set(id, target);
    const time = this.engine.clock.now();
    const readTime = microsToString(time);
    const token = resumeToken(time);
    this.send({ targetChange: { targetChangeType: 'ADD', targetIds: [id] } });
    // With a resume point inside the kept history, send only what changed since; otherwise all.
    const since = resuming ? this.resumePoint(t) : undefined;
    const before =
      since !== undefined && target.query
        ? new Set(this.engine.queryDocs(db, target.query, since).map((d) => d.path))
        : undefined;
    for (const d of docs) {
      target.current.set(d.path, d.updateTime);
      if (since !== undefined && d.updateTime <= since && (!before || before.has(d.path))) continue;
      this.send({ documentChange: { document: docToJson(d), targetIds: [id] } });
    }
    if (resuming) {
      for (const name of missing) {
        this.send({ documentDelete: { document: name, removedTargetIds: [id], readTime } });
      }
      if (before) {
        for (const path of before) {
          if (target.current.has(path)) continue;
          const document = `${db.name}/documents/${path}`;
          this.send(
            db.store.get(path)
              ? { documentRemove: { document, removedTargetIds: [id], readTime } }
              : { documentDelete: { document, removedTargetIds: [id], readTime } },
          );
        }
      }
      if (target.query) this.send({ filter: { targetId: id, count: docs.length } });
    }
    this.send({
      targetChange: { targetChangeType: 'CURRENT', targetIds: [id], resumeToken: token, readTime },
    });
    this.send({ targetChange: { targetChangeType: 'NO_CHANGE', resumeToken: token, readTime } });
    if (t.once === true) this.removeTarget(id);
  }

  /** The time a resume token / read_time points at, if history still covers it. */
  private resumePoint(t: JsonObject): number | undefined {
    let time: number | undefined;
    try {
      if (typeof t.resumeToken === 'string' && t.resumeToken) {
        const m = /^t(\d+)$/.exec(Buffer.from(t.resumeToken, 'base64').toString('latin1'));
        if (m) time = Number(m[1]);
      } else if (typeof t.readTime === 'string') {
        time = stringToMicros(t.readTime);
      }
    } catch {
      return undefined;
    }
    if (time === undefined) return undefined;
    const db = this.db as Database;
    const now = this.engine.clock.now();
    if (time < db.historyFloor || time < now - HISTORY_RETENTION_US || time > now) return undefined;
    return time;
  }

  private removeTarget(id: number): void {
    if (!this.targets.delete(id)) return;
    this.send({ targetChange: { targetChangeType: 'REMOVE', targetIds: [id] } });
  }

  /** Re-evaluates `get` rules for changed documents of a documents target; returns the denial. */
  private recheck(t: Target, changes: DocChange[]): RpcError | null {
    for (const c of changes) {
      if (!t.docPaths?.has(c.path)) continue;
      try {
        this.engine.checkGet(this.ctx, this.db as Database, c.path, c.after);
      } catch (e) {
        if (e instanceof RpcError) return e;
        throw e;
      }
    }
    return null;
  }

  /** A limit target's result after a commit (its window moved, or its query run again). */
  private nextResult(
    t: Target,
    q: CompiledQuery,
    relevant: DocChange[],
    time: number,
  ): { now: DocVersion[]; paths: Set<string> } {
    const db = this.db as Database;
    const run = () => {
      const kept = t.window && nextWindow(q, t.window, relevant, q.limit as number);
      const now = kept ?? this.engine.queryDocs(db, q);
      return { now, paths: new Set(now.map((d) => d.path)) };
    };
    if (!t.window) return run();
    const shared = windowsOf(db);
    if (shared.time !== time) {
      shared.time = time;
      shared.updates.clear();
    }
    let next = shared.updates.get(t.window);
    if (!next) {
      next = run();
      shared.updates.set(t.window, next);
    }
    return next;
  }

  /** Called synchronously after every commit to this database. */
  onCommit(changes: DocChange[], time: number): void {
    if (this.closed || this.targets.size === 0) return;
    const readTime = microsToString(time);
    let sent = false;
    const db = this.db as Database;
    const change = (t: Target, d: DocVersion) => {
      t.current.set(d.path, d.updateTime);
      this.send(
        commitMessage(db, time, `c ${t.id} ${d.updateTime} ${d.name}`, () => ({
          documentChange: { document: docToJson(d), targetIds: [t.id] },
        })),
      );
      sent = true;
    };
    const drop = (t: Target, path: string, deleted: boolean) => {
      t.current.delete(path);
      const document = `${db.name}/documents/${path}`;
      this.send(
        commitMessage(db, time, `${deleted ? 'd' : 'r'} ${t.id} ${document}`, () => ({
          [deleted ? 'documentDelete' : 'documentRemove']: {
            document,
            removedTargetIds: [t.id],
            readTime,
          },
        })),
      );
      sent = true;
    };
    for (const t of this.targets.values()) {
      if (t.docPaths) {
        const denied = this.recheck(t, changes);
        if (denied) {
          this.targets.delete(t.id);
          this.send({
            targetChange: {
              targetChangeType: 'REMOVE',
              targetIds: [t.id],
              cause: { code: denied.code, message: denied.message },
            },
          });
          continue;
        }
        for (const c of changes) {
          if (!t.docPaths.has(c.path)) continue;
          if (c.after) change(t, c.after);
          else drop(t, c.path, true);
        }
        continue;
      }
      const q = t.query as CompiledQuery;
      const relevant = changes.filter((c) => inScope(q, c.path));
      if (relevant.length === 0) continue;
      if (q.limit !== undefined || q.offset > 0 || q.nearest) {
        // Re-run only if a change can matter: it touches the window or matches the query now
        // (with an offset, a document leaving the skipped part also shifts the window).
        const matters = relevant.some(
          (c) => t.current.has(c.path) || (!!c.after && q.matches(c.after)),
        );
        if (!matters && q.offset === 0) continue;
        const { now, paths: next } = this.nextResult(t, q, relevant, time);
        if (t.window) t.window = now;
        for (const path of [...t.current.keys()]) {
          if (!next.has(path)) drop(t, path, !db.store.get(path));
        }
        for (const d of now) if (t.current.get(d.path) !== d.updateTime) change(t, d);
        continue;
      }
      for (const c of relevant) {
        const isIn = !!c.after && matchesQuery(q, c.after);
        if (isIn) change(t, c.after as DocVersion);
        else if (t.current.has(c.path)) drop(t, c.path, !c.after);
      }
    }
    if (sent) this.send(globalSnapshot(time));
  }
}
