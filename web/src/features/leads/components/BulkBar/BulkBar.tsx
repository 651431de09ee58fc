/** What to do with the selected leads: change their status or move them to the trash at once. */
import { Button, Group, NativeSelect, Paper, Text } from '@mantine/core';
import { useState } from 'react';
import type { LeadStatus } from '@/domain/lead';
import { leadsTexts, statusChoices } from '@/features/leads/messages';

export function BulkBar({
  count,
  busy,
  onStatus,
  onTrash,
  onClear,
}: {
  count: number;
  busy: boolean;
  onStatus: (status: LeadStatus) => void;
  onTrash: () => void;
  onClear: () => void;
}) {
  const [status, setStatus] = useState<LeadStatus>('principal');
  return (
    <Paper withBorder p="xs" bg="gray.0" role="region" aria-label={leadsTexts.selected(count)}>
      <Group gap="xs" wrap="wrap">
        <Text size="sm" fw={600}>
          {leadsTexts.selected(count)}
        </Text>
        <NativeSelect
          aria-label={leadsTexts.bulkStatusSelect}
          size="xs"
          value={status}
          data={statusChoices}
          onChange={(event) => setStatus(event.currentTarget.value as LeadStatus)}
        />
        <Button size="xs" loading={busy} onClick={() => onStatus(status)}>
          {leadsTexts.bulkStatus}
        </Button>
        <Button size="xs" color="red.9" variant="outline" disabled={busy} onClick={onTrash}>
          {leadsTexts.bulkTrash}
        </Button>
        <Button size="xs" variant="default" disabled={busy} onClick={onClear}>
          {leadsTexts.clearSelection}
        </Button>
      </Group>
    </Paper>
  );
}
