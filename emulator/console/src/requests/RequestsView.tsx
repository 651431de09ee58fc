/** Recent requests through every transport, with filters and, for rules decisions, the trace. */
import {
  Alert,
  Badge,
  Button,
  Code,
  Group,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { useCallback, useEffect, useState } from 'react';
import { api, type RequestEntry, type Who } from '../api.ts';
import { useNewRequests } from '../live.ts';
import { DeliveryOutcome } from './DeliveryOutcome.tsx';
import { Trace } from './Trace.tsx';

const KEEP = 1000;
/** Badge colours: reads blue, Listen targets grape, Firestore trigger deliveries orange. */
const METHOD_COLORS: { [method: string]: string } = { listen: 'grape', function: 'orange' };

export function whoText(who: Who): string {
  if (who.kind === 'owner') return 'owner (bypasses rules)';
  if (who.kind === 'anonymous') return 'anonymous';
  const claims = Object.entries(who.claims)
    .map(([k, v]) => (v === true ? k : `${k}=${JSON.stringify(v)}`))
    .join(', ');
  return [
    who.email ?? who.uid,
    who.email ? `uid ${who.uid}` : null,
    claims ? `claims: ${claims}` : null,
  ]
    .filter(Boolean)
    .join(' · ');
}

export function RequestsView() {
  const [entries, setEntries] = useState<RequestEntry[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [onlyDenied, setOnlyDenied] = useState(false);
  const [pathFilter, setPathFilter] = useState('');
  const [whoFilter, setWhoFilter] = useState('');
  const [open, setOpen] = useState<number | null>(null);

  useEffect(() => {
    api.requests().then(
      (r) => setEntries((cur) => merge(r.requests, cur)),
      (e: unknown) => setError((e as Error).message),
    );
  }, []);
  const onNew = useCallback((batch: RequestEntry[]) => setEntries((cur) => merge(cur, batch)), []);
  useNewRequests(onNew);

  const shown = entries
    .filter((e) => !onlyDenied || !e.allowed)
    .filter((e) => !pathFilter || e.path.includes(pathFilter.replace(/^\//, '')))
    .filter((e) => !whoFilter || whoText(e.who).toLowerCase().includes(whoFilter.toLowerCase()))
    .slice()
    .reverse();

  return (
    <div>
      <Group align="end" mb="sm">
        <Switch
          label="Only denied"
          checked={onlyDenied}
          onChange={(e) => setOnlyDenied(e.currentTarget.checked)}
        />
        <TextInput
          label="Path contains"
          value={pathFilter}
          onChange={(e) => setPathFilter(e.currentTarget.value)}
        />
        <TextInput
          label="Who contains"
          placeholder="uid, email, claim, anonymous"
          value={whoFilter}
          onChange={(e) => setWhoFilter(e.currentTarget.value)}
        />
        <Button
          variant="default"
          onClick={() => {
            void api.clearRequests().then(() => setEntries([]));
          }}
        >
          Clear list
        </Button>
      </Group>
      {error && <Alert color="red">{error}</Alert>}
      <Text size="sm" c="dimmed" mb="xs" aria-live="polite">
        {shown.length} of the last {entries.length} requests (the emulator keeps {KEEP}).
      </Text>
      <Table aria-label="Requests" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Time</Table.Th>
            <Table.Th>Method</Table.Th>
            <Table.Th>Path</Table.Th>
            <Table.Th>Who</Table.Th>
            <Table.Th>Outcome</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {shown.map((e) => (
            <RequestRow
              key={e.id}
              entry={e}
              traceOpen={open === e.id}
              onToggleTrace={() => setOpen(open === e.id ? null : e.id)}
            />
          ))}
        </Table.Tbody>
      </Table>
    </div>
  );
}

/** One request: time, method, path, who, the rules decision (or delivery), and its trace when open. */
function RequestRow(props: { entry: RequestEntry; traceOpen: boolean; onToggleTrace: () => void }) {
  const { entry: e, traceOpen } = props;
  return (
    <>
      <Table.Tr>
        <Table.Td>
          {new Date(e.at).toLocaleTimeString(undefined, {
            hour: '2-digit',
            minute: '2-digit',
            second: '2-digit',
            hour12: false,
            fractionalSecondDigits: 3,
          })}
        </Table.Td>
        <Table.Td>
          <Badge variant="light" color={METHOD_COLORS[e.method] ?? 'blue'}>
            {e.method === 'listen' || e.method === 'function'
              ? `${e.method} (${e.rulesMethod})`
              : e.method}
          </Badge>
        </Table.Td>
        <Table.Td style={{ wordBreak: 'break-all' }}>/{e.path}</Table.Td>
        <Table.Td>{whoText(e.who)}</Table.Td>
        <Table.Td>
          {e.delivery ? (
            <DeliveryOutcome delivery={e.delivery} />
          ) : (
            <Group gap={4} wrap="nowrap">
              <Badge color={e.allowed ? 'green' : 'red'}>{e.allowed ? 'allowed' : 'denied'}</Badge>
              {e.trace ? (
                <Button
                  size="compact-xs"
                  variant="subtle"
                  aria-expanded={traceOpen}
                  onClick={props.onToggleTrace}
                  aria-label={`Rules trace of ${e.method} /${e.path}`}
                >
                  {traceOpen ? 'Hide trace' : 'Trace'}
                </Button>
              ) : (
                <Text size="xs" c="dimmed">
                  {e.basis === 'owner'
                    ? 'no rules (owner)'
                    : e.basis === 'no-rules'
                      ? 'no rules loaded'
                      : ''}
                </Text>
              )}
            </Group>
          )}
        </Table.Td>
      </Table.Tr>
      {e.debug && e.debug.length > 0 && (
        <Table.Tr>
          <Table.Td colSpan={5} pt={0}>
            <Stack gap={2} aria-label={`debug() output of ${e.method} /${e.path}`}>
              {e.debug.map((d, i) => (
                <Text size="xs" key={i}>
                  debug(<Code>{d.expr}</Code>) = <Code>{d.value}</Code> (line {d.line})
                </Text>
              ))}
            </Stack>
          </Table.Td>
        </Table.Tr>
      )}
      {traceOpen && e.trace && (
        <Table.Tr>
          <Table.Td colSpan={5}>
            <Trace entry={e} />
          </Table.Td>
        </Table.Tr>
      )}
    </>
  );
}

/** Both lists in id order without repeats, the newest KEEP. */
function merge(a: RequestEntry[], b: RequestEntry[]): RequestEntry[] {
  const byId = new Map<number, RequestEntry>();
  for (const e of a) byId.set(e.id, e);
  for (const e of b) byId.set(e.id, e);
  return [...byId.values()].sort((x, y) => x.id - y.id).slice(-KEEP);
}
