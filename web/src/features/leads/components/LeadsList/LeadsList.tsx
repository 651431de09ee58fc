/**
 * One page of leads: a table on wide screens, cards on a phone (same data and actions). Arrivals
 * are highlighted with 'Recém-chegado'; a phone number seen on more than one lead gets 'duplicado'.
 */
import { Badge, Card, Checkbox, Group, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { StatusBadge } from '@/components/StatusBadge/StatusBadge';
import type { Lead } from '@/domain/lead';
import { digitsOf, formatDateTime } from '@/domain/lead-list';
import { leadsTexts } from '@/features/leads/messages';
import { LeadRowActions, type RowHandlers } from './LeadRowActions';
import classes from './LeadsList.module.css';

export interface LeadsListProps extends RowHandlers {
  leads: readonly Lead[];
  unseen: ReadonlySet<string>;
  duplicates: ReadonlySet<string>;
  selected: ReadonlySet<string>;
  pending: ReadonlySet<string>;
  onSelect: (id: string, on: boolean) => void;
  onSelectPage: (on: boolean) => void;
}

const t = leadsTexts.columns;
const orDash = (value: string | number | undefined) =>
  value === undefined || value === '' ? leadsTexts.missing : String(value);

function Marks({
  lead,
  unseen,
  duplicates,
}: Pick<LeadsListProps, 'unseen' | 'duplicates'> & { lead: Lead }) {
  const arrived = unseen.has(lead.id);
  const duplicate = duplicates.has(digitsOf(lead.whatsapp));
  if (!arrived && !duplicate) return null;
  return (
    <Group gap={4} mt={2}>
      {arrived && (
        <Badge size="xs" color="blue.9" variant="filled">
          {leadsTexts.arrived}
        </Badge>
      )}
      {duplicate && (
        <Badge size="xs" color="#9c3d00" variant="filled">
          {leadsTexts.duplicate}
        </Badge>
      )}
    </Group>
  );
}

export function LeadsList(props: LeadsListProps) {
  const phone = useMediaQuery('(max-width: 48em)');
  const { leads, selected, onSelectPage } = props;
  const allSelected = leads.length > 0 && leads.every((lead) => selected.has(lead.id));
  const someSelected = !allSelected && leads.some((lead) => selected.has(lead.id));
  const pageBox = (
    <Checkbox
      aria-label={leadsTexts.selectPage}
      checked={allSelected}
      indeterminate={someSelected}
      onChange={(event) => onSelectPage(event.currentTarget.checked)}
    />
  );
  if (phone) {
    return (
      <Stack gap="sm">
        <Group gap="xs">
          {pageBox}
          <Text size="sm">{leadsTexts.selectPage}</Text>
        </Group>
        {leads.map((lead) => (
          <LeadCard key={lead.id} lead={lead} {...props} />
        ))}
      </Stack>
    );
  }
  return (
    <Table.ScrollContainer minWidth={1100}>
      <Table striped highlightOnHover verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={36}>{pageBox}</Table.Th>
            <Table.Th>{t.nome}</Table.Th>
            <Table.Th>{t.whatsapp}</Table.Th>
            <Table.Th>{t.vaga}</Table.Th>
            <Table.Th>{t.cidade}</Table.Th>
            <Table.Th>{t.idade}</Table.Th>
            <Table.Th>{t.experiencia}</Table.Th>
            <Table.Th>{t.status}</Table.Th>
            <Table.Th>{t.data}</Table.Th>
            <Table.Th>{t.acoes}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {leads.map((lead) => (
            <Table.Tr
              key={lead.id}
              className={props.unseen.has(lead.id) ? classes.arrived : undefined}
              data-lead-id={lead.id}
            >
              <Table.Td>
                <Checkbox
                  aria-label={leadsTexts.select(lead.nome)}
                  checked={selected.has(lead.id)}
                  onChange={(event) => props.onSelect(lead.id, event.currentTarget.checked)}
                />
              </Table.Td>
              <Table.Td>
                <Text size="sm" fw={500}>
                  {lead.nome}
                </Text>
                <Marks lead={lead} unseen={props.unseen} duplicates={props.duplicates} />
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{lead.whatsapp}</Table.Td>
              <Table.Td>{lead.vaga}</Table.Td>
              <Table.Td>{lead.cidade}</Table.Td>
              <Table.Td>{orDash(lead.idade)}</Table.Td>
              <Table.Td>{orDash(lead.tempo_experiencia)}</Table.Td>
              <Table.Td>
                <StatusBadge status={lead.status} />
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                {formatDateTime(lead.created_at)}
              </Table.Td>
              <Table.Td>
                <LeadRowActions
                  lead={lead}
                  busy={props.pending.has(lead.id)}
                  onStatus={props.onStatus}
                  onTrash={props.onTrash}
                />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function LeadCard({ lead, ...props }: LeadsListProps & { lead: Lead }) {
  const field = (label: string, value: string) => (
    <Text size="sm">
      <Text span c="gray.7" size="sm">
        {label}:{' '}
      </Text>
      {value}
    </Text>
  );
  return (
    <Card
      withBorder
      padding="sm"
      component="article"
      aria-label={lead.nome}
      data-lead-id={lead.id}
      className={`${classes.card} ${props.unseen.has(lead.id) ? classes.arrived : ''}`}
    >
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Group gap="xs" wrap="nowrap" align="flex-start">
          <Checkbox
            aria-label={leadsTexts.select(lead.nome)}
            checked={props.selected.has(lead.id)}
            onChange={(event) => props.onSelect(lead.id, event.currentTarget.checked)}
          />
          <div>
            <Text fw={600}>{lead.nome}</Text>
            <Marks lead={lead} unseen={props.unseen} duplicates={props.duplicates} />
          </div>
        </Group>
        <StatusBadge status={lead.status} />
      </Group>
      <Stack gap={2} mt="xs">
        {field(t.whatsapp, lead.whatsapp)}
        {field(t.vaga, lead.vaga)}
        {field(t.cidade, lead.cidade)}
        {field(t.idade, orDash(lead.idade))}
        {field(t.experiencia, orDash(lead.tempo_experiencia))}
        {field(t.data, formatDateTime(lead.created_at))}
      </Stack>
      <Group mt="sm">
        <LeadRowActions
          lead={lead}
          busy={props.pending.has(lead.id)}
          onStatus={props.onStatus}
          onTrash={props.onTrash}
        />
      </Group>
    </Card>
  );
}
