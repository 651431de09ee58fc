/** The data tab: database, breadcrumbs, then collections -> documents -> the selected document. */
import { Alert, Anchor, Breadcrumbs, Grid, Group, Select, Text } from '@mantine/core';
import { useState } from 'react';
import { api } from '../api.ts';
import { useDataVersion } from '../live.ts';
import { CollectionsPanel } from './CollectionsPanel.tsx';
import { DataActions } from './DataActions.tsx';
import { DatabaseSetup } from './DatabaseSetup.tsx';
import { DocumentPanel } from './DocumentPanel.tsx';
import { DocumentsPanel } from './DocumentsPanel.tsx';
import { useLoad } from './useLoad.ts';

/** Where the user is: a parent document ('' = root), a collection under it, a document in that. */
export interface Location {
  parent: string;
  collection: string | null;
  document: string | null;
}

const ROOT: Location = { parent: '', collection: null, document: null };

export function DataView() {
  const anyVersion = useDataVersion(null);
  const dbs = useLoad(() => api.databases(), [anyVersion]);
  const [chosenDb, setChosenDb] = useState<string | null>(null);
  const [loc, setLoc] = useState<Location>(ROOT);
  const names = dbs.data?.databases.map((d) => d.name) ?? [];
  const db = chosenDb && names.includes(chosenDb) ? chosenDb : (names[0] ?? null);

  const crumbs: { label: string; to: Location }[] = [{ label: 'Root', to: ROOT }];
  if (loc.parent) {
    const segs = loc.parent.split('/');
    for (let i = 0; i < segs.length; i += 2) {
      const doc = segs.slice(0, i + 2).join('/');
      const parent = segs.slice(0, i).join('/');
      crumbs.push({
        label: segs[i],
        to: { parent, collection: segs.slice(0, i + 1).join('/'), document: null },
      });
      crumbs.push({ label: segs[i + 1], to: { parent: doc, collection: null, document: null } });
    }
  }

  return (
    <div>
      <Group align="end" mb="sm" wrap="wrap">
        <Select
          label="Database"
          data={
            dbs.data?.databases.map((d) => ({
              value: d.name,
              label: `${d.name} (${d.documents} documents)`,
            })) ?? []
          }
          value={db}
          onChange={(v) => {
            setChosenDb(v);
            setLoc(ROOT);
          }}
          placeholder="No data yet"
          w={480}
          allowDeselect={false}
        />
        <DataActions db={db} onCleared={() => setLoc(ROOT)} />
      </Group>
      {dbs.error && <Alert color="red">{dbs.error}</Alert>}
      <DatabaseSetup
        config={dbs.data?.databases.find((d) => d.name === db)?.config}
        withConfig={!!dbs.data?.databases.some((d) => d.config?.configured)}
      />
      {!db ? (
        <Text c="dimmed">
          No database has data yet. Write something from the app, or import a fixture.
        </Text>
      ) : (
        <>
          <Breadcrumbs mb="sm" aria-label="Location">
            {crumbs.map((c, i) => (
              <Anchor key={i} component="button" type="button" onClick={() => setLoc(c.to)}>
                {c.label}
              </Anchor>
            ))}
          </Breadcrumbs>
          <Grid gap="md">
            <Grid.Col span={{ base: 12, md: 3 }}>
              <CollectionsPanel
                db={db}
                parent={loc.parent}
                selected={loc.collection}
                onSelect={(collection) =>
                  setLoc({ parent: loc.parent, collection, document: null })
                }
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 3 }}>
              <DocumentsPanel
                db={db}
                collection={loc.collection}
                selected={loc.document}
                onSelect={(document) => setLoc({ ...loc, document })}
                onDeleted={() => setLoc({ parent: loc.parent, collection: null, document: null })}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 6 }}>
              <DocumentPanel
                db={db}
                collection={loc.collection}
                path={loc.document}
                onOpenCollection={(parent, collection) =>
                  setLoc({ parent, collection, document: null })
                }
                onSelect={(document) => setLoc({ ...loc, document })}
              />
            </Grid.Col>
          </Grid>
        </>
      )}
    </div>
  );
}
