/**
 * The Relatórios tab: a period (default the last 30 days) and the campaign's figures as charts.
 * Its own chunk (app/ imports it lazily): the charts library downloads when the tab opens.
 */
import '@mantine/charts/styles.css';
import '@mantine/dates/styles.css';
import 'dayjs/locale/pt-br';
import { Alert, Button, Center, Group, Loader, Stack, Text } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { useEffect, useMemo, useState } from 'react';
import { showToast } from '@/components/toast';
import { periodPresets } from '@/domain/period-presets';
import { ReportCharts } from '@/features/reports/components/ReportCharts/ReportCharts';
import { useReport } from '@/features/reports/hooks/use-report';
import { reportsLoadErrorToast, reportsTexts } from '@/features/reports/messages';
import {
  defaultPeriod,
  maxPeriodDays,
  periodDayKeys,
  periodDays,
  periodOf,
} from '@/features/reports/model/report';

/**
 * A local date whose calendar day is `dayKey`'s: the presets count days from São Paulo's today,
 * the days the report is kept by, wherever the browser is.
 */
function localDateOf(dayKey: string): Date {
  const [year, month, day] = dayKey.split('-').map(Number);
  return new Date(year, month - 1, day);
}

export function ReportsTab() {
  const initial = useMemo(() => defaultPeriod(), []);
  const today = periodDayKeys(initial).last;
  const [range, setRange] = useState<[string | null, string | null]>(() => {
    const { first, last } = periodDayKeys(initial);
    return [first, last];
  });
  // The last complete range: the charts stay while the admin picks the second day.
  const [period, setPeriod] = useState(initial);
  const choose = (value: [string | null, string | null]) => {
    setRange(value);
    // The picker's days are São Paulo's days.
    if (value[0] && value[1]) setPeriod(periodOf(value[0], value[1]));
  };
  const presets = useMemo(() => periodPresets(localDateOf(today)), [today]);
  const tooLong = periodDays(period) > maxPeriodDays;
  const [report, { retry }] = useReport(tooLong ? null : period);

  const failed = report.status === 'error' ? report.error : null;
  useEffect(() => {
    if (!failed) return;
    console.error('Report could not be loaded', failed);
    showToast(reportsLoadErrorToast, 'error');
  }, [failed]);

  return (
    <Stack gap="md">
      <Group align="flex-end" gap="md">
        <DatePickerInput
          type="range"
          label={reportsTexts.period}
          placeholder={reportsTexts.periodPlaceholder}
          presets={presets}
          // Mantine's placeholder grey is under 4.5:1 on white (axe color-contrast).
          styles={{ placeholder: { color: 'var(--mantine-color-gray-7)' } }}
          locale="pt-br"
          valueFormat="DD/MM/YYYY"
          allowSingleDateInRange
          maxDate={today}
          value={range}
          onChange={(value) => choose([value[0] ?? null, value[1] ?? null])}
          error={tooLong ? reportsTexts.periodTooLong(maxPeriodDays) : undefined}
          miw={260}
        />
        {report.status === 'success' && (
          <Text size="sm" c="gray.7">
            {reportsTexts.includesTrash}
          </Text>
        )}
      </Group>
      {tooLong ? null : report.status === 'loading' ? (
        <Center py="xl">
          <Loader aria-label={reportsTexts.loading} />
        </Center>
      ) : report.status === 'error' ? (
        <Alert color="red" title={reportsLoadErrorToast.title}>
          <Button variant="light" color="red" onClick={retry} mt="xs">
            {reportsTexts.retry}
          </Button>
        </Alert>
      ) : (
        <ReportCharts report={report.data} />
      )}
    </Stack>
  );
}
