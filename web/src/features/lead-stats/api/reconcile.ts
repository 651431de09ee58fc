/**
 * The `reconcileLeadStats` callable (admins only): the functions recount `stats/leads` and the
 * last days' `stats_daily` documents from the leads themselves, fix what differed, and say what.
 */
import { FirebaseError } from 'firebase/app';
import { httpsCallable } from 'firebase/functions';
import { readableMessage } from '@/components/toast';
import { functions } from '@/lib/firebase/functions';

export interface ReconcileResult {
  /**
   * Each counter that was wrong ('trashed', 'active.novo', 'vaga_all_time.<job>',
   * 'active_by_vaga.<job>.<status>'): before, after.
   */
  corrected: Record<string, { was: unknown; now: unknown }>;
  /** São Paulo days whose documents were rebuilt. */
  days: number;
  /** The days whose document was wrong, when the functions say. */
  daysCorrected?: string[];
}

const reconcileCallable = httpsCallable<{ days?: number }, ReconcileResult>(
  functions,
  'reconcileLeadStats',
);

export async function reconcileLeadStats(): Promise<ReconcileResult> {
  return (await reconcileCallable({})).data;
}

/** The functions' refusals that carry a message meant for the admin. */
const refusals = new Set([
  'functions/permission-denied',
  'functions/unauthenticated',
  'functions/failed-precondition',
  'functions/invalid-argument',
]);

/** The refusal's own message, or null (anything else: try again). */
export function refusalMessage(error: unknown): string | null {
  return error instanceof FirebaseError && refusals.has(error.code) && error.message
    ? readableMessage(error.message)
    : null;
}
