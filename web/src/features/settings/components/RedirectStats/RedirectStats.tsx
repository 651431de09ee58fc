/** The redirect's three cards: the live counter, the delay, and whether a link is set. */
import { Badge, Paper, SimpleGrid, Skeleton, Text } from '@mantine/core';
import { useId, type ReactNode } from 'react';
import { formatCount } from '@/domain/format';
import { settingsTexts } from '@/features/settings/messages';
import classes from './RedirectStats.module.css';

const texts = settingsTexts.redirect;

export interface RedirectStatsProps {
  /** null while the settings load. */
  stats: { count: number; redirectTime: number; linkConfigured: boolean } | null;
}

function StatCard({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <Paper withBorder radius="md" p="md" className={classes.card}>
      <Text size="sm" c="gray.7" fw={500} id={id}>
        {title}
      </Text>
      <div className={classes.value} aria-labelledby={id} role="status">
        {children}
      </div>
    </Paper>
  );
}

export function RedirectStats({ stats }: RedirectStatsProps) {
  const loading = <Skeleton height={28} width="60%" aria-label={settingsTexts.loading} />;
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
      <StatCard title={texts.totalCard}>
        {stats ? (
          <Text fz={28} fw={700} data-testid="redirect-count">
            {formatCount(stats.count)}
          </Text>
        ) : (
          loading
        )}
      </StatCard>
      <StatCard title={texts.timeCard}>
        {stats ? (
          <Text fz={28} fw={700}>
            {texts.seconds(stats.redirectTime)}
          </Text>
        ) : (
          loading
        )}
      </StatCard>
      <StatCard title={texts.statusCard}>
        {stats ? (
          <Badge
            size="lg"
            variant="outline"
            tt="none"
            color={stats.linkConfigured ? 'brand.8' : 'red.9'}
          >
            {stats.linkConfigured ? texts.configured : texts.pending}
          </Badge>
        ) : (
          loading
        )}
      </StatCard>
    </SimpleGrid>
  );
}
