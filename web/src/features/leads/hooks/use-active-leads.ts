/**
 * The panel's live view of arrivals, held above the tabs (app/admin-panel) so it stays live,
 * counts unseen arrivals in the title, plays the optional sound and raises the notification while
 * another tab is open. It listens to the leads created since the panel opened, not to every
 * active lead (the Leads tab reads one page, see lead-source.ts). Arrivals are leads
 * created after the panel opened; a restored lead is not an arrival. An arrival is announced
 * once the screening lets it stay (domain/arrival-gate.ts): a lead set aside ('Suspeitos') or
 * merged into the same candidate's earlier application never is.
 */
import { useLocalStorage } from '@mantine/hooks';
import type { FirestoreError } from 'firebase/firestore';
import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { useFirestore } from '@/lib/firebase/panel-sdk';
import { showToast } from '@/components/toast';
import { activeLeadsSinceQuery } from '@/data/leads';
import { ArrivalGate, type GateOutcome } from '@/domain/arrival-gate';
import { useLiveLeads, type LiveLeads } from '@/data/use-live-leads';
import { formatCount } from '@/domain/format';
import type { Lead } from '@/domain/lead';
import { loadErrorToast } from '../messages';
import { notifyArrivals } from './arrival-notification';
import { playArrivalSound } from './arrival-sound';
import { useArrivalNotifications, type ArrivalNotifications } from './use-arrival-notifications';

export const arrivalSoundKey = 'vagas:som-chegada';

export interface ActiveLeads extends LiveLeads {
  /** Ids of leads that arrived while the panel was open and that the admin has not marked seen. */
  unseen: ReadonlySet<string>;
  markSeen: (ids?: readonly string[]) => void;
  /**
   * Changes when leads may have left the list or come back to it (a change seen on the Leads
   * tab's page, an arrival trashed): the panel re-counts the trash on it.
   */
  trashEpoch: number;
  /** Changes when the counters may be stale: an arrival, a change seen on screen, focus. */
  epoch: number;
  /** Changes when leads may have entered or left 'Suspeitos' (set aside, released). */
  heldEpoch: number;
  /** The Leads tab saw a change on its page (status, trash, restore, a lead moving in or out). */
  changed: () => void;
  /** The rows the Leads tab shows (with the arrivals: `data`, what a record opens with). */
  showing: (rows: readonly Lead[]) => void;
  /** A listener of the tab failed: the toast (once), and signing out when access was lost. */
  failed: (error: unknown) => void;
  sound: boolean;
  setSound: (on: boolean) => void;
  /** Desktop notifications of arrivals while the panel is in the background. */
  notifications: ArrivalNotifications;
}

export interface ActiveLeadsOptions {
  onAccessLost: () => void;
  /** Shows a lead's record (`null`: the list): where a clicked notification goes. */
  onOpenLead?: (id: string | null) => void;
}

/** A lead created this long before the panel opened still counts as an arrival (clock skew). */
const arrivalSlackMs = 60_000;

/** The epochs: `epoch` for the counters, `trash` for the trash count, `held` for Suspeitos'. */
function useEpochs() {
  const [state, bump] = useReducer(
    (
      previous: { epoch: number; trash: number; held: number },
      what: 'arrival' | 'change' | 'held',
    ) => ({
      epoch: previous.epoch + 1,
      trash: what === 'change' ? previous.trash + 1 : previous.trash,
      held: what === 'arrival' ? previous.held : previous.held + 1,
    }),
    { epoch: 0, trash: 0, held: 0 },
  );
  // Back on the panel after a while: another admin may have changed anything.
  useEffect(() => {
    const onFocus = () => bump('change');
    window.addEventListener('focus', onFocus);
    return () => window.removeEventListener('focus', onFocus);
  }, []);
  return [state, bump] as const;
}

