/**
 * One page of leads: a table on wide screens, cards on a phone (same data and actions). Arrivals
 * are highlighted with 'Recém-chegado'; a phone number seen on more than one lead gets 'duplicado'.
 * Rows are memoised on their lead and flags, so an arrival or a tick re-renders one row, not the
 * page. They are plain elements (LightControls): 25 rows of Mantine components were about 300 ms of
 * a 4x-throttled open (web/README.md, "The panel's open on a slow phone"); the header and the cards
 * keep Mantine's.
 */
import { Card, Group, Stack, Table, Text, UnstyledButton } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { memo } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { LightBadge, LightCheckbox } from '@/components/LightControls/LightControls';
import { StatusBadge } from '@/components/StatusBadge/StatusBadge';
import { leadRecordPath, openedFromList } from '@/config/routes';
import { leadField, type Lead, type LeadFieldName } from '@/domain/lead';
import { cellText, columnLabel, listColumns } from '@/domain/lead-columns';
import { digitsOf } from '@vagas/common';
import { sortFields, type LeadSort, type SortField } from '@/data/lead-list-reads';
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
  /** The list's order (on the server), and its change; without them no header sorts. */
  sort?: LeadSort;
  onSort?: (sort: LeadSort) => void;
  /** Only 'Data' can order the list ('Período' is a range on created_at: docs/product.md). */
  dateOnly?: boolean;
}

const sortable = (name: LeadFieldName): name is SortField =>
  (sortFields as readonly string[]).includes(name);

/**
 * A column header; the `sortFields` columns sort the list on the server (a first press
 * A–Z, or newest first for Data; a second press the other way). With a period chosen only Data
 * can: a range on created_at and an order on another field cannot be served together.
 */
function ColumnHeader({
  name,
  sort,
  onSort,
  dateOnly,
}: { name: LeadFieldName } & Pick<LeadsListProps, 'sort' | 'onSort' | 'dateOnly'>) {
  if (!sortable(name) || !sort || !onSort || (dateOnly && name !== 'created_at')) {
    return <Table.Th>{columnLabel(name)}</Table.Th>;
  }
  const active = sort.field === name;
  const next: LeadSort = active
    ? { field: name, order: sort.order === 'desc' ? 'asc' : 'desc' }
    : { field: name, order: name === 'created_at' ? 'desc' : 'asc' };
  return (
    <Table.Th aria-sort={active ? (sort.order === 'desc' ? 'descending' : 'ascending') : undefined}>
      <UnstyledButton
        className={classes.sort}
        data-order={active ? sort.order : undefined}
        title={
          name === 'created_at'
            ? leadsTexts.sortByDate(next.order)
            : leadsTexts.sortBy(columnLabel(name), next.order)
        }
        onClick={() => onSort(next)}
      >
        {columnLabel(name)}
      </UnstyledButton>
    </Table.Th>
  );
}

/** What one row shows beyond the lead: stable props, so unchanged rows skip rendering. */
interface RowProps extends RowHandlers {
  lead: Lead;
  arrived: boolean;
  duplicate: boolean;
  selected: boolean;
  busy: boolean;
  onSelect: (id: string, on: boolean) => void;
}

/** The columns (lead.ts leadFields): nome heads a card, status is a badge, the rest are texts. */
const isStatus = (name: LeadFieldName) => leadField(name).type === 'status';
const cardFields = listColumns.filter((name) => name !== 'nome' && !isStatus(name));
// The phone on one line; a date may break between day and time, which leaves the name room.
const cellClass = (name: LeadFieldName) =>
  name === 'nome' ? classes.name : name === 'whatsapp' ? classes.nowrap : undefined;
const text = (lead: Lead, name: LeadFieldName) => cellText(lead, name, leadsTexts.missing);

function Marks({ arrived, duplicate }: { arrived: boolean; duplicate: boolean }) {
  if (!arrived && !duplicate) return null;
  return (
    <div className={classes.marks}>
      {arrived && (
        <LightBadge size="xs" bg="var(--mantine-color-blue-9)" fg="var(--mantine-color-white)">
          {leadsTexts.arrived}
        </LightBadge>
      )}
      {duplicate && (
        <LightBadge size="xs" bg="#9c3d00" fg="var(--mantine-color-white)">
          {leadsTexts.duplicate}
        </LightBadge>
      )}
    </div>
  );
}

/**
 * The lead's name, a link to its record (mouse, keyboard, or a link to share) over the list as it
 * is (the address's filters go with it).
 */
function RecordLink({ lead, fw }: { lead: Lead; fw: number }) {
  const { search } = useLocation();
  return (
    <Link
      to={{ pathname: leadRecordPath(lead.id), search }}
      state={openedFromList}
      className={classes.recordLink}
      style={{ fontWeight: fw }}
    >
      {lead.nome}
    </Link>
  );
}

