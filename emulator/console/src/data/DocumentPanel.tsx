/** The selected document: its typed fields, times, subcollections, and edit/delete. */
import { Alert, Badge, Button, Group, NavLink, Paper, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { api } from '../api.ts';
import { useDataVersion } from '../live.ts';
import { localTime } from '../values.ts';
import { ConfirmButton } from './ConfirmButton.tsx';
import { EditDocumentModal } from './EditDocumentModal.tsx';
import { FieldTree } from './FieldTree.tsx';
import { useLoad } from './useLoad.ts';

export function DocumentPanel(props: {
  db: string;
  collection: string | null;
  path: string | null;
  onOpenCollection: (parent: string, collection: string) => void;
  onSelect: (path: string | null) => void;
}) {
  const { db, path } = props;
  const version = useDataVersion(db);
  const [editing, setEditing] = useState(false);
  const loaded = useLoad(path ? () => api.document(db, path) : null, [db, path, version]);
  if (!path || !props.collection) {
    return (
      <Paper withBorder p="sm">
        <Title order={2} size="h5">
          Document
        </Title>
        <Text c="dimmed">Choose a document.</Text>
      </Paper>
    );
  }
  const doc = loaded.data?.document;
  const subs = loaded.data?.collections ?? [];
  return (
    <Paper withBorder p="sm" aria-label={`Document ${path}`} component="section">
      <Title order={2} size="h5" mb="xs" style={{ wordBreak: 'break-all' }}>
        {path}
      </Title>
      {loaded.error && <Alert color="red">{loaded.error}</Alert>}
      {loaded.data && !doc && (
        <Text c="dimmed" mb="xs">
          No document here{subs.length ? ', but it has subcollections.' : ' (it was deleted).'}
        </Text>
      )}
      {doc && (
        <>
          <Group gap="xs" mb="xs">
            <Button size="xs" onClick={() => setEditing(true)}>
              Edit document
            </Button>
            <ConfirmButton
              label="Delete document"
              title={`Delete ${path}?`}
              body="Its subcollections stay."
              onConfirm={async () => {
                await api.deleteDocument(db, path);
                props.onSelect(null);
              }}
            />
          </Group>
          <Text size="xs" c="dimmed" mb="xs">
            Created {localTime(doc.createTime)} · updated {localTime(doc.updateTime)}
          </Text>
          <FieldTree fields={doc.fields} label="Fields" />
        </>
      )}
      {subs.length > 0 && (
        <>
          <Title order={3} size="h6" mt="sm">
            Subcollections
          </Title>
          <nav aria-label="Subcollections">
            {subs.map((c) => (
              <NavLink
                key={c.path}
                component="button"
                label={c.id}
                rightSection={<Badge variant="light">{c.count}</Badge>}
                onClick={() => props.onOpenCollection(path, c.path)}
              />
            ))}
          </nav>
        </>
      )}
      {editing && doc && (
        <EditDocumentModal
          db={db}
          collection={props.collection}
          document={doc}
          onClose={() => setEditing(false)}
        />
      )}
    </Paper>
  );
}
