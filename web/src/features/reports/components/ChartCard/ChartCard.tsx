/**
 * One chart with its title, its empty state, and its numbers as a table (under 'Ver números'), so
 * the figures are reachable as text by screen readers and by anyone who wants them exact.
 */
import { Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useId, type ReactNode } from 'react';
import type { CountRow } from '@/features/reports/model/report';
import { reportsTexts } from '@/features/reports/messages';
import classes from './ChartCard.module.css';

export interface ChartCardProps {
  title: string;
  rows: CountRow[];
  /** The chart itself (hidden from screen readers: the table carries the numbers). */
  children: ReactNode;
  /** When every value is zero. */
  emptyText?: string;
  /** Header of the label column. */
  labelHeader?: string;
}

export function ChartCard({
  title,
  rows,
  children,
  emptyText = reportsTexts.empty,
  labelHeader = reportsTexts.columns.label,
}: ChartCardProps) {
  const titleId = useId();
  const empty = rows.every((row) => row.value === 0);
  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      component="section"
      aria-labelledby={titleId}
      className={classes.card}
    >
      <Stack gap="sm">
        <Title order={3} size="h5" id={titleId}>
          {title}
        </Title>
        {empty ? (
          <Text c="gray.7" ta="center" py="xl">
            {emptyText}
          </Text>
        ) : (
          <div aria-hidden="true" className={classes.chart}>
            {children}
          </div>
        )}
        <details className={classes.numbers}>
          <summary>{reportsTexts.showNumbers}</summary>
          <Table striped withTableBorder mt="xs" aria-labelledby={titleId}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{labelHeader}</Table.Th>
                <Table.Th scope="col" ta="right">
                  {reportsTexts.columns.value}
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={row.label}>
                  <Table.Th scope="row" fw={400}>
                    {row.label}
                  </Table.Th>
                  <Table.Td ta="right">{row.value.toLocaleString('pt-BR')}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </details>
      </Stack>
    </Paper>
  );
}
