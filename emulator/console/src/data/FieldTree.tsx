/** A document's fields with their Firestore types, map and array members indented below their field. */
import { Badge, Code, Table, Text } from '@mantine/core';
import type { Fields, Value } from '../api.ts';
import { arrayValues, localTime, mapFields, typeOf, valueText } from '../values.ts';

interface Row {
  path: string;
  name: string;
  depth: number;
  value: Value;
}

/** A value's row and, for a map or array, its members' rows one level deeper. */
function visit(name: string, path: string, depth: number, value: Value, out: Row[]): void {
  out.push({ path, name, depth, value });
  const type = typeOf(value);
  if (type === 'map') {
    const fields = mapFields(value);
    for (const k of Object.keys(fields).sort()) visit(k, `${path}.${k}`, depth + 1, fields[k], out);
  } else if (type === 'array') {
    arrayValues(value).forEach((v, i) => visit(`[${i}]`, `${path}[${i}]`, depth + 1, v, out));
  }
}

function rows(fields: Fields): Row[] {
  const out: Row[] = [];
  for (const name of Object.keys(fields).sort()) visit(name, name, 0, fields[name], out);
  return out;
}

function ValueCell({ value }: { value: Value }) {
  const type = typeOf(value);
  if (type === 'timestamp') {
    const iso = String(value.timestampValue);
    return (
      <div>
        <Text size="sm">{localTime(iso)}</Text>
        <Code style={{ wordBreak: 'break-all' }}>{iso}</Code>
      </div>
    );
  }
  if (type === 'map' || type === 'array')
    return (
      <Text size="sm" c="dimmed">
        {valueText(value)}
      </Text>
    );
  if (type === 'string')
    return (
      <Text size="sm" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
        {valueText(value)}
      </Text>
    );
  return <Code style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}>{valueText(value)}</Code>;
}

export function FieldTree({ fields, label }: { fields: Fields; label: string }) {
  const all = rows(fields);
  if (all.length === 0)
    return (
      <Text c="dimmed" size="sm">
        (no fields)
      </Text>
    );
  return (
    <Table aria-label={label} verticalSpacing={4} withRowBorders layout="fixed">
      <Table.Thead>
        <Table.Tr>
          <Table.Th w="30%">Field</Table.Th>
          <Table.Th w={112}>Type</Table.Th>
          <Table.Th>Value</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {all.map((r) => (
          <Table.Tr key={r.path} data-field={r.path}>
            <Table.Td style={{ verticalAlign: 'top', paddingLeft: 10 + r.depth * 16 }}>
              <Text size="sm" fw={r.depth ? 400 : 600} style={{ wordBreak: 'break-all' }}>
                {r.name}
              </Text>
            </Table.Td>
            <Table.Td style={{ verticalAlign: 'top' }}>
              <Badge variant="light" size="sm" style={{ overflow: 'visible' }}>
                {typeOf(r.value)}
              </Badge>
            </Table.Td>
            <Table.Td>
              <ValueCell value={r.value} />
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
