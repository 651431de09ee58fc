/** The four counters over the active leads (count aggregations, see data/lead-list.ts): Total de Leads, Principais, Separados, Descartados. */
import { Paper, SimpleGrid, Text } from '@mantine/core';
import { memo } from 'react';
import { formatCount } from '@/domain/format';
import type { LeadCounts } from '@/domain/lead-list';
import { leadsTexts } from '@/features/leads/messages';

const items = [
  ['total', leadsTexts.counters.total, undefined],
  ['principal', leadsTexts.counters.principal, 'green.8'],
  ['separado', leadsTexts.counters.separado, 'yellow.9'],
  ['descartado', leadsTexts.counters.descartado, 'red.8'],
] as const;

/** `counts`: null while counting (each counter shows '…'). Memoised: drawn again when they change. */
export const LeadCounters = memo(function LeadCounters({ counts }: { counts: LeadCounts | null }) {
  return (
    <SimpleGrid cols={{ base: 2, md: 4 }} spacing="sm">
      {items.map(([key, label, color]) => (
        <Paper
          key={key}
          withBorder
          p={{ base: 'xs', sm: 'md' }}
          radius="md"
          role="group"
          aria-label={label}
        >
          <Text size="sm" c="gray.7">
            {label}
          </Text>
          <Text fz={{ base: 'lg', sm: 'xl' }} fw={700} c={color} data-testid={`counter-${key}`}>
            {counts ? formatCount(counts[key]) : '…'}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
});
