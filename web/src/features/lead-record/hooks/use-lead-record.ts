/**
 * Everything the record shows, live: the lead, its other applications, notes and timeline.
 *
 * Each listener the record opens costs the panel one remote event of the Firestore SDK, and with
 * the panel's live list open every remote event walks the whole list (the SDK recomputes the
 * list view's limbo documents, O(list) per event: about 250–500 ms at 20,000 leads on a busy
 * 2-core machine). So the record opens as few listeners as it can, the ones that have no cached
 * answer first: notes and timeline (the SDK shows nothing for them until the server answers),
 * then the other applications (answered from the cache at once, then by the server), and the
 * lead's own document only when the caller does not already hold it live.
 */
import { useMemo } from 'react';
import { useFirestore } from '@/lib/firebase/panel-sdk';
import {
  notesQuery,
  recordLeadRef,
  sameWhatsappQuery,
  timelineQuery,
} from '@/data/lead-record-access';
import { useLiveDocument, useLiveQuery, type LiveState } from '@/data/live';
import type { LeadNote, RecordLead, TimelineEntry } from '@/domain/lead-record';

export interface LeadRecordData {
  lead: LiveState<RecordLead | null>;
  /** Other leads with the same WhatsApp (this one left out); empty until the lead is known. */
  others: RecordLead[];
  notes: LiveState<LeadNote[]>;
  timeline: LiveState<TimelineEntry[]>;
}

/**
 * `live`: the lead as a live listener of the caller holds it (the panel's list of active leads),
 * kept up to date by the caller; while it is given, the record opens no listener of its own on
 * the lead (one read and one remote event less). Without it (a trashed lead, a lead the list does
 * not hold), the record listens to the lead's document.
 */
export function useLeadRecord(leadId: string, live?: RecordLead): LeadRecordData {
  const db = useFirestore();
  // Effects run in the order of the hooks: the listeners with nothing cached go first.
  const notes = useLiveQuery(useMemo(() => notesQuery(db, leadId), [db, leadId]));
  const timeline = useLiveQuery(useMemo(() => timelineQuery(db, leadId), [db, leadId]));
  const held = live !== undefined;
  const ref = useMemo(() => (held ? null : recordLeadRef(db, leadId)), [db, leadId, held]);
  const own = useLiveDocument(ref);
  const lead: LiveState<RecordLead | null> = useMemo(
    () => (live ? { status: 'success', data: live, error: null } : own),
    [live, own],
  );
  const whatsapp = lead.data?.whatsapp ?? null;
  const sameQuery = useMemo(
    () => (whatsapp ? sameWhatsappQuery(db, whatsapp) : null),
    [db, whatsapp],
  );
  const same = useLiveQuery(sameQuery);
  const others = useMemo(
    () => (same.data ?? []).filter((other) => other.id !== leadId),
    [same.data, leadId],
  );
  return { lead, others, notes, timeline };
}
