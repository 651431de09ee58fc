import { describe, expect, test } from 'vitest';
import { statsAddDays, statsDayKey, statsDayStart } from '../src/stats.js';

describe('São Paulo days', () => {
  test('a lead at 23:59 in São Paulo counts that day, though it is already the next day in UTC', () => {
    expect(statsDayKey(new Date('2026-11-27T02:59:59.999Z'))).toBe('2026-11-26');
    expect(statsDayKey(new Date('2026-11-27T03:00:00.000Z'))).toBe('2026-11-27');
  });

  test('a day starts at 03:00 UTC, all year (no daylight saving)', () => {
    expect(statsDayStart('2026-01-15').toISOString()).toBe('2026-01-15T03:00:00.000Z');
    expect(statsDayStart('2026-07-15').toISOString()).toBe('2026-07-15T03:00:00.000Z');
  });

  test('the start of a day is in that day, and a millisecond before it is in the day before', () => {
    for (const key of ['2024-02-29', '2026-01-01', '2026-12-31']) {
      const start = statsDayStart(key);
      expect(statsDayKey(start)).toBe(key);
      expect(statsDayKey(new Date(start.getTime() - 1))).toBe(statsAddDays(key, -1));
    }
  });

  test('days are added across months and years', () => {
    expect(statsAddDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(statsAddDays('2024-03-01', -1)).toBe('2024-02-29');
  });

  test('a malformed day key is refused', () => {
    for (const key of ['2026-13-01', '2026-02-30', '26-01-01', '2026-1-1', '']) {
      expect(() => statsDayStart(key)).toThrow(RangeError);
    }
  });
});
