/**
 * The lead statistics the Cloud Functions keep exact as leads are written (`stats/leads`, and one
 * `stats_daily/{YYYY-MM-DD}` per São Paulo day of `created_at`): the panel's counters and
 * Relatórios read these few documents instead of counting leads, which Firestore bills a read per
 * 1,000 counted on every open. Only the functions write them; admins read them. Read leniently: a
 * missing or malformed number counts 0, so a half-written deployment shows zeros, not a crash.
 */
import {
  collection,
  doc,
  documentId,
  getDoc,
  getDocs,
  query,
  where,
  type DocumentData,
  type DocumentReference,
  type Firestore,
  type Query,
} from 'firebase/firestore';
import { leadsStatsFields, statsCollections } from '@vagas/common';

/** Every status a stored lead can have, the screening's hold included. */
export const statsStatuses = ['novo', 'principal', 'separado', 'descartado', 'suspeito'] as const;
export type StatsStatus = (typeof statsStatuses)[number];

/** `stats/leads`: the whole collection's counts. */
export interface LeadStats {
  /** Leads not in the trash, by status. */
  active: Record<StatsStatus, number>;
  /** Leads in the trash (the Lixeira). */
  trashed: number;
  /** Every stored lead, trashed included, by `vaga`. */
  vagaAllTime: ReadonlyMap<string, number>;
  /**
   * Leads not in the trash by `vaga` and status, for the jobs the functions count (a job missing:
   * not counted there, count it otherwise; a job there is exact, its missing statuses 0). Null
   * while the document has no such map (written before it came, no reconcile since).
   */
  activeByVaga: ReadonlyMap<string, Record<StatsStatus, number>> | null;
}

/** `stats_daily/{day}`: the leads created that São Paulo day, trashed included. */
export interface DailyStats {
  /** 'YYYY-MM-DD', the document's id. */
  day: string;
  total: number;
  vaga: ReadonlyMap<string, number>;
  cidade: ReadonlyMap<string, number>;
  status: ReadonlyMap<string, number>;
  /** Leads that carry a visit source. */
  sourced: number;
  /** Sourced leads by utm_source, up to the document's cap of distinct keys. */
  source: ReadonlyMap<string, number>;
  /** Sourced leads without utm_source that came from a Meta ad (fbclid). */
  sourceFbclidOnly: number;
  /** Sourced leads with neither. */
  sourceNoUtm: number;
  /** Sourced leads whose utm_source came after the cap. */
  sourceOther: number;
  campaign: ReadonlyMap<string, number>;
  campaignOther: number;
}

const countOf = (value: unknown): number =>
  typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : 0;

/** A map of counts by raw stored value (keys may hold spaces, dots, accents). */
function countsOf(value: unknown): ReadonlyMap<string, number> {
  if (!value || typeof value !== 'object') return new Map();
  return new Map(
    Object.entries(value as Record<string, unknown>)
      .map(([key, count]) => [key, countOf(count)] as const)
      .filter(([, count]) => count > 0),
  );
}

function byStatus(value: unknown): Record<StatsStatus, number> {
  const counts = countsOf(value);
  return Object.fromEntries(statsStatuses.map((s) => [s, counts.get(s) ?? 0])) as Record<
    StatsStatus,
    number
  >;
}

/** Each job's counts by status; a job whose value is not a map is left out (counted otherwise). */
function jobsOf(value: unknown): LeadStats['activeByVaga'] {
  if (!value || typeof value !== 'object') return null;
  return new Map(
    Object.entries(value as Record<string, unknown>)
      .filter(([, counts]) => counts !== null && typeof counts === 'object')
      .map(([vaga, counts]) => [vaga, byStatus(counts)] as const),
  );
}

export function parseLeadStats(data: DocumentData): LeadStats {
  return {
    active: byStatus(data.active),
    trashed: countOf(data.trashed),
    vagaAllTime: countsOf(data.vaga_all_time),
    activeByVaga: jobsOf(data[leadsStatsFields.activeByVaga]),
  };
}

export function parseDailyStats(day: string, data: DocumentData): DailyStats {
  return {
    day,
    total: countOf(data.total),
    vaga: countsOf(data.vaga),
    cidade: countsOf(data.cidade),
    status: countsOf(data.status),
    sourced: countOf(data.sourced),
    source: countsOf(data.source),
    sourceFbclidOnly: countOf(data.source_fbclid_only),
    sourceNoUtm: countOf(data.source_no_utm),
    sourceOther: countOf(data.source_other),
    campaign: countsOf(data.campaign),
    campaignOther: countOf(data.campaign_other),
  };
}

/** `stats/leads`, as raw data (the live hook and the report parse it). */
export function leadStatsRef(db: Firestore): DocumentReference<DocumentData> {
  return doc(db, statsCollections.stats, statsCollections.leadsStats);
}

/** The day documents from `firstDay` to `lastDay` ('YYYY-MM-DD', both included), by id. */
export function dailyStatsQuery(db: Firestore, firstDay: string, lastDay: string): Query {
  return query(
    collection(db, statsCollections.daily),
    where(documentId(), '>=', firstDay),
    where(documentId(), '<=', lastDay),
  );
}

/** `stats/leads` read once; null while it does not exist (no trigger has run, no reconcile yet). */
export async function readLeadStats(db: Firestore): Promise<LeadStats | null> {
  const snapshot = await getDoc(leadStatsRef(db));
  const data = snapshot.data();
  return data ? parseLeadStats(data) : null;
}

/**
 * The days of a period that have leads (a day without one has no document). Firestore bills one
 * read per document, and one for a query that finds none.
 */
export async function readDailyStats(
  db: Firestore,
  firstDay: string,
  lastDay: string,
): Promise<{ days: DailyStats[]; reads: number }> {
  const snapshot = await getDocs(dailyStatsQuery(db, firstDay, lastDay));
  return {
    days: snapshot.docs.map((d) => parseDailyStats(d.id, d.data())),
    reads: Math.max(1, snapshot.size),
  };
}
