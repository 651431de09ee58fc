/** Search, status and job filters, the date range, 'Meus leads' and 'Não contatados'. */
import { Group, NativeSelect, SimpleGrid, Stack, Switch, TextInput } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { leadStatuses } from '@/domain/options';
import { allJobs, type StatusFilter } from '@/domain/lead-list';
import { leadsTexts } from '@/features/leads/messages';

export interface FilterValues {
  search: string;
  status: StatusFilter;
  vaga: string;
  range: [string | null, string | null];
  /** Only the leads the signed-in admin is responsible for. */
  mine: boolean;
  /** Only the leads nobody has recorded a contact with. */
  notContacted: boolean;
}

export const noFilters: FilterValues = {
  search: '',
  status: 'todos',
  vaga: allJobs,
  range: [null, null],
  mine: false,
  notContacted: false,
};

/** The date picker (about 16 KB gzip with dayjs) is not needed to show the first rows: it loads after. */
const DateRangeInput = lazy(() => import('./DateRangeInput'));

const statusData = [
  { value: 'todos', label: leadsTexts.statusOptions.todos },
  ...leadStatuses.map((status) => ({ value: status, label: leadsTexts.statusOptions[status] })),
];

export function LeadFilters({
  values,
  jobs,
  onChange,
}: {
  values: FilterValues;
  jobs: readonly string[];
  onChange: (values: FilterValues) => void;
}) {
  const set = (patch: Partial<FilterValues>) => onChange({ ...values, ...patch });
  return (
    <Stack gap="xs">
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="sm">
        <TextInput
          label={leadsTexts.search}
          type="search"
          value={values.search}
          onChange={(event) => set({ search: event.currentTarget.value })}
        />
        <NativeSelect
          label={leadsTexts.statusFilter}
          data={statusData}
          value={values.status}
          onChange={(event) => set({ status: event.currentTarget.value as StatusFilter })}
        />
        <NativeSelect
          label={leadsTexts.jobFilter}
          data={[{ value: allJobs, label: leadsTexts.allJobs }, ...jobs]}
          value={values.vaga}
          onChange={(event) => set({ vaga: event.currentTarget.value })}
        />
        <Suspense fallback={<TextInput label={leadsTexts.dateRange} disabled readOnly value="" />}>
          <DateRangeInput
            label={leadsTexts.dateRange}
            value={values.range}
            onChange={(range) => set({ range })}
          />
        </Suspense>
      </SimpleGrid>
      <Group gap="lg">
        <Switch
          label={leadsTexts.mine}
          checked={values.mine}
          onChange={(event) => set({ mine: event.currentTarget.checked })}
        />
        <Switch
          label={leadsTexts.notContacted}
          checked={values.notContacted}
          onChange={(event) => set({ notContacted: event.currentTarget.checked })}
        />
      </Group>
    </Stack>
  );
}
