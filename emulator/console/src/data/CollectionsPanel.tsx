/** The collections under the current parent, with their document counts. */
import { Alert, Badge, NavLink, Paper, Text, Title } from '@mantine/core';
import { api } from '../api.ts';
import { useDataVersion } from '../live.ts';
import { useLoad } from './useLoad.ts';

export function CollectionsPanel(props: {
  db: string;
  parent: string;
  selected: string | null;
  onSelect: (collection: string) => void;
}) {
  const version = useDataVersion(props.db);
  const cols = useLoad(
    () => api.collections(props.db, props.parent),
    [props.db, props.parent, version],
  );
  const list = cols.data?.collections ?? [];
  return (
    <Paper withBorder p="sm">
      <Title order={2} size="h5" mb="xs">
        {props.parent ? `Collections of ${props.parent}` : 'Collections'}
      </Title>
      {cols.error && <Alert color="red">{cols.error}</Alert>}
      {cols.data && list.length === 0 && <Text c="dimmed">No collections.</Text>}
      <nav aria-label="Collections">
        {list.map((c) => (
          <NavLink
            key={c.path}
            component="button"
            label={c.id}
            active={c.path === props.selected}
            aria-current={c.path === props.selected ? 'true' : undefined}
            rightSection={
              <Badge
                variant="light"
                aria-label={`${c.count} ${c.count === 1 ? 'document' : 'documents'}`}
              >
                {c.count}
              </Badge>
            }
            onClick={() => props.onSelect(c.path)}
          />
        ))}
      </nav>
    </Paper>
  );
}
