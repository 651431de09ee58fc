/** Export and import a fixture of the database, and clear all data. */
import { Alert, Button, FileButton, Group, Text } from '@mantine/core';
import { useState } from 'react';
import { api } from '../api.ts';
import { ConfirmButton } from './ConfirmButton.tsx';

export function DataActions(props: { db: string | null; onCleared: () => void }) {
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);
  const importFile = async (file: File | null, db: string) => {
    if (!file) return;
    try {
      const fixture: unknown = JSON.parse(await file.text());
      const r = await api.importFixture(db, fixture);
      setStatus({ ok: true, text: `Imported ${r.imported} documents from ${file.name}.` });
    } catch (e) {
      setStatus({ ok: false, text: `Import failed: ${(e as Error).message}` });
    }
  };
  return (
    <Group gap="xs" align="end">
      {props.db && (
        <>
          <Button
            component="a"
            href={api.exportUrl(props.db)}
            download="fixture.json"
            variant="default"
          >
            Export fixture
          </Button>
          <FileButton
            onChange={(f) => props.db && void importFile(f, props.db)}
            accept="application/json,.json"
          >
            {(p) => (
              <Button variant="default" {...p}>
                Import fixture
              </Button>
            )}
          </FileButton>
        </>
      )}
      <ConfirmButton
        label="Clear all data"
        title="Clear all data?"
        body="Every document of every database is deleted."
        onConfirm={async () => {
          await api.clearAll();
          props.onCleared();
          setStatus({ ok: true, text: 'All data cleared.' });
        }}
      />
      {status && (
        <Alert color={status.ok ? 'green' : 'red'} py={4} role="status">
          <Text size="sm">{status.text}</Text>
        </Alert>
      )}
    </Group>
  );
}
