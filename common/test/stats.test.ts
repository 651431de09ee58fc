import { describe, expect, test } from 'vitest';
import { statsCollections, statsDayKey, statsDayStart } from '../src/stats.js';

describe('São Paulo days', () => {
  test('a day runs from 03:00 UTC to 03:00 UTC the next day', () => {
    expect(statsDayKey(new Date('2026-03-01T02:59:59.999Z'))).toBe('2026-02-28');
    expect(statsDayKey(new Date('2026-03-01T03:00:00.000Z'))).toBe('2026-03-01');
    expect(statsDayKey(new Date('2026-12-31T23:30:00.000Z'))).toBe('2026-12-31');
  });

  test("a day's start is its key's first instant, and every instant of it keys back to it", () => {
    const start = statsDayStart('2026-01-01');
    expect(start.toISOString()).toBe('2026-01-01T03:00:00.000Z');
    expect(statsDayKey(start)).toBe('2026-01-01');
    expect(statsDayKey(new Date(start.getTime() - 1))).toBe('2025-12-31');
    expect(statsDayStart('2024-02-29').toISOString()).toBe('2024-02-29T03:00:00.000Z');
  });

  test('a malformed key is refused', () => {
    expect(() => statsDayStart('2026-1-1')).toThrow(/YYYY-MM-DD/);
  });

  test('the statistics live in the collections the functions write', () => {
    expect(statsCollections).toEqual({
      stats: 'stats',
      leadsStats: 'leads',
      daily: 'stats_daily',
      events: 'stats_events',
    });
  });
});
