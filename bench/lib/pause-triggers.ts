/**
 * Runs a bulk seed with the emulator's Firestore triggers unregistered, then registers them again
 * as they were. In production the functions run on Google's servers; here 100,000 seeded leads
 * would queue 100,000 deliveries to the Functions emulator on the same 2 cores as the browser
 * being measured. The seeds write the keys the trigger would (common/src/lead-keys.ts).
 */
import type { LocalSuite } from '../../scripts/lib/local-suite.mjs';

interface Described {
  key: string;
  api: 'v1' | 'v2';
  registration: unknown;
}

/** Registers `triggers` again, as GET /triggers described them. */
async function register(base: string, triggers: readonly Described[]) {
  for (const { key, api, registration } of triggers) {
    const url =
      api === 'v2'
        ? `${base}/eventarcTrigger?eventarcTriggerId=${encodeURIComponent(key)}`
        : `${base}/triggers/${encodeURIComponent(key)}`;
    const response = await fetch(url, {
      method: api === 'v2' ? 'POST' : 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(registration),
    });
    if (!response.ok) throw new Error(`re-registering ${key}: HTTP ${response.status}`);
  }
}

export async function withoutTriggers<T>(suite: LocalSuite, seed: () => Promise<T>): Promise<T> {
  const base = `http://${suite.firestore.host}:${suite.firestore.port}/emulator/v1/projects/${suite.projectId}`;
  // The suite registers missing triggers again every second (scripts/lib/trigger-sync.mjs): paused,
  // or the seed's later writes would queue thousands of runs that the benches then measured beside.
  await suite.triggerSync?.pause();
  const listed = (await (await fetch(`${base}/triggers`)).json()) as { triggers: Described[] };
  await fetch(`${base}/triggers`, { method: 'DELETE' });
  try {
    return await seed();
  } finally {
    await register(base, listed.triggers);
    suite.triggerSync?.resume();
  }
}
