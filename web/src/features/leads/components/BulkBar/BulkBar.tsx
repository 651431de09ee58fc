/** What to do with the selected leads: change their status, assign them, or trash them at once. */
import { Button, Group, NativeSelect, Paper, Text } from '@mantine/core';
import { useState } from 'react';
import { useAssignableAdmins } from '@/data/assignees';
import type { LeadStatus } from '@/domain/lead';
import { leadsTexts, statusChoices } from '@/features/leads/messages';

export function BulkBar({
  count,
  busy,
  onStatus,
  onTrash,
  onAssign,
  onClear,
}: {
  count: number;
  busy: boolean;
  onStatus: (status: LeadStatus) => void;
  onTrash: () => void;
  /** Makes `email` (null: nobody) responsible for the selected leads. */
  onAssign: (email: string | null) => void;
  onClear: () => void;
}) {
  const [status, setStatus] = useState<LeadStatus>('principal');
  const admins = useAssignableAdmins();
  const [assignee, setAssignee] = useState('');
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
        <NativeSelect
          aria-label={leadsTexts.bulkAssignSelect}
          size="xs"
          value={assignee}
          data={[{ value: '', label: leadsTexts.nobody }, ...admins]}
          onChange={(event) => setAssignee(event.currentTarget.value)}
        />
        <Button
          size="xs"
          variant="light"
          disabled={busy}
          onClick={() => onAssign(assignee || null)}
        >
          {leadsTexts.bulkAssign}
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
