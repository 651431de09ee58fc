/** A rules trace: each allow statement that applied and, for a refused one, the failing conditions with values. */
import { Badge, Code, List, Stack, Text } from '@mantine/core';
import type { RequestEntry } from '../api.ts';

export function Trace({ entry }: { entry: RequestEntry }) {
  const trace = entry.trace;
  if (!trace) return null;
  return (
    <Stack gap="xs" aria-label="Rules trace" role="region">
      {trace.message && (
        <Text size="sm">
          Rules said: <Code>{trace.message}</Code>
        </Text>
      )}
      {trace.allows.length === 0 && (
        <Text size="sm">No allow statement matches this path and method.</Text>
      )}
      {trace.allows.map((a, i) => (
        <div key={i}>
          <Text size="sm">
            <Badge size="sm" color={a.allowed ? 'green' : 'red'} mr={6}>
              {a.allowed ? 'allowed' : 'refused'}
            </Badge>
            <Code>match {a.match}</Code> line {a.line}
          </Text>
          <Code block mt={4}>
            {a.text}
          </Code>
          {a.failed.length > 0 && (
            <List size="sm" mt={4} spacing={4}>
              {a.failed.map((f, j) => (
                <List.Item key={j}>
                  <Text size="sm">
                    Failed (line {f.line}
                    {f.via ? `, in ${f.via}` : ''}): <Code>{f.text}</Code> gave{' '}
                    <Code>{f.result}</Code>
                  </Text>
                  {f.values.map((v, k) => (
                    <Text size="sm" key={k} ml="md">
                      <Code>{v.expr}</Code> = <Code>{v.value}</Code>
                    </Text>
                  ))}
                </List.Item>
              ))}
            </List>
          )}
        </div>
      ))}
    </Stack>
  );
}
