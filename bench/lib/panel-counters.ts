/**
 * The counters of a snapshot's leads, cached beside the snapshot. Recomputing them
 * (`reconcileLeadStats` over every day) pages through every lead: 499–555 s at a million, most of
 * a run's wait before its first open. Its writes are a few hundred documents (`stats/leads` and one
 * `stats_daily` document a day), fixed by the snapshot's leads: the first run saves them, the
 * next ones write them back, plus an empty day for each day since they were saved (no snapshot
 * lead was created after its build).
 */
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { Timestamp, type DocumentData, type Firestore } from 'firebase-admin/firestore';
import { statsAddDays, statsCollections, statsDayKey } from '@vagas/common';
import { dayDocument, reconcileLeadStats } from '../../functions/src/lead-stats-reconcile.ts';
import { emptyDayDelta } from '../../functions/src/lead-stats.ts';

/** A stored value as JSON: timestamps tagged (the counters hold numbers, maps and timestamps). */
type Encoded = null | boolean | number | string | Encoded[] | { [key: string]: Encoded };

interface SavedCounters {
  /** The São Paulo day the counters were computed on (the last day they hold). */
  day: string;
  documents: { path: string; data: Encoded }[];
}

const timestampTag = '__timestamp_ms';

function encode(value: unknown): Encoded {
  if (value instanceof Timestamp) return { [timestampTag]: value.toMillis() };
  if (Array.isArray(value)) return value.map(encode);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, encode(v)]));
  }
  if (value === null || ['boolean', 'number', 'string'].includes(typeof value)) {
    return value as Encoded;
  }
  throw new Error(`The counters hold a value the cache cannot keep: ${String(value)}`);
}

function decode(value: Encoded): unknown {
  if (Array.isArray(value)) return value.map(decode);
  if (value && typeof value === 'object') {
    const ms = value[timestampTag];
    if (typeof ms === 'number') return Timestamp.fromMillis(ms);
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, decode(v)]));
  }
  return value;
}

/** The documents `reconcileLeadStats` writes, as they are now. */
async function counterDocuments(db: Firestore): Promise<SavedCounters['documents']> {
  const [leads, days] = await Promise.all([
    db.collection(statsCollections.stats).doc(statsCollections.leadsStats).get(),
    db.collection(statsCollections.daily).get(),
  ]);
  return [leads, ...days.docs]
    .filter((d) => d.exists)
    .map((d) => ({ path: d.ref.path, data: encode(d.data()) }));
}

async function writeDocuments(db: Firestore, documents: { path: string; data: DocumentData }[]) {
  for (let start = 0; start < documents.length; start += 400) {
    const batch = db.batch();
    for (const { path, data } of documents.slice(start, start + 400)) batch.set(db.doc(path), data);
    await batch.commit();
  }
}

/** The empty days after `saved` up to `today` (both São Paulo day keys). */
function daysAfter(saved: string, today: string): string[] {
  const days: string[] = [];
  for (let day = statsAddDays(saved, 1); day <= today; day = statsAddDays(day, 1)) days.push(day);
  return days;
}

/**
 * Writes the counters of the snapshot's leads: from `file` when a run saved them, else recomputed
 * from the leads and saved to `file`. Run with the triggers paused. Says which it did.
 */
export async function restoreOrReconcileCounters(
  db: Firestore,
  file: string,
): Promise<'restored' | 'recomputed'> {
  const today = statsDayKey(new Date());
  if (existsSync(file)) {
    const saved = JSON.parse(readFileSync(file, 'utf8')) as SavedCounters;
    const documents = saved.documents.map(({ path, data }) => ({
      path,
      data: decode(data) as DocumentData,
    }));
    for (const day of daysAfter(saved.day, today)) {
      documents.push({
        path: `${statsCollections.daily}/${day}`,
        data: dayDocument(day, emptyDayDelta()),
      });
    }
    await writeDocuments(db, documents);
    return 'restored';
  }
  await reconcileLeadStats(db, { days: 'all' });
  const saved: SavedCounters = { day: today, documents: await counterDocuments(db) };
  const building = `${file}.${process.pid}`;
  writeFileSync(building, JSON.stringify(saved));
  renameSync(building, file);
  return 'recomputed';
}
