/**
 * Every write of the panel goes through `panelWrite`:
 * - bounded in time, so a lost connection ends in an error toast, never in a spinner (the SDK
 *   would otherwise wait forever);
 * - tracked until the server has it. The SDK keeps the panel's writes in memory only, and shows
 *   them at once: a page closed or reloaded before they reach the server loses them without a
 *   word. While one is on its way, leaving the panel asks first (`hasUnacknowledgedWrites`, read
 *   by app/admin-panel on `beforeunload`).
 */
import { waitForPendingWrites, type Firestore } from 'firebase/firestore';
import { withTimeout } from '@/domain/timeout';

/** A panel write that has not been acknowledged after this long fails. */
export const panelWriteTimeoutMs = 15_000;

let latest = 0;
let unacknowledged = false;

/** `write` (just started on `db`), bounded in time and tracked until the server has it. */
export function panelWrite<T>(db: Firestore, write: Promise<T>, what: string): Promise<T> {
  // Asked after the write was queued, so the wait covers it; an older wait that ends later than a
  // newer write began does not clear the flag.
  const mine = ++latest;
  unacknowledged = true;
  const settled = () => {
    if (latest === mine) unacknowledged = false;
  };
  waitForPendingWrites(db).then(settled, settled);
  return withTimeout(write, panelWriteTimeoutMs, what);
}

/** Whether a write of this page has not reached the server yet. */
export function hasUnacknowledgedWrites(): boolean {
  return unacknowledged;
}
