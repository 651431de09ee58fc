/** The outcome of a Firestore trigger's delivery in the request list: function, event type, result, duration. */
import { Badge, Group, Text } from '@mantine/core';
import type { Delivery } from '../api.ts';

const COLORS: { [result in Delivery['result']]: string } = {
  ok: 'green',
  failed: 'red',
  timeout: 'red',
  undelivered: 'yellow',
};

export function DeliveryOutcome({ delivery }: { delivery: Delivery }) {
  const ms = delivery.durationMs.toLocaleString('en-US', { maximumFractionDigits: 1 });
  return (
    <div>
      <Group gap={4} wrap="nowrap">
        <Badge color={COLORS[delivery.result]}>{delivery.result}</Badge>
        <Text size="xs">
          {delivery.function} · {ms} ms
          {delivery.attempts > 1 ? ` · ${delivery.attempts} attempts` : ''}
        </Text>
      </Group>
      <Text size="xs" c="dimmed" style={{ wordBreak: 'break-all' }}>
        {delivery.eventType}
      </Text>
      {delivery.message && (
        <Text size="xs" c="red" style={{ wordBreak: 'break-word' }}>
          {delivery.message}
        </Text>
      )}
    </div>
  );
}
