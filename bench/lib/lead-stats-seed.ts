/**
 * The lead statistics of a bench's seed, written as the functions keep them (`stats/leads` and one
 * `stats_daily/{day}` per São Paulo day: web/src/data/stats-documents.ts reads them). The
 * Relatórios bench seeds with no function running (or the triggers paused), so nothing else would
 * write them: each seeded lead is tallied here as it is written, and the documents are written
 * once the seed is done, exact, as a reconcile would leave them.
 */
import type { Firestore, Timestamp } from 'firebase-admin/firestore';
import { statsCollections, statsDayKey, statsDayStart } from '@vagas/common';

/** Most distinct keys of a day's `source` and `campaign` maps; later ones count as `_other`. */
const mapKeyCap = 500;

/** What the tally reads of a lead (the stored fields). */
export interface TalliedLead {
  status: string;
  vaga: string;
  cidade?: string;
  created_at: Timestamp;
  deleted_at: Timestamp | null;
  source?: { utm_source?: string; utm_campaign?: string; fbclid?: boolean };
}

type Counts = Record<string, number>;

interface DayTally {
  total: number;
  vaga: Counts;
  cidade: Counts;
  status: Counts;
  sourced: number;
  source: Counts;
  source_fbclid_only: number;
  source_no_utm: number;
  source_other: number;
  campaign: Counts;
  campaign_other: number;
}

const add = (counts: Counts, key: string) => {
  counts[key] = (counts[key] ?? 0) + 1;
};

/** Adds one under `key`, or to the day's `_other` once the map holds `mapKeyCap` other keys. */
const addCapped = (counts: Counts, key: string): boolean => {
  if (!(key in counts) && Object.keys(counts).length >= mapKeyCap) return false;
  add(counts, key);
  return true;
};

export class LeadStatsTally {
  private readonly active: Counts = {
    novo: 0,
    principal: 0,
    separado: 0,
    descartado: 0,
    suspeito: 0,
  };
  private trashed = 0;
  private readonly vagaAllTime: Counts = {};
  private readonly days = new Map<string, DayTally>();

  add(lead: TalliedLead): void {
    if (lead.deleted_at) this.trashed += 1;
    else add(this.active, lead.status);
    add(this.vagaAllTime, lead.vaga);
    const key = statsDayKey(lead.created_at.toDate());
    let day = this.days.get(key);
    if (!day) {
      day = {
        total: 0,
        vaga: {},
        cidade: {},
        status: {},
        sourced: 0,
        source: {},
        source_fbclid_only: 0,
        source_no_utm: 0,
        source_other: 0,
        campaign: {},
        campaign_other: 0,
      };
      this.days.set(key, day);
    }
    day.total += 1;
    add(day.vaga, lead.vaga);
    if (lead.cidade) add(day.cidade, lead.cidade);
    add(day.status, lead.status);
    const source = lead.source;
    if (!source || typeof source !== 'object') return;
    day.sourced += 1;
    if (source.utm_source) {
      if (!addCapped(day.source, source.utm_source)) day.source_other += 1;
    } else if (source.fbclid === true) day.source_fbclid_only += 1;
    else day.source_no_utm += 1;
    if (source.utm_campaign && !addCapped(day.campaign, source.utm_campaign)) {
      day.campaign_other += 1;
    }
  }

  /** Writes `stats/leads` and every day's document (500 per batch). */
  async write(db: Firestore): Promise<void> {
    const { FieldValue, Timestamp } = await import('firebase-admin/firestore');
    await db.collection(statsCollections.stats).doc(statsCollections.leadsStats).set({
      active: this.active,
      trashed: this.trashed,
      vaga_all_time: this.vagaAllTime,
      updated_at: FieldValue.serverTimestamp(),
      reconciled_at: FieldValue.serverTimestamp(),
    });
    const entries = [...this.days];
    for (let start = 0; start < entries.length; start += 500) {
      const batch = db.batch();
      for (const [key, day] of entries.slice(start, start + 500)) {
        batch.set(db.collection(statsCollections.daily).doc(key), {
          day: key,
          start: Timestamp.fromDate(statsDayStart(key)),
          ...day,
        });
      }
      await batch.commit();
    }
  }
}
