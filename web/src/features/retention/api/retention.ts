/** The retention callables (functions/src/retention.ts): read with what is due, save, apply now. */
import { httpsCallable } from 'firebase/functions';
import { functions } from '@/lib/firebase/functions';

/** The setting, and what 'Aplicar agora' would delete now. */
export interface RetentionState {
  trashDays: number | null;
  /** The moment the count is from (ISO); null when retention is off. */
  cutoff: string | null;
  /** Leads in the trash since before `cutoff`. */
  due: number;
}

export async function loadRetention(): Promise<RetentionState> {
  return (await httpsCallable<null, RetentionState>(functions, 'getRetention')(null)).data;
}

export async function saveRetention(trashDays: number | null): Promise<void> {
  await httpsCallable(functions, 'saveRetention')({ trashDays });
}

/** Deletes for good the leads trashed before `cutoff` (what the confirmation counted). */
export async function applyRetentionNow(
  cutoff: string,
): Promise<{ deleted: number; trashDays: number | null }> {
  return (
    await httpsCallable<{ cutoff: string }, { deleted: number; trashDays: number | null }>(
      functions,
      'applyRetentionNow',
    )({ cutoff })
  ).data;
}
