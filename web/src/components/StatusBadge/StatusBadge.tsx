/** A lead's status as a coloured badge: novo blue, principal green, separado yellow, descartado red, anything else grey. */
import { Badge } from '@mantine/core';

const colors: Record<string, string> = {
  novo: 'blue',
  principal: 'green',
  separado: 'yellow',
  descartado: 'red',
};

export function statusColor(status: string): string {
  return colors[status] ?? 'gray';
}

export function StatusBadge({ status }: { status: string }) {
  const color = statusColor(status);
  return (
    <Badge color={color} variant="light" c={color === 'yellow' ? 'yellow.9' : undefined}>
      {status || '-'}
    </Badge>
  );
}
