import { describe, expect, it } from 'vitest';
import { periodPresets } from './period-presets';

describe("the 'Período' presets", () => {
  it("start with 'Hoje', the day alone, then the last 7 and 30 days and the months", () => {
    const presets = periodPresets(new Date(2026, 2, 1, 23, 59));
    expect(presets).toEqual([
      { label: 'Hoje', value: ['2026-03-01', '2026-03-01'] },
      { label: 'Últimos 7 dias', value: ['2026-02-23', '2026-03-01'] },
      { label: 'Últimos 30 dias', value: ['2026-01-31', '2026-03-01'] },
      { label: 'Este mês', value: ['2026-03-01', '2026-03-01'] },
      { label: 'Mês passado', value: ['2026-02-01', '2026-02-28'] },
    ]);
  });
});
