/**
 * Access checks: App Check (while enforced) and then the security rules, for every get, list and
 * write of a non-owner caller.
 */
import type { AppCheckVerdict, AppCheckVerifier } from '../app-check/index.js';
import type { CompiledQuery } from '../query/index.js';
import type {
  RulesDebugOutput,
  RulesDocument,
  RulesMethod,
  RulesRequest,
  Ruleset,
} from '../rules/contract.js';
import { newAccessBudget } from '../rules/index.js';
import { Code, RpcError, type CallContext, type JsonObject } from '../service.js';
import { microsToString, type Clock } from '../model/time.js';
import type { Database } from './database.js';
import type { DocVersion } from '../model/document.js';
import { RequestLog } from './request-log.js';

/** The rules check of one write of a commit. */
export interface WriteCheck {
  method: RulesMethod;
  path: string;
  before: DocVersion | null;
}

function toRulesDoc(d: DocVersion | null): RulesDocument | null {
  return d ? { name: d.name, fields: d.fields } : null;
}

/** The collection a query lists, as the rules see it. */
export function listedCollection(q: CompiledQuery): string {
  if (q.allDescendants) return `${q.parentPath ? q.parentPath + '/' : ''}${q.collectionId}`;
  return q.parentPath ? `${q.parentPath}/${q.collectionId}` : q.collectionId;
}

/** Evaluates requests of non-owner callers against App Check and the project's ruleset. */
export class Access {
  /** Every decision, for the console. */
  readonly log = new RequestLog();
  /** One verdict per call or stream: a stream admitted with a valid token stays admitted. */
  private readonly verdicts = new WeakMap<CallContext, AppCheckVerdict>();

  constructor(
    private readonly clock: Clock,
    private readonly rulesFor?: (projectId: string, databaseId: string) => Ruleset | null,
    /** Given only while App Check is enforced. */
    private readonly appCheck?: AppCheckVerifier,
  ) {}

  /** The App Check verdict of a non-owner's call while App Check is enforced, else undefined. */
  private appCheckVerdict(ctx: CallContext, projectId: string): AppCheckVerdict | undefined {
    if (!this.appCheck || ctx.caller.kind === 'owner') return undefined;
    let verdict = this.verdicts.get(ctx);
    if (!verdict) {
      verdict = this.appCheck.verify(ctx.appCheckToken, projectId);
      this.verdicts.set(ctx, verdict);
    }
    return verdict;
  }

  /**
   * Refuses a call whose App Check token is not valid, as production does before any rule runs:
   * PERMISSION_DENIED with production's text followed by the reason.
   */
  admit(ctx: CallContext, projectId: string): void {
    const verdict = this.appCheckVerdict(ctx, projectId);
    if (verdict && !verdict.valid) {
      throw new RpcError(
        Code.PERMISSION_DENIED,
        `Missing or insufficient permissions. ${verdict.message}`,
      );
    }
  }

  /** `admit` for one access: a refusal is logged with its verdict. */
  private admitAccess(
    ctx: CallContext,
    db: Database,
    method: RulesMethod,
    path: string,
    listen: boolean,
  ): void {
    const verdict = this.appCheckVerdict(ctx, db.id.projectId);
    if (!verdict || verdict.valid) return;
    this.log.add({
      method,
      listen,
      database: db.name,
      path,
      caller: ctx.caller,
      allowed: false,
      basis: 'app-check',
      message: verdict.message,
      appCheck: verdict,
    });
    this.admit(ctx, db.id.projectId);
  }

  private logUnchecked(
    ctx: CallContext,
    db: Database,
    method: RulesMethod,
    path: string,
    listen: boolean,
  ): void {
    this.log.add({
      method,
      listen,
      database: db.name,
      path,
      caller: ctx.caller,
      allowed: true,
      basis: ctx.caller.kind === 'owner' ? 'owner' : 'no-rules',
      appCheck: this.verdicts.get(ctx),
    });
  }

  /** The ruleset that applies, or null when everything is allowed (owner, or no rules). */
  ruleset(ctx: CallContext, db: Database): Ruleset | null {
    if (ctx.caller.kind === 'owner') return null;
    return this.rulesFor?.(db.id.projectId, db.id.databaseId) ?? null;
  }

  private auth(ctx: CallContext): RulesRequest['auth'] {
    return ctx.caller.kind === 'user' ? { uid: ctx.caller.uid, token: ctx.caller.token } : null;
  }

