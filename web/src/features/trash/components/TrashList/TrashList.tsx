/** One page of trashed leads: a table on wide screens, cards on a phone, with restore and delete. */
import { ActionIcon, Card, Group, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { RestoreIcon, TrashIcon } from '@/components/lead-icons';
import { StatusBadge } from '@/components/StatusBadge/StatusBadge';
import { leadField, type Lead, type LeadFieldName } from '@/domain/lead';
import { cellText, columnLabel, trashColumns } from '@/domain/lead-columns';
import { trashTexts } from '@/features/trash/messages';

export interface TrashListProps {
  leads: readonly Lead[];
  pending: ReadonlySet<string>;
  onRestore: (lead: Lead) => void;
  onDelete: (lead: Lead) => void;
}

/** The columns (lead.ts leadFields): nome heads a card, status is a badge, the rest are texts. */
const isStatus = (name: LeadFieldName) => leadField(name).type === 'status';
const cardFields = trashColumns.filter((name) => name !== 'nome' && !isStatus(name));
const nowrap = (name: LeadFieldName) =>
  name === 'whatsapp' || leadField(name).type === 'timestamp'
    ? { whiteSpace: 'nowrap' as const }
    : undefined;

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
              {cardFields.map((name) => (
                <Text size="sm" key={name}>{`${columnLabel(name)}: ${cellText(lead, name)}`}</Text>
              ))}
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
            {trashColumns.map((name) => (
              <Table.Th key={name}>{columnLabel(name)}</Table.Th>
            ))}
            <Table.Th>{trashTexts.actionsColumn}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {leads.map((lead) => (
            <Table.Tr key={lead.id} data-lead-id={lead.id}>
              {trashColumns.map((name) => (
                <Table.Td key={name} style={nowrap(name)}>
                  {isStatus(name) ? <StatusBadge status={lead.status} /> : cellText(lead, name)}
                </Table.Td>
              ))}
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
