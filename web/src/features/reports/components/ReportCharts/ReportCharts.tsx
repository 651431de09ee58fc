/** The report's charts, each with its numbers as a table (ChartCard). */
import { AreaChart, BarChart, DonutChart } from '@mantine/charts';
import { Group, Paper, SimpleGrid, Text } from '@mantine/core';
import { ChartCard } from '@/features/reports/components/ChartCard/ChartCard';
import { reportsTexts } from '@/features/reports/messages';
import type { CountRow, Report } from '@/features/reports/model/report';

const texts = reportsTexts;
const palette = ['teal.7', 'blue.7', 'orange.7', 'grape.7', 'red.7', 'cyan.7', 'lime.8', 'pink.7'];
const statusColours: Record<string, string> = {
  [texts.statuses.novo]: 'blue.6',
  [texts.statuses.principal]: 'green.6',
  [texts.statuses.separado]: 'yellow.6',
  [texts.statuses.descartado]: 'red.6',
};
const series = [{ name: 'value', label: texts.columns.value, color: 'teal.7' }];
// The charts are pictures for the eye (ChartCard hides them from screen readers, whose users get
// the table): recharts' keyboard layer would put focusable elements inside that hidden part.
const noKeyboardLayer = { accessibilityLayer: false };
/** Counts in pt-BR ('1.500', never '1500' or '0.5'): axes, tooltips and labels. */
const countFormat = (value: number) => value.toLocaleString('pt-BR');
/** A count axis ticks whole numbers only (3 leads gave 0, 0.5, 1, 1.5…). */
const countAxis = { allowDecimals: false, tickFormatter: countFormat };

/** Horizontal bars: long labels (jobs, localities, sources) stay readable. */
function Bars({ rows }: { rows: CountRow[] }) {
  const shown = rows.filter((row) => row.value > 0);
  return (
    <BarChart
      h={Math.max(160, shown.length * 34 + 40)}
      data={shown}
      dataKey="label"
      orientation="vertical"
      yAxisProps={{ width: 190 }}
      xAxisProps={countAxis}
      valueFormatter={countFormat}
      series={series}
      withBarValueLabel
      gridAxis="none"
      barChartProps={noKeyboardLayer}
    />
  );
}

function Donut({ rows, colours }: { rows: CountRow[]; colours?: Record<string, string> }) {
  return (
    <Group justify="center">
      <DonutChart
        size={180}
        thickness={28}
        withLabels
        withLabelsLine
        labelsType="value"
        valueFormatter={countFormat}
        withLegend
        legendProps={{ verticalAlign: 'bottom' }}
        pieChartProps={noKeyboardLayer}
        pieProps={{ rootTabIndex: -1 }}
        data={rows
          .filter((row) => row.value > 0)
          .map((row, i) => ({
            name: row.label,
            value: row.value,
            color: colours?.[row.label] ?? palette[i % palette.length],
          }))}
      />
    </Group>
  );
}

function Stat({ label, value, note }: { label: string; value: string; note?: string }) {
  return (
    <Paper withBorder radius="md" p="md">
      <Text size="sm" c="gray.7" fw={500}>
        {label}
      </Text>
      <Text fz={28} fw={700}>
        {value}
      </Text>
      {note && (
        <Text size="xs" c="gray.7">
          {note}
        </Text>
      )}
    </Paper>
  );
}

export function ReportCharts({ report }: { report: Report }) {
  const ratio = report.redirects.perApplication;
  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
        <Stat label={texts.total} value={report.total.toLocaleString('pt-BR')} />
        <Stat
          label={texts.redirectsTotal}
          value={report.redirects.count.toLocaleString('pt-BR')}
          note={texts.redirectsNote}
        />
        <Stat
          label={texts.redirectsPerApplication}
          value={
            ratio === null
              ? texts.noRatio
              : ratio.toLocaleString('pt-BR', { maximumFractionDigits: 2 })
          }
          note={texts.redirectsNote}
        />
      </SimpleGrid>
      <ChartCard title={texts.charts.perDay} rows={report.perDay} labelHeader={texts.columns.day}>
        <AreaChart
          h={240}
          data={report.perDay}
          dataKey="label"
          series={series}
          yAxisProps={countAxis}
          valueFormatter={countFormat}
          curveType="linear"
          withDots={report.perDay.length <= 31}
          areaChartProps={noKeyboardLayer}
        />
      </ChartCard>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <ChartCard title={texts.charts.byJob} rows={report.byJob}>
          <Bars rows={report.byJob} />
        </ChartCard>
        <ChartCard title={texts.charts.byLocality} rows={report.byLocality}>
          <Bars rows={report.byLocality} />
        </ChartCard>
        <ChartCard title={texts.charts.byStatus} rows={report.byStatus}>
          <Donut rows={report.byStatus} colours={statusColours} />
        </ChartCard>
        <ChartCard title={texts.charts.byPage} rows={report.byPage}>
          <Donut rows={report.byPage} />
        </ChartCard>
        <ChartCard title={texts.charts.bySource} rows={report.bySource}>
          <Bars rows={report.bySource} />
        </ChartCard>
        <ChartCard
          title={texts.charts.byCampaign}
          rows={report.byCampaign}
          emptyText={texts.emptyCampaigns}
        >
          <Bars rows={report.byCampaign} />
        </ChartCard>
      </SimpleGrid>
    </>
  );
}
