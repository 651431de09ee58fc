/**
 * What to do with the selected leads: change their status, assign them, or move them to the trash
 * (after a confirmation that says how many; the tab then offers 'Desfazer').
 */
import { Button, Group, NativeSelect, Paper, Text } from '@mantine/core';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/ConfirmDialog/ConfirmDialog';
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
  /** How many the open confirmation asks about (null: closed). */
  const [asking, setAsking] = useState<number | null>(null);
  // Kept while the dialog closes, so its wording does not change under the admin's eyes.
  const [asked, setAsked] = useState(count);
  return (
    <>
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
          <Button
            size="xs"
            color="red.9"
            variant="outline"
            disabled={busy}
            onClick={() => {
              setAsking(count);
              setAsked(count);
            }}
          >
            {leadsTexts.bulkTrash}
          </Button>
          <Button size="xs" variant="default" disabled={busy} onClick={onClear}>
            {leadsTexts.clearSelection}
          </Button>
        </Group>
      </Paper>
      <ConfirmDialog
        opened={asking !== null}
        title={leadsTexts.bulkTrashTitle}
        confirmLabel={leadsTexts.bulkTrashButton}
        cancelLabel={leadsTexts.cancel}
        onClose={() => setAsking(null)}
        onConfirm={() => {
          setAsking(null);
          onTrash();
        }}
      >
        {leadsTexts.bulkTrashConfirm(asked)}
      </ConfirmDialog>
    </>
  );
}
