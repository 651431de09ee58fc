import { describe, expect, test } from 'vitest';
import {
  aggregationReads,
  daysOf,
  defaultPeriod,
  periodDayKeys,
  periodDays,
  periodOf,
  readSource,
  SourceTally,
  topRows,
  withRemainder,
} from './report';

describe('periods', () => {
  test("the default is São Paulo's last 30 days, today included, wherever the browser is", () => {
    // 01:30 UTC on 10 March is still 9 March in São Paulo.
    const period = defaultPeriod(new Date('2025-03-10T01:30:00Z'));
    expect(period.from).toEqual(new Date('2025-02-08T03:00:00Z'));
    expect(period.to).toEqual(new Date('2025-03-10T03:00:00Z'));
    expect(periodDays(period)).toBe(30);
    expect(periodDayKeys(period)).toEqual({ first: '2025-02-08', last: '2025-03-09' });
  });

  test('a chosen range covers both São Paulo days whole, one label per day', () => {
    const period = periodOf('2025-01-30', '2025-02-02');
    expect(period).toEqual({
      from: new Date('2025-01-30T03:00:00Z'),
      to: new Date('2025-02-03T03:00:00Z'),
    });
    expect(daysOf(period).map((day) => day.label)).toEqual(['30/01', '31/01', '01/02', '02/02']);
    expect(daysOf(period)[1]).toEqual({
      key: '2025-01-31',
      start: new Date('2025-01-31T03:00:00Z'),
      end: new Date('2025-02-01T03:00:00Z'),
      label: '31/01',
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

  test('what was already counted apart joins the rest row, or is one of its own', () => {
    const counts = new Map([
      ['a', 5],
      ['b', 4],
      ['c', 2],
    ]);
    expect(topRows(counts, 3, 'Outras', 7)).toEqual([
      { label: 'a', value: 5 },
      { label: 'b', value: 4 },
      { label: 'Outras', value: 9 },
    ]);
    expect(topRows(counts, 4, 'Outras', 7)).toEqual([
      { label: 'a', value: 5 },
      { label: 'b', value: 4 },
      { label: 'c', value: 2 },
      { label: 'Outras', value: 7 },
    ]);
  });
});
