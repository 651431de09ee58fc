/**
 * Runs a bulk seed with the suite's background functions switched off through its Emulator Hub
 * (scripts/lib/background-triggers.mjs), then on again. In production the functions run on Google's
 * servers; here 100,000 seeded leads would queue 100,000 deliveries to the Functions emulator on
 * the same 2 cores as the browser being measured. The seeds write the keys the trigger would
 * (common/src/lead-keys.ts), and the counters the leadStats trigger would keep are recomputed
 * from the leads after the seed (the reconcile), so the panel opens on exact counts. Switching
 * the triggers back on makes firebase-tools reload the functions and drop their warm workers:
 * the admin callables are booted again, or the next panel open would time a cold start.
 */
import type { Firestore } from 'firebase-admin/firestore';
import { withoutBackgroundTriggers } from '../../scripts/lib/background-triggers.mjs';
import type { LocalSuite } from '../../scripts/lib/local-suite.mjs';
import { reconcileLeadStats } from '../../functions/src/lead-stats-reconcile.ts';
import { warmAdminCallables } from './warm-callables.ts';

export async function withoutTriggers<T>(
  suite: LocalSuite,
  db: Firestore,
  seed: () => Promise<T>,
): Promise<T> {
  const seeded = await withoutBackgroundTriggers(suite.hub, async () => {
    const seeded = await seed();
    await reconcileLeadStats(db, { days: 'all' });
    return seeded;
  });
  await warmAdminCallables(suite);
  return seeded;
}
