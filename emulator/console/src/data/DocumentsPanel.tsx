/** A collection's documents, a page at a time (or the results of a query), with add and delete. */
import { Alert, Button, Group, NavLink, Paper, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { api, type StoredDocument } from '../api.ts';
import { useDataVersion } from '../live.ts';
import { ConfirmButton } from './ConfirmButton.tsx';
import { EditDocumentModal } from './EditDocumentModal.tsx';
import { QueryBox } from './QueryBox.tsx';
import { useLoad } from './useLoad.ts';

const PAGE_SIZE = 50;

export function DocumentsPanel(props: {
  db: string;
  collection: string | null;
  selected: string | null;
  onSelect: (path: string) => void;
  onDeleted: () => void;
}) {
  const { db, collection } = props;
  const version = useDataVersion(db);
  // Cursors of the pages before the current one (null = first page).
  const [cursors, setCursors] = useState<(string | null)[]>([null]);
  const [pageOf, setPageOf] = useState(collection);
  const [adding, setAdding] = useState(false);
  const [results, setResults] = useState<StoredDocument[] | null>(null);
  if (pageOf !== collection) {
    setPageOf(collection);
    setCursors([null]);
    setResults(null);
  }
  const after = cursors[cursors.length - 1];
  const page = useLoad(collection ? () => api.documents(db, collection, PAGE_SIZE, after) : null, [
    db,
    collection,
    after,
    version,
  ]);
  if (!collection) {
    return (
      <Paper withBorder p="sm">
        <Title order={2} size="h5">
          Documents
        </Title>
        <Text c="dimmed">Choose a collection.</Text>
      </Paper>
    );
  }
  const docs = page.data?.documents ?? [];
  const first = (cursors.length - 1) * PAGE_SIZE;
  return (
    <Paper withBorder p="sm">
      <Title order={2} size="h5" mb="xs">
        Documents of {collection}
      </Title>
      <Group gap="xs" mb="xs">
        <Button size="xs" onClick={() => setAdding(true)}>
          Add document
        </Button>
        <ConfirmButton
          label="Delete collection"
          title={`Delete the collection ${collection}?`}
          body="Every document in it and in its subcollections is deleted."
          onConfirm={async () => {
            await api.deleteCollection(db, collection);
            props.onDeleted();
          }}
        />
      </Group>
      <QueryBox
        key={collection}
        db={db}
        collection={collection}
        version={version}
        onResults={setResults}
      />
      {page.error && <Alert color="red">{page.error}</Alert>}
      {results ? (
        <>
          <Text size="sm" c="dimmed" aria-live="polite">
            {results.length} {results.length === 1 ? 'result' : 'results'}
          </Text>
          <nav aria-label="Query results">
            {results.map((d) => (
              <NavLink
                key={d.path}
                component="button"
                label={d.path.slice(collection.length + 1)}
                active={d.path === props.selected}
                onClick={() => props.onSelect(d.path)}
              />
            ))}
          </nav>
        </>
      ) : (
        <>
          {page.data && (
            <Text size="sm" c="dimmed" aria-live="polite">
              {page.data.count === 0
                ? 'No documents.'
                : `${first + 1}–${first + docs.filter((d) => !d.missing).length} of ${page.data.count.toLocaleString()}`}
            </Text>
          )}
          <nav aria-label="Documents">
            {docs.map((d) => (
              <NavLink
                key={d.path}
                component="button"
                label={d.id}
                description={d.missing ? 'no document, has subcollections' : undefined}
                fs={d.missing ? 'italic' : undefined}
                active={d.path === props.selected}
                aria-current={d.path === props.selected ? 'true' : undefined}
                onClick={() => props.onSelect(d.path)}
              />
            ))}
          </nav>
          <Group justify="space-between" mt="xs">
            <Button
              size="xs"
              variant="default"
              disabled={cursors.length === 1}
              onClick={() => setCursors(cursors.slice(0, -1))}
            >
              Previous page
            </Button>
            <Button
              size="xs"
              variant="default"
              disabled={!page.data?.next}
              onClick={() => page.data?.next && setCursors([...cursors, page.data.next])}
            >
              Next page
            </Button>
          </Group>
        </>
      )}
      {adding && (
        <EditDocumentModal
          db={db}
          collection={collection}
          document={null}
          onClose={(saved) => {
            setAdding(false);
            if (saved) props.onSelect(saved);
          }}
        />
      )}
    </Paper>
  );
}
