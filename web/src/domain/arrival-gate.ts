/**
 * Which arrivals the panel announces (the chime, the desktop notification, 'Recém-chegado' and the
 * title's count), and when: a new lead shows in the list at once, but is announced only once the
 * screening's verdict says it stays (screening.ts `arrivalVerdict`), so a lead set aside, or a
 * repeat merged into an earlier lead (deleted before it has a verdict), is never announced, nor
 * is a held lead once released. After `verdictWaitMs` without a verdict a page's application is
 * announced anyway (not a script's: screening.ts `mayAnnounceUnscreened`). Each lead at most once. Plain
 * TypeScript: the panel's hook holds one, and bench/abuse.ts counts with the same rules.
 */
import { heldStatus } from '@vagas/common';
import type { Lead } from './lead';
import { arrivalVerdict, mayAnnounceUnscreened, verdictWaitMs } from './screening';

/** What one event of the arrivals' listener means for the panel. */
export interface GateOutcome {
  /** Leads to announce now (each once). */
  announce: Lead[];
  /** A lead entered or left 'Suspeitos' (set aside, released): the held count is stale. */
  heldChanged: boolean;
}

export class ArrivalGate {
  private readonly waiting = new Map<string, { lead: Lead; since: number }>();
  private readonly announced = new Set<string>();
  private readonly statuses = new Map<string, string>();

  constructor(private readonly waitMs: number = verdictWaitMs) {}

  /** Leads that entered the arrivals' list at `now` (ms). */
  arrived(leads: readonly Lead[], now: number): GateOutcome {
    return this.consider(leads, now);
  }

  /** Leads of the list that changed (the verdict written, set aside, released). */
  changed(leads: readonly Lead[], now: number): GateOutcome {
    return this.consider(leads, now);
  }

  /** Leads that left the list (trashed, deleted: a merged repeat). */
  gone(ids: readonly string[]): void {
    for (const id of ids) {
      this.waiting.delete(id);
      this.statuses.delete(id);
    }
  }

  /**
   * Leads still without a verdict `waitMs` after they arrived: announced anyway, unless what they
   * carry sets them aside by itself (those wait for their verdict).
   */
  overdue(now: number): Lead[] {
    const late: Lead[] = [];
    for (const [id, { lead, since }] of this.waiting) {
      if (now - since < this.waitMs || !mayAnnounceUnscreened(lead)) continue;
      this.waiting.delete(id);
      this.announced.add(id);
      late.push(lead);
    }
    return late;
  }

  /** Whether any lead still waits for its verdict. */
  get pending(): boolean {
    return this.waiting.size > 0;
  }

  private consider(leads: readonly Lead[], now: number): GateOutcome {
    const announce: Lead[] = [];
    let heldChanged = false;
    for (const lead of leads) {
      const verdict = arrivalVerdict(lead);
      const held = verdict === 'held';
      const previous = this.statuses.get(lead.id);
      if (held !== (previous === heldStatus) && (held || previous !== undefined)) {
        heldChanged = true;
      }
      this.statuses.set(lead.id, lead.status);
      if (this.announced.has(lead.id)) continue;
      if (verdict === 'pending') {
        this.waiting.set(lead.id, { lead, since: this.waiting.get(lead.id)?.since ?? now });
        continue;
      }
      // Announced now, or never: a lead set aside is not announced when an admin releases it.
      this.waiting.delete(lead.id);
      this.announced.add(lead.id);
      if (verdict === 'announce') announce.push(lead);
    }
    return { announce, heldChanged };
  }
}
