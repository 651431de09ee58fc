/** The committed console build (console-dist/) matches console/ sources, and is one JS and one CSS file. */
import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { consoleSourceHash } from '../console/build-hash.js';

const dist = new URL('../console-dist/', import.meta.url);

describe('console-dist', () => {
  it('was built from the current console sources (else run `npm run build:console -w emulator`)', () => {
    const recorded = readFileSync(new URL('source-hash.txt', dist), 'utf8').trim();
    expect(
      recorded,
      'console-dist is stale: run `npm run build:console -w emulator` and commit it',
    ).toBe(consoleSourceHash());
  });

  it('holds index.html with one script and one stylesheet under /console/assets', () => {
    const assets = readdirSync(new URL('assets/', dist)).sort();
    expect(assets.filter((f) => f.endsWith('.js'))).toHaveLength(1);
    expect(assets.filter((f) => f.endsWith('.css'))).toHaveLength(1);
    expect(assets).toHaveLength(2);
    const html = readFileSync(new URL('index.html', dist), 'utf8');
    for (const f of assets) expect(html).toContain(`/console/assets/${f}`);
  });
});
