/**
 * One vacancy of a list: its label (and group), whether it is open, a job's counts, and the
 * buttons that close or reopen it and move it up or down (each named after the vacancy).
 */
import { ActionIcon, Badge, Button, Text } from '@mantine/core';
import { Svg } from '@/components/icons';
import type { JobCounts } from '@/data/vacancies';
import type { Vacancy } from '@/domain/vacancies';
import { vacancyTexts } from '@/features/vacancies/messages';
import classes from './VacancyItem.module.css';

export interface VacancyItemProps {
  vacancy: Vacancy;
  /** A job's counts: undefined while counted, null when they could not be. */
  counts?: JobCounts | null;
  busy: boolean;
  first: boolean;
  last: boolean;
  onToggle: () => void;
  onMove: (by: -1 | 1) => void;
}

function Counts({ counts }: { counts: JobCounts | null | undefined }) {
  const t = vacancyTexts.counts;
  const shown = (n: number | undefined) =>
    counts === null ? '—' : n === undefined ? t.counting : String(n);
  return (
    <dl className={classes.counts}>
      <div>
        <dt>{t.active}</dt>
        <dd>{shown(counts?.active)}</dd>
      </div>
      <div>
        <dt>{t.principal}</dt>
        <dd>{shown(counts?.principal)}</dd>
      </div>
      <div>
        <dt>{t.lastWeek}</dt>
        <dd>{shown(counts?.lastWeek)}</dd>
      </div>
    </dl>
  );
}

export function VacancyItem({
  vacancy,
  counts,
  busy,
  first,
  last,
  onToggle,
  onMove,
}: VacancyItemProps) {
  const { label, group, open, kind } = vacancy;
  return (
    <li className={`${classes.item} ${open ? '' : classes.closed}`}>
      <div className={classes.name}>
        <Text fw={600} size="sm" c={open ? undefined : 'gray.7'}>
          {label}
        </Text>
        {group && (
          <Text size="xs" c="gray.7">
            {group}
          </Text>
        )}
      </div>
      {/* Shades dark enough for white text (4.5:1). */}
      <Badge color={open ? '#2b7a3b' : 'gray.7'} variant="filled">
        {open ? vacancyTexts.open : vacancyTexts.closed}
      </Badge>
      {kind === 'job' && <Counts counts={counts} />}
      <div className={classes.actions}>
        <ActionIcon
          variant="subtle"
          color="gray.8"
          aria-label={vacancyTexts.upOf(label)}
          disabled={busy || first}
          onClick={() => onMove(-1)}
        >
          <Svg size={18}>
            <path d="m6 15 6-6 6 6" />
          </Svg>
        </ActionIcon>
        <ActionIcon
          variant="subtle"
          color="gray.8"
          aria-label={vacancyTexts.downOf(label)}
          disabled={busy || last}
          onClick={() => onMove(1)}
        >
          <Svg size={18}>
            <path d="m6 9 6 6 6-6" />
          </Svg>
        </ActionIcon>
        <Button
          size="compact-sm"
          variant={open ? 'outline' : 'filled'}
          color={open ? 'red.9' : '#2b7a3b'}
          loading={busy}
          aria-label={open ? vacancyTexts.closeOf(kind, label) : vacancyTexts.reopenOf(kind, label)}
          onClick={onToggle}
        >
          {open ? vacancyTexts.close : vacancyTexts.reopen}
        </Button>
      </div>
    </li>
  );
}
