/** Where the selected database's rules, indexes and TTL policies come from. */
import { Alert, Group, Text } from '@mantine/core';
import type { DatabaseConfig, SourceInfo } from '../api.ts';

function fileName(file: string): string {
  return file.slice(Math.max(file.lastIndexOf('/'), file.lastIndexOf('\\')) + 1);
}

function describe(source: SourceInfo | null, none: string): string {
  if (!source) return none;
  const at = new Date(source.loadedAt).toLocaleTimeString();
  if (source.kind === 'endpoint') return `loaded through the rules endpoint at ${at}`;
  if (source.kind === 'inline') return `given at start (${at})`;
  return `${fileName(source.file ?? '')} (loaded ${at})`;
}

/** `withConfig`: a firebase.json names databases, so an unnamed one is worth pointing out. */
export function DatabaseSetup(props: { config: DatabaseConfig | undefined; withConfig: boolean }) {
  const c = props.config;
  if (!c) return null;
  const errors = [c.rules?.error, c.indexes?.error].filter((e): e is string => !!e);
  const indexes =
    describe(c.indexes, 'none (every query runs)') +
    (c.indexCount === null ? '' : `, ${c.indexCount} composite`);
  return (
    <div aria-label="Database setup">
      <Group gap="lg" mb={4}>
        <Text size="sm" title={c.rules?.file}>
          <b>Rules:</b> {describe(c.rules, 'none (everything allowed)')}
        </Text>
        <Text size="sm" title={c.indexes?.file}>
          <b>Indexes:</b> {indexes}
        </Text>
        <Text size="sm">
          <b>TTL:</b>{' '}
          {c.ttl.length
            ? c.ttl.map((t) => `${t.collectionGroup}.${t.fieldPath}`).join(', ')
            : 'none'}
        </Text>
        {props.withConfig && !c.configured && (
          <Text size="sm" c="dimmed">
            (not named in firebase.json: the default database&apos;s setup)
          </Text>
        )}
      </Group>
      {errors.map((e) => (
        <Alert key={e} color="red" mb="xs" title="The latest file did not load">
          <pre style={{ margin: 0, whiteSpace: 'pre-wrap' }}>{e}</pre>
        </Alert>
      ))}
    </div>
  );
}
