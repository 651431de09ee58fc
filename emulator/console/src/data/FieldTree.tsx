/** A document's fields with their Firestore types; maps and arrays nested, timestamps local and ISO. */
import { Badge, Code, Table, Text } from '@mantine/core';
import type { Fields, Value } from '../api.ts';
import { arrayValues, localTime, mapFields, typeOf, valueText } from '../values.ts';

function ValueCell({ value }: { value: Value }) {
  const type = typeOf(value);
  if (type === 'map') return <FieldTree fields={mapFields(value)} label="Map fields" />;
  if (type === 'array') {
    const entries: Fields = {};
    arrayValues(value).forEach((v, i) => (entries[String(i)] = v));
    return <FieldTree fields={entries} label="Array items" />;
  }
  if (type === 'timestamp') {
    const iso = String(value.timestampValue);
    return (
      <div>
        <Text size="sm">{localTime(iso)}</Text>
        <Code>{iso}</Code>
      </div>
    );
  }
  if (type === 'string')
    return (
      <Text size="sm" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
        {valueText(value)}
      </Text>
    );
  return <Code>{valueText(value)}</Code>;
}

export function FieldTree({ fields, label }: { fields: Fields; label: string }) {
  const names = Object.keys(fields).sort();
  if (names.length === 0)
    return (
      <Text c="dimmed" size="sm">
        (empty)
      </Text>
    );
  return (
    <Table aria-label={label} verticalSpacing={4} withRowBorders>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Field</Table.Th>
          <Table.Th>Type</Table.Th>
          <Table.Th>Value</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {names.map((name) => (
          <Table.Tr key={name} data-field={name}>
            <Table.Td style={{ verticalAlign: 'top' }}>
              <Text size="sm" fw={600}>
                {name}
              </Text>
            </Table.Td>
            <Table.Td style={{ verticalAlign: 'top' }}>
              <Badge variant="light" size="sm">
                {typeOf(fields[name])}
              </Badge>
            </Table.Td>
            <Table.Td>
              <ValueCell value={fields[name]} />
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
