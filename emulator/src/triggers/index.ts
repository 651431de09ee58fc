/**
 * Firestore-triggered Cloud Functions: the registrations the Functions emulator sends, and after
 * each commit one event per matching trigger and changed document, delivered to the Functions
 * emulator (`--functions_emulator HOST:PORT`) once the commit has been acknowledged.
 */
import type { Database } from '../engine/database.js';
import type { RequestLog } from '../engine/request-log.js';
import type { DocChange } from '../model/document.js';
import type { Caller } from '../service.js';
import { Dispatcher, type DeliveryOptions, type DeliveryOutcome } from './delivery.js';
import { changeKind, newEvent } from './events.js';
import { TriggerRegistry, type Registration } from './registry.js';

export { RegistrationError, parseV1, parseV2, type Registration } from './registry.js';
export type { DeliveryOutcome } from './delivery.js';

export interface TriggerOptions extends Partial<
  Omit<DeliveryOptions, 'log' | 'onDelivered' | 'target'>
> {
  /** `host:port` of the Functions emulator; without it registrations are kept but nothing is sent. */
  functionsEmulator?: string;
  log: (line: string) => void;
  /** Where each finished delivery is recorded (the console's request list). */
  requestLog?: RequestLog;
}

/** The function a trigger key names: the key without the Functions emulator's generation suffix. */
export function functionName(key: string): string {
  return key.replace(/-\d+(-[^-]+)?$/, '');
}

/** Longest a disable waits for the events queued before it (a Functions emulator that is down). */
const DISABLE_DRAIN_MS = 60_000;

export class Triggers {
  readonly registry = new TriggerRegistry();
  private readonly dispatcher?: Dispatcher;
  private warnedNoTarget = false;
  private enabled = true;

  constructor(private readonly options: TriggerOptions) {
    if (options.functionsEmulator) {
      this.dispatcher = new Dispatcher({
        ...options,
        target: options.functionsEmulator,
        onDelivered: (o) => this.record(o),
        replacement: (old) => this.replacement(old),
      });
    }
  }

  /** Where events go, or undefined without `--functions_emulator`. */
  get target(): string | undefined {
    return this.options.functionsEmulator;
  }

  /** Events queued or being delivered. */
  get pending(): number {
    return this.dispatcher?.pending ?? 0;
  }

  /**
   * Whether writes fire triggers. The Emulator Hub's `PUT /functions/disableBackgroundTriggers`
   * turns firebase-tools' Functions emulator away from events (it answers them 204 and runs
   * nothing); switched off here too, the writes queue no event at all, so a bulk seed costs no
   * delivery. Registrations are kept and still accepted meanwhile.
   */
  get backgroundTriggersEnabled(): boolean {
    return this.enabled;
  }

  /**
   * Stops queueing events; resolves once the events queued before have been delivered (as the
   * Functions emulator finishes its queued work when disabled), or after `drainMs`.
   */
  async disableBackgroundTriggers(drainMs = DISABLE_DRAIN_MS): Promise<void> {
    if (this.enabled) this.options.log('Background triggers disabled: writes fire no trigger.');
    this.enabled = false;
    if (!this.dispatcher) return;
    let timer: NodeJS.Timeout | undefined;
    const waited = new Promise<void>((resolve) => (timer = setTimeout(resolve, drainMs)));
    await Promise.race([this.dispatcher.whenIdle(), waited]);
    clearTimeout(timer);
  }

  enableBackgroundTriggers(): void {
    if (!this.enabled) this.options.log('Background triggers enabled.');
    this.enabled = true;
  }

  /** After a commit has been made durable: queues the events its changes trigger (cheap; no I/O). */
  onCommit = (db: Database, changes: DocChange[], time: number, caller: Caller): void => {
    if (!this.enabled || this.registry.size === 0) return;
    const { projectId, databaseId } = db.id;
    for (const change of changes) {
      const kind = changeKind(change);
      for (const reg of this.registry.matching(projectId, databaseId, change.path, kind)) {
        if (!this.dispatcher) {
          this.warnNoTarget();
          return;
        }
        this.dispatcher.enqueue(newEvent(reg, change, kind, time, caller));
      }
    }
  };

  close(): void {
    this.dispatcher?.close();
  }

  /** The registration of the same function under a newer key, once the old key is gone. */
  private replacement(old: Registration): Registration | undefined {
    const regs = this.registry.list(old.projectId);
    if (regs.some((r) => r.key === old.key)) return undefined;
    const name = functionName(old.key);
    return regs.find((r) => functionName(r.key) === name && r.databaseId === old.databaseId);
  }

  private warnNoTarget(): void {
    if (this.warnedNoTarget) return;
    this.warnedNoTarget = true;
    this.options.log(
      'A Firestore trigger matched a write, but the emulator was started without --functions_emulator HOST:PORT: no events are delivered.',
    );
  }

  private record(o: DeliveryOutcome): void {
    const e = o.event;
    const r = e.registration;
    this.options.requestLog?.add({
      method: e.kind,
      listen: false,
      database: `projects/${r.projectId}/databases/${r.databaseId}`,
      path: e.change.path,
      caller: e.caller,
      allowed: o.result === 'ok',
      basis: 'trigger',
      delivery: {
        function: functionName(r.key),
        key: r.key,
        eventType: r.eventType,
        result: o.result,
        status: o.status,
        message: o.message,
        durationMs: Math.round(o.durationMs * 10) / 10,
        attempts: o.attempts,
      },
    });
  }
}
