/** A collection's documents, a page at a time (or the results of a query), with add and delete. */
import { Alert, Button, Group, NavLink, Paper, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { api, type DocumentPage, type StoredDocument } from '../api.ts';
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
        <QueryResults
          results={results}
          collection={collection}
          selected={props.selected}
          onSelect={props.onSelect}
        />
      ) : (
        <PagedDocuments
          page={page.data}
          first={first}
          selected={props.selected}
          onSelect={props.onSelect}
          hasPrevious={cursors.length > 1}
          onPrevious={() => setCursors(cursors.slice(0, -1))}
          onNext={(next) => setCursors([...cursors, next])}
        />
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

/** The documents a query returned, by their path under the collection. */
function QueryResults(props: {
  results: StoredDocument[];
  collection: string;
  selected: string | null;
  onSelect: (path: string) => void;
}) {
  const { results, collection } = props;
  return (
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
  );
}

/** One page of the collection's documents, with its range and the page buttons. */
function PagedDocuments(props: {
  page: DocumentPage | null | undefined;
  first: number;
  selected: string | null;
  onSelect: (path: string) => void;
  hasPrevious: boolean;
  onPrevious: () => void;
  onNext: (cursor: string) => void;
}) {
  const { page, first, selected } = props;
  const docs = page?.documents ?? [];
  return (
    <>
      {page && (
        <Text size="sm" c="dimmed" aria-live="polite">
          {page.count === 0
            ? 'No documents.'
            : `${first + 1}–${first + docs.filter((d) => !d.missing).length} of ${page.count.toLocaleString()}`}
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
            active={d.path === selected}
            aria-current={d.path === selected ? 'true' : undefined}
            onClick={() => props.onSelect(d.path)}
          />
        ))}
      </nav>
      <Group justify="space-between" mt="xs">
        <Button
          size="xs"
          variant="default"
          disabled={!props.hasPrevious}
          onClick={props.onPrevious}
        >
          Previous page
        </Button>
        <Button
          size="xs"
          variant="default"
          disabled={!page?.next}
          onClick={() => page?.next && props.onNext(page.next)}
        >
          Next page
        </Button>
      </Group>
    </>
  );
}
