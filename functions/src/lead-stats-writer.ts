/**
 * Applies one lead event to the counters exactly once. Triggers are delivered at least once (a
 * retry after a timeout, a redelivery) and in no set order, so the increments and a ledger entry
 * `stats_events/{event id}` are written in ONE transaction that first reads the entry: a second
 * delivery of the same event finds it and writes nothing. Order does not matter because every
 * write is an increment (the lead after +1, the lead before -1): increments commute, so any order
 * of deliveries ends at the same counts. A dropped event (never delivered) is what the reconcile
 * (lead-stats-reconcile.ts) corrects. Ledger entries expire after 7 days (a TTL policy on
 * `expire_at`), long after the last retry of an event.
 */
import {
  FieldValue,
  Timestamp,
  type DocumentData,
  type DocumentSnapshot,
  type Firestore,
} from 'firebase-admin/firestore';
import {
  dailyStatsFields as daily,
  leadsStatsFields as leads,
  statsCollections,
  statsDayStart,
} from '@vagas/common';
import {
  activeByJobDelta,
  countedLead,
  countedStatuses,
  dailyStatsDeltas,
  isEmptyLeadsDelta,
  leadsStatsDelta,
  placeCapped,
  placeJobs,
  storable,
  type Counts,
  type DayDelta,
  type JobCounts,
} from './lead-stats.js';

/** How long a ledger entry is kept: far longer than any retry of its event. */
export const ledgerDays = 7;

export type StatsEventOutcome = 'applied' | 'duplicate' | 'unchanged';

export const leadsStatsRef = (db: Firestore) =>
  db.collection(statsCollections.stats).doc(statsCollections.leadsStats);
export const dailyStatsRef = (db: Firestore, day: string) =>
  db.collection(statsCollections.daily).doc(day);

const increments = (counts: Counts) =>
  Object.fromEntries(Object.entries(counts).map(([key, n]) => [key, FieldValue.increment(n)]));

/**
 * `{ [field]: increments }`. When no key changes, nothing: in a merge, an empty map is a value (it
 * would replace the stored map with an empty one), not the absence of changes; except on a
 * document that has no such map yet (read in the same transaction), so readers always find it.
 */
function mapIncrements(field: string, counts: Counts, stored?: DocumentSnapshot) {
  if (Object.keys(counts).length) return { [field]: increments(counts) };
  return stored && stored.get(field) === undefined ? { [field]: {} } : {};
}

/** The keys a day's capped map (`source`, `campaign`) holds now. */
function mapKeys(snapshot: DocumentSnapshot | undefined, field: string): Set<string> {
  const value: unknown = snapshot?.get(field);
  return new Set(value && typeof value === 'object' ? Object.keys(value) : []);
}

/**
 * The merge-write of `active_by_vaga`'s change, as nested increments. Only where the map is
 * known to be whole: the document does not exist yet (nothing counted), or it has the map (a
 * reconcile filled it). A document from before the map came leaves it to the next reconcile, so
 * no job starts counting from the middle of its leads.
 */
export function jobIncrements(delta: JobCounts, stored: DocumentSnapshot): DocumentData {
  const value: unknown = stored.get(leads.activeByVaga);
  if (stored.exists && (value === null || typeof value !== 'object')) return {};
  const placed = placeJobs(new Set(Object.keys(value ?? {})), delta);
  const changes = Object.entries(placed)
    .map(([vaga, counts]) => [vaga, increments(storable(counts))] as const)
    .filter(([, counts]) => Object.keys(counts).length > 0);
  if (changes.length) return { [leads.activeByVaga]: Object.fromEntries(changes) };
  return stored.exists ? {} : { [leads.activeByVaga]: {} };
}

/**
 * The merge-write of one day's delta. Nested objects, never dotted paths: a map key is the raw
 * stored value (spaces, accents, dots) and a dotted string would split it.
 */
export function dayIncrements(
  day: string,
  delta: DayDelta,
  snapshot: DocumentSnapshot | undefined,
): DocumentData {
  const source = placeCapped(mapKeys(snapshot, daily.source), delta.source);
  const campaign = placeCapped(mapKeys(snapshot, daily.campaign), delta.campaign);
  return {
    [daily.day]: day,
    [daily.start]: Timestamp.fromDate(statsDayStart(day)),
    [daily.total]: FieldValue.increment(delta.total),
    ...mapIncrements(daily.vaga, storable(delta.vaga), snapshot),
    ...mapIncrements(daily.cidade, storable(delta.cidade), snapshot),
    ...mapIncrements(daily.status, storable(delta.status), snapshot),
    [daily.sourced]: FieldValue.increment(delta.sourced),
    ...mapIncrements(daily.source, source.counts, snapshot),
    [daily.sourceOther]: FieldValue.increment(source.other),
    [daily.sourceFbclidOnly]: FieldValue.increment(delta.sourceFbclidOnly),
    [daily.sourceNoUtm]: FieldValue.increment(delta.sourceNoUtm),
    ...mapIncrements(daily.campaign, campaign.counts, snapshot),
    [daily.campaignOther]: FieldValue.increment(campaign.other),
  };
}

/**
 * Counts the change `before` -> `after` of one lead, once per `eventId`. A change that moves no
 * counter (most edits: a contact, a note's keys) writes nothing, not even a ledger entry.
 */
export async function applyLeadStatsEvent(
  db: Firestore,
  eventId: string,
  before: DocumentData | undefined,
  after: DocumentData | undefined,
  now: Date = new Date(),
): Promise<StatsEventOutcome> {
  const [was, is] = [countedLead(before), countedLead(after)];
  const leadsDelta = leadsStatsDelta(was, is);
  const jobsDelta = activeByJobDelta(was, is);
  const days = [...dailyStatsDeltas(was, is)];
  if (isEmptyLeadsDelta(leadsDelta) && Object.keys(jobsDelta).length === 0 && days.length === 0) {
    return 'unchanged';
  }

  const ledger = db.collection(statsCollections.events).doc(eventId);
  const dayRefs = days.map(([day]) => dailyStatsRef(db, day));
  return db.runTransaction(async (tx) => {
    // `stats/leads` is read for the jobs its capped map already holds (one read per event).
    const [entry, leadsSnapshot, ...daySnapshots] = await tx.getAll(
      ledger,
      leadsStatsRef(db),
      ...dayRefs,
    );
    if (entry?.exists) return 'duplicate' as const;
    // Every status key written (0 when unchanged), so the panel always finds all of them.
    const active = Object.fromEntries(countedStatuses.map((status) => [status, 0]));
    tx.set(
      leadsStatsRef(db),
      {
        [leads.active]: increments({ ...active, ...storable(leadsDelta.active) }),
        [leads.trashed]: FieldValue.increment(leadsDelta.trashed),
        ...mapIncrements(leads.vagaAllTime, storable(leadsDelta.vagaAllTime)),
        ...jobIncrements(jobsDelta, leadsSnapshot!),
        [leads.updatedAt]: FieldValue.serverTimestamp(),
      },
      { merge: true },
    );
    days.forEach(([day, delta], i) => {
      tx.set(dayRefs[i]!, dayIncrements(day, delta, daySnapshots[i]), { merge: true });
    });
    tx.create(ledger, {
      at: FieldValue.serverTimestamp(),
      expire_at: Timestamp.fromMillis(now.getTime() + ledgerDays * 24 * 60 * 60 * 1000),
    });
    return 'applied' as const;
  });
}
