/** The 'Período' range picker (@mantine/dates and dayjs: loaded after the list, see LeadFilters). */
import { DatePickerInput } from '@mantine/dates';
import '@mantine/dates/styles.css';
import 'dayjs/locale/pt-br';
import { useMemo } from 'react';
import { periodPresets } from '@/domain/period-presets';

export type DayRange = [string | null, string | null];

export default function DateRangeInput({
  label,
  placeholder,
  value,
  onChange,
}: {
  label: string;
  placeholder: string;
  value: DayRange;
  onChange: (range: DayRange) => void;
}) {
  const presets = useMemo(() => periodPresets(), []);
  return (
    <DatePickerInput
      type="range"
      label={label}
      placeholder={placeholder}
      presets={presets}
      // Mantine's placeholder grey is under 4.5:1 on white (axe color-contrast).
      styles={{ placeholder: { color: 'var(--mantine-color-gray-7)' } }}
      locale="pt-br"
      valueFormat="DD/MM/YYYY"
      clearable
      allowSingleDateInRange
      value={value}
      onChange={(range) => onChange([range[0] ?? null, range[1] ?? null])}
    />
  );
}
