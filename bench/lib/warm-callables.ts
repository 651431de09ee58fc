/**
 * Boots the Functions emulator's workers for the admin callables (seconds on a busy machine).
 * The panel's first rows wait for `isCurrentUserAdmin`'s answer, so a cold worker would be timed
 * as part of the open. firebase-tools drops its workers whenever it reloads the functions, which
 * it does when background triggers are switched back on after a seed (lib/pause-triggers.ts).
 */
import { readFileSync } from 'node:fs';
import type { LocalSuite } from '../../scripts/lib/local-suite.mjs';

export async function warmAdminCallables(suite: LocalSuite): Promise<void> {
  if (!suite.functions) return;
  const functionsBase = `http://${suite.functions.host}:${suite.functions.port}/${suite.projectId}`;
  const region = JSON.parse(
    readFileSync(new URL('../../web/src/config/app-config.json', import.meta.url), 'utf8'),
  ).functionsRegion;
  await Promise.all(
    ['linkAdminUser', 'isCurrentUserAdmin'].map((name) =>
      fetch(`${functionsBase}/${region}/${name}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ data: null }),
      }).catch(() => undefined),
    ),
  );
}