export function useActiveLeads({ onAccessLost, onOpenLead }: ActiveLeadsOptions): ActiveLeads {
  const db = useFirestore();
  const openedAt = useRef(Date.now());
  const query = useMemo(
    () => activeLeadsSinceQuery(db, new Date(openedAt.current - arrivalSlackMs)),
    [db],
  );
  const [unseenAll, setUnseen] = useState<ReadonlySet<string>>(new Set());
  const [sound, setSound] = useLocalStorage<boolean>({
    key: arrivalSoundKey,
    defaultValue: false,
    getInitialValueInEffect: false,
  });
  const soundRef = useRef(sound);
  soundRef.current = sound;
  const notifications = useArrivalNotifications();
  const notifyRef = useRef({ on: notifications.on, open: onOpenLead });
  notifyRef.current = { on: notifications.on, open: onOpenLead };

  const [epochs, bump] = useEpochs();
  const changed = useCallback(() => bump('change'), [bump]);
  const gate = useRef(new ArrivalGate());
  /** Announces what the gate lets through: 'Recém-chegado', the sound, the notification. */
  const announce = useCallback((arrivals: Lead[]) => {
    if (arrivals.length === 0) return;
    setUnseen((previous) => new Set([...previous, ...arrivals.map((lead) => lead.id)]));
    if (soundRef.current) playArrivalSound();
    const notify = notifyRef.current;
    if (notify.on && notify.open) notifyArrivals(arrivals, notify.open);
  }, []);
  const follow = useCallback(
    ({ announce: arrivals, heldChanged }: GateOutcome) => {
      if (heldChanged) bump('held');
      announce(arrivals);
    },
    [announce, bump],
  );
  const onRemoved = useCallback(
    (ids: string[]) => {
      gate.current.gone(ids);
      changed();
    },
    [changed],
  );
  const onAdded = useCallback(
    (leads: Lead[]) => {
      const arrivals = leads.filter(
        (lead) =>
          !lead.created_at || lead.created_at.getTime() >= openedAt.current - arrivalSlackMs,
      );
      bump(arrivals.length < leads.length ? 'change' : 'arrival');
      follow(gate.current.arrived(arrivals, Date.now()));
    },
    [bump, follow],
  );
  const onModified = useCallback(
    (leads: Lead[]) => follow(gate.current.changed(leads, Date.now())),
    [follow],
  );
  useVerdictWait(gate.current, announce);

  // The arrivals' listener and the tab's report a refusal alike, but the toast shows once.
  const failedOnce = useRef(false);
  const failed = useCallback(
    (error: unknown) => {
      console.error('Active leads listener failed', error);
      if (!failedOnce.current) showToast(loadErrorToast, 'error');
      failedOnce.current = true;
      if ((error as Partial<FirestoreError> | null)?.code === 'permission-denied') onAccessLost();
    },
    [onAccessLost],
  );

  const live = useLiveLeads(query, { onAdded, onRemoved, onModified, onError: failed });

  // Only leads still in the list count (a lead trashed or deleted meanwhile is no longer unseen).
  const unseen = useMemo(() => {
    if (unseenAll.size === 0) return unseenAll;
    return new Set(live.data.filter((lead) => unseenAll.has(lead.id)).map((lead) => lead.id));
  }, [unseenAll, live.data]);

  const markSeen = useCallback((ids?: readonly string[]) => {
    setUnseen((previous) => {
      if (!ids) return new Set();
      const next = new Set(previous);
      for (const id of ids) next.delete(id);
      return next;
    });
  }, []);

  const [shown, showing] = useState<readonly Lead[]>([]);
  const data = useMemo(() => {
    const known = new Set(live.data.map((lead) => lead.id));
    return [...live.data, ...shown.filter((lead) => !known.has(lead.id))];
  }, [live.data, shown]);

  useUnseenTitle(unseen.size);

  return {
    ...live,
    data,
    trashEpoch: epochs.trash,
    epoch: epochs.epoch,
    heldEpoch: epochs.held,
    changed,
    showing,
    failed,
    unseen,
    markSeen,
    sound,
    setSound,
    notifications,
  };
}

/** How often arrivals still waiting for their verdict are looked at (domain/screening.ts verdictWaitMs). */
const verdictCheckMs = 2_000;

/** Announces, as `announce` does, the arrivals whose verdict did not come in time. */
function useVerdictWait(gate: ArrivalGate, announce: (leads: Lead[]) => void) {
  useEffect(() => {
    const timer = setInterval(() => {
      if (gate.pending) announce(gate.overdue(Date.now()));
    }, verdictCheckMs);
    return () => clearInterval(timer);
  }, [gate, announce]);
}

/** '(N) <title>' while N arrivals are unseen; the page's own title otherwise. */
function useUnseenTitle(count: number) {
  const base = useRef<string | null>(null);
  useEffect(() => {
    base.current ??= document.title;
    document.title = count > 0 ? `(${formatCount(count)}) ${base.current}` : base.current;
  }, [count]);
  useEffect(
    () => () => {
      if (base.current !== null) document.title = base.current;
    },
    [],
  );
}
