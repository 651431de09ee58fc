/**
 * The screening of a new lead against Firestore, run by the leadTimeline trigger when a lead is
 * created (screening.ts decides): a repeat of an earlier application (same WhatsApp number, same
 * job, within 24 h) is merged into it, with a 'reapplied' entry on its timeline, and removed; any
 * other lead gets its verdict, written by the caller with the lead's keys in one batch (one write,
 * so an honest lead costs the same writes and invocations as before), and when held, its status
 * 'suspeito' and a 'held' entry. A lead written by the admin SDK is not screened.
 */
import { Timestamp, type DocumentReference, type Firestore } from 'firebase-admin/firestore';
import { collections, heldStatus } from '@vagas/common';
import {
  burstWindowStart,
  campaignOf,
  isBurst,
  isTrustedWriter,
  repeatedLead,
  trustedVerdict,
  verdictOf,
} from './screening.js';
import { entryId } from './timeline.js';

/** What the trigger knows of the create. */
export interface ScreeningEvent {
  id: string;
  time: string;
  authType?: string;
}

/** A timeline entry to write beside the lead's update. */
export interface PendingEntry {
  id: string;
  data: Record<string, unknown>;
}

/** What became of a new lead: merged into an earlier one (and removed), or screened. */
export type Screening =
  | { kind: 'merged'; into: string }
  | { kind: 'screened'; fields: Record<string, unknown>; entry: PendingEntry | null };

type Data = Record<string, unknown>;

/** A timeline entry the server writes (no admin behind it: 'pelo sistema'). */
function systemEntry(kind: 'held' | 'reapplied', at: Timestamp, to: string | null): Data {
  return {
    kind,
    from: null,
    to,
    excerpt: null,
    at,
    actor_type: 'system',
    actor_uid: null,
    actor_email: null,
  };
}

const asTimestamp = (value: unknown, fallback: string): Timestamp =>
  value instanceof Timestamp ? value : Timestamp.fromDate(new Date(fallback));

/**
 * Merges `ref` into the earlier lead it repeats, if any: the earlier lead's timeline says
 * 'reapplied' at this application's time (one entry per repeat, whatever the redeliveries), and
 * this lead is removed, in one transaction. Returns the earlier lead's id, or null.
 */
async function mergeRepeat(
  db: Firestore,
  ref: DocumentReference,
  data: Data,
  event: ScreeningEvent,
): Promise<string | null> {
  if (typeof data.whatsapp !== 'string') return null;
  const same = await db
    .collection(collections.leads)
    .where('whatsapp', '==', data.whatsapp)
    .select('vaga', 'created_at', 'deleted_at')
    .get();
  const keeperId = repeatedLead(
    { id: ref.id, vaga: data.vaga, created_at: data.created_at, deleted_at: data.deleted_at },
    same.docs.map((d) => ({
      id: d.id,
      vaga: d.get('vaga'),
      created_at: d.get('created_at'),
      deleted_at: d.get('deleted_at') ?? null,
    })),
  );
  if (!keeperId) return null;
  const keeper = db.collection(collections.leads).doc(keeperId);
  return db.runTransaction(async (tx) => {
    const [earlier, self] = await Promise.all([tx.get(keeper), tx.get(ref)]);
    // Trashed or deleted meanwhile: this application stands on its own.
    if (!earlier.exists || (earlier.get('deleted_at') ?? null) !== null) return null;
    if (!self.exists) return keeperId;
    const at = asTimestamp(data.created_at, event.time);
    tx.set(
      keeper.collection(collections.timeline).doc(`reapplied-${ref.id}`),
      systemEntry('reapplied', at, null),
    );
    tx.delete(ref);
    return keeperId;
  });
}

/** Whether `data`'s campaign brought more leads than the burst limit in the window up to it. */
async function inBurst(db: Firestore, data: Data): Promise<boolean> {
  const campaign = campaignOf(data);
  const since = burstWindowStart(data.created_at);
  if (!campaign || !since) return false;
  const snapshot = await db
    .collection(collections.leads)
    .where('source.utm_campaign', '==', campaign)
    .where('created_at', '>=', since)
    .where('created_at', '<=', data.created_at)
    .count()
    .get();
  return isBurst(snapshot.data().count);
}

/** Screens the lead `ref` just created with `data` (as stored). */
export async function screenNewLead(
  db: Firestore,
  ref: DocumentReference,
  data: Data,
  event: ScreeningEvent,
): Promise<Screening> {
  if (isTrustedWriter(event.authType)) {
    return { kind: 'screened', fields: { screening: trustedVerdict.stored }, entry: null };
  }
  const into = await mergeRepeat(db, ref, data, event);
  if (into) return { kind: 'merged', into };
  const verdict = verdictOf(data, await inBurst(db, data));
  const fields: Data = { screening: verdict.stored };
  if (!verdict.held) return { kind: 'screened', fields, entry: null };
  if (data.status !== heldStatus) fields.status = heldStatus;
  const at = Timestamp.fromDate(new Date(event.time));
  const to = verdict.signals.length ? verdict.signals.join(',') : null;
  return {
    kind: 'screened',
    fields,
    entry: { id: entryId(event.id, 0), data: systemEntry('held', at, to) },
  };
}

/**
 * A form's retry rewrites the whole lead, without the verdict (firestore.rules lets it drop it):
 * the verdict it had, to write back; null when nothing was dropped.
 */
export function droppedVerdict(before: Data | undefined, after: Data | undefined): Data | null {
  if (!before || !after || !before.screening || after.screening) return null;
  return { screening: before.screening };
}
