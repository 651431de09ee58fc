// functions/ deploys on its own, so it keeps its own copy of the region: keep it in step.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { functionsConfig } from '../src/config.js';

describe('functions config', () => {
  it('uses the region the web app calls (web/src/config/app-config.json)', () => {
    const web = JSON.parse(
      readFileSync(new URL('../../web/src/config/app-config.json', import.meta.url), 'utf8'),
    ) as { functionsRegion: string };
    expect(functionsConfig.region).toBe(web.functionsRegion);
  });
});
