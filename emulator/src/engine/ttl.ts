/**
 * TTL policies (firestore.indexes.json `fieldOverrides` with `"ttl": true`): a periodic sweep
 * deletes every document of the policy's collection group whose TTL field holds a timestamp in the
 * past. Production deletes within about a day; the sweep runs every few seconds, so an expired
 * document goes within a minute. The deletes are ordinary owner commits, so listeners see them
 * and Firestore triggers fire, as for TTL deletes in production.
 */
import { getField } from '../model/paths.js';
import { microsToString } from '../model/time.js';
import type { TtlPolicy } from '../query/index-config.js';
import { Code, RpcError, type CallContext, type JsonObject } from '../service.js';
import type { EngineCore } from './core.js';
import type { Database } from './database.js';
import type { DocVersion } from '../model/document.js';
import { commit } from './writes.js';

/** Firestore's limit of writes per commit. */
const BATCH = 500;

/** What one sweep did. */
export interface TtlSweepResult {
  /** Documents of TTL collection groups looked at. */
  scanned: number;
  deleted: number;
}

/** The documents of a collection group whose TTL field is a timestamp at or before `now`. */
function expired(
  db: Database,
  policy: TtlPolicy,
  now: string,
): { docs: DocVersion[]; scanned: number } {
  const docs: DocVersion[] = [];
  let scanned = 0;
  const group = policy.collectionGroup;
  const inGroup = (collPath: string) => collPath.slice(collPath.lastIndexOf('/') + 1) === group;
  for (const doc of db.store.scan(inGroup)) {
    scanned++;
    const v = getField(doc.fields, policy.segments);
    // Stored timestamps are canonical RFC 3339 with six fraction digits, so text order is time order.
    const at = v?.timestampValue;
    if (typeof at === 'string' && at <= now) docs.push(doc);
  }
  return { docs, scanned };
}

export class TtlSweeper {
  private timer?: NodeJS.Timeout;
  private running?: Promise<TtlSweepResult>;
  private stopped = false;

  constructor(
    private readonly core: EngineCore,
    private readonly policiesFor: (databaseId: string) => TtlPolicy[],
    private readonly log: (line: string) => void = () => {},
  ) {}

  /** Sweeps every `intervalMs` until stopped. */
  start(intervalMs: number): void {
    this.timer = setInterval(() => void this.sweep(), intervalMs);
    this.timer.unref();
  }

  stop(): void {
    this.stopped = true;
    clearInterval(this.timer);
  }

  /** One sweep over every database (a sweep already running is joined, not doubled). */
  sweep(): Promise<TtlSweepResult> {
    this.running ??= this.sweepAll().finally(() => (this.running = undefined));
    return this.running;
  }

  private async sweepAll(): Promise<TtlSweepResult> {
    const total: TtlSweepResult = { scanned: 0, deleted: 0 };
    for (const db of this.core.databases.all()) {
      const policies = this.policiesFor(db.id.databaseId);
      if (!policies.length) continue;
      const now = microsToString(this.core.clock.now());
      for (const policy of policies) {
        if (this.stopped) return total;
        const { docs, scanned } = expired(db, policy, now);
        total.scanned += scanned;
        total.deleted += await this.deleteAll(db, docs);
      }
    }
    return total;
  }

  /** Deletes the documents in commits of 500, each only if unchanged since it was found. */
  private async deleteAll(db: Database, docs: DocVersion[]): Promise<number> {
    const ctx: CallContext = {
      projectId: db.id.projectId,
      databaseId: db.id.databaseId,
      caller: { kind: 'owner' },
    };
    let deleted = 0;
    for (let i = 0; i < docs.length && !this.stopped; i += BATCH) {
      const writes: JsonObject[] = docs.slice(i, i + BATCH).map((d) => ({
        delete: d.name,
        currentDocument: { updateTime: microsToString(d.updateTime) },
      }));
      try {
        await commit(this.core, ctx, db, writes);
        deleted += writes.length;
      } catch (e) {
        // A document changed since the scan (its TTL may have moved): delete the others one by
        // one; the changed one is looked at again by the next sweep.
        if (!(e instanceof RpcError) || e.code !== Code.FAILED_PRECONDITION) {
          this.log(`TTL sweep of ${db.name}: ${(e as Error).message}`);
          continue;
        }
        for (const w of writes) {
          if (this.stopped) break;
          await commit(this.core, ctx, db, [w]).then(
            () => deleted++,
            () => {},
          );
        }
      }
    }
    return deleted;
  }
}
