/**
 * One page of trashed leads: a table on wide screens, cards on a phone, each with its tick,
 * restore and delete.
 */
import { ActionIcon, Card, Group, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { LightCheckbox } from '@/components/LightControls/LightControls';
import { RestoreIcon, TrashIcon } from '@/components/lead-icons';
import { StatusBadge } from '@/components/StatusBadge/StatusBadge';
import { leadField, type Lead, type LeadFieldName } from '@/domain/lead';
import { cellText, columnLabel, trashColumns } from '@/domain/lead-columns';
import { TableScrollContainer } from '@/lib/mantine/table-scroll';
import { trashTexts } from '@/features/trash/messages';

export interface TrashListProps {
  leads: readonly Lead[];
  pending: ReadonlySet<string>;
  onRestore: (lead: Lead) => void;
  onDelete: (lead: Lead) => void;
  /** The ticked leads, and their change (ids, ticked or not). */
  selected: ReadonlySet<string>;
  onSelect: (ids: readonly string[], on: boolean) => void;
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
}: Pick<TrashListProps, 'pending' | 'onRestore' | 'onDelete'> & { lead: Lead }) {
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

function Tick({
  lead,
  selected,
  onSelect,
}: Pick<TrashListProps, 'selected' | 'onSelect'> & { lead: Lead }) {
  return (
    <LightCheckbox
      label={trashTexts.select(lead.nome)}
      checked={selected.has(lead.id)}
      onChange={(on) => onSelect([lead.id], on)}
    />
  );
}

export function TrashList({ leads, selected, onSelect, ...actions }: TrashListProps) {
  const phone = useMediaQuery('(max-width: 48em)');
  const all = leads.length > 0 && leads.every((lead) => selected.has(lead.id));
  const pageBox = (
    <LightCheckbox
      label={trashTexts.selectPage}
      checked={all}
      indeterminate={!all && leads.some((lead) => selected.has(lead.id))}
      onChange={(on) =>
        onSelect(
          leads.map((lead) => lead.id),
          on,
        )
      }
    />
  );
  if (phone) {
    return (
      <Stack gap="sm">
        <Group gap="xs">
          {pageBox}
          <Text size="sm">{trashTexts.selectPage}</Text>
        </Group>
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
              <Group gap="xs" wrap="nowrap" align="flex-start">
                <Tick lead={lead} selected={selected} onSelect={onSelect} />
                <Text fw={600}>{lead.nome}</Text>
              </Group>
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
    <TableScrollContainer minWidth={800}>
      <Table striped highlightOnHover verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={36}>{pageBox}</Table.Th>
            {trashColumns.map((name) => (
              <Table.Th key={name}>{columnLabel(name)}</Table.Th>
            ))}
            <Table.Th>{trashTexts.actionsColumn}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {leads.map((lead) => (
            <Table.Tr key={lead.id} data-lead-id={lead.id}>
              <Table.Td>
                <Tick lead={lead} selected={selected} onSelect={onSelect} />
              </Table.Td>
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
    </TableScrollContainer>
  );
}
