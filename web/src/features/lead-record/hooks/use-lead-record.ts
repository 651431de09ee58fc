/** Everything the record shows, live: the lead, its other applications, notes and timeline. */
import { useMemo } from 'react';
import { useFirestore } from 'reactfire';
import { notesQuery, recordLeadRef, sameWhatsappQuery, timelineQuery } from '@/data/lead-record';
import { useLiveDocument, useLiveQuery, type LiveState } from '@/data/live';
import type { LeadNote, RecordLead, TimelineEntry } from '@/domain/lead-record';

export interface LeadRecordData {
  lead: LiveState<RecordLead | null>;
  /** Other leads with the same WhatsApp (this one left out); empty until the lead is known. */
  others: RecordLead[];
  notes: LiveState<LeadNote[]>;
  timeline: LiveState<TimelineEntry[]>;
}

/** `knownWhatsapp`: the lead's number when the caller already knows it (its other applications load at once). */
export function useLeadRecord(leadId: string, knownWhatsapp?: string): LeadRecordData {
  const db = useFirestore();
  const ref = useMemo(() => recordLeadRef(db, leadId), [db, leadId]);
  const lead = useLiveDocument(ref);
  const whatsapp = lead.data?.whatsapp ?? knownWhatsapp ?? null;
  const sameQuery = useMemo(
    () => (whatsapp ? sameWhatsappQuery(db, whatsapp) : null),
    [db, whatsapp],
  );
  const same = useLiveQuery(sameQuery);
  const others = useMemo(
    () => (same.data ?? []).filter((other) => other.id !== leadId),
    [same.data, leadId],
  );
  const notes = useLiveQuery(useMemo(() => notesQuery(db, leadId), [db, leadId]));
  const timeline = useLiveQuery(useMemo(() => timelineQuery(db, leadId), [db, leadId]));
  return { lead, others, notes, timeline };
}
