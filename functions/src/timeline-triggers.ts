/**
 * The timeline's Firestore triggers (with the writes' auth context): every change of a lead and
 * every note written becomes timeline entries naming the admin who made it; a lead deleted for
 * good takes its notes and timeline with it. Retried on failure: entry ids come from the event,
 * so a retry never writes an entry twice.
 */
import type { Auth } from 'firebase-admin/auth';
import type { Firestore } from 'firebase-admin/firestore';
import { onDocumentWrittenWithAuthContext } from 'firebase-functions/firestore';
import { logger } from 'firebase-functions/logger';
import { keepLeadKeys, type AlongWithKeys } from './keep-lead-keys.js';
import { droppedVerdict, screenNewLead } from './lead-screening.js';
import { leadChanges, noteChanges, timelineEntries, type TimelineChange } from './timeline.js';
import { actorResolver, deleteLeadRecord, writeTimeline } from './timeline-writer.js';

/**
 * A bulk change of thousands of leads is thousands of events at once: many run side by side on
 * an instance (they wait on Firestore, not on the CPU), and each is retried until it succeeds.
 */
const triggerOptions = { retry: true, concurrency: 80, cpu: 1, maxInstances: 20 } as const;

interface WriteEvent {
  id: string;
  time: string;
  authType?: string;
  authId?: string;
}

function recorder(db: Firestore, auth: Auth) {
  const resolveActor = actorResolver(async (uid) => (await auth.getUser(uid)).email ?? null);
  return async (event: WriteEvent, leadId: string, changes: TimelineChange[]) => {
    if (changes.length === 0) return;
    const actor = await resolveActor(event.authType, event.authId);
    const entries = timelineEntries(changes, actor, new Date(event.time));
    await writeTimeline(db, leadId, event.id, entries);
  };
}

/**
 * leads/{leadId}: status, trash, restore ('Desfazer' or not), contact and responsible changes; and
 * the lead's search and duplicate keys (keep-lead-keys.ts), kept by the same trigger so a write costs
 * one invocation. The keys' own write changes no field the timeline records: it adds no entry. A
 * new lead is screened first (lead-screening.ts): a repeat is merged into the earlier lead and
 * removed; any other gets its verdict in the same write as its keys.
 */
export function leadTimelineTrigger(db: Firestore, auth: Auth) {
  const record = recorder(db, auth);
  return onDocumentWrittenWithAuthContext(
    { document: 'leads/{leadId}', ...triggerOptions },
    async (event) => {
      const before = event.data?.before;
      const after = event.data?.after;
      const { leadId } = event.params;
      if (before?.exists && !after?.exists) {
        const removed = await deleteLeadRecord(db, leadId);
        logger.info('timeline: lead deleted with its record', { leadId, removed });
        return;
      }
      if (!after?.exists) return;
      if (!before?.exists) {
        const screened = await screenNewLead(db, after.ref, after.data() ?? {}, event);
        if (screened.kind === 'merged') {
          logger.info('screening: a repeat merged into the earlier lead', {
            leadId,
            into: screened.into,
          });
          return;
        }
        await keepLeadKeys(after.ref, after.data(), screened);
        return;
      }
      const dropped = droppedVerdict(before.data(), after.data());
      const along: AlongWithKeys | null = dropped ? { fields: dropped } : null;
      await Promise.all([
        record(event, leadId, leadChanges(before.data(), after.data())),
        keepLeadKeys(after.ref, after.data(), along),
      ]);
    },
  );
}

/** leads/{leadId}/notes/{noteId}: a note added, edited or deleted. */
export function noteTimelineTrigger(db: Firestore, auth: Auth) {
  const record = recorder(db, auth);
  return onDocumentWrittenWithAuthContext(
    { document: 'leads/{leadId}/notes/{noteId}', ...triggerOptions },
    async (event) => {
      const changes = noteChanges(event.data?.before?.data(), event.data?.after?.data());
      await record(event, event.params.leadId, changes);
    },
  );
}
