/**
 * Search, status and job filters, the date range, 'Meus leads' and 'Não contatados'. On a phone only
 * the search shows; the others fold under 'Filtros' (with how many are on), so the first lead is on
 * the first screen (unfolded, the filters filled a 360 px screen).
 */
import { Button, Group, Stack } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { lazy, memo, Suspense, useId, useMemo, type ReactNode } from 'react';
import {
  LightSelectField,
  LightSwitch,
  LightTextField,
} from '@/components/LightControls/LightControls';
import { leadStatuses } from '@/domain/options';
import { allJobs, type StatusFilter } from '@/domain/lead-list-view';
import { leadsTexts } from '@/features/leads/messages';
import { loadAfterFirstContent } from '@/lib/page/when-idle';
import classes from './LeadFilters.module.css';

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
const DateRangeInput = lazy(() => loadAfterFirstContent(() => import('./DateRangeInput')));

const statusData = [
  { value: 'todos', label: leadsTexts.statusOptions.todos },
  ...leadStatuses.map((status) => ({ value: status, label: leadsTexts.statusOptions[status] })),
];

/** How many filters besides the search are on. */
export function activeFilterCount(values: FilterValues): number {
  return [
    values.status !== noFilters.status,
    values.vaga !== noFilters.vaga,
    values.range[0] !== null || values.range[1] !== null,
    values.mine,
    values.notContacted,
  ].filter(Boolean).length;
}

/** Memoised: the tab renders again for each count and arrival, the filters only when they change. */
export const LeadFilters = memo(function LeadFilters({
  values,
  jobs,
  onChange,
  beside,
}: {
  values: FilterValues;
  jobs: readonly string[];
  onChange: (values: FilterValues) => void;
  /**
   * Shown on the switches' line on a wider screen (the list's saved views): a line of its own
   * would push the first rows under the first screen. Give a stable element (the filters are memoised).
   */
  beside?: ReactNode;
}) {
  const set = (patch: Partial<FilterValues>) => onChange({ ...values, ...patch });
  // A job the address or a saved view names that the list does not offer (closed since) still
  // shows as chosen.
  const jobOptions = useMemo(
    () => [
      { value: allJobs, label: leadsTexts.allJobs },
      ...[
        ...jobs,
        ...(jobs.includes(values.vaga) || values.vaga === allJobs ? [] : [values.vaga]),
      ].map((job) => ({ value: job, label: job })),
    ],
    [jobs, values.vaga],
  );
  const phone = useMediaQuery('(max-width: 48em)') ?? false;
  const [open, { toggle }] = useDisclosure(false);
  const moreId = useId();
  const search = (
    <LightTextField
      label={leadsTexts.search}
      description={leadsTexts.searchHint}
      type="search"
      value={values.search}
      onChange={(search) => set({ search })}
    />
  );
  const more = (
    <>
      <LightSelectField
        label={leadsTexts.statusFilter}
        options={statusData}
        value={values.status}
        onChange={(status) => set({ status: status as StatusFilter })}
      />
      <LightSelectField
        label={leadsTexts.jobFilter}
        options={jobOptions}
        value={values.vaga}
        onChange={(vaga) => set({ vaga })}
      />
      <Suspense
        fallback={
          <LightTextField
            label={leadsTexts.dateRange}
            placeholder={leadsTexts.dateRangePlaceholder}
            disabled
            readOnly
            value=""
          />
        }
      >
        <DateRangeInput
          label={leadsTexts.dateRange}
          placeholder={leadsTexts.dateRangePlaceholder}
          value={values.range}
          onChange={(range) => set({ range })}
        />
      </Suspense>
    </>
  );
  const switches = (
    <Group gap="lg">
      <LightSwitch
        label={leadsTexts.mine}
        checked={values.mine}
        onChange={(mine) => set({ mine })}
      />
      <LightSwitch
        label={leadsTexts.notContacted}
        checked={values.notContacted}
        onChange={(notContacted) => set({ notContacted })}
      />
    </Group>
  );
  if (phone) {
    return (
      <Stack gap="xs">
        {search}
        <Button
          variant="default"
          size="xs"
          aria-expanded={open}
          aria-controls={moreId}
          onClick={toggle}
          style={{ alignSelf: 'flex-start' }}
        >
          {leadsTexts.moreFilters(activeFilterCount(values))}
        </Button>
        {/* Shown and hidden without Mantine's Collapse (its transitions are code on the
            panel's first load for a phone's one toggle). */}
        <div id={moreId} hidden={!open}>
          <Stack gap="xs">
            {more}
            {switches}
          </Stack>
        </div>
      </Stack>
    );
  }
  return (
    <Stack gap="xs">
      <div className={classes.grid}>
        {search}
        {more}
      </div>
      {beside ? (
        <div className={classes.line}>
          {switches}
          {beside}
        </div>
      ) : (
        switches
      )}
    </Stack>
  );
});
