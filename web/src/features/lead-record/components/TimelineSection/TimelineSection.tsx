/**
 * The lead's timeline, newest first: what changed, who changed it (the admin's email, taken by the
 * timeline function from the write's auth context) and when; the application itself last.
 */
import { Alert, Loader, Stack, Text, Title } from '@mantine/core';
import type { LiveState } from '@/data/live';
import type { TimelineEntry } from '@/domain/lead-record';
import { formatDateTime } from '@/domain/lead-list-view';
import { recordTexts, timelineTexts } from '@/features/lead-record/messages';
import classes from './TimelineSection.module.css';

function describe(entry: TimelineEntry): string {
  return timelineTexts[entry.kind](entry);
}

interface ItemProps {
  what: string;
  /** 'por {email}' or 'pelo sistema'; nothing for the application itself. */
  who?: string;
  when: Date | null;
  extra?: string | null;
}

function Item({ what, who, when, extra }: ItemProps) {
  return (
    <li className={classes.item}>
      <Text size="sm" fw={500}>
        {what}
      </Text>
      {extra && (
        <Text size="sm" c="gray.8" className={classes.excerpt}>
          {extra}
        </Text>
      )}
      <Text size="xs" c="gray.7">
        {who ? `${who} · ` : ''}
        {formatDateTime(when)}
      </Text>
    </li>
  );
}

export function TimelineSection({
  timeline,
  appliedAt,
}: {
  timeline: LiveState<TimelineEntry[]>;
  appliedAt: Date | null;
}) {
  return (
    <Stack gap="xs" component="section" aria-labelledby="record-timeline">
      <Title order={3} size="h5" id="record-timeline">
        {recordTexts.timeline}
      </Title>
      {timeline.status === 'loading' && <Loader size="sm" aria-label={recordTexts.loading} />}
      {timeline.status === 'error' && <Alert color="red" title={recordTexts.loadFailed} />}
      <ol className={classes.list} aria-label={recordTexts.timeline}>
        {(timeline.data ?? []).map((entry) => (
          <Item
            key={entry.id}
            what={describe(entry)}
            who={entry.actor_email ? recordTexts.by(entry.actor_email) : recordTexts.bySystem}
            when={entry.at}
            extra={entry.excerpt}
          />
        ))}
        <Item what={recordTexts.applied} when={appliedAt} />
      </ol>
    </Stack>
  );
}
