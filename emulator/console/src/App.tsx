/** The console's frame: a header with the live status and the Data and Requests tabs. */
import { Badge, Group, Tabs, Title } from '@mantine/core';
import { DataView } from './data/DataView.tsx';
import { useConnected } from './live.ts';
import { RequestsView } from './requests/RequestsView.tsx';

export function App() {
  const connected = useConnected();
  return (
    <div style={{ padding: 16 }}>
      <Group justify="space-between" mb="sm">
        <Title order={1} size="h3">
          Firestore emulator console
        </Title>
        <Badge color={connected ? 'green' : 'gray'} variant="light" aria-live="polite">
          {connected ? 'Live' : 'Connecting…'}
        </Badge>
      </Group>
      <Tabs defaultValue="data" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="data">Data</Tabs.Tab>
          <Tabs.Tab value="requests">Requests</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="data" pt="md">
          <DataView />
        </Tabs.Panel>
        <Tabs.Panel value="requests" pt="md">
          <RequestsView />
        </Tabs.Panel>
      </Tabs>
    </div>
  );
}
