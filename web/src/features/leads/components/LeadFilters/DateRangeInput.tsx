/** The 'Período' range picker (@mantine/dates and dayjs: loaded after the list, see LeadFilters). */
import { DatePickerInput } from '@mantine/dates';
import '@mantine/dates/styles.css';
import 'dayjs/locale/pt-br';

export type DayRange = [string | null, string | null];

export default function DateRangeInput({
  label,
  value,
  onChange,
}: {
  label: string;
  value: DayRange;
  onChange: (range: DayRange) => void;
}) {
  return (
    <DatePickerInput
      type="range"
      label={label}
      locale="pt-br"
      valueFormat="DD/MM/YYYY"
      clearable
      allowSingleDateInRange
      value={value}
      onChange={(range) => onChange([range[0] ?? null, range[1] ?? null])}
    />
  );
}
