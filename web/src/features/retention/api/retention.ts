/** The retention callables (functions/src/retention.ts): read, save, apply now. */
import { httpsCallable } from 'firebase/functions';
import { functions } from '@/lib/firebase/functions';

export interface AuditEntry {
  kind: 'retention' | 'candidate-erasure' | string;
  at: string | null;
  by: string;
  deleted: number;
  trashDays: number | null;
}

export interface RetentionState {
  trashDays: number | null;
  audit: AuditEntry[];
}

export async function loadRetention(): Promise<RetentionState> {
  return (await httpsCallable<null, RetentionState>(functions, 'getRetention')(null)).data;
}

export async function saveRetention(trashDays: number | null): Promise<void> {
  await httpsCallable(functions, 'saveRetention')({ trashDays });
}

export async function applyRetentionNow(): Promise<{ deleted: number; trashDays: number | null }> {
  return (
    await httpsCallable<null, { deleted: number; trashDays: number | null }>(
      functions,
      'applyRetentionNow',
    )(null)
  ).data;
}
