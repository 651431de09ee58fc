/**
 * The screening of new applications: the signals that count against a lead, what each weighs, and
 * when a lead is set aside ('suspeito') instead of joining the list. The forms and firestore.rules
 * apply the signals a lead carries from its page (a filled honeypot, a DDD not in use: set aside
 * at write time); the `leadTimeline` function scores every new lead with all of them (adding a
 * campaign's burst) and writes its verdict. Nothing here refuses a lead: at worst it waits in
 * 'Suspeitos' until an admin releases it. docs/architecture.md, "Screening", says why each choice.
 */
import { hasKnownDdd } from './phone.js';

/** The status of a lead set aside: not in the list, not counted, chimed nor notified. */
export const heldStatus = 'suspeito';
export type HeldStatus = typeof heldStatus;

export const screeningLimits = {
  /** A form sent sooner than this after it could first be filled (seconds) was filled fast. */
  minFillSeconds: 3,
  /** The form reports at most this (a tab left open for a day says one hour). */
  maxFillSeconds: 3600,
  /** The longest honeypot text kept (what a bot typed into it). */
  honeypotMaxLength: 200,
  /** More than `burstLimit` leads of one utm_campaign within `burstWindowMinutes`: a burst. */
  burstWindowMinutes: 5,
  burstLimit: 40,
  /** The same WhatsApp number for the same job this soon after a lead is the same application. */
  repeatWindowHours: 24,
  /** A lead whose signals weigh this much or more is set aside. */
  holdScore: 2,
} as const;

/**
 * What can count against a lead: the honeypot filled, a DDD not in use, no signals at all (the
 * page always sends them: a script, or a page older than the screening), filled too fast, part of
 * a campaign's burst.
 */
export const screeningSignals = [
  'honeypot',
  'unknown_ddd',
  'no_signals',
  'fast_fill',
  'burst',
] as const;
export type ScreeningSignal = (typeof screeningSignals)[number];

/**
 * What each signal weighs. The first three set a lead aside alone; a fast fill (a password
 * manager, a restored draft, a test harness) or a busy campaign alone do not, both together do.
 */
export const signalWeights: Readonly<Record<ScreeningSignal, number>> = {
  honeypot: 2,
  unknown_ddd: 2,
  no_signals: 2,
  fast_fill: 1,
  burst: 1,
};

/** The fields of a stored lead the signals are read from. */
export interface ScreenedFields {
  whatsapp?: unknown;
  honeypot?: unknown;
  fill_seconds?: unknown;
}

/** The honeypot holds something (a person never sees it, so never fills it). */
export const honeypotFilled = (value: unknown): boolean =>
  typeof value === 'string' && value !== '';

/**
 * The signals the page and the rules can tell at write time: a lead showing any of them is stored
 * set aside (the rules refuse it as 'novo').
 */
export function writeTimeSignals(lead: ScreenedFields): ScreeningSignal[] {
  const signals: ScreeningSignal[] = [];
  if (honeypotFilled(lead.honeypot)) signals.push('honeypot');
  if (typeof lead.whatsapp === 'string' && !hasKnownDdd(lead.whatsapp)) signals.push('unknown_ddd');
  return signals;
}

/** Every signal a lead shows by itself (the burst is the function's, from the other leads). */
export function leadSignals(lead: ScreenedFields): ScreeningSignal[] {
  const signals = writeTimeSignals(lead);
  if (!('honeypot' in lead) && !('fill_seconds' in lead)) signals.push('no_signals');
  if (typeof lead.fill_seconds === 'number' && lead.fill_seconds < screeningLimits.minFillSeconds) {
    signals.push('fast_fill');
  }
  return signals;
}

/** What `signals` weigh together. */
export function screeningScore(signals: readonly ScreeningSignal[]): number {
  return signals.reduce((sum, signal) => sum + signalWeights[signal], 0);
}

/** Whether a lead with `signals` is set aside. */
export const isHeld = (signals: readonly ScreeningSignal[]): boolean =>
  screeningScore(signals) >= screeningLimits.holdScore;
