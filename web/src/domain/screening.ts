/**
 * The screening as the web app sees it (@vagas/common screening.ts has the signals and weights):
 * the status a page stores an application with, what the panel does with an arrival before and
 * after the server's verdict, and how the signals read in Portuguese (the Suspeitos view, the
 * record's timeline). docs/architecture.md, "Screening".
 */
import {
  heldStatus,
  isHeld,
  leadSignals,
  screeningLimits,
  screeningSignals,
  writeTimeSignals,
  type ScreeningSignal,
  type ScreenedFields,
} from '@vagas/common';
import type { Lead, LeadStatus } from './lead';

/** What each signal means, as an admin reads it (docs/product.md, "Suspeitos"). */
export const signalLabels: Readonly<Record<ScreeningSignal, string>> = {
  honeypot: 'campo oculto preenchido',
  unknown_ddd: 'DDD inexistente',
  no_signals: 'enviada sem o formulário',
  fast_fill: `preenchida em menos de ${screeningLimits.minFillSeconds} s`,
  burst: 'rajada da mesma campanha',
};

const isSignal = (name: string): name is ScreeningSignal =>
  (screeningSignals as readonly string[]).includes(name);

/** The signals a verdict names, in the list's order. */
export function signalsOf(screening: Lead['screening']): ScreeningSignal[] {
  if (!screening) return [];
  return screeningSignals.filter((signal) => screening[signal] === true);
}

/** Signal names (a list, or the timeline's comma-separated text) as an admin reads them. */
export function describeSignals(signals: readonly string[] | string | null): string {
  const names = typeof signals === 'string' ? signals.split(',') : (signals ?? []);
  return names
    .filter(isSignal)
    .map((signal) => signalLabels[signal])
    .join(', ');
}

/**
 * The status a page stores a new application with: set aside when what it sends is doubtful by
 * itself (firestore.rules refuses such a lead as 'novo'); 'novo' otherwise, the verdict on the
 * rest being the server's.
 */
export function statusOnArrival(lead: ScreenedFields): LeadStatus | typeof heldStatus {
  return writeTimeSignals(lead).length > 0 ? heldStatus : 'novo';
}

/**
 * What the panel does with a lead that has just arrived: wait for the server's verdict
 * ('pending'), announce it (the chime, the notification, 'Recém-chegado'), or never announce it:
 * set aside (or released after being set aside). A lead merged into an earlier one is deleted
 * while pending, and never announced.
 */
export type ArrivalVerdict = 'pending' | 'announce' | 'held';

export function arrivalVerdict(lead: Pick<Lead, 'status' | 'screening'>): ArrivalVerdict {
  if (lead.status === heldStatus) return 'held';
  if (!lead.screening) return 'pending';
  // Set aside once, then released by an admin: their release is no arrival to announce.
  return lead.screening.score >= screeningLimits.holdScore ? 'held' : 'announce';
}

/**
 * After this long without a verdict an arrival is announced anyway, if what it carries does not
 * set it aside by itself (`mayAnnounceUnscreened`): with the functions down or behind, the panel
 * still chimes for a page's application (and the list showed it at once regardless).
 */
export const verdictWaitMs = 15_000;

/**
 * Whether a lead still without a verdict may be announced after the wait: not when its own
 * signals would set it aside (no signals at all: a script's write; a honeypot filled), so a flood
 * that keeps the functions busy is not announced for want of a verdict.
 */
export function mayAnnounceUnscreened(lead: Lead): boolean {
  return !isHeld(leadSignals(lead));
}
