/** One page of trashed leads: a table on wide screens, cards on a phone, with restore and delete. */
import { ActionIcon, Card, Group, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { RestoreIcon, TrashIcon } from '@/components/lead-icons';
import { StatusBadge } from '@/components/StatusBadge/StatusBadge';
import type { Lead } from '@/domain/lead';
import { formatDateTime } from '@/domain/lead-list';
import { trashTexts } from '@/features/trash/messages';

export interface TrashListProps {
  leads: readonly Lead[];
  pending: ReadonlySet<string>;
  onRestore: (lead: Lead) => void;
  onDelete: (lead: Lead) => void;
}

const t = trashTexts.columns;

function Actions({
  lead,
  pending,
  onRestore,
  onDelete,
}: Omit<TrashListProps, 'leads'> & { lead: Lead }) {
  const busy = pending.has(lead.id);
  return (
    <Group gap={6} wrap="nowrap">
      <ActionIcon
        variant="light"
        aria-label={trashTexts.restoreOf(lead.nome)}
        loading={busy}
        disabled={busy}
        onClick={() => onRestore(lead)}
      >
        <RestoreIcon />
      </ActionIcon>
      <ActionIcon
        variant="light"
        color="red"
        aria-label={trashTexts.deleteOf(lead.nome)}
        disabled={busy}
        onClick={() => onDelete(lead)}
      >
        <TrashIcon />
      </ActionIcon>
    </Group>
  );
}

export function TrashList({ leads, ...actions }: TrashListProps) {
  const phone = useMediaQuery('(max-width: 48em)');
  if (phone) {
    return (
      <Stack gap="sm">
        {leads.map((lead) => (
          <Card
            key={lead.id}
            withBorder
            padding="sm"
            component="article"
            aria-label={lead.nome}
            style={{ overflowWrap: 'anywhere' }}
          >
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <Text fw={600}>{lead.nome}</Text>
              <StatusBadge status={lead.status} />
            </Group>
            <Stack gap={2} mt="xs">
              <Text size="sm">{`${t.whatsapp}: ${lead.whatsapp}`}</Text>
              <Text size="sm">{`${t.vaga}: ${lead.vaga}`}</Text>
              <Text size="sm">{`${t.cidade}: ${lead.cidade}`}</Text>
              <Text size="sm">{`${t.deletedAt}: ${formatDateTime(lead.deleted_at)}`}</Text>
            </Stack>
            <Group mt="sm">
              <Actions lead={lead} {...actions} />
            </Group>
          </Card>
        ))}
      </Stack>
    );
  }
  return (
    <Table.ScrollContainer minWidth={800}>
      <Table striped highlightOnHover verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t.nome}</Table.Th>
            <Table.Th>{t.whatsapp}</Table.Th>
            <Table.Th>{t.vaga}</Table.Th>
            <Table.Th>{t.cidade}</Table.Th>
            <Table.Th>{t.status}</Table.Th>
            <Table.Th>{t.deletedAt}</Table.Th>
            <Table.Th>{t.acoes}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {leads.map((lead) => (
            <Table.Tr key={lead.id} data-lead-id={lead.id}>
              <Table.Td>{lead.nome}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{lead.whatsapp}</Table.Td>
              <Table.Td>{lead.vaga}</Table.Td>
              <Table.Td>{lead.cidade}</Table.Td>
              <Table.Td>
                <StatusBadge status={lead.status} />
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                {formatDateTime(lead.deleted_at)}
              </Table.Td>
              <Table.Td>
                <Actions lead={lead} {...actions} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
