import { describe, expect, test } from 'vitest';
import {
  aggregationReads,
  daysOf,
  defaultPeriod,
  periodDays,
  periodOf,
  readSource,
  SourceTally,
  topRows,
  withRemainder,
} from './report';

describe('periods', () => {
  test('the default is the last 30 whole days, today included', () => {
    const period = defaultPeriod(new Date(2025, 2, 10, 15, 30));
    expect(period.from).toEqual(new Date(2025, 1, 9));
    expect(period.to).toEqual(new Date(2025, 2, 11));
    expect(periodDays(period)).toBe(30);
  });

  test('a chosen range covers both days whole, one label per day', () => {
    const period = periodOf(new Date(2025, 0, 30, 18), new Date(2025, 1, 2, 9));
    expect(period).toEqual({ from: new Date(2025, 0, 30), to: new Date(2025, 1, 3) });
    expect(daysOf(period).map((day) => day.label)).toEqual(['30/01', '31/01', '01/02', '02/02']);
    expect(daysOf(period)[1]).toMatchObject({
      start: new Date(2025, 0, 31),
      end: new Date(2025, 1, 1),
    });
  });
});

describe('figures', () => {
  test('an aggregation bills one read per 1,000 matches, at least one', () => {
    expect([0, 1, 1000, 1001, 20_000].map(aggregationReads)).toEqual([1, 1, 1, 2, 20]);
  });

  test('whatever a fixed list does not cover is shown as Outros', () => {
    const rows = [
      { label: 'a', value: 3 },
      { label: 'b', value: 1 },
    ];
    expect(withRemainder(rows, 4, 'Outros')).toEqual(rows);
    expect(withRemainder(rows, 6, 'Outros')).toEqual([...rows, { label: 'Outros', value: 2 }]);
  });

  test('sources are tallied by utm_source (fbclid alone is Meta), campaigns apart', () => {
    const tally = new SourceTally({ fbclidOnly: 'Meta', noUtmSource: 'sem' });
    for (const value of [
      { utm_source: 'facebook', utm_campaign: 'junho', fbclid: true },
      { utm_source: 'facebook', fbclid: false },
      { fbclid: true },
      { utm_medium: 'cpc', fbclid: false },
      { utm_source: 'instagram', utm_campaign: 'junho', fbclid: false },
    ]) {
      const source = readSource(value);
      if (source) tally.add(source);
    }
    expect(tally.sourced).toBe(5);
    expect(topRows(tally.sources, 10, 'Outros')).toEqual([
      { label: 'facebook', value: 2 },
      { label: 'instagram', value: 1 },
      { label: 'Meta', value: 1 },
      { label: 'sem', value: 1 },
    ]);
    expect(topRows(tally.campaigns, 10, 'Outras')).toEqual([{ label: 'junho', value: 2 }]);
    expect(readSource('facebook')).toBeNull();
  });

  test('beyond the limit the smallest rows are summed into one', () => {
    const counts = new Map([
      ['a', 5],
      ['b', 4],
      ['c', 2],
      ['d', 1],
    ]);
    expect(topRows(counts, 3, 'Outras')).toEqual([
      { label: 'a', value: 5 },
      { label: 'b', value: 4 },
      { label: 'Outras', value: 3 },
    ]);
  });
});
