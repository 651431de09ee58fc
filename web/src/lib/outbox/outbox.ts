/**
 * The outbox of applications: an application is put on the device (IndexedDB) before
 * it is sent, and leaves it only once the server has stored it, so a connection that drops, a
 * timeout, a reload or a closed tab never loses it. Each application keeps the lead id the client
 * chose when it was submitted: every attempt writes `leads/{id}`, so an attempt whose answer was
 * lost and a later one end in one lead, never two. A Web Lock per application keeps two tabs (or a
 * tab and the service worker) from sending the same one at the same time, and the entry is re-read
 * inside the lock, so one that another context has just sent is not sent again.
 *
 * Each attempt carries the device's id and a slot of its record (device-slots.ts): past the
 * per-device limit an application is held on the device, told so, and sent once a slot is free.
 *
 * Plain TypeScript over an injected store, sender and lock manager: the page (idb-store.ts) and
 * the service worker use it alike, and the unit tests run it in memory.
 */

import type { DeviceSend } from '@/data/lead-write';
import type { CallCenterLeadInput, RootLeadInput } from '@/domain/lead';
import { chooseSlot, deviceStateOf, type DeviceStore } from './device-slots';

/** A lead as the forms write it (JSON values only, so IndexedDB keeps it as is). */
export type QueuedLead = RootLeadInput | CallCenterLeadInput;

/** What the page's pixel needs to report the conversion once the lead is stored. */
export interface QueuedConversion {
  contentCategory: string;
  value: number;
}

/** One application on the device. */
export interface QueuedApplication {
  /** The lead's document id, chosen when it was submitted; every attempt writes this id. */
  id: string;
  /** The form's fields, as sent. */
  lead: QueuedLead;
  /** Same fields, same page: a second submit of them is this application, not another one. */
  key: string;
  /** When the candidate submitted it (device clock, ms). */
  submittedAt: number;
  conversion?: QueuedConversion;
  /** Attempts so far, and when the next one is due (ms): backoff between failed attempts. */
  attempts: number;
  nextAttemptAt: number;
  /** An attempt went out with no answer: it may have been stored (see `send`). */
  maybeStored: boolean;
  /** The slot of the device's record its first attempt took; every retry sends with it. */
  slot?: number;
  /** The device is at its limit: the application waits until then (device clock, ms). */
  heldUntil?: number;
  /** 'waiting' until stored; 'sent' once stored while no page was showing it (told next visit). */
  state: 'waiting' | 'sent';
  sentAt?: number;
}

/** The key/value store the outbox lives in (idb-keyval in browsers). */
export interface OutboxStore {
  get(id: string): Promise<QueuedApplication | undefined>;
  set(entry: QueuedApplication): Promise<void>;
  delete(id: string): Promise<void>;
  all(): Promise<QueuedApplication[]>;
}

/** How a send ended: stored; failed for now (retry later); refused for good by the server. */
export type SendResult = 'stored' | 'retry' | 'refused';

/** What goes with a lead: the device and the slot it takes, and the submit's time when it waited. */
export interface SendOptions {
  device: DeviceSend;
  /** The device's time of the submit (ms), when the application waited on the device. */
  submittedAt?: number;
}

/** Writes one lead under its id; the error it throws says whether a retry can help. */
export type LeadSender = (id: string, lead: QueuedLead, options: SendOptions) => Promise<void>;

/** An application sent this long after its submit (or on a later attempt) waited on the device. */
export const waitedAfterMs = 5_000;

/** The subset of the Web Locks API the outbox needs (navigator.locks). */
export interface LockManagerLike {
  request<T>(
    name: string,
    options: { ifAvailable: boolean },
    callback: (lock: unknown) => Promise<T>,
  ): Promise<T>;
}

/** Firestore error codes that no retry can fix: the server looked at the lead and refused it. */
const refusedCodes = new Set(['permission-denied', 'invalid-argument', 'failed-precondition']);

/** Whether `error` is the server refusing the lead (a retry would be refused too). */
export function isRefusal(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && refusedCodes.has(code);
}

/** Delay before attempt number `attempts + 1`: 2 s, 4 s, 8 s ... up to 5 min, with ±20% jitter. */
export function backoffMs(attempts: number, random: () => number = Math.random): number {
  const base = Math.min(2_000 * 2 ** Math.max(0, attempts - 1), 300_000);
  return Math.round(base * (0.8 + 0.4 * random()));
}

const idAlphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A Firestore-style auto id (20 characters), chosen on the device without any SDK. */
export function newApplicationId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(40));
  let id = '';
  // Rejection sampling keeps the 62 characters equally likely.
  for (const byte of bytes) {
    if (byte < 248 && id.length < 20) id += idAlphabet[byte % 62];
  }
  return id.length === 20 ? id : newApplicationId();
}