function SelectBox({ lead, selected, onSelect }: Pick<RowProps, 'lead' | 'selected' | 'onSelect'>) {
  return (
    <LightCheckbox
      label={leadsTexts.select(lead.nome)}
      checked={selected}
      onChange={(on) => onSelect(lead.id, on)}
    />
  );
}

const LeadRow = memo(function LeadRow(props: RowProps) {
  const { lead } = props;
  return (
    <tr className={props.arrived ? classes.arrived : undefined} data-lead-id={lead.id}>
      <td>
        <SelectBox lead={lead} selected={props.selected} onSelect={props.onSelect} />
      </td>
      {listColumns.map((name) => (
        <td key={name} className={cellClass(name)}>
          {name === 'nome' ? (
            <>
              <RecordLink lead={lead} fw={500} />
              <Marks arrived={props.arrived} duplicate={props.duplicate} />
            </>
          ) : isStatus(name) ? (
            <StatusBadge status={lead.status} />
          ) : (
            text(lead, name)
          )}
        </td>
      ))}
      <td className={classes.actionsCell}>
        <LeadRowActions
          lead={lead}
          busy={props.busy}
          onStatus={props.onStatus}
          onTrash={props.onTrash}
          onWhatsapp={props.onWhatsapp}
        />
      </td>
    </tr>
  );
});

const LeadCard = memo(function LeadCard(props: RowProps) {
  const { lead } = props;
  return (
    <Card
      withBorder
      padding="sm"
      component="article"
      aria-label={lead.nome}
      data-lead-id={lead.id}
      className={`${classes.card} ${props.arrived ? classes.arrived : ''}`}
    >
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Group gap="xs" wrap="nowrap" align="flex-start">
          <SelectBox lead={lead} selected={props.selected} onSelect={props.onSelect} />
          <div>
            <RecordLink lead={lead} fw={600} />
            <Marks arrived={props.arrived} duplicate={props.duplicate} />
          </div>
        </Group>
        <StatusBadge status={lead.status} />
      </Group>
      <Stack gap={2} mt="xs">
        {cardFields.map((name) => (
          <Text size="sm" key={name}>
            <Text span c="gray.7" size="sm">
              {columnLabel(name)}:{' '}
            </Text>
            {text(lead, name)}
          </Text>
        ))}
      </Stack>
      <Group mt="sm">
        <LeadRowActions
          lead={lead}
          busy={props.busy}
          onStatus={props.onStatus}
          onTrash={props.onTrash}
          onWhatsapp={props.onWhatsapp}
        />
      </Group>
    </Card>
  );
});

export function LeadsList(props: LeadsListProps) {
  const phone = useMediaQuery('(max-width: 48em)');
  const { leads, selected, onSelectPage } = props;
  const allSelected = leads.length > 0 && leads.every((lead) => selected.has(lead.id));
  const someSelected = !allSelected && leads.some((lead) => selected.has(lead.id));
  const pageBox = (
    <LightCheckbox
      label={leadsTexts.selectPage}
      checked={allSelected}
      indeterminate={someSelected}
      onChange={onSelectPage}
    />
  );
  const rowProps = (lead: Lead): RowProps => ({
    lead,
    arrived: props.unseen.has(lead.id),
    duplicate: props.duplicates.has(digitsOf(lead.whatsapp)),
    selected: selected.has(lead.id),
    busy: props.pending.has(lead.id),
    onSelect: props.onSelect,
    onStatus: props.onStatus,
    onTrash: props.onTrash,
    onWhatsapp: props.onWhatsapp,
  });
  if (phone) {
    return (
      <Stack gap="sm">
        <Group gap="xs">
          {pageBox}
          <Text size="sm">{leadsTexts.selectPage}</Text>
        </Group>
        {leads.map((lead) => (
          <LeadCard key={lead.id} {...rowProps(lead)} />
        ))}
      </Stack>
    );
  }
  return (
    // A plain scrolling box, not Table.ScrollContainer: Mantine's ScrollArea (its scrollbars,
    // observers and contexts) is code and renders the first rows do not need.
    <div className={classes.scroll}>
      <Table className={classes.table} verticalSpacing="xs" horizontalSpacing={3}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={36}>{pageBox}</Table.Th>
            {listColumns.map((name) => (
              <ColumnHeader
                key={name}
                name={name}
                sort={props.sort}
                onSort={props.onSort}
                dateOnly={props.dateOnly}
              />
            ))}
            <Table.Th className={classes.actionsCell}>{leadsTexts.actionsColumn}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <tbody className={classes.rows}>
          {leads.map((lead) => (
            <LeadRow key={lead.id} {...rowProps(lead)} />
          ))}
        </tbody>
      </Table>
    </div>
  );
}
