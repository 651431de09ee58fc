/**
 * The record's controls: status (as in the row), WhatsApp with the message templates (and, once
 * opened, the offer to record the contact), 'Registrar contato', the responsible, and trash or
 * restore (as in the row; a trash is undone by 'Desfazer').
 */
import { ActionIcon, Button, Group, NativeSelect, Paper, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { RestoreIcon, TrashIcon } from '@/components/lead-icons';
import { useAssignableAdmins } from '@/data/assignees';
import type { LeadStatus } from '@/domain/lead';
import type { RecordLead } from '@/domain/lead-record';
import { formatDateTime } from '@/domain/lead-list-view';
import { leadStatuses } from '@/domain/options';
import { statusLabel } from '@/domain/status-labels';
import type { RecordActions } from '@/features/lead-record/hooks/use-record-actions';
import { recordTexts } from '@/features/lead-record/messages';
import { WhatsappMenu } from './WhatsappMenu';

interface Props {
  lead: RecordLead;
  actions: RecordActions;
}

/** The statuses as the list's menu writes them ('Novo'), the stored value as the option's value. */
const statusOptions = leadStatuses.map((status) => ({ value: status, label: statusLabel(status) }));

function StatusSelect({ lead, actions }: Props) {
  const known = (leadStatuses as readonly string[]).includes(lead.status);
  return (
    <NativeSelect
      aria-label={recordTexts.statusOf(lead.nome)}
      size="sm"
      w={140}
      value={lead.status}
      disabled={actions.busy}
      data={known ? statusOptions : [lead.status, ...statusOptions]}
      onChange={(event) => void actions.changeStatus(event.currentTarget.value as LeadStatus)}
    />
  );
}

function ResponsibleSelect({ lead, actions }: Props) {
  const admins = useAssignableAdmins();
  const current = lead.assigned_to;
  const options = [...new Set([...(current ? [current] : []), ...admins])].sort();
  const me = actions.me?.email.toLowerCase();
  return (
    <Group gap="xs" align="flex-end">
      <NativeSelect
        label={recordTexts.fields.responsible}
        aria-label={recordTexts.responsibleOf(lead.nome)}
        size="sm"
        miw={220}
        value={current ?? ''}
        disabled={actions.busy}
        data={[{ value: '', label: recordTexts.nobody }, ...options]}
        onChange={(event) => void actions.assign(event.currentTarget.value || null)}
      />
      {me && current !== me && (
        <Button
          size="sm"
          variant="default"
          disabled={actions.busy}
          onClick={() => void actions.assign(me)}
        >
          {recordTexts.assignToMe}
        </Button>
      )}
    </Group>
  );
}

export function RecordActionsBar({ lead, actions }: Props) {
  const [offer, setOffer] = useState(false);
  const contact = async () => {
    if (await actions.contact()) setOffer(false);
  };
  return (
    <Stack gap="sm">
      <Group gap="xs" wrap="wrap">
        <StatusSelect lead={lead} actions={actions} />
        <WhatsappMenu lead={lead} onOpened={() => setOffer(true)} />
        {/* 'default', not 'light': green on light green is below 4.5:1 (axe color-contrast). */}
        <Button size="sm" variant="default" loading={actions.busy} onClick={() => void contact()}>
          {recordTexts.recordContact}
        </Button>
        {lead.deleted_at ? (
          <ActionIcon
            size="lg"
            variant="light"
            color="blue"
            aria-label={recordTexts.restoreOf(lead.nome)}
            disabled={actions.busy}
            onClick={() => void actions.restore()}
          >
            <RestoreIcon />
          </ActionIcon>
        ) : (
          <ActionIcon
            size="lg"
            variant="light"
            color="red"
            aria-label={recordTexts.trashOf(lead.nome)}
            disabled={actions.busy}
            onClick={() => void actions.trash()}
          >
            <TrashIcon />
          </ActionIcon>
        )}
      </Group>
      {offer && (
        <Paper withBorder p="xs" radius="sm" role="status">
          <Group justify="space-between" gap="xs">
            <Text size="sm">{recordTexts.contactOffer(lead.nome)}</Text>
            <Group gap="xs">
              <Button size="compact-sm" loading={actions.busy} onClick={() => void contact()}>
                {recordTexts.recordContact}
              </Button>
              <Button size="compact-sm" variant="default" onClick={() => setOffer(false)}>
                {recordTexts.notNow}
              </Button>
            </Group>
          </Group>
        </Paper>
      )}
      <Text size="sm">
        <Text span c="gray.7" size="sm">
          {recordTexts.fields.lastContact}:{' '}
        </Text>
        {lead.last_contacted_at
          ? formatDateTime(lead.last_contacted_at)
          : recordTexts.neverContacted}
      </Text>
      <ResponsibleSelect lead={lead} actions={actions} />
    </Stack>
  );
}