/** What happened to an application in one `sendOne`. */
export type Outcome =
  | { kind: 'stored'; entry: QueuedApplication }
  | { kind: 'waiting'; entry: QueuedApplication }
  | { kind: 'refused'; entry: QueuedApplication; error: unknown }
  /** The device is at its limit: it waits on the device until `entry.heldUntil`. */
  | { kind: 'held'; entry: QueuedApplication }
  /** Another context holds it, or already sent it: nothing was done here. */
  | { kind: 'skipped'; id: string };

export interface OutboxOptions {
  store: OutboxStore;
  send: LeadSender;
  /** The device's id and slots (the per-device limit). */
  device: DeviceStore;
  locks?: LockManagerLike;
  /** Whether the device says it has a connection (navigator.onLine): no attempt without one. */
  online?: () => boolean;
  /**
   * Resolves once a request can leave (an App Check token is at hand); a rejection leaves the
   * application waiting, with nothing sent.
   */
  ready?: () => Promise<void>;
  now?: () => number;
  random?: () => number;
}

/** The outbox over one store: put, send one, send what is due, list. */
export class Outbox {
  private readonly now: () => number;
  /** Without Web Locks: the applications this context is working on (one at a time each). */
  private readonly held = new Set<string>();
  /** Without Web Locks: the device's slots, taken one send at a time in this context. */
  private deviceQueue: Promise<unknown> = Promise.resolve();

  constructor(private readonly options: OutboxOptions) {
    this.now = options.now ?? Date.now;
  }

  /**
   * Puts an application on the device, or returns the waiting one with the same fields (a second
   * submit of the same form while the first waits is the same application, under the same id).
   */
  async put(
    lead: QueuedLead,
    conversion?: QueuedConversion,
    id: string = newApplicationId(),
  ): Promise<QueuedApplication> {
    const key = JSON.stringify(lead);
    const same = (await this.options.store.all()).find(
      (entry) => entry.state === 'waiting' && entry.key === key,
    );
    if (same) return same;
    const entry: QueuedApplication = {
      id,
      lead,
      key,
      submittedAt: this.now(),
      conversion,
      attempts: 0,
      nextAttemptAt: this.now(),
      maybeStored: false,
      state: 'waiting',
    };
    await this.options.store.set(entry);
    return entry;
  }

  /** Every application on the device, oldest first. */
  async list(): Promise<QueuedApplication[]> {
    const entries = await this.options.store.all();
    return entries.sort((a, b) => a.submittedAt - b.submittedAt);
  }

  /**
   * Takes the applications stored while no page showed them ('sent'), each exactly once across
   * tabs (under its lock), so the page that takes one tells the candidate.
   */
  async takeSent(): Promise<QueuedApplication[]> {
    const taken: QueuedApplication[] = [];
    for (const { id } of (await this.list()).filter((entry) => entry.state === 'sent')) {
      const entry = await this.locked(id, async () => {
        const current = await this.options.store.get(id);
        if (current?.state !== 'sent') return undefined;
        await this.options.store.delete(id);
        return current;
      });
      if (entry) taken.push(entry);
    }
    return taken;
  }

  /**
   * Sends one application, under its lock. `keepWhenStored`: a context that cannot tell the
   * candidate (the service worker) leaves a stored application as 'sent', for the next visit.
   */
  async sendOne(id: string, keepWhenStored = false): Promise<Outcome> {
    const outcome = await this.locked(id, () => this.sendLocked(id, keepWhenStored));
    return outcome ?? { kind: 'skipped', id };
  }

  /** Runs `task` holding the application's lock; undefined when another context holds it. */
  private async locked<T>(id: string, task: () => Promise<T>): Promise<T | undefined> {
    const { locks } = this.options;
    if (!locks) {
      if (this.held.has(id)) return undefined;
      this.held.add(id);
      try {
        return await task();
      } finally {
        this.held.delete(id);
      }
    }
    return locks.request(`vagas-outbox:${id}`, { ifAvailable: true }, async (lock) =>
      lock ? task() : undefined,
    );
  }

  /**
   * Sends every waiting application whose next attempt is due (all of them when `force`), but
   * those of `skip` (the ones a submit on this page is sending itself).
   */
  async sendDue(
    options: { force?: boolean; keepWhenStored?: boolean; skip?: ReadonlySet<string> } = {},
  ): Promise<Outcome[]> {
    const due = (await this.list()).filter(
      (entry) =>
        entry.state === 'waiting' &&
        !options.skip?.has(entry.id) &&
        (options.force || entry.nextAttemptAt <= this.now()),
    );
    const outcomes: Outcome[] = [];
    // One at a time: on a weak connection parallel writes only slow each other down.
    for (const entry of due) outcomes.push(await this.sendOne(entry.id, options.keepWhenStored));
    return outcomes;
  }