  /** Evaluates a read (get or list); throws PERMISSION_DENIED. */
  checkRead(
    ctx: CallContext,
    db: Database,
    method: 'get' | 'list',
    path: string,
    resource: DocVersion | null,
    readTime: number | undefined,
    query?: JsonObject,
    listen = false,
  ): void {
    this.admitAccess(ctx, db, method, path, listen);
    const rs = this.ruleset(ctx, db);
    if (!rs) {
      this.logUnchecked(ctx, db, method, path, listen);
      return;
    }
    const lookup = (name: string): RulesDocument | null => {
      const p = db.pathIn(name);
      return p === null ? null : toRulesDoc(db.store.get(p, readTime));
    };
    this.decide(rs, ctx, db, path, listen, {
      method,
      path: `${db.name}/documents/${path}`,
      auth: this.auth(ctx),
      time: microsToString(this.clock.now()),
      resource: toRulesDoc(resource),
      requestResource: null,
      query,
      lookupBefore: lookup,
      lookupAfter: lookup,
    });
  }

  /** The rules `list` check of a query. */
  checkList(
    ctx: CallContext,
    db: Database,
    q: CompiledQuery,
    readTime?: number,
    listen = false,
  ): void {
    this.checkRead(ctx, db, 'list', listedCollection(q), null, readTime, q.source, listen);
  }

  /**
   * Evaluates every write of a commit: `current(path)` is the state after the whole batch
   * (for `getAfter()` and `request.resource`), the store the state before it.
   */
  checkWrites(
    ctx: CallContext,
    db: Database,
    checks: WriteCheck[],
    time: number,
    current: (path: string) => DocVersion | null,
  ): void {
    if (checks.length) this.admitAccess(ctx, db, checks[0].method, checks[0].path, false);
    const rs = this.ruleset(ctx, db);
    if (!rs) {
      for (const c of checks) this.logUnchecked(ctx, db, c.method, c.path, false);
      return;
    }
    const auth = this.auth(ctx);
    const timeStr = microsToString(time);
    const lookupBefore = (name: string): RulesDocument | null => {
      const p = db.pathIn(name);
      return p === null ? null : toRulesDoc(db.store.get(p));
    };
    const lookupAfter = (name: string): RulesDocument | null => {
      const p = db.pathIn(name);
      return p === null ? null : toRulesDoc(current(p));
    };
    // Documented limit: 10 distinct lookups for a single write, 20 shared by a batch's writes.
    const accessBudget = newAccessBudget(checks.length > 1 ? 'batch' : 'single');
    for (const c of checks) {
      const after = c.method === 'delete' ? null : current(c.path);
      this.decide(rs, ctx, db, c.path, false, {
        accessBudget,
        method: c.method,
        path: `${db.name}/documents/${c.path}`,
        auth,
        time: timeStr,
        resource: toRulesDoc(c.before),
        requestResource: toRulesDoc(after),
        lookupBefore,
        lookupAfter,
      });
    }
  }

  private decide(
    rs: Ruleset,
    ctx: CallContext,
    db: Database,
    path: string,
    listen: boolean,
    req: RulesRequest,
  ): void {
    let d;
    try {
      d = rs.evaluate(req);
    } catch (e) {
      d = { allowed: false as const, message: `evaluation error: ${(e as Error).message}` };
      this.record(rs, ctx, db, path, listen, req, false, d.message);
      throw new RpcError(
        Code.PERMISSION_DENIED,
        `\nevaluation error for '${req.method}': ${(e as Error).message}`,
      );
    }
    this.record(
      rs,
      ctx,
      db,
      path,
      listen,
      req,
      d.allowed,
      d.allowed ? undefined : d.message,
      d.debug,
    );
    // The official emulator's description is a newline followed by the ruleset's message.
    if (!d.allowed) throw new RpcError(Code.PERMISSION_DENIED, `\n${d.message}`);
  }

  /** Logs a rules decision; denials (rare) always get a trace, allowed requests only while watched. */
  private record(
    rs: Ruleset,
    ctx: CallContext,
    db: Database,
    path: string,
    listen: boolean,
    req: RulesRequest,
    allowed: boolean,
    message: string | undefined,
    debug?: RulesDebugOutput[],
  ): void {
    let trace;
    if (!allowed || this.log.watched) {
      try {
        trace = rs.explain(req);
      } catch {
        trace = undefined;
      }
    }
    this.log.add({
      method: req.method,
      listen,
      database: db.name,
      path,
      caller: ctx.caller,
      allowed,
      basis: 'rules',
      message,
      trace,
      appCheck: this.verdicts.get(ctx),
      debug,
    });
  }
}
