// The timeline function writes `kind`; the record (web/) reads it and falls back to 'status' for a
// name it does not know. functions/ deploys on its own, so each side keeps its own list: keep the
// two lists equal, name for name, in the same order.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { timelineKinds } from '../src/timeline.js';

/** The string literals of `export const timelineKinds = [ … ] as const` in the web's domain. */
function webTimelineKinds(): string[] {
  const source = readFileSync(
    new URL('../../web/src/domain/lead-record.ts', import.meta.url),
    'utf8',
  );
  const list = /export const timelineKinds = \[([^\]]*)\] as const;/.exec(source);
  if (!list) throw new Error('web/src/domain/lead-record.ts no longer declares timelineKinds');
  return [...list[1]!.matchAll(/'([a-z_]+)'/g)].map((match) => match[1]!);
}

describe('timeline kinds', () => {
  it('are the ones the record reads (web/src/domain/lead-record.ts)', () => {
    expect(webTimelineKinds()).toEqual([...timelineKinds]);
  });

  it('are each named once', () => {
    expect(new Set(timelineKinds).size).toBe(timelineKinds.length);
  });
});