  /** When the next waiting application is due (ms), or null when none waits. */
  async nextDueAt(): Promise<number | null> {
    const waiting = (await this.list()).filter((entry) => entry.state === 'waiting');
    return waiting.length ? Math.min(...waiting.map((entry) => entry.nextAttemptAt)) : null;
  }

  /**
   * Sends the lead, with its submit time when it waited (lead.ts `submitted_at`). The rules bound
   * that time by the server's clock: a device clock far off is refused, so the lead is sent again
   * without it rather than lost. One sent without it and refused is sent again with it: its job or
   * locality may have been closed between the press of the button and the server, and the rules
   * accept a lead submitted before the closing.
   */
  private async sendWithTime(entry: QueuedApplication, device: DeviceSend): Promise<void> {
    const waited = entry.attempts > 0 || this.now() - entry.submittedAt >= waitedAfterMs;
    const send = (withTime: boolean) =>
      this.options.send(
        entry.id,
        entry.lead,
        withTime ? { device, submittedAt: entry.submittedAt } : { device },
      );
    try {
      await send(waited);
    } catch (error) {
      if (!isRefusal(error)) throw error;
      await send(!waited);
    }
  }

  /** Runs `task` holding the device's lock (its slots are taken one send at a time). */
  private deviceLocked<T>(task: () => Promise<T>): Promise<T> {
    const { locks } = this.options;
    if (locks) return locks.request('vagas-outbox:device', { ifAvailable: false }, task);
    const run = this.deviceQueue.then(task, task);
    this.deviceQueue = run.catch(() => undefined);
    return run;
  }

  /**
   * Takes the slot of the device's record this attempt sends with (kept on the entry, so no other
   * application is given it), or holds the entry on the device while the device is at its limit.
   */
  private takeSlot(
    entry: QueuedApplication,
  ): Promise<{ entry: QueuedApplication; device: DeviceSend } | { held: QueuedApplication }> {
    return this.deviceLocked(async () => {
      const { store, device } = this.options;
      const state = deviceStateOf(await device.get(), newApplicationId);
      const held = new Set<number>();
      for (const other of await store.all()) {
        if (other.state === 'waiting' && other.id !== entry.id && other.slot !== undefined) {
          held.add(other.slot);
        }
      }
      const now = this.now();
      const choice = chooseSlot(state, entry.slot, held, now);
      if ('freeAt' in choice) {
        const waiting: QueuedApplication = {
          ...entry,
          heldUntil: choice.freeAt,
          nextAttemptAt: choice.freeAt,
        };
        await device.set(state);
        await store.set(waiting);
        return { held: waiting };
      }
      state.slots[choice.slot] = now;
      await device.set(state);
      const { heldUntil: _wasHeld, ...rest } = entry;
      const taking: QueuedApplication = { ...rest, slot: choice.slot };
      await store.set(taking);
      return { entry: taking, device: { id: state.id, slot: choice.slot } };
    });
  }

  private async sendLocked(id: string, keepWhenStored: boolean): Promise<Outcome> {
    const { store } = this.options;
    const entry = await store.get(id);
    if (!entry || entry.state !== 'waiting') return { kind: 'skipped', id };
    if (this.options.online && !this.options.online()) return { kind: 'waiting', entry };
    const nextAttemptAt = this.now() + backoffMs(entry.attempts + 1, this.options.random);
    try {
      await this.options.ready?.();
    } catch {
      // Nothing left (no App Check token yet): another attempt later, still never sent.
      const later: QueuedApplication = { ...entry, attempts: entry.attempts + 1, nextAttemptAt };
      await store.set(later);
      return { kind: 'waiting', entry: later };
    }
    const taken = await this.takeSlot(entry);
    if ('held' in taken) return { kind: 'held', entry: taken.held };
    // Recorded before the request leaves: if the tab dies mid-request, the next attempt knows
    // this one may have been stored.
    const attempt: QueuedApplication = {
      ...taken.entry,
      attempts: entry.attempts + 1,
      nextAttemptAt,
      maybeStored: true,
    };
    await store.set(attempt);
    try {
      await this.sendWithTime(taken.entry, taken.device);
    } catch (error) {
      if (!isRefusal(error)) return { kind: 'waiting', entry: attempt };
      // The rules let a retry of a stored lead through only for a while after it was stored; past
      // that a retry of one that was stored is refused. Refused after an attempt that may have been
      // stored: it was (the same fields passed the same rules then). Refused otherwise: never.
      if (!entry.maybeStored) {
        await store.delete(id);
        return { kind: 'refused', entry: attempt, error };
      }
    }
    const stored: QueuedApplication = { ...attempt, state: 'sent', sentAt: this.now() };
    if (keepWhenStored) await store.set(stored);
    else await store.delete(id);
    return { kind: 'stored', entry: stored };
  }
}
