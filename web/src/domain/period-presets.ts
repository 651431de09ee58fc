/**
 * Presets of a day-range picker ('Período' in Leads and Relatórios): today, the last 7 and 30
 * days, this month and the last one, as the pickers' 'YYYY-MM-DD' pairs in local time.
 */

export const periodPresetLabels = {
  today: 'Hoje',
  last7: 'Últimos 7 dias',
  last30: 'Últimos 30 dias',
  thisMonth: 'Este mês',
  lastMonth: 'Mês passado',
} as const;

/** 'YYYY-MM-DD' of a local date. */
export function isoDay(date: Date): string {
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
}

export interface PeriodPreset {
  value: [string, string];
  label: string;
}

export function periodPresets(today = new Date()): PeriodPreset[] {
  const y = today.getFullYear();
  const m = today.getMonth();
  const day = (offset: number) => isoDay(new Date(y, m, today.getDate() + offset));
  return [
    { value: [day(0), day(0)], label: periodPresetLabels.today },
    { value: [day(-6), day(0)], label: periodPresetLabels.last7 },
    { value: [day(-29), day(0)], label: periodPresetLabels.last30 },
    { value: [isoDay(new Date(y, m, 1)), day(0)], label: periodPresetLabels.thisMonth },
    {
      value: [isoDay(new Date(y, m - 1, 1)), isoDay(new Date(y, m, 0))],
      label: periodPresetLabels.lastMonth,
    },
  ];
}
