/**
 * Runs a bulk seed with the suite's background functions switched off through its Emulator Hub
 * (scripts/lib/background-triggers.mjs), then on again. In production the functions run on Google's
 * servers; here 100,000 seeded leads would queue 100,000 deliveries to the Functions emulator on
 * the same 2 cores as the browser being measured. The seeds write the keys the trigger would
 * (common/src/lead-keys.ts).
 */
import { withoutBackgroundTriggers } from '../../scripts/lib/background-triggers.mjs';
import type { LocalSuite } from '../../scripts/lib/local-suite.mjs';

export function withoutTriggers<T>(suite: LocalSuite, seed: () => Promise<T>): Promise<T> {
  return withoutBackgroundTriggers(suite.hub, seed);
}
