/**
 * The 'Suspeitos' view, in a drawer over the panel: the newest leads the screening set aside,
 * live, each with the reasons, its time and 'Liberar' (one click: it joins the list and its
 * counters); ticked ones go to the trash with one click ('Mover selecionados para a lixeira').
 */
import {
  Alert,
  Button,
  Center,
  Checkbox,
  Drawer,
  Group,
  Loader,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import { cellText, columnLabel } from '@/domain/lead-columns';
import { formatDateTime } from '@/domain/lead-list-view';
import { describeSignals, signalsOf } from '@/domain/screening';
import { TableScrollContainer } from '@/lib/mantine/table-scroll';
import { useSuspects } from '@/features/suspects/hooks/use-suspects';
import { suspectsTexts } from '@/features/suspects/messages';

export interface SuspectsDrawerProps {
  opened: boolean;
  onClose: () => void;
  /** How many are held (null: counting), for 'N of M'. */
  count: number | null;
  /** Something changed (a release, a trash): the panel counts again. */
  onChanged: () => void;
}

/** The lead's fields each row shows (their headers are the lead table's labels). */
const columns = ['nome', 'whatsapp', 'vaga', 'cidade'] as const;

function SuspectsList({ count, onChanged }: Omit<SuspectsDrawerProps, 'opened' | 'onClose'>) {
  const suspects = useSuspects(onChanged);
  const { rows, selected, pending } = suspects;
  if (suspects.status === 'loading') {
    return (
      <Center py="xl">
        <Loader aria-label={suspectsTexts.loading} />
      </Center>
    );
  }
  if (suspects.status === 'error' && rows.length === 0) {
    return <Alert color="red" title={suspectsTexts.loadFailed} />;
  }
  if (rows.length === 0) {
    return (
      <Text c="gray.7" ta="center" py="lg">
        {suspectsTexts.empty}
      </Text>
    );
  }
  const all = selected.size === rows.length;
  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Button
          color="red"
          variant="light"
          disabled={selected.size === 0}
          loading={selected.size > 0 && [...selected].some((id) => pending.has(id))}
          onClick={() => void suspects.trashSelected()}
        >
          {suspectsTexts.trashSelected(selected.size)}
        </Button>
        <Text size="sm" c="gray.7">
          {suspectsTexts.showing(rows.length, count)}
        </Text>
      </Group>
      <TableScrollContainer minWidth={720}>
        <Table striped highlightOnHover aria-label={suspectsTexts.title}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>
                <Checkbox
                  aria-label={suspectsTexts.selectAll}
                  checked={all}
                  indeterminate={selected.size > 0 && !all}
                  onChange={suspects.toggleAll}
                />
              </Table.Th>
              {columns.map((name) => (
                <Table.Th key={name}>{columnLabel(name)}</Table.Th>
              ))}
              <Table.Th>{suspectsTexts.reasons}</Table.Th>
              <Table.Th>{suspectsTexts.date}</Table.Th>
              <Table.Th>{suspectsTexts.actions}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((lead) => (
              <Table.Tr key={lead.id} data-lead-id={lead.id}>
                <Table.Td>
                  <Checkbox
                    aria-label={suspectsTexts.select(lead.nome)}
                    checked={selected.has(lead.id)}
                    onChange={() => suspects.toggle(lead.id)}
                  />
                </Table.Td>
                {columns.map((name) => (
                  <Table.Td key={name}>{cellText(lead, name)}</Table.Td>
                ))}
                <Table.Td>{describeSignals(signalsOf(lead.screening)) || '-'}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  {formatDateTime(lead.created_at)}
                </Table.Td>
                <Table.Td>
                  <Button
                    size="xs"
                    variant="light"
                    aria-label={suspectsTexts.releaseOf(lead.nome)}
                    loading={pending.has(lead.id)}
                    onClick={() => void suspects.release(lead)}
                  >
                    {suspectsTexts.release}
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </TableScrollContainer>
      {suspects.more && (
        <Button variant="subtle" onClick={suspects.showMore}>
          {suspectsTexts.more}
        </Button>
      )}
    </Stack>
  );
}

export function SuspectsDrawer({ opened, onClose, ...list }: SuspectsDrawerProps) {
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      title={suspectsTexts.title}
      position="right"
      size="xl"
      closeButtonProps={{ 'aria-label': suspectsTexts.close }}
    >
      <Stack gap="md">
        <Text size="sm" c="gray.8">
          {suspectsTexts.explain}
        </Text>
        {opened && <SuspectsList {...list} />}
      </Stack>
    </Drawer>
  );
}
