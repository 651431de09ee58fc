/** A bounded in-memory history of access decisions (the console's Requests view), cheap when nobody watches. */
import type { AppCheckVerdict } from '../app-check/index.js';
import type { RulesDebugOutput, RulesExplanation, RulesMethod } from '../rules/contract.js';
import type { Caller } from '../service.js';

/** One access decision: a read, a query or one write of a commit. */
export interface RequestRecord {
  id: number;
  /** Date.now() when decided. */
  at: number;
  method: RulesMethod;
  /** Decided for a Listen target (`get`/`list` of a listener). */
  listen: boolean;
  /** projects/{p}/databases/{d} */
  database: string;
  /** Below `documents`: the document, or the collection a query lists. */
  path: string;
  caller: Caller;
  allowed: boolean;
  /**
   * Why: the owner bypasses rules, no rules loaded allows everything, else the rules decided;
   * `trigger` marks the delivery of a Firestore trigger's event (see `delivery`); `app-check`: refused
   * for its App Check token before the rules (see `appCheck`).
   */
  basis: 'owner' | 'no-rules' | 'rules' | 'trigger' | 'app-check';
  /** While App Check is enforced, the verdict on a non-owner's token: its app, or why it was refused. */
  appCheck?: AppCheckVerdict;
  /** The rules' message for a denial (`false for 'create' @ L161`), or App Check's. */
  message?: string;
  /** Every denial has one; allowed requests only while someone watches. */
  trace?: RulesExplanation;
  /** What the rules passed to `debug()` while deciding (allowed requests too). */
  debug?: RulesDebugOutput[];
  /** A Firestore-triggered function's event (src/triggers): `method` is the change, `caller` the writer. */
  delivery?: TriggerDelivery;
}

/** How the delivery of one event to a function went. */
export interface TriggerDelivery {
  /** The function (the trigger key without its generation). */
  function: string;
  key: string;
  eventType: string;
  result: 'ok' | 'failed' | 'timeout' | 'undelivered';
  /** The Functions emulator's HTTP status, when it answered. */
  status?: number;
  message?: string;
  /** How long the function ran (the last attempt), milliseconds. */
  durationMs: number;
  attempts: number;
}

export type NewRequestRecord = Omit<RequestRecord, 'id' | 'at'>;

/** The last `capacity` decisions in a ring, and the watchers told of each new one. */
export class RequestLog {
  private readonly ring: (RequestRecord | undefined)[];
  private nextId = 1;
  private readonly watchers = new Set<(r: RequestRecord) => void>();

  constructor(readonly capacity = 1000) {
    this.ring = new Array<RequestRecord | undefined>(capacity);
  }

  /** True while a console is connected: allowed requests are then traced too. */
  get watched(): boolean {
    return this.watchers.size > 0;
  }

  add(r: NewRequestRecord): void {
    const rec = r as RequestRecord;
    rec.id = this.nextId++;
    rec.at = Date.now();
    this.ring[rec.id % this.capacity] = rec;
    for (const w of this.watchers) w(rec);
  }

  /** The kept records, oldest first. */
  recent(): RequestRecord[] {
    const out: RequestRecord[] = [];
    const first = Math.max(1, this.nextId - this.capacity);
    for (let id = first; id < this.nextId; id++) {
      const r = this.ring[id % this.capacity];
      if (r && r.id === id) out.push(r);
    }
    return out;
  }

  clear(): void {
    this.ring.fill(undefined);
  }

  /** Calls `fn` for each new record until the returned function is called. */
  watch(fn: (r: RequestRecord) => void): () => void {
    this.watchers.add(fn);
    return () => this.watchers.delete(fn);
  }
}
