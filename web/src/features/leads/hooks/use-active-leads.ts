/**
 * The panel's live list of active leads, held above the tabs (app/admin-panel) so it stays live,
 * counts unseen arrivals in the title and plays the optional sound while another tab is open.
 * Arrivals are leads created after the panel opened; a restored lead is not an arrival.
 */
import { useLocalStorage } from '@mantine/hooks';
import type { FirestoreError } from 'firebase/firestore';
import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { useFirestore } from 'reactfire';
import { showToast } from '@/components/toast';
import { pageSize } from '@/components/ListPager/use-paged';
import { activeLeadsQuery, newestActiveLeadsQuery } from '@/data/leads';
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
   * The first page of the list while the full list is still arriving (20,000 documents take
   * seconds): a second listener limited to one page, closed once the full list is there.
   */
  preview: Lead[] | null;
  /**
   * Changes when leads leave the list or come back to it (trash, delete, restore: here or in another
   * panel), not on arrivals: the panel re-counts the trash on it.
   */
  trashEpoch: number;
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

export function useActiveLeads({ onAccessLost, onOpenLead }: ActiveLeadsOptions): ActiveLeads {
  const db = useFirestore();
  const query = useMemo(() => activeLeadsQuery(db), [db]);
  const openedAt = useRef(Date.now());
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

  const [trashEpoch, trashMoved] = useReducer((n: number) => n + 1, 0);
  const onRemoved = useCallback(() => trashMoved(), []);
  const onAdded = useCallback((leads: Lead[]) => {
    const arrivals = leads.filter(
      (lead) => !lead.created_at || lead.created_at.getTime() >= openedAt.current - arrivalSlackMs,
    );
    // Anything else that entered the list came back from the trash.
    if (arrivals.length < leads.length) trashMoved();
    if (arrivals.length === 0) return;
    setUnseen((previous) => new Set([...previous, ...arrivals.map((lead) => lead.id)]));
    if (soundRef.current) playArrivalSound();
    const notify = notifyRef.current;
    if (notify.on && notify.open) notifyArrivals(arrivals, notify.open);
  }, []);

  // The first page's listener and the full list's report a refusal alike (the first page is what
  // the admin waits on), but the toast shows once.
  const failed = useRef(false);
  const onError = useCallback(
    (error: FirestoreError) => {
      console.error('Active leads listener failed', error);
      if (!failed.current) showToast(loadErrorToast, 'error');
      failed.current = true;
      if (error.code === 'permission-denied') onAccessLost();
    },
    [onAccessLost],
  );

  // The newest page first, then the full list: on one Listen stream the server sends a target's
  // documents in order, so a page listener started alongside would wait behind 20,000 documents.
  const [fullReady, setFullReady] = useState(false);
  const previewQuery = useMemo(() => newestActiveLeadsQuery(db, pageSize), [db]);
  const first = useLiveLeads(fullReady ? null : previewQuery, { onError });
  const live = useLiveLeads(fullReady || first.status !== 'loading' ? query : null, {
    onAdded,
    onRemoved,
    onError,
  });
  useEffect(() => {
    if (live.status !== 'loading') setFullReady(true);
  }, [live.status]);
  const preview = live.status === 'loading' && first.status === 'success' ? first.data : null;

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

  useUnseenTitle(unseen.size);

  return { ...live, preview, trashEpoch, unseen, markSeen, sound, setSound, notifications };
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
