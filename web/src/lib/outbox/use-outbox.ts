/**
 * The outbox on a public page: submits an application through the device's outbox, sends what
 * waits when the connection returns (the `online` event, the page becoming visible again, a timer
 * following the backoff or the end of the per-device limit's wait), and lists what still waits, so
 * the page can say where it stands.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import {
  announceOutboxChange,
  deviceOutbox,
  onOutboxChange,
  requestBackgroundSync,
} from './device-outbox';
import { afterLoadWhenIdle } from '@/lib/page/when-idle';
import { memoryDeviceStore, memoryOutboxStore } from './memory-stores';
import {
  Outbox,
  type LeadSender,
  type QueuedApplication,
  type QueuedConversion,
  type QueuedLead,
} from './outbox';

/**
 * How a submit ended: stored on the server; waiting on the device for the connection; waiting on
 * the device because it sent too many applications in a short time (the per-device limit);
 * refused by the server; or failed with nothing kept (no IndexedDB on this browser, and it could
 * not be sent now).
 */
export type SubmitOutcome = 'stored' | 'waiting' | 'limited' | 'refused' | 'failed';

export interface UseOutboxOptions {
  /** An application that waited on the device was stored (now, or while no page showed it). */
  onStoredLater?: (entry: QueuedApplication) => void;
}

/** Loads the Firestore Lite writer (the page's Firestore chunk, with App Check) on first use. */
const sendLazily: LeadSender = async (id, lead, options) =>
  (await import('./send-lead')).writeLead(id, lead, options);

/** Resolves once App Check has a token (loaded with the writer). */
const readyLazily = async () => (await import('./send-lead')).appCheckReady();

/** The device's outbox, sending through the lazily loaded writer. */
const outboxOfPage = () => deviceOutbox(sendLazily, readyLazily);

/**
 * The waiting list to keep after a look at the outbox: `current` itself when nothing changed (same
 * entries, same attempt), so React does not render the page again for nothing (the first look,
 * after load, finds an empty outbox: a new empty list re-rendered the whole form in a long task).
 */
export function nextWaiting(
  current: QueuedApplication[],
  listed: QueuedApplication[],
): QueuedApplication[] {
  const waiting = listed.filter((entry) => entry.state === 'waiting');
  const same = (x: QueuedApplication, y: QueuedApplication) =>
    x.id === y.id &&
    x.attempts === y.attempts &&
    x.nextAttemptAt === y.nextAttemptAt &&
    x.maybeStored === y.maybeStored;
  const unchanged =
    waiting.length === current.length && waiting.every((entry, i) => same(entry, current[i]));
  return unchanged ? current : waiting;
}

/** Without IndexedDB, this page's device (a new one on each load). */
const pageDevice = memoryDeviceStore();

/**
 * Without IndexedDB (some private modes): one attempt, with nothing kept: what cannot be sent now
 * (no connection, the device at its limit) fails and the form keeps its values.
 */
async function sendDirectly(lead: QueuedLead): Promise<SubmitOutcome> {
  const outbox = new Outbox({
    store: memoryOutboxStore(),
    device: pageDevice,
    send: sendLazily,
    ready: readyLazily,
  });
  const outcome = await outbox.sendOne((await outbox.put(lead)).id);
  if (outcome.kind === 'refused') console.error('Lead refused', outcome.error);
  if (outcome.kind === 'stored' || outcome.kind === 'refused') return outcome.kind;
  return 'failed';
}

export function useOutbox(options: UseOutboxOptions = {}) {
  const [waiting, setWaiting] = useState<QueuedApplication[]>([]);
  const onStoredLater = useRef(options.onStoredLater);
  useEffect(() => {
    onStoredLater.current = options.onStoredLater;
  });
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const flushRef = useRef<(force: boolean) => Promise<void>>(async () => {});
  /** Applications a submit of this page is sending itself: the flush leaves them alone. */
  const submitting = useRef(new Set<string>());

  /** Tells about applications stored meanwhile, lists what waits, and times the next attempt. */
  const refresh = useCallback(async () => {
    const outbox = outboxOfPage();
    for (const entry of await outbox.takeSent()) onStoredLater.current?.(entry);
    const listed = await outbox.list();
    setWaiting((current) => nextWaiting(current, listed));
    clearTimeout(timer.current);
    const due = await outbox.nextDueAt();
    if (due !== null) {
      timer.current = setTimeout(() => void flushRef.current(false), Math.max(0, due - Date.now()));
    }
  }, []);

  const flush = useCallback(
    async (force: boolean) => {
      try {
        const outcomes = await outboxOfPage().sendDue({ force, skip: submitting.current });
        for (const outcome of outcomes) {
          if (outcome.kind === 'stored') onStoredLater.current?.(outcome.entry);
        }
        if (outcomes.some((outcome) => outcome.kind !== 'skipped')) announceOutboxChange();
        await refresh();
      } catch (error) {
        console.error('Sending the waiting applications failed', error);
      }
    },
    [refresh],
  );
  useEffect(() => {
    flushRef.current = flush;
  }, [flush]);

  useEffect(() => {
    // The first look at what waits on the device (IndexedDB, and Firestore Lite if anything does)
    // is not needed to paint or hydrate the page: it runs once the page is loaded and idle.
    const cancelFirstFlush = afterLoadWhenIdle(() => void flush(false));
    const online = () => void flush(true);
    const visible = () => document.visibilityState === 'visible' && void flush(false);
    window.addEventListener('online', online);
    document.addEventListener('visibilitychange', visible);
    const stopListening = onOutboxChange(() => void refresh());
    return () => {
      cancelFirstFlush();
      window.removeEventListener('online', online);
      document.removeEventListener('visibilitychange', visible);
      stopListening();
      clearTimeout(timer.current);
    };
  }, [flush, refresh]);

  /** Keeps the application on the device, then sends it at once if the connection allows. */
  const submit = useCallback(
    async (lead: QueuedLead, conversion?: QueuedConversion): Promise<SubmitOutcome> => {
      const outbox = outboxOfPage();
      let entry: QueuedApplication;
      try {
        entry = await outbox.put(lead, conversion);
      } catch (error) {
        console.warn('No outbox on this device', error);
        return sendDirectly(lead);
      }
      announceOutboxChange();
      submitting.current.add(entry.id);
      let outcome: Awaited<ReturnType<typeof outbox.sendOne>>;
      try {
        outcome = await outbox.sendOne(entry.id);
      } finally {
        submitting.current.delete(entry.id);
      }
      if (outcome.kind !== 'skipped') announceOutboxChange();
      await refresh();
      if (outcome.kind === 'refused') console.error('Lead refused', outcome.error);
      if (outcome.kind === 'stored' || outcome.kind === 'refused') return outcome.kind;
      if (outcome.kind === 'held') return 'limited';
      // Waiting here, or held by another tab that is sending it: still on the device?
      const current = await outbox.list();
      if (!current.some((item) => item.id === entry.id && item.state === 'waiting')) {
        return 'stored';
      }
      void requestBackgroundSync();
      return 'waiting';
    },
    [refresh],
  );

  return { waiting, submit };
}
