/**
 * The screening's decisions, as pure functions (lead-screening.ts reads and writes Firestore):
 * which earlier lead a new application repeats, and the verdict on a new lead from its signals
 * (@vagas/common screening.ts) and its campaign's burst. docs/architecture.md, "Screening".
 */
import {
  heldStatus,
  isHeld,
  leadSignals,
  screeningLimits,
  screeningScore,
  type ScreeningSignal,
} from '@vagas/common';

/** A Firestore Timestamp, or anything with toMillis. */
interface TimeLike {
  toMillis(): number;
}

const millisOf = (value: unknown): number | null =>
  value && typeof (value as TimeLike).toMillis === 'function'
    ? (value as TimeLike).toMillis()
    : null;

/**
 * Who wrote a lead, from the event's auth context: the admin SDK (a seed, an import, a migration:
 * the operator's own data) is not screened; a page, a script or a signed-in user is.
 */
export const isTrustedWriter = (authType: string | undefined): boolean =>
  authType === 'service_account' || authType === 'system';

/** A lead as the repeat check sees it. */
export interface StoredApplication {
  id: string;
  vaga: unknown;
  created_at: unknown;
  deleted_at: unknown;
}

const repeatWindowMs = screeningLimits.repeatWindowHours * 3_600_000;

/**
 * The lead `lead` repeats: among `others` (the leads with its WhatsApp number), the earliest one
 * still active for the same job created at most 24 h before it (earlier than it; at the same
 * instant, the smaller id). Null when it is a first application. Two copies arriving together
 * choose the same lead (the earliest), so they can never merge into each other.
 */
export function repeatedLead(
  lead: StoredApplication,
  others: readonly StoredApplication[],
): string | null {
  const at = millisOf(lead.created_at);
  if (at === null) return null;
  let keeper: { id: string; at: number } | null = null;
  for (const other of others) {
    const otherAt = millisOf(other.created_at);
    if (other.id === lead.id || otherAt === null) continue;
    if (other.vaga !== lead.vaga || other.deleted_at !== null) continue;
    const earlier = otherAt < at || (otherAt === at && other.id < lead.id);
    if (!earlier || at - otherAt > repeatWindowMs) continue;
    if (!keeper || otherAt < keeper.at || (otherAt === keeper.at && other.id < keeper.id)) {
      keeper = { id: other.id, at: otherAt };
    }
  }
  return keeper?.id ?? null;
}

/** The verdict on one new lead. */
export interface Verdict {
  /** The signals that counted against it. */
  signals: ScreeningSignal[];
  /** Whether it stays out of the list ('suspeito'): its signals, or its page's own status. */
  held: boolean;
  /** What the lead stores (lead.ts `screening`): the score and each signal that counted. */
  stored: Record<string, number | boolean>;
}

/**
 * The verdict on `lead` (as stored): its own signals, and `burst` when its campaign is in one. A
 * lead its page stored set aside stays so.
 */
export function verdictOf(lead: Record<string, unknown>, burst: boolean): Verdict {
  const signals = leadSignals(lead);
  if (burst) signals.push('burst');
  const score = screeningScore(signals);
  return {
    signals,
    held: isHeld(signals) || lead.status === heldStatus,
    stored: { score: Math.min(score, 100), ...Object.fromEntries(signals.map((s) => [s, true])) },
  };
}

/** The verdict on a lead the admin SDK wrote (not screened). */
export const trustedVerdict: Verdict = { signals: [], held: false, stored: { score: 0 } };

/** The lead's utm_campaign, when its visit had one (a burst is counted per campaign). */
export function campaignOf(lead: Record<string, unknown>): string | null {
  const source = lead.source;
  if (!source || typeof source !== 'object') return null;
  const campaign = (source as Record<string, unknown>).utm_campaign;
  return typeof campaign === 'string' && campaign !== '' ? campaign : null;
}

/** Whether `count` leads of one campaign within the window (this one included) are a burst. */
export const isBurst = (count: number): boolean => count > screeningLimits.burstLimit;

/** Start of the burst window that ends at `createdAt`. */
export function burstWindowStart(createdAt: unknown): Date | null {
  const at = millisOf(createdAt);
  return at === null ? null : new Date(at - screeningLimits.burstWindowMinutes * 60_000);
}
